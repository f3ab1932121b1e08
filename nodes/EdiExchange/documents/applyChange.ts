/**
 * Apply Change (860): a purchase order (850) and its purchase order changes (860) → the effective
 * order and a change log per line. Pure: no I/O. The 860s are applied in sequence
 * (`changeSequenceNumber`), whatever order they are given in; 860s without one (BCH05 is optional
 * in X12) in the order received, with a warning. One already applied (twice in the input, or
 * recorded in an effective order given back as the 850) changes nothing; a different 860 under a
 * number already applied is refused. A change for another release (BCH04) is refused. A line's
 * change code changes only the values it names (changeCodes.ts): another value it restates
 * differently is not taken, with a warning. Every field it cannot apply is an error naming it:
 * never a silent skip.
 */
import {
	addDecimal,
	compareDecimal,
	type Decimal,
	formatPrice,
	formatQuantity,
	isDecimal,
	parseDecimal,
	subtractDecimal,
	ZERO,
} from './decimal';
import {
	type ChangeCode,
	changeCodeOf,
	type ChangedValue,
	KNOWN_CHANGE_CODES,
	KNOWN_PURPOSES,
	purposeOf,
	X12_CHANGE_CODES,
} from './changeCodes';
import { DocumentError } from './errors';
import {
	copy,
	FieldReader,
	idText,
	isObject,
	type PlainObject,
	unwrapMessage,
} from './fieldReader';

export interface ChangeLogEntry {
	purchaseOrderLineId: string;
	/** Absent for an 860 without one. */
	changeSequenceNumber?: string;
	change: 'added' | 'deleted' | 'changed' | 'cancelled' | 'unchanged';
	/** As the 860 gave it: a contract word or an X12 code; `cancellation`/`replace` for a purpose. */
	changeReason: string;
	meaning: string;
	quantity?: { old?: string; new?: string };
	unitCostPrice?: { old?: string; new?: string };
	dates?: { old?: unknown; new?: unknown };
}

/** What the effective order records of the 860s applied to it, so that applying one again changes nothing. */
export interface AppliedRecord {
	/** Absent for an 860 without one (applied in the order received). */
	changeSequenceNumber?: string;
	/** What the 860 changes, as a short fingerprint: the same number with other content is refused. */
	content?: string;
	purpose: string;
	purchaseOrderChangeDate?: string;
	/** The lines it added, changed or deleted: an 855 sent before it no longer decides them. */
	lineIds: string[];
}

export interface AppliedChanges {
	purchaseOrderNumber: string;
	status: 'open' | 'cancelled';
	/** The 850 with every 860 applied, plus `appliedChanges` (and `cancelledBy` once cancelled). */
	effectiveOrder: PlainObject;
	changeLog: ChangeLogEntry[];
	/** Change sequence numbers applied by this call, in order (`changes[i]` for an 860 without one). */
	applied: string[];
	/** Those given again (or already in the effective order): nothing changed for them. */
	alreadyApplied: string[];
	/** What was applied otherwise than stated: an 860 without a number, a restated value not taken. */
	warnings: string[];
}

const f = new FieldReader('purchase order change (860)');
const orderFields = new FieldReader('purchase order');
/** Fields of an 860 line that describe the change, not the resulting line. */
const CHANGE_ONLY = [
	'changeReason',
	'x12ChangeCode',
	'originalQuantity',
	'changeInQuantity',
	'notes',
];

/** Which value of a line each field is, for what a change code may change. */
const VALUE_OF: Readonly<Record<string, ChangedValue>> = {
	quantity: 'quantity',
	unitCostPrice: 'price',
	dates: 'dates',
	productIds: 'item',
	x12ProductIds: 'item',
	productAttributes: 'item',
	allowances: 'allowances',
	charges: 'allowances',
};

interface Change {
	message: PlainObject;
	path: string;
	/** Undefined for an 860 without a change sequence number. */
	sequence?: string;
	/** `sequence`, or the 860's place in the input: what the log and messages call it. */
	label: string;
	content: string;
}

/** "002" after "001"; digits compare as numbers, other text as text. */
function compareSequence(a: string, b: string): number {
	if (/^\d+$/.test(a) && /^\d+$/.test(b)) return Number(BigInt(a) - BigInt(b));
	return a < b ? -1 : a > b ? 1 : 0;
}

function readChanges(input: unknown, purchaseOrderNumber: string, warnings: string[]): Change[] {
	const list = Array.isArray(input) ? input : [input];
	const changes = list.map((item, i): Change => {
		const path = `changes[${i}]`;
		const message = unwrapMessage(
			isObject(item) && isObject(item.document) ? item.document : item,
			'purchaseOrderNumber',
		);
		if (!isObject(message))
			throw new DocumentError(`${path} is not a JSON object: the 860 message`, path);
		const number = f.id(message.purchaseOrderNumber, `${path}.purchaseOrderNumber`);
		if (number !== purchaseOrderNumber)
			throw new DocumentError(
				`${path} is a change to purchase order ${number}, not ${purchaseOrderNumber} ("${path}.purchaseOrderNumber")`,
				`${path}.purchaseOrderNumber`,
			);
		const given = message.changeSequenceNumber;
		const sequence =
			given === undefined || given === null || given === ''
				? undefined
				: f.id(given, `${path}.changeSequenceNumber`);
		return { message, path, sequence, label: sequence ?? path, content: contentOf(message) };
	});
	const unnumbered = changes.filter((c) => c.sequence === undefined);
	for (const change of unnumbered)
		warnings.push(
			`${change.path} has no changeSequenceNumber (X12 BCH05): the 860s are applied in the order received, this one ${changes.indexOf(change) + 1} of ${changes.length}`,
		);
	if (unnumbered.length > 0) return changes;
	return changes.sort((a, b) => compareSequence(a.sequence!, b.sequence!));
}

/**
 * A short fingerprint of what an 860 changes (purpose, release, each line's code and values),
 * the same for the same 860 read from X12 or given as JSON: FNV-1a, 64 bits, as hex.
 */
function contentOf(message: PlainObject): string {
	const lines = Array.isArray(message.lineItems) ? message.lineItems : [];
	const text = JSON.stringify([
		message.purpose,
		message.releaseNumber ?? '',
		lines.map((line) =>
			isObject(line)
				? [
						idText(line.purchaseOrderLineId),
						line.x12ChangeCode ?? line.changeReason,
						decimalText(isObject(line.quantity) ? line.quantity.value : undefined),
						decimalText(line.unitCostPrice),
						sorted(line.dates),
						sorted(line.productIds),
					]
				: line,
		),
	]);
	let hash = 0xcbf29ce484222325n;
	for (let i = 0; i < text.length; i++)
		hash = ((hash ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & 0xffffffffffffffffn;
	return hash.toString(16).padStart(16, '0');
}

const decimalText = (value: unknown) => {
	const text = idText(value);
	return text !== undefined && isDecimal(text) ? formatQuantity(parseDecimal(text)) : text;
};
const sorted = (value: unknown) =>
	isObject(value) ? Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)) : value;

/** The order being changed: an 850, or an effective order from an earlier Apply Change. */
function readOrder(input: unknown) {
	const message = unwrapMessage(input, 'purchaseOrderNumber');
	if (!isObject(message))
		throw new DocumentError('The purchase order must be a JSON object: the 850 message');
	const purchaseOrderNumber = orderFields.id(message.purchaseOrderNumber, 'purchaseOrderNumber');
	const lines = new Map<string, PlainObject>();
	orderFields.array(message.lineItems, 'lineItems').forEach((item, i) => {
		const line = orderFields.object(item, `lineItems[${i}]`);
		lines.set(
			orderFields.id(line.purchaseOrderLineId, `lineItems[${i}].purchaseOrderLineId`),
			line,
		);
	});
	const applied = (Array.isArray(message.appliedChanges) ? message.appliedChanges : [])
		.filter(isObject)
		.map((record) => record as unknown as AppliedRecord);
	return { message, purchaseOrderNumber, lines, applied };
}

type Order = ReturnType<typeof readOrder>;

export function applyChanges(orderInput: unknown, changesInput: unknown): AppliedChanges {
	const order = readOrder(orderInput);
	const result: AppliedChanges = {
		purchaseOrderNumber: order.purchaseOrderNumber,
		status: 'open',
		effectiveOrder: {},
		changeLog: [],
		applied: [],
		alreadyApplied: [],
		warnings: [],
	};
	const seen = new Map<string, Change>();
	for (const change of readChanges(changesInput, order.purchaseOrderNumber, result.warnings)) {
		if (isRepeat(change, seen, order)) {
			result.alreadyApplied.push(change.label);
			continue;
		}
		refuseOutOfSequence(change, order);
		refuseOtherRelease(change, order);
		applyOne(change, order, result);
		if (change.sequence !== undefined) seen.set(change.sequence, change);
		result.applied.push(change.label);
	}
	const cancelled = isObject(order.message.cancelledBy);
	result.status = cancelled ? 'cancelled' : 'open';
	result.effectiveOrder = {
		...order.message,
		lineItems: [...order.lines.values()],
		appliedChanges: order.applied,
	};
	return result;
}

/**
 * The same 860 again: in the input twice, or already recorded in the effective order given (by
 * its number, or by its content for one without a number). A different 860 under a number
 * already applied is refused: its change would otherwise be lost in silence.
 */
function isRepeat(change: Change, seen: Map<string, Change>, order: Order): boolean {
	if (change.sequence === undefined)
		return order.applied.some(
			(r) => r.changeSequenceNumber === undefined && r.content === change.content,
		);
	const earlier = seen.get(change.sequence);
	if (earlier) {
		if (earlier.content === change.content) return true;
		throw new DocumentError(
			`${change.path} and ${earlier.path} are two different 860s with the same changeSequenceNumber "${change.sequence}"`,
			`${change.path}.changeSequenceNumber`,
		);
	}
	const record = order.applied.find((r) => String(r.changeSequenceNumber) === change.sequence);
	if (!record) return false;
	// An effective order from before the fingerprint was kept: the number alone decides.
	if (record.content === undefined || record.content === change.content) return true;
	throw new DocumentError(
		`${change.path} is change ${change.sequence}, but the change ${change.sequence} already applied to purchase order ${order.purchaseOrderNumber} changed other things: two different 860s with the same changeSequenceNumber. Ask the buyer which one stands, and apply it to the original 850`,
		`${change.path}.changeSequenceNumber`,
	);
}

/** A change to another release (BCH04) of a blanket order is not a change to this one. */
function refuseOtherRelease(change: Change, order: Order): void {
	const release = idText(change.message.releaseNumber);
	if (release === undefined || release === '') return;
	const own = idText(order.message.releaseNumber);
	if (own === release) return;
	throw new DocumentError(
		`${change.path} (${changeName(change.sequence)}) changes release ${release} of purchase order ${order.purchaseOrderNumber}, but the order given is ${own ? `release ${own}` : 'not a release (it has no releaseNumber)'}: give the 850 of release ${release}`,
		`${change.path}.releaseNumber`,
	);
}

/** An 860 older than one the effective order already holds cannot be applied in sequence any more. */
function refuseOutOfSequence(change: Change, order: Order): void {
	const sequence = change.sequence;
	const later =
		sequence === undefined
			? undefined
			: order.applied.find(
					(r) =>
						r.changeSequenceNumber !== undefined &&
						compareSequence(String(r.changeSequenceNumber), sequence) > 0,
				);
	if (later)
		throw new DocumentError(
			`${change.path} (${changeName(change.sequence)}) arrives after ${changeName(later.changeSequenceNumber)} was applied: 860s apply in sequence. Apply them again from the original 850 with every 860, or ask the buyer which one stands`,
			`${change.path}.changeSequenceNumber`,
		);
	const cancelledBy = order.message.cancelledBy;
	if (isObject(cancelledBy))
		throw new DocumentError(
			`${change.path} (${changeName(change.sequence)}) changes purchase order ${order.purchaseOrderNumber}, which its 860 (${changeName(cancelledBy.changeSequenceNumber)}) cancelled`,
			`${change.path}.changeSequenceNumber`,
		);
}

function applyOne(change: Change, order: Order, result: AppliedChanges): void {
	const { message, path, sequence } = change;
	const log = result.changeLog;
	const purposeText = f.id(message.purpose, `${path}.purpose`);
	const purpose = purposeOf(purposeText);
	if (!purpose)
		throw f.invalid(`${path}.purpose`, message.purpose, `one of ${KNOWN_PURPOSES.join(', ')}`);
	const record: AppliedRecord = {
		...(sequence !== undefined && { changeSequenceNumber: sequence }),
		content: change.content,
		purpose,
		lineIds: [],
	};
	const logged = log.length;
	const date = f.optionalDate(message.purchaseOrderChangeDate, `${path}.purchaseOrderChangeDate`);
	if (date) record.purchaseOrderChangeDate = date;
	const entry = (id: string, kind: ChangeLogEntry['change'], meaning: string) => ({
		purchaseOrderLineId: id,
		...(sequence !== undefined && { changeSequenceNumber: sequence }),
		change: kind,
		changeReason: purpose,
		meaning,
	});
	if (purpose === 'cancellation') {
		for (const id of order.lines.keys()) log.push(entry(id, 'cancelled', 'order cancelled'));
		order.lines.clear();
		order.message = { ...order.message, cancelledBy: record };
	} else {
		const given =
			message.lineItems === undefined ? [] : f.array(message.lineItems, `${path}.lineItems`);
		const named = new Set<string>();
		given.forEach((item, j) =>
			named.add(applyLine(item, `${path}.lineItems[${j}]`, change, order, result)),
		);
		if (purpose === 'replace')
			for (const id of [...order.lines.keys()].filter((id) => !named.has(id))) {
				order.lines.delete(id);
				log.push(entry(id, 'deleted', 'not on the replacing 860'));
			}
	}
	const touched = log.slice(logged).filter((e) => e.change !== 'unchanged');
	record.lineIds = [...new Set(touched.map((e) => e.purchaseOrderLineId))];
	order.applied = [...order.applied, record];
}

/** Lines the 860s applied to an effective order added, changed or deleted (none for a plain 850). */
export function changedLineIds(order: PlainObject): Set<string> {
	const records = Array.isArray(order.appliedChanges) ? order.appliedChanges : [];
	return new Set(
		records.flatMap((r) => (isObject(r) && Array.isArray(r.lineIds) ? r.lineIds.map(String) : [])),
	);
}

/** How messages name an applied 860: `change 002`, or one without a number. */
export const changeName = (sequence: unknown): string =>
	sequence === undefined || sequence === null || sequence === ''
		? 'an 860 without a change sequence number'
		: `change ${String(sequence)}`;

/** A builder refuses an order an 860 cancelled, naming that 860. */
export function refuseCancelled(order: PlainObject): void {
	const by = order.cancelledBy;
	if (!isObject(by)) return;
	const date = by.purchaseOrderChangeDate ? ` of ${String(by.purchaseOrderChangeDate)}` : '';
	throw new DocumentError(
		`Purchase order ${String(order.purchaseOrderNumber)} was cancelled by its 860 (${changeName(by.changeSequenceNumber)}${date}): nothing may be acknowledged, shipped or billed for it`,
		'cancelledBy',
	);
}

/** Applies one 860 line; returns its line id. */
function applyLine(
	item: unknown,
	path: string,
	change: Change,
	order: Order,
	result: AppliedChanges,
): string {
	const given = f.object(item, path);
	const id = f.id(given.purchaseOrderLineId, `${path}.purchaseOrderLineId`);
	const reason = f.id(given.changeReason, `${path}.changeReason`);
	const { code, shown } = lineCode(given, reason, path);
	const before = order.lines.get(id);
	if (code.action === 'add' && before)
		throw new DocumentError(
			`${path} adds line "${id}" (${shown}), which is already on purchase order ${order.purchaseOrderNumber}`,
			`${path}.purchaseOrderLineId`,
		);
	if (code.action !== 'add' && !before)
		throw new DocumentError(
			`${path} changes line "${id}" (${shown}: ${code.meaning}), which is not on purchase order ${order.purchaseOrderNumber}`,
			`${path}.purchaseOrderLineId`,
		);
	const after = changedLine(given, before, code, path);
	if (before && after)
		notTaken(
			given,
			before,
			code,
			`${path} (line ${id}, ${shown}: ${code.meaning})`,
			result.warnings,
		);
	const entry: ChangeLogEntry = {
		purchaseOrderLineId: id,
		...(change.sequence !== undefined && { changeSequenceNumber: change.sequence }),
		change: code.action === 'add' ? 'added' : code.action === 'delete' ? 'deleted' : 'changed',
		changeReason: reason,
		meaning: code.meaning,
		...differences(before, after),
	};
	if (entry.change === 'changed' && !entry.quantity && !entry.unitCostPrice && !entry.dates)
		entry.change = 'unchanged';
	result.changeLog.push(entry);
	if (after) order.lines.set(id, after);
	else order.lines.delete(id);
	return id;
}

/**
 * The line's change code: the X12 860's own (`x12ChangeCode`: QI and QD say which way) when it
 * has one, else its changeReason; `shown` names both for messages.
 */
function lineCode(given: PlainObject, reason: string, path: string) {
	const x12 = idText(given.x12ChangeCode);
	const code = changeCodeOf(x12 ?? reason);
	if (!code)
		throw x12 === undefined
			? f.invalid(
					`${path}.changeReason`,
					given.changeReason,
					`a change code (${KNOWN_CHANGE_CODES.join(', ')})`,
				)
			: f.invalid(
					`${path}.x12ChangeCode`,
					x12,
					`an X12 670 change code (${X12_CHANGE_CODES.join(', ')})`,
				);
	return { code, shown: x12 === undefined || x12 === reason ? reason : `${reason}, X12 ${x12}` };
}

/**
 * The values the 860 line restates that its code does not change and that differ from the line's:
 * not taken, each a warning (a change of dates restating an older quantity would undo a change).
 */
function notTaken(
	given: PlainObject,
	before: PlainObject,
	code: ChangeCode,
	where: string,
	warnings: string[],
): void {
	for (const [key, value] of Object.entries(given)) {
		const kind = VALUE_OF[key];
		// x12ProductIds restate productIds as written: productIds says it.
		if (kind === undefined || code.changes.includes(kind) || isEmpty(value)) continue;
		if (key === 'x12ProductIds') continue;
		if (sameValue(key, value, before[key])) continue;
		warnings.push(
			`${where} restates ${key} as ${shownValue(key, value)}, but the line's is ${shownValue(key, before[key])}: not taken, a ${code.meaning} changes ${code.changes.length ? code.changes.join(', ') : 'no value'} only`,
		);
	}
}

/** Not stated at all: nothing, '', or an empty list or object (an X12 POC without ids). */
const isEmpty = (value: unknown) =>
	value === undefined ||
	value === null ||
	value === '' ||
	(typeof value === 'object' && Object.keys(value).length === 0);

function sameValue(key: string, a: unknown, b: unknown): boolean {
	if (key === 'quantity') return same(quantityText({ quantity: a }), quantityText({ quantity: b }));
	if (key === 'unitCostPrice') return same(idText(a), idText(b));
	if (isObject(a) && isObject(b))
		// Dates or ids the 860 restates as they are (some of them); one it adds or moves differs.
		return Object.entries(a).every(([name, v]) => JSON.stringify(b[name]) === JSON.stringify(v));
	return JSON.stringify(a) === JSON.stringify(b);
}

const shownValue = (key: string, value: unknown) =>
	key === 'quantity'
		? (quantityText({ quantity: value }) ?? 'none')
		: (JSON.stringify(value) ?? 'none');

/** The line after the change (undefined once deleted). */
function changedLine(
	given: PlainObject,
	before: PlainObject | undefined,
	code: ChangeCode,
	path: string,
): PlainObject | undefined {
	const values = copy(
		Object.fromEntries(Object.entries(given).filter(([key]) => !CHANGE_ONLY.includes(key))),
	);
	switch (code.action) {
		case 'delete':
			return undefined;
		case 'none':
			return before;
		case 'add':
		case 'replace':
			f.quantity(given.quantity, `${path}.quantity`);
			return withPrice(values, path);
		case 'price':
			if (given.unitCostPrice === undefined || given.unitCostPrice === '')
				throw f.missing(`${path}.unitCostPrice`);
			return withPrice({ ...before, unitCostPrice: given.unitCostPrice }, path);
		case 'quantity':
			return { ...before, quantity: newQuantity(given, before!, code, path) };
		case 'values': {
			// Only what the code names: a change of dates leaves the quantity and price as they are.
			const named = Object.fromEntries(
				Object.entries(values).filter(([key]) => {
					const kind = VALUE_OF[key];
					return kind === undefined || code.changes.includes(kind);
				}),
			);
			const merged: PlainObject = { ...before, ...named };
			if (isObject(before?.dates) && isObject(named.dates))
				merged.dates = { ...before.dates, ...named.dates };
			if (named.quantity !== undefined) f.quantity(named.quantity, `${path}.quantity`);
			return withPrice(merged, path);
		}
	}
}

function withPrice(line: PlainObject, path: string): PlainObject {
	const price = f.optionalPrice(line.unitCostPrice, `${path}.unitCostPrice`);
	return price === undefined ? line : { ...line, unitCostPrice: formatPrice(price) };
}

/** The resulting quantity: `quantity`, or the old one moved by `changeInQuantity`; QI/QD must go their way. */
function newQuantity(given: PlainObject, before: PlainObject, code: ChangeCode, path: string) {
	const old = orderFields.quantity(
		before.quantity,
		`lineItems(${String(before.purchaseOrderLineId)}).quantity`,
	);
	let value: Decimal;
	let unit = old.unitOfMeasure;
	if (given.quantity !== undefined) {
		const read = f.quantity(given.quantity, `${path}.quantity`);
		value = read.value;
		unit = read.unitOfMeasure ?? unit;
	} else if (given.changeInQuantity !== undefined) {
		const delta = f.decimal(
			isObject(given.changeInQuantity) ? given.changeInQuantity.value : given.changeInQuantity,
			`${path}.changeInQuantity`,
		);
		const signed =
			code.direction === 'decrease' && delta.units > 0n ? subtractDecimal(ZERO, delta) : delta;
		value = addDecimal(old.value, signed);
	} else throw f.missing(`${path}.quantity`);
	const way = compareDecimal(value, old.value);
	if ((code.direction === 'increase' && way <= 0) || (code.direction === 'decrease' && way >= 0))
		throw new DocumentError(
			`${path} is a ${code.meaning}, but the quantity goes from ${formatQuantity(old.value)} to ${formatQuantity(value)}`,
			`${path}.quantity`,
		);
	if (value.units < 0n)
		throw f.invalid(`${path}.quantity`, formatQuantity(value), 'a quantity of zero or more');
	return { value: formatQuantity(value), unitOfMeasure: unit ?? 'each' };
}

const quantityText = (line?: PlainObject) =>
	isObject(line?.quantity) ? idText(line.quantity.value) : undefined;

/** Same decimal value ("5" and "5.00"), or the same text when either is not a decimal. */
function same(a: string | undefined, b: string | undefined): boolean {
	if (a === undefined || b === undefined || !isDecimal(a) || !isDecimal(b)) return a === b;
	return compareDecimal(parseDecimal(a), parseDecimal(b)) === 0;
}

/** The log's old → new for quantity, price and dates, where they differ. */
function differences(before?: PlainObject, after?: PlainObject): Partial<ChangeLogEntry> {
	const out: Partial<ChangeLogEntry> = {};
	const q = [quantityText(before), quantityText(after)];
	if (!same(q[0], q[1])) out.quantity = { old: q[0], new: q[1] };
	const p = [idText(before?.unitCostPrice), idText(after?.unitCostPrice)];
	if (!same(p[0], p[1]) && after) out.unitCostPrice = { old: p[0], new: p[1] };
	if (JSON.stringify(before?.dates) !== JSON.stringify(after?.dates) && after)
		out.dates = { old: before?.dates, new: after.dates };
	return out;
}
