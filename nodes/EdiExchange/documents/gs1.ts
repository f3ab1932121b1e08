/**
 * GS1 facts in one place: the mod-10 check digit that ends an SSCC-18 (and a GTIN), the SSCC's
 * shape, and the application identifiers (AIs) a logistics label carries. A retail fact, not an
 * X12 one: the builders, the shield, the 856 writer and the label writer all use these.
 */
import { DocumentError } from './errors';

/** GS1 mod-10 check digit of a digit string: weights 3, 1, 3… from the rightmost digit. */
export function gs1CheckDigit(digits: string): number {
	if (!/^\d+$/.test(digits)) throw new Error(`GS1 check digit of non-digits: ${digits}`);
	let sum = 0;
	for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight)
		sum += (digits.charCodeAt(i) - 48) * weight;
	return (10 - (sum % 10)) % 10;
}

/** True when `code` is 18 digits whose last one is the GS1 check digit of the first 17. */
export function isValidSscc(code: string): boolean {
	return /^\d{18}$/.test(code) && gs1CheckDigit(code.slice(0, 17)) === Number(code[17]);
}

/** The SSCC: one extension digit, a 7–10 digit company prefix, the serial reference, the check digit. */
export const SSCC = {
	length: 18,
	/** The company prefix and the serial reference share 16 digits. */
	prefixAndSerialDigits: 16,
	minPrefixDigits: 7,
	maxPrefixDigits: 10,
} as const;

/** True when `prefix` is a GS1 company prefix an SSCC can hold: 7 to 10 digits. */
export const isCompanyPrefix = (prefix: string) =>
	new RegExp(`^\\d{${SSCC.minPrefixDigits},${SSCC.maxPrefixDigits}}$`).test(prefix);

/** Serial reference digits a company prefix of `prefixLength` digits leaves (9 for 7, 6 for 10). */
export const serialDigitsFor = (prefixLength: number) => SSCC.prefixAndSerialDigits - prefixLength;

/**
 * The application identifiers (AIs) a GS1 logistics label carries, with their GS1 General
 * Specifications format: `00` the SSCC (n2+n18, fixed length), `420` the ship-to postal code
 * within one postal authority (n3+an..20, variable length: last in its barcode, or ended by FNC1).
 */
export const AI = {
	sscc: { ai: '00', title: 'SSCC', fixedLength: 18 },
	shipToPostalCode: { ai: '420', title: 'SHIP TO POST', maxLength: 20 },
} as const;

/**
 * GS1 AI encodable character set 82: what an alphanumeric AI (e.g. 420) may hold. No space: a
 * postal code is encoded without its spaces, as GS1's guideline shows.
 */
const CSET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

/**
 * The SSCC `code` checked (18 digits, or 20 with its AI 00 in front) with the right check digit, else a DocumentError naming
 * `path` (a receiver rejects a wrong check digit, so a label never prints one).
 */
export function checkedSscc(code: unknown, path: string): string {
	// Also taken with its AI in front, as some systems hand it out: "00" + the 18 digits.
	const text = typeof code === 'string' && /^00\d{18}$/.test(code) ? code.slice(2) : code;
	if (typeof text !== 'string' || !/^\d{18}$/.test(text))
		throw new DocumentError(
			`${path} is ${JSON.stringify(code)}: an SSCC is 18 digits (extension digit, company prefix, serial reference, check digit)`,
			path,
		);
	if (!isValidSscc(text))
		throw new DocumentError(
			`${path} is ${text}: its check digit should be ${gs1CheckDigit(text.slice(0, 17))}, not ${text[17]}`,
			path,
		);
	return text;
}

/**
 * The postal code as AI 420 holds it: spaces taken out, at most 20 characters of GS1's set 82,
 * else a DocumentError naming `path`.
 */
export function postalCodeForAi420(postalCode: string, path: string): string {
	const value = postalCode.replace(/\s+/g, '');
	if (value === '' || value.length > AI.shipToPostalCode.maxLength || !CSET_82.test(value))
		throw new DocumentError(
			`${path} is ${JSON.stringify(postalCode)}: a GS1 ship-to postal code (AI 420) is 1 to 20 letters, digits or - . / (no other characters)`,
			path,
		);
	return value;
}

/**
 * The SSCC's human-readable line, "(00) 0 0614141 123456789 0": the AI, then the extension digit,
 * company prefix, serial reference and check digit apart when the prefix length is known (else
 * the 16 digits between them in one group).
 */
export function ssccHumanReadable(sscc: string, prefixLength?: number): string {
	const head = `(${AI.sscc.ai}) ${sscc[0]} `;
	const tail = ` ${sscc[17]}`;
	if (prefixLength === undefined) return head + sscc.slice(1, 17) + tail;
	return `${head}${sscc.slice(1, 1 + prefixLength)} ${sscc.slice(1 + prefixLength, 17)}${tail}`;
}
