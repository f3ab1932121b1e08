/**
 * The demo partner's own exact arithmetic for quantities, prices and totals. Written apart from
 * the node's decimal module on purpose: a rounding or scaling bug in the builders must not pass
 * the partner because both sides share it. A value is an integer count of 10^-places (BigInt).
 */

export interface Exact {
	readonly n: bigint;
	readonly places: number;
}

export const NOTHING: Exact = { n: 0n, places: 0 };

/** "19.99", "-0.5", "5.", ".25", or a finite JSON number as written; anything else (exponents, words) is undefined. */
export function readExact(value: unknown): Exact | undefined {
	const text =
		typeof value === 'string'
			? value.trim()
			: typeof value === 'number' && Number.isFinite(value)
				? String(value)
				: undefined;
	const parts = text === undefined ? null : /^([+-]?)(\d*)\.?(\d*)$/.exec(text);
	if (!parts || (parts[2] === '' && parts[3] === '')) return undefined;
	const magnitude = BigInt(`${parts[2]}${parts[3]}` || '0');
	return { n: parts[1] === '-' ? -magnitude : magnitude, places: parts[3].length };
}

const ten = (power: number) => 10n ** BigInt(power);
/** Both values as integers over the same power of ten. */
const aligned = (a: Exact, b: Exact): [bigint, bigint, number] => {
	const places = Math.max(a.places, b.places);
	return [a.n * ten(places - a.places), b.n * ten(places - b.places), places];
};

export function plus(a: Exact, b: Exact): Exact {
	const [x, y, places] = aligned(a, b);
	return { n: x + y, places };
}

export function minus(a: Exact, b: Exact): Exact {
	const [x, y, places] = aligned(a, b);
	return { n: x - y, places };
}

export function times(a: Exact, b: Exact): Exact {
	return { n: a.n * b.n, places: a.places + b.places };
}

/** True when a > b by value ("5" and "5.00" are equal). */
export function exceeds(a: Exact, b: Exact): boolean {
	const [x, y] = aligned(a, b);
	return x > y;
}

export function sameValue(a: Exact, b: Exact): boolean {
	const [x, y] = aligned(a, b);
	return x === y;
}

/** To whole cents, half away from zero (0.125 → 0.13, -0.125 → -0.13). */
export function toCents(a: Exact): Exact {
	if (a.places <= 2) return { n: a.n * ten(2 - a.places), places: 2 };
	const unit = ten(a.places - 2);
	const size = a.n < 0n ? -a.n : a.n;
	const cents = size / unit + (2n * (size % unit) >= unit ? 1n : 0n);
	return { n: a.n < 0n ? -cents : cents, places: 2 };
}

function text(a: Exact): string {
	const digits = (a.n < 0n ? -a.n : a.n).toString().padStart(a.places + 1, '0');
	const cut = digits.length - a.places;
	return `${a.n < 0n ? '-' : ''}${digits.slice(0, cut)}${a.places ? `.${digits.slice(cut)}` : ''}`;
}

/** Money as written in the partner's reasons: two decimals ("3314.95"). */
export const money = (a: Exact): string => text(toCents(a));

/** A quantity without trailing zeros ("5", "2.5"). */
export function count(a: Exact): string {
	let { n, places } = a;
	while (places > 0 && n % 10n === 0n) {
		n /= 10n;
		places--;
	}
	return text({ n, places });
}
