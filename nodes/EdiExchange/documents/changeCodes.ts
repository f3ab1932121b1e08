/**
 * The line change codes of a purchase order change (860), as data: the contract's `changeReason`
 * words and the X12 004010 POC02 codes (element 670, every one of them and no other), each with
 * what it does to the order line and which of the line's values it changes. A code changes only
 * what it names: a change of dates (CT) that restates the line's quantity or price does not
 * change them (Apply Change says so). `none` changes no line value (terms, shipment mode,
 * confirmations) and is logged as such.
 */
export type ChangeAction = 'add' | 'delete' | 'quantity' | 'price' | 'values' | 'replace' | 'none';

/** The values of a line a change code may change. */
export type ChangedValue = 'quantity' | 'price' | 'dates' | 'item' | 'allowances';

export interface ChangeCode {
	action: ChangeAction;
	/** What the code means, for the change log and errors. */
	meaning: string;
	/** A quantity change that must go this way. */
	direction?: 'increase' | 'decrease';
	/** The values it changes (every value for add, replace and changes to line items). */
	changes: readonly ChangedValue[];
}

const ALL: readonly ChangedValue[] = ['quantity', 'price', 'dates', 'item', 'allowances'];

const code = (
	action: ChangeAction,
	meaning: string,
	changes: readonly ChangedValue[],
	direction?: ChangeCode['direction'],
): ChangeCode => ({ action, meaning, changes, ...(direction && { direction }) });

/** X12 004010 670 Change or Response Type Code. */
const X12_CODES: Readonly<Record<string, ChangeCode>> = {
	AI: code('add', 'add additional item', ALL),
	CA: code('values', 'changes to line items', ALL),
	CB: code('none', 'change of date terms', []),
	CC: code('none', 'changes to terms', []),
	CE: code('values', 'changes to item level allowance/charges', ['allowances']),
	CF: code('delete', 'cancel previously transmitted purchase order', []),
	CG: code('none', 'changes to total level allowance/charges', []),
	CH: code('none', 'change to original confirmation of original announcement', []),
	CI: code('none', 'change to confirmation of revised announcement', []),
	CT: code('values', 'change of dates', ['dates']),
	DI: code('delete', 'delete item', []),
	MU: code('values', 'unit price, quantity and reschedule change', ['price', 'quantity', 'dates']),
	NC: code('none', 'concurrent item (no change)', []),
	OA: code('none', 'original confirmation of revised announcement', []),
	OC: code('none', 'original confirmation of original announcement', []),
	PC: code('price', 'price change', ['price']),
	PQ: code('values', 'unit price/quantity change', ['price', 'quantity']),
	PR: code('values', 'unit price/reschedule change', ['price', 'dates']),
	QD: code('quantity', 'quantity decrease', ['quantity'], 'decrease'),
	QI: code('quantity', 'quantity increase', ['quantity'], 'increase'),
	RA: code('none', 'replace mode of shipment', []),
	RB: code('values', 'replace all dates', ['dates']),
	RC: code('none', 'reject item change', []),
	RE: code('values', 'replacement item', ['item']),
	RM: code('values', 'replacement item with modifications', ALL),
	RQ: code('values', 'reschedule/quantity change', ['dates', 'quantity']),
	RS: code('values', 'reschedule', ['dates']),
	RZ: code('replace', 'replace all values', ALL),
	TI: code('none', 'transfer item', []),
};

/**
 * The contract's changeReason words and the POC02 codes each stands for. A code's first word is
 * read; a word's first code is written when the 860 gave no code of its own (`quantityChange`,
 * whose way a word does not say, as CA: changes to line items). An X12 860's own code is kept
 * beside its word (`x12ChangeCode`): Apply Change checks a QI or QD against the quantity's way,
 * and the 865 answers with it.
 */
export const CHANGE_REASON_CODES: ReadonlyArray<readonly [code: string, word: string]> = [
	['AI', 'addItem'],
	['DI', 'deleteItem'],
	['PC', 'priceChange'],
	['CA', 'changeToItem'],
	['CA', 'quantityChange'],
	['QI', 'quantityChange'],
	['QD', 'quantityChange'],
	['RZ', 'replaceAllValues'],
	['NC', 'noChange'],
];

/** The words: a quantity change as a word goes either way. */
const WORDS: Record<string, ChangeCode> = {
	addItem: X12_CODES.AI,
	deleteItem: X12_CODES.DI,
	priceChange: X12_CODES.PC,
	quantityChange: code('quantity', 'quantity change', ['quantity']),
	changeToItem: X12_CODES.CA,
	replaceAllValues: X12_CODES.RZ,
	noChange: X12_CODES.NC,
};

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
