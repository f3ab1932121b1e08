/**
 * The 846 (inventory inquiry/advice) as X12 004010 segments: BIA, CUR, DTM, REF and the N1 loop in
 * the header; per line and location a LIN loop (LIN, PID, a QTY per quantity with its DTM*018
 * available date, N1*WH for the location); CTT with the LIN count and the sum of every QTY02.
 */
import { addDecimal, type Decimal, ZERO } from '../documents/decimal';
import { isObject, type PlainObject } from '../documents/fieldReader';
import { codeFor, DATES, QUANTITY_TYPES, REPORT_PURPOSES, REPORT_TYPES } from './codes';
import * as common from './common';
import { type SegmentWriter, spec, type WriteOptions } from './elements';
import { writeDescription } from './lines';

const DOCUMENT = 'inventory advice (846)';

/** The 846 message (as the service's 846_INVENTORY_ADVICE carries it) → its segments, without ST/SE. */
export function write846(advice: unknown, options: WriteOptions = {}): string[][] {
	const { message, w } = common.startDocument(advice, 'reportNumber', DOCUMENT, options);
	w.add(
		'BIA',
		codeFor(REPORT_PURPOSES, message.purpose ?? 'full', 'purpose', DOCUMENT),
		codeFor(REPORT_TYPES, message.reportType ?? 'sellerInventory', 'reportType', DOCUMENT),
		w.required(message.reportNumber, spec('BIA03'), 'reportNumber'),
		w.requiredDate(message.reportDate, spec('BIA04'), 'reportDate'),
		reportTime(w, message.reportTime),
	);
	const currency = isObject(message.sellersCurrency)
		? w.text(message.sellersCurrency.currencyCode, spec('CUR02'), 'sellersCurrency.currencyCode')
		: undefined;
	if (currency !== undefined) w.add('CUR', 'SE', currency);
	common.writeDates(w, message.dates, 'dates');
	common.writeReferences(w, message.references, 'references');
	common.writeParties(w, message.parties, 'parties');

	const lines = Array.isArray(message.lineItems) ? message.lineItems : [];
	if (lines.length === 0)
		throw w.error('lineItems', 'is empty: an 846 needs at least one line (X12 LIN)');
	const quantities: Decimal[] = [];
	let lins = 0;
	lines.forEach((entry, i) => (lins += writeLine(w, entry, `lineItems[${i}]`, quantities)));
	// CTT02 is left out when the sum does not fit its ten digits (a receiver would truncate it).
	let hash: string | undefined;
	try {
		hash = w.decimal(quantities.reduce(addDecimal, ZERO), spec('CTT02'), 'lineItems');
	} catch {
		hash = undefined;
	}
	w.add('CTT', String(lins), hash);
	return w.segments;
}

/** BIA05 from "HH:MM:SS", "HH:MM", "HHMMSS" or "HHMM". */
function reportTime(w: SegmentWriter, value: unknown): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const text = typeof value === 'string' ? value.replace(/:/g, '') : '';
	if (!/^([01]\d|2[0-3])[0-5]\d([0-5]\d)?$/.test(text))
		throw w.error(
			'reportTime',
			`is ${JSON.stringify(value)}: X12 BIA05 needs a time as HH:MM:SS or HH:MM (e.g. "14:30:05")`,
		);
	return text;
}

/**
 * One LIN loop per location the line's quantities name (X12 places a line's location in its own
 * N1 loop, after its quantities): a line for one location is one LIN. Pushes each QTY02 onto
 * `quantities`; returns how many LIN it wrote.
 */
function writeLine(w: SegmentWriter, entry: unknown, path: string, quantities: Decimal[]): number {
	if (!isObject(entry)) throw w.error(path, 'is not a line item object');
	const ids = common.productIdPairs(w, entry, path, 'LIN', 2, 15);
	if (ids.length === 0)
		throw w.error(`${path}.productIds`, 'is empty: X12 LIN needs at least one product id');
	const unit = common.unitCode(w, entry.unitOfMeasure, `${path}.unitOfMeasure`);
	const lineNumber = w.text(entry.lineNumber, spec('LIN01'), `${path}.lineNumber`);
	const all = Array.isArray(entry.inventoryQuantities) ? entry.inventoryQuantities : [];
	const byLocation = new Map<string, Array<{ quantity: unknown; at: string }>>();
	all.forEach((quantity, i) => {
		const at = `${path}.inventoryQuantities[${i}]`;
		if (!isObject(quantity)) throw w.error(at, 'is not an inventory quantity object');
		const location = quantity.locationId === undefined ? '' : String(quantity.locationId);
		byLocation.set(location, [...(byLocation.get(location) ?? []), { quantity, at }]);
	});
	if (byLocation.size === 0) byLocation.set('', []);
	for (const [location, entries] of byLocation) {
		w.add('LIN', lineNumber, ...ids);
		writeDescription(w, entry.productAttributes, `${path}.productAttributes`);
		for (const { quantity, at } of entries)
			quantities.push(writeQuantity(w, quantity as PlainObject, at, unit));
		if (location !== '')
			w.add('N1', 'WH', undefined, '92', w.required(location, spec('N104'), `${path}.locationId`));
	}
	return byLocation.size;
}

/** QTY (its type, quantity and the line's unit) and its DTM*018 available date. */
function writeQuantity(w: SegmentWriter, quantity: PlainObject, at: string, unit: string): Decimal {
	if (quantity.quantity === undefined || quantity.quantity === null || quantity.quantity === '')
		throw w.error(`${at}.quantity`, 'is missing: X12 QTY needs the quantity');
	const amount = w.parse(quantity.quantity, `${at}.quantity`);
	w.add(
		'QTY',
		codeFor(QUANTITY_TYPES, quantity.type ?? 'available', `${at}.type`, DOCUMENT),
		w.decimal(amount, spec('QTY02'), `${at}.quantity`),
		unit,
	);
	const date = w.date(quantity.availableDate, spec('DTM02'), `${at}.availableDate`);
	if (date !== undefined)
		w.add('DTM', codeFor(DATES, 'availableDate', `${at}.availableDate`, DOCUMENT), date);
	return amount;
}
