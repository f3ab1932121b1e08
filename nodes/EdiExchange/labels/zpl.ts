/**
 * ZPL II, the little of it a logistics label needs (Zebra's ZPL II programming guide): text
 * fields that print as given, and GS1-128 barcodes (Code 128 with FNC1 first). Pure: strings in,
 * strings out.
 *
 * Text: the label declares UTF-8 (`^CI28`) and every text field is written with `^FH` (hex
 * escapes, indicator `_`), so the file itself is plain ASCII and no byte of the text can be read
 * as a command: `^`, `~` and `_` and every character past ASCII travel as `_XX` UTF-8 bytes.
 * What prints: printable ASCII and Latin-1 (U+00A0–U+00FF), which the printers' scalable font 0
 * holds. Typographic quotes and dashes, and letters with accents beyond Latin-1, are
 * transliterated (with a warning); anything else is refused naming the field, never garbled.
 */
import { DocumentError } from '../documents/errors';

/** Transliterations beyond what Unicode decomposition gives. */
const TYPOGRAPHIC: Array<[RegExp, string]> = [
	[/[\u2018\u2019\u201A\u201B\u2032]/g, "'"],
	[/[\u201C\u201D\u201E\u201F\u2033]/g, '"'],
	[/[\u2010-\u2015\u2212]/g, '-'],
	[/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, ' '],
];
const PRINTABLE = /^[\x20-\x7E\u00A1-\u00FF]*$/;
const COMBINING = /[\u0300-\u036F]/g;

/**
 * `value` as a label prints it: blanks (line breaks, tabs) as one space, transliterated where it
 * must be (a warning naming `field`), refused where it cannot be.
 */
export function printableText(value: string, field: string, warnings: string[]): string {
	const text = value.normalize('NFC').replace(/\s+/g, ' ').trim();
	if (PRINTABLE.test(text)) return text;
	let near = text;
	for (const [pattern, replacement] of TYPOGRAPHIC) near = near.replace(pattern, replacement);
	near = [...near]
		.map((c) => (PRINTABLE.test(c) ? c : c.normalize('NFKD').replace(COMBINING, '')))
		.join('');
	const left = [...near].filter((c) => !PRINTABLE.test(c));
	if (left.length > 0)
		throw new DocumentError(
			`${field} is ${JSON.stringify(value)}: a label cannot print ${[...new Set(left)].map((c) => `"${c}" (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ')}. Labels print Latin letters (ASCII and Latin-1); give this field in Latin letters`,
			field,
		);
	warnings.push(
		`${field}: "${text}" is printed as "${near}" (the label's font has no such letters)`,
	);
	return near;
}

/** A text for `^FH^FD…^FS`: `^`, `~`, `_` and all that is not ASCII as `_XX` UTF-8 bytes. */
export function fieldData(text: string): string {
	let out = '';
	for (const c of text) {
		if (/[\x20-\x7E]/.test(c) && !'^~_'.includes(c)) out += c;
		else
			for (const byte of new TextEncoder().encode(c))
				out += `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
	}
	return out;
}

/** A GS1-128 barcode's `^FD` data and its width in modules. */
export interface Gs1Code128 {
	/** ZPL `^BC` data with invocation codes: `>;` start in subset C, `>8` FNC1, `>6` to subset B. */
	data: string;
	/** Its width in modules (start, symbols, check, stop), quiet zones not included. */
	modules: number;
}

/**
 * One GS1 element string (`ai` + `value`, e.g. "00" + an SSCC) as Code 128 for `^BC`: start in
 * subset C, FNC1 first (what makes it GS1-128: symbology identifier `]C1`), digit pairs in C and
 * the rest (an odd last digit, letters) in subset B. One element per barcode: no separator needed.
 */
export function gs1Code128(ai: string, value: string): Gs1Code128 {
	const element = ai + value;
	const pairs = /^(?:\d\d)*/.exec(element)![0];
	const rest = element.slice(pairs.length);
	let data = `>;>8${pairs}`;
	let symbols = 2 + pairs.length / 2; // start C, FNC1, the pairs
	if (rest !== '') {
		data += `>6${rest.replace(/>/g, '><')}`;
		symbols += 1 + rest.length;
	}
	return { data, modules: (symbols + 1) * 11 + 13 };
}
