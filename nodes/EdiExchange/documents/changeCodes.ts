/**
 * The line change codes of a purchase order change (860), as data: the contract's `changeReason`
 * words and the X12 004010 POC02 codes (element 670, every one of them), each with what it does to
 * the order line. `values` applies whatever the line states (quantity, price, dates, product ids);
 * `none` changes no line value (terms, shipment mode, confirmations) and is logged as such.
 */
export type ChangeAction = 'add' | 'delete' | 'quantity' | 'price' | 'values' | 'replace' | 'none';

export interface ChangeCode {
	action: ChangeAction;
	/** What the code means, for the change log and errors. */
	meaning: string;
	/** A quantity change that must go this way. */
	direction?: 'increase' | 'decrease';
}

const code = (action: ChangeAction, meaning: string, direction?: ChangeCode['direction']) => ({
	action,
	meaning,
	...(direction && { direction }),
});

/** X12 670 Change or Response Type Code. */
const X12_CODES: Readonly<Record<string, ChangeCode>> = {
	AI: code('add', 'add additional item'),
	CA: code('values', 'changes to line items'),
	CB: code('none', 'change of date terms'),
	CC: code('none', 'changes to terms'),
	CE: code('values', 'changes to item level allowance/charges'),
	CF: code('delete', 'cancel previously transmitted purchase order'),
	CG: code('none', 'changes to total level allowance/charges'),
	CH: code('none', 'change to original confirmation of original announcement'),
	CI: code('none', 'change to confirmation of revised announcement'),
	CT: code('values', 'change of dates'),
	DI: code('delete', 'delete item'),
	MU: code('values', 'unit price, quantity and reschedule change'),
	NC: code('none', 'concurrent item (no change)'),
	OA: code('none', 'original confirmation of revised announcement'),
	OC: code('none', 'original confirmation of original announcement'),
	PC: code('price', 'price change'),
	PQ: code('values', 'unit price/quantity change'),
	PR: code('values', 'unit price/reschedule change'),
	QC: code('quantity', 'quantity change'),
	QD: code('quantity', 'quantity decrease', 'decrease'),
	QI: code('quantity', 'quantity increase', 'increase'),
	RA: code('none', 'replace mode of shipment'),
	RB: code('values', 'replace all dates'),
	RC: code('none', 'reject item change'),
	RE: code('values', 'replacement item'),
	RM: code('values', 'replacement item with modifications'),
	RQ: code('values', 'reschedule/quantity change'),
	RS: code('values', 'reschedule'),
	RZ: code('replace', 'replace all values'),
	TI: code('none', 'transfer item'),
};

/**
 * The contract's changeReason words and the POC02 codes each stands for, a word's first code
 * first (the one an X12 writer would write; QI and QD read as a quantity change, POC03 holding
 * the resulting quantity). The X12 code dictionary reads POC02 with these.
 */
export const CHANGE_REASON_CODES: ReadonlyArray<readonly [code: string, word: string]> = [
	['AI', 'addItem'],
	['DI', 'deleteItem'],
	['PC', 'priceChange'],
	['QC', 'quantityChange'],
	['QI', 'quantityChange'],
	['QD', 'quantityChange'],
	['CA', 'changeToItem'],
	['RZ', 'replaceAllValues'],
	['NC', 'noChange'],
];

const WORDS: Record<string, ChangeCode> = {};
for (const [x12, word] of CHANGE_REASON_CODES) WORDS[word] ??= X12_CODES[x12];

/** Every X12 670 code, as the 860 may give it instead of a word. */
export const X12_CHANGE_CODES = Object.keys(X12_CODES);

/** The code's meaning, by contract word or X12 code (any case); undefined for an unknown one. */
export function changeCodeOf(reason: string): ChangeCode | undefined {
	return WORDS[reason] ?? X12_CODES[reason.toUpperCase()];
}

export const KNOWN_CHANGE_CODES = [...Object.keys(WORDS), ...X12_CHANGE_CODES];

/** BCH01 (353) purposes and the contract's words. */
export type ChangePurpose = 'cancellation' | 'change' | 'replace';

/** BCH01 codes and the contract's purpose words; the X12 code dictionary reads BCH01 with these. */
export const CHANGE_PURPOSE_CODES: ReadonlyArray<readonly [code: string, word: ChangePurpose]> = [
	['01', 'cancellation'],
	['04', 'change'],
	['05', 'replace'],
];

/** Each word as itself, then each code as its word (KNOWN_PURPOSES lists them in this order). */
const PURPOSES: Readonly<Record<string, ChangePurpose>> = Object.fromEntries([
	...CHANGE_PURPOSE_CODES.map(([, word]) => [word, word]),
	...CHANGE_PURPOSE_CODES,
]);

export const purposeOf = (value: string): ChangePurpose | undefined => PURPOSES[value];
export const KNOWN_PURPOSES = Object.keys(PURPOSES);
