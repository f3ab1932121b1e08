/**
 * The rows of an inventory feed: each input item read through Row Columns into one 846 line (its
 * product ids, unit, location and quantities), or the problems that make it a bad row, each naming
 * the input item and the field. Values are read by what they are: a quantity is a number or
 * numeric text (Postgres's numeric arrives as text), a date YYYY-MM-DD or an ISO timestamp.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { UNITS } from '../../../../x12Documents';
import { type Column, COLUMNS } from './fields';

/** One bad value of one row: `field` is the input item's field (the column as mapped). */
export interface RowProblem {
	itemIndex: number;
	field: string;
	message: string;
}

/** One row as a line of the 846 (the service's lineItems entry), with the input item it came from. */
export interface InventoryLine {
	itemIndex: number;
	line: IDataObject;
	/** Location and each product id, for finding the same item at the same location twice. */
	keys: string[];
}

const LABELS = Object.fromEntries(COLUMNS.map(([name, label]) => [name, label])) as Record<
	Column,
	string
>;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const blank = (value: unknown) => value === undefined || value === null || value === '';

/** Reads one column of one row, recording what is wrong with it. */
class RowReader {
	readonly problems: RowProblem[] = [];

	constructor(
		private readonly json: IDataObject,
		readonly itemIndex: number,
		private readonly columns: Record<Column, string>,
	) {}

	raw(column: Column): unknown {
		let value: unknown = this.json;
		for (const key of this.columns[column].split('.'))
			value = (value as IDataObject | undefined)?.[key];
		return typeof value === 'string' ? value.trim() : value;
	}

	fail(column: Column, what: string): undefined {
		const field = this.columns[column];
		this.problems.push({
			itemIndex: this.itemIndex,
			field,
			message: `Input item ${this.itemIndex}: the field "${field}" (${LABELS[column]}) ${what}`,
		});
		return undefined;
	}

	text(column: Column): string | undefined {
		const value = this.raw(column);
		if (blank(value)) return undefined;
		if (typeof value === 'number' && Number.isFinite(value)) return String(value);
		if (typeof value !== 'string')
			return this.fail(column, `is ${JSON.stringify(value)?.slice(0, 40)}, not text`);
		return value;
	}

	/** A quantity: zero or more, as a decimal string. */
	quantity(column: Column, required = false): string | undefined {
		const value = this.raw(column);
		if (blank(value))
			return required ? this.fail(column, 'is empty: give the quantity') : undefined;
		const text = typeof value === 'number' ? String(value) : value;
		if (typeof text !== 'string' || !NUMBER.test(text))
			return this.fail(column, `is ${JSON.stringify(value)?.slice(0, 40)}, not a number`);
		if (Number(text) < 0) return this.fail(column, `is ${text}, a negative quantity`);
		return text.replace(/^\+/, '');
	}

	/** A date as YYYY-MM-DD (an ISO timestamp gives its date). */
	date(column: Column): string | undefined {
		const value = this.raw(column);
		if (blank(value)) return undefined;
		const text =
			value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : '';
		const match = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(text);
		const day = match ? new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`) : undefined;
		if (
			!match ||
			!day ||
			Number.isNaN(day.getTime()) ||
			day.toISOString().slice(0, 10) !== text.slice(0, 10)
		)
			return this.fail(
				column,
				`is ${JSON.stringify(value)?.slice(0, 40)}, not a date as YYYY-MM-DD`,
			);
		return text.slice(0, 10);
	}

	/** The GTIN under the key its length names; a number lost its leading zeros: padded to 12. */
	gtin(): Record<string, string> {
		const value = this.raw('gtin');
		let digits = this.text('gtin');
		if (digits === undefined) return {};
		if (typeof value === 'number') digits = digits.padStart(12, '0');
		if (!/^\d{12,14}$/.test(digits)) {
			this.fail(
				'gtin',
				`is ${JSON.stringify(value)}: give a 12-digit UPC, 13-digit EAN or 14-digit GTIN`,
			);
			return {};
		}
		return { [`gtin${digits.length}`]: digits };
	}

	/** The unit as the service's word (each, case…); an X12 code the list knows becomes its word. */
	unit(): string {
		const text = this.text('unitOfMeasure');
		if (text === undefined) return 'each';
		if (UNITS.code(text) !== undefined) return text;
		const code = text.toUpperCase();
		if (/^[A-Z0-9]{2}$/.test(code)) return UNITS.word(code) ?? code;
		this.fail(
			'unitOfMeasure',
			`is "${text}", which has no X12 code: use one of ${UNITS.wordList().join(', ')} or a two-character X12 code`,
		);
		return 'each';
	}
}

/** One row → its line, or its problems. `locationRequired`: a row without a location is bad. */
export function readRow(
	json: IDataObject,
	itemIndex: number,
	columns: Record<Column, string>,
	locationRequired: boolean,
): InventoryLine | RowProblem[] {
	const r = new RowReader(json, itemIndex, columns);
	const productIds: IDataObject = {};
	const buyer = r.text('buyerItemNumber');
	const vendor = r.text('vendorItemNumber');
	if (buyer !== undefined) productIds.buyerItemNumber = buyer;
	if (vendor !== undefined) productIds.vendorItemNumber = vendor;
	Object.assign(productIds, r.gtin());
	const location = r.text('location');
	const available = r.quantity('quantityAvailable', true);
	const onHand = r.quantity('quantityOnHand');
	const onOrder = r.quantity('quantityOnOrder');
	const nextAvailable = r.date('nextAvailableDate');
	const onOrderDate = r.date('onOrderDate');
	const unitOfMeasure = r.unit();
	const description = r.text('description');
	if (Object.keys(productIds).length === 0 && r.problems.every((p) => !isIdColumn(p, columns)))
		r.problems.push({
			itemIndex,
			field: columns.buyerItemNumber,
			message: `Input item ${itemIndex} has no product ID: its fields "${columns.buyerItemNumber}", "${columns.vendorItemNumber}" and "${columns.gtin}" are all empty`,
		});
	if (locationRequired && location === undefined)
		r.fail('location', 'is empty, and Inventory Options → Location Required is on');
	if (r.problems.length) return r.problems;

	const at = location === undefined ? {} : { locationId: location };
	const quantities: IDataObject[] = [
		{ ...at, type: 'available', quantity: available, ...dated(nextAvailable) },
	];
	if (onHand !== undefined) quantities.push({ ...at, type: 'onHand', quantity: onHand });
	if (onOrder !== undefined)
		quantities.push({ ...at, type: 'incoming', quantity: onOrder, ...dated(onOrderDate) });
	const line: IDataObject = {
		productIds,
		...(description === undefined ? {} : { productAttributes: { description } }),
		unitOfMeasure,
		inventoryQuantities: quantities,
	};
	const keys = Object.entries(productIds).map(([kind, id]) => `${kind}\u0000${String(id)}`);
	return { itemIndex, line, keys: keys.map((key) => `${location ?? ''}\u0000${key}`) };
}

const dated = (date: string | undefined) => (date === undefined ? {} : { availableDate: date });

const isIdColumn = (problem: RowProblem, columns: Record<Column, string>) =>
	[columns.buyerItemNumber, columns.vendorItemNumber, columns.gtin].includes(problem.field);

/**
 * Rows naming the same item (any of its product ids) at the same location: every such row is bad,
 * the first included, since which quantity is right cannot be told.
 */
export function duplicateRows(
	lines: InventoryLine[],
	columns: Record<Column, string>,
): RowProblem[] {
	const first = new Map<string, InventoryLine>();
	const bad = new Map<number, RowProblem>();
	for (const line of lines) {
		for (const key of line.keys) {
			const earlier = first.get(key);
			if (!earlier) {
				first.set(key, line);
				continue;
			}
			const [location, kind, id] = key.split('\u0000');
			const where = location ? ` at location "${location}"` : ' (no location)';
			const same = `the same item (${kind} "${id}")${where}`;
			for (const [row, other] of [
				[earlier, line],
				[line, earlier],
			])
				if (!bad.has(row.itemIndex))
					bad.set(row.itemIndex, {
						itemIndex: row.itemIndex,
						field: kind.startsWith('gtin') ? columns.gtin : columns[kind as Column],
						message: `Input item ${row.itemIndex} and input item ${other.itemIndex} both give ${same}`,
					});
		}
	}
	return [...bad.values()].sort((a, b) => a.itemIndex - b.itemIndex);
}

/** Row Columns as given, each column not mapped read from the field of its own name. */
export function readColumns(this: IExecuteFunctions): Record<Column, string> {
	const given = this.getNodeParameter('inventoryColumns', 0, {}) as IDataObject;
	return Object.fromEntries(
		COLUMNS.map(([name]) => {
			const value = typeof given[name] === 'string' ? (given[name] as string).trim() : '';
			return [name, value || name];
		}),
	) as Record<Column, string>;
}
