/**
 * Apply Change (860): a purchase order (850) and its purchase order changes (860) → the effective
 * order and a change log per line. Pure: no I/O. The 860s are applied in sequence
 * (`changeSequenceNumber`), whatever order they are given in; one already applied (twice in the
 * input, or recorded in an effective order given back as the 850) changes nothing. Every field
 * it cannot apply is an error naming it: never a silent skip.
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
	KNOWN_CHANGE_CODES,
	KNOWN_PURPOSES,
	purposeOf,
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
	changeSequenceNumber: string;
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
	changeSequenceNumber: string;
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
	/** Change sequence numbers applied by this call, in order. */
	applied: string[];
	/** Those given again (or already in the effective order): nothing changed for them. */
	alreadyApplied: string[];
}

const f = new FieldReader('purchase order change (860)');
const orderFields = new FieldReader('purchase order');
/** Fields of an 860 line that describe the change, not the resulting line. */
const CHANGE_ONLY = ['changeReason', 'originalQuantity', 'changeInQuantity', 'notes'];

interface Change {
	message: PlainObject;
	path: string;
	sequence: string;
}

/** "002" after "001"; digits compare as numbers, other text as text. */
function compareSequence(a: string, b: string): number {
	if (/^\d+$/.test(a) && /^\d+$/.test(b)) return Number(BigInt(a) - BigInt(b));
	return a < b ? -1 : a > b ? 1 : 0;
}

function readChanges(input: unknown, purchaseOrderNumber: string): Change[] {
	const list = Array.isArray(input) ? input : [input];
	return list
		.map((item, i) => {
			const path = `changes[${i}]`;
			const message = unwrapMessage(
				isObject(item) && isObject(item.document) ? item.document : item,
				'changeSequenceNumber',
			);
			if (!isObject(message))
				throw new DocumentError(`${path} is not a JSON object: the 860 message`, path);
			const number = f.id(message.purchaseOrderNumber, `${path}.purchaseOrderNumber`);
			if (number !== purchaseOrderNumber)
				throw new DocumentError(
					`${path} is a change to purchase order ${number}, not ${purchaseOrderNumber} ("${path}.purchaseOrderNumber")`,
					`${path}.purchaseOrderNumber`,
				);
			const sequence = f.id(message.changeSequenceNumber, `${path}.changeSequenceNumber`);
			return { message, path, sequence };
		})
		.sort((a, b) => compareSequence(a.sequence, b.sequence));
}

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
	};
	const seen = new Map<string, Change>();
	for (const change of readChanges(changesInput, order.purchaseOrderNumber)) {
		if (isRepeat(change, seen, order)) {
			result.alreadyApplied.push(change.sequence);
			continue;
		}
		refuseOutOfSequence(change, order);
		applyOne(change, order, result.changeLog);
		seen.set(change.sequence, change);
		result.applied.push(change.sequence);
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

/** The same 860 again: in the input twice, or already recorded in the effective order given. */
function isRepeat(change: Change, seen: Map<string, Change>, order: Order): boolean {
	const earlier = seen.get(change.sequence);
	if (earlier) {
		if (JSON.stringify(earlier.message) === JSON.stringify(change.message)) return true;
		throw new DocumentError(
			`${change.path} and ${earlier.path} are two different 860s with the same changeSequenceNumber "${change.sequence}"`,
			`${change.path}.changeSequenceNumber`,
		);
	}
	return order.applied.some((r) => String(r.changeSequenceNumber) === change.sequence);
}

/** An 860 older than one the effective order already holds cannot be applied in sequence any more. */
function refuseOutOfSequence(change: Change, order: Order): void {
	const later = order.applied.find(
		(r) => compareSequence(String(r.changeSequenceNumber), change.sequence) > 0,
	);
	if (later)
		throw new DocumentError(
			`${change.path} (change ${change.sequence}) arrives after change ${later.changeSequenceNumber} was applied: 860s apply in sequence. Apply them again from the original 850 with every 860, or ask the buyer which one stands`,
			`${change.path}.changeSequenceNumber`,
		);
	const cancelledBy = order.message.cancelledBy;
	if (isObject(cancelledBy))
		throw new DocumentError(
			`${change.path} (change ${change.sequence}) changes purchase order ${order.purchaseOrderNumber}, which its 860 change ${String(cancelledBy.changeSequenceNumber)} cancelled`,
			`${change.path}.changeSequenceNumber`,
		);
}

function applyOne(change: Change, order: Order, log: ChangeLogEntry[]): void {
	const { message, path, sequence } = change;
	const purposeText = f.id(message.purpose, `${path}.purpose`);
	const purpose = purposeOf(purposeText);
	if (!purpose)
		throw f.invalid(`${path}.purpose`, message.purpose, `one of ${KNOWN_PURPOSES.join(', ')}`);
	const record: AppliedRecord = { changeSequenceNumber: sequence, purpose, lineIds: [] };
	const logged = log.length;
	const date = f.optionalDate(message.purchaseOrderChangeDate, `${path}.purchaseOrderChangeDate`);
	if (date) record.purchaseOrderChangeDate = date;
	const entry = (id: string, kind: ChangeLogEntry['change'], meaning: string) => ({
		purchaseOrderLineId: id,
		changeSequenceNumber: sequence,
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
			named.add(applyLine(item, `${path}.lineItems[${j}]`, sequence, order, log)),
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

/** A builder refuses an order an 860 cancelled, naming that 860. */
export function refuseCancelled(order: PlainObject): void {
	const by = order.cancelledBy;
	if (!isObject(by)) return;
	const date = by.purchaseOrderChangeDate ? ` of ${String(by.purchaseOrderChangeDate)}` : '';
	throw new DocumentError(
		`Purchase order ${String(order.purchaseOrderNumber)} was cancelled by its 860 (change ${String(by.changeSequenceNumber)}${date}): nothing may be acknowledged, shipped or billed for it`,
		'cancelledBy',
	);
}

/** Applies one 860 line; returns its line id. */
function applyLine(
	item: unknown,
	path: string,
	sequence: string,
	order: Order,
	log: ChangeLogEntry[],
): string {
	const given = f.object(item, path);
	const id = f.id(given.purchaseOrderLineId, `${path}.purchaseOrderLineId`);
	const reason = f.id(given.changeReason, `${path}.changeReason`);
	const code = changeCodeOf(reason);
	if (!code)
		throw f.invalid(
			`${path}.changeReason`,
			given.changeReason,
			`a change code (${KNOWN_CHANGE_CODES.join(', ')})`,
		);
	const before = order.lines.get(id);
	if (code.action === 'add' && before)
		throw new DocumentError(
			`${path} adds line "${id}" (${reason}), which is already on purchase order ${order.purchaseOrderNumber}`,
			`${path}.purchaseOrderLineId`,
		);
	if (code.action !== 'add' && !before)
		throw new DocumentError(
			`${path} changes line "${id}" (${reason}: ${code.meaning}), which is not on purchase order ${order.purchaseOrderNumber}`,
			`${path}.purchaseOrderLineId`,
		);
	const after = changedLine(given, before, code, path);
	const entry: ChangeLogEntry = {
		purchaseOrderLineId: id,
		changeSequenceNumber: sequence,
		change: code.action === 'add' ? 'added' : code.action === 'delete' ? 'deleted' : 'changed',
		changeReason: reason,
		meaning: code.meaning,
		...differences(before, after),
	};
	if (entry.change === 'changed' && !entry.quantity && !entry.unitCostPrice && !entry.dates)
		entry.change = 'unchanged';
	log.push(entry);
	if (after) order.lines.set(id, after);
	else order.lines.delete(id);
	return id;
}

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
			const merged: PlainObject = { ...before, ...values };
			if (isObject(before?.dates) && isObject(values.dates))
				merged.dates = { ...before.dates, ...values.dates };
			if (given.quantity !== undefined) f.quantity(given.quantity, `${path}.quantity`);
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
