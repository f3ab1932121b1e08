/**
 * Exact decimal arithmetic for quantities, prices and amounts. EDI documents carry them as
 * decimal strings ("19.99"); binary floating point cannot represent most of them, so sums of
 * many lines drift. A Decimal is an integer count of 10^-scale units: arithmetic is on BigInt.
 */

export interface Decimal {
	/** The value times 10^scale. */
	readonly units: bigint;
	/** Digits after the decimal point (≥ 0). */
	readonly scale: number;
}

/** Thrown for text that is not a plain decimal number. */
export class DecimalError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'DecimalError';
	}
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** True when `value` is a decimal string such as "5", "-0.25", "19.99" (or a finite plain number). */
export function isDecimal(value: unknown): boolean {
	return toDecimalText(value) !== undefined;
}

/** Plain decimal text of a string or number, or undefined. Numbers are taken as JSON wrote them ("0.1"), never as binary fractions; exponent forms are refused. */
function toDecimalText(value: unknown): string | undefined {
	let text: string;
	if (typeof value === 'string') text = value.trim();
	else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
	else return undefined;
	return isDecimalText(text) ? text : undefined;
}

/**
 * DECIMAL_TEXT with at least one digit on either side of the point (rejects "", ".", "+"), read
 * by character codes: a large X12 file checks every quantity and price, and a match allocates.
 */
function isDecimalText(text: string): boolean {
	let i = 0;
	const sign = text.charCodeAt(0);
	if (sign === PLUS || sign === MINUS) i++;
	let digits = 0;
	for (; i < text.length && isDigit(text.charCodeAt(i)); i++) digits++;
	if (i < text.length && text.charCodeAt(i) === POINT)
		for (i++; i < text.length && isDigit(text.charCodeAt(i)); i++) digits++;
	return i === text.length && digits > 0;
}

const [PLUS, MINUS, POINT] = [43, 45, 46];
const isDigit = (code: number) => code >= 48 && code <= 57;

/** Parses a decimal string (or finite number). Throws DecimalError naming `label` for anything else. */
export function parseDecimal(value: unknown, label = 'value'): Decimal {
	const text = toDecimalText(value);
	if (text === undefined) {
		const shown =
			typeof value === 'string'
				? `"${value}"`
				: value === undefined
					? 'missing'
					: JSON.stringify(value);
		throw new DecimalError(`The ${label} must be a decimal number such as "12.50", not ${shown}`);
	}
	const [, sign, whole, fraction = ''] = DECIMAL_TEXT.exec(text) as RegExpExecArray;
	const units = BigInt((whole || '0') + fraction);
	return { units: sign === '-' ? -units : units, scale: fraction.length };
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** Same value at a larger scale (never loses digits). */
function rescale(d: Decimal, scale: number): bigint {
	return d.units * pow10(scale - d.scale);
}

export function addDecimal(a: Decimal, b: Decimal): Decimal {
	const scale = Math.max(a.scale, b.scale);
	return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export function subtractDecimal(a: Decimal, b: Decimal): Decimal {
	const scale = Math.max(a.scale, b.scale);
	return { units: rescale(a, scale) - rescale(b, scale), scale };
}

export function multiplyDecimal(a: Decimal, b: Decimal): Decimal {
	return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** -1, 0 or 1, by value: "5" and "5.00" are equal. */
export function compareDecimal(a: Decimal, b: Decimal): -1 | 0 | 1 {
	const scale = Math.max(a.scale, b.scale);
	const x = rescale(a, scale);
	const y = rescale(b, scale);
	return x < y ? -1 : x > y ? 1 : 0;
}

export function isZero(d: Decimal): boolean {
	return d.units === 0n;
}

export const ZERO: Decimal = { units: 0n, scale: 0 };

/** Rounds to `places` digits, half away from zero (commercial "half-up": 0.125 → 0.13, -0.125 → -0.13). */
export function roundDecimal(d: Decimal, places: number): Decimal {
	if (d.scale <= places) return { units: rescale(d, places), scale: places };
	const divisor = pow10(d.scale - places);
	const negative = d.units < 0n;
	const magnitude = negative ? -d.units : d.units;
	let quotient = magnitude / divisor;
	if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
	return { units: negative ? -quotient : quotient, scale: places };
}

/**
 * A line's extended amount: quantity × unit price rounded to cents, half-up. Retail invoices add
 * these rounded amounts (the 810's TDS, the receiver's recomputation), not the exact products.
 */
export function extendedAmount(quantity: Decimal, unitPrice: Decimal): Decimal {
	return roundDecimal(multiplyDecimal(quantity, unitPrice), 2);
}

/** Text of a decimal at exactly its scale. */
function toText(d: Decimal): string {
	const negative = d.units < 0n;
	const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
	const whole = digits.slice(0, digits.length - d.scale);
	const fraction = digits.slice(digits.length - d.scale);
	return (negative ? '-' : '') + whole + (fraction ? `.${fraction}` : '');
}

/** Drops trailing fractional zeros: 5.500 → 5.5, 5.00 → 5, -0 → 0. */
export function normalizeDecimal(d: Decimal): Decimal {
	let { units, scale } = d;
	while (scale > 0 && units % 10n === 0n) {
		units /= 10n;
		scale -= 1;
	}
	return { units, scale };
}

/** An amount of money: exactly two decimals, rounded half-up ("3314.95"). */
export function formatAmount(d: Decimal): string {
	return toText(roundDecimal(d, 2));
}

/** A quantity as given, without trailing noise: "5", "2.5", "0.001". */
export function formatQuantity(d: Decimal): string {
	return toText(normalizeDecimal(d));
}

/** A unit price: at least two decimals, more only when the price has them ("101.00", "0.125"). */
export function formatPrice(d: Decimal): string {
	const normal = normalizeDecimal(d);
	return toText(normal.scale >= 2 ? normal : { units: rescale(normal, 2), scale: 2 });
}
