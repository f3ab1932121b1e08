/**
 * The purchase-order arbitraries the property tests share (fast-check): decimal strings of a
 * given scale, the ranges of an order line and of a charge or allowance.
 */
import { fc } from '@fast-check/jest';

/** A decimal as text from its digits and scale: (12345, 2) → "123.45". */
export const decimalText = (units: number, scale: number) => {
	const digits = String(units).padStart(scale + 1, '0');
	return scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
};
export const DECIMAL = (max: number, maxScale: number) =>
	fc
		.tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: maxScale }))
		.map(([units, scale]) => decimalText(units, scale));

/** An order line's quantity (above zero, to 3 decimals) and unit price (to 4 decimals). */
export const QUANTITY = DECIMAL(1_000_000, 3).filter((q) => Number(q) > 0);
export const PRICE = DECIMAL(100_000_000, 4);

/** A charge or allowance of the 850, carried to the 810. */
export const AMOUNT = fc.record({
	type: fc.constantFrom('freight', 'promotion', 'handling'),
	amount: DECIMAL(10_000_000, 4),
});
