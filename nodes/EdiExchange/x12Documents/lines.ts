/** What the line segments of the 855, 856 and 810 share: quantities, the PID description, CTT. */
import { addDecimal, type Decimal, ZERO } from '../documents/decimal';
import { isObject } from '../documents/fieldReader';
import { type ElementSpec, type SegmentWriter, spec } from './elements';

/** The decimal of a `{ value, unitOfMeasure }` quantity, refused naming the field when it is not one. */
export function quantityOf(w: SegmentWriter, quantity: unknown, field: string): Decimal {
	const value = isObject(quantity) ? quantity.value : undefined;
	if (value === undefined || value === null || value === '')
		throw w.error(`${field}.value`, 'is missing: X12 needs the quantity');
	return w.parse(value, `${field}.value`);
}

/** PID*F for the line's free-form description. */
export function writeDescription(w: SegmentWriter, attributes: unknown, field: string): void {
	if (!isObject(attributes)) return;
	const description = w.text(attributes.description, spec('PID05'), `${field}.description`);
	if (description !== undefined) w.add('PID', 'F', undefined, undefined, undefined, description);
}

/**
 * CTT: the number of line segments and the hash total of their quantities. The hash total is left
 * out when it does not fit its element (a receiver would truncate it; leaving it out is allowed).
 */
export function writeTotals(w: SegmentWriter, quantities: Decimal[], hashSpec: ElementSpec): void {
	const sum = quantities.reduce(addDecimal, ZERO);
	let hash: string | undefined;
	try {
		hash = w.decimal(sum, hashSpec, 'lineItems');
	} catch {
		hash = undefined;
	}
	w.add('CTT', String(quantities.length), hash);
}
