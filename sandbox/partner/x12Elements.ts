/**
 * Reading X12 segments the partner receives (855, 856, 810, 846, 865, 997, and 850s a caller gives): element
 * access and the code lists, the sandbox's own (nothing from nodes/), from the 004010 standard.
 */
import type { Json } from './read';

/** Element n of a segment, trimmed ('' when absent): X12 values may carry padding. */
export const element = (segment: string[], n: number): string => (segment[n] ?? '').trim();

/** Product/service id qualifiers (235) → the documents' productIds keys. */
const PRODUCT_IDS: Readonly<Record<string, string>> = {
	BP: 'buyerItemNumber',
	VN: 'vendorItemNumber',
	UP: 'gtin12',
	EN: 'gtin13',
	UK: 'gtin14',
	UA: 'caseCode',
	SK: 'sku',
	MG: 'manufacturerPartNumber',
	ND: 'nationalDrugCode',
};

/** Units of measure (355) → the documents' words; an unknown code stays as it is. */
const UNITS: Readonly<Record<string, string>> = {
	EA: 'each',
	CA: 'case',
	CT: 'carton',
	BX: 'box',
	PK: 'pack',
	PL: 'pallet',
	PC: 'piece',
	DZ: 'dozen',
	LB: 'pound',
	KG: 'kilogram',
	OZ: 'ounce',
};

export const unitOf = (code: string): string => UNITS[code] ?? (code || 'each');

/** Qualifier/id pairs from element `first` on (PO106/PO107…, LIN02/LIN03…); an unknown qualifier keys its id by itself. */
export function productIdsOf(segment: string[], first: number): Json {
	const ids: Json = {};
	for (let n = first; n + 1 < segment.length; n += 2) {
		const qualifier = element(segment, n);
		const id = element(segment, n + 1);
		if (qualifier && id) ids[PRODUCT_IDS[qualifier] ?? qualifier] = id;
	}
	return ids;
}

/** An N2 amount (digits, two implied decimals: "12345" is 123.45) as decimal text, or undefined. */
export function impliedTwo(value: string): string | undefined {
	const parts = /^(-?)(\d+)$/.exec(value);
	if (!parts) return undefined;
	const digits = parts[2].padStart(3, '0');
	return `${parts[1]}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** CCYYMMDD → YYYY-MM-DD (other text as it is). */
export const isoDate = (value: string): string =>
	/^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : value;

/** The body of a set: without ST and SE (the X12 path gives them, the service-JSON path does not). */
export const bodyOf = (segments: string[][]): string[][] =>
	segments.filter((s) => s[0] !== 'ST' && s[0] !== 'SE');
