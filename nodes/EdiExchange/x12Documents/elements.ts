/**
 * What an X12 004010 element can carry, checked before anything is sent: its length, its type and
 * no separator character. Errors name the field of the document (a DocumentError, which the nodes
 * turn into a NodeOperationError), not only the X12 element, so a user knows what to shorten.
 */
import {
	type Decimal,
	formatPrice,
	formatQuantity,
	normalizeDecimal,
	parseDecimal,
	roundDecimal,
} from '../documents/decimal';
import { DocumentError } from '../documents/errors';
import type { ElementType } from '../x12/grammar';
import { elementOf } from '../x12/segmentTable';
import { type CodeList, PRODUCT_IDS } from './codes';

export type { ElementType };

/** An element of the 004010 dictionary as a segment uses it: `['BAK03', 'AN', 1, 22]`. */
export type ElementSpec = readonly [ref: string, type: ElementType, min: number, max: number];

const SPECS = new Map<string, ElementSpec>();

/** The spec of element `ref` (`BAK03`), from the segment table (x12/segmentTable.ts). */
export function spec(ref: string): ElementSpec {
	let found = SPECS.get(ref);
	if (!found) {
		const { type, min, max } = elementOf(ref);
		found = [ref, type, min, max];
		SPECS.set(ref, found);
	}
	return found;
}

/** The delimiters an interchange will use; writers refuse data holding any of them. */
export interface WriteSeparators {
	element: string;
	component: string;
	segment: string;
	/** Empty in 004010 (ISA11 is the standards identifier `U`). */
	repetition?: string;
}

export const DEFAULT_SEPARATORS: WriteSeparators = {
	element: '*',
	component: '>',
	segment: '~',
	repetition: '',
};

/** Options every document writer takes. */
export interface WriteOptions {
	/** The separators of the interchange the segments will go into (default `*`, `>`, `~`). */
	separators?: Partial<WriteSeparators>;
	/**
	 * Product id qualifiers a trading partner's guide asks for instead of ours, by productIds key
	 * (e.g. `{ buyerItemNumber: 'IN', sku: 'SK' }`); two-character X12 codes (235).
	 */
	productIdQualifiers?: Record<string, string>;
	/** Product id qualifiers a partner wants first on each line, in that order (e.g. `['SK', 'UP']`). */
	productIdOrder?: readonly string[];
}

const SEPARATOR_NAMES = ['element', 'component', 'segment', 'repetition'] as const;

const DIGITS = /^\d+$/;

/** Builds one transaction set's segments, checking every element against its spec. */
export class SegmentWriter {
	readonly segments: string[][] = [];
	private readonly reserved: Array<[string, string]>;

	/** `documentName` as errors say it: "acknowledgment (855)". */
	/** Product id qualifiers by productIds key: ours, with the partner's overrides. */
	readonly productIdCodes: CodeList;
	/** Qualifiers written first on each line, in this order (the Product ID Order option). */
	readonly productIdOrder: readonly string[];

	constructor(
		readonly documentName: string,
		options: WriteOptions = {},
	) {
		const all = { ...DEFAULT_SEPARATORS, ...(options.separators ?? {}) };
		const overrides = options.productIdQualifiers ?? {};
		for (const [key, code] of Object.entries(overrides))
			if (typeof code !== 'string' || !/^[A-Z0-9]{2}$/.test(code))
				throw new DocumentError(
					`The option "productIdQualifiers.${key}" is ${JSON.stringify(code)}: an X12 product id qualifier is two letters or digits (e.g. "IN", "SK")`,
					`productIdQualifiers.${key}`,
				);
		this.productIdCodes = PRODUCT_IDS.withCodes(overrides);
		this.productIdOrder = (options.productIdOrder ?? []).map((code) => code.trim().toUpperCase());
		this.reserved = SEPARATOR_NAMES.filter((name) => all[name])
			.map((name) => [all[name] as string, `${name} separator`] as [string, string])
			.concat([
				['\r', 'carriage return'],
				['\n', 'line feed'],
			]);
	}

	/** Appends a segment; trailing empty elements are dropped (X12 forbids them). */
	add(id: string, ...elements: Array<string | undefined>): void {
		const segment = [id, ...elements.map((e) => e ?? '')];
		while (segment.length > 1 && segment[segment.length - 1] === '') segment.pop();
		this.segments.push(segment);
	}

	/** An error naming the field: `The invoice (810)'s "x" <message>`. */
	error(field: string, message: string): DocumentError {
		return new DocumentError(`The ${this.documentName}'s "${field}" ${message}`, field);
	}

	/** Text for an AN/ID element (undefined or '' stays absent). */
	text(value: unknown, spec: ElementSpec, field: string): string | undefined {
		if (value === undefined || value === null || value === '') return undefined;
		if (typeof value !== 'string' && typeof value !== 'number')
			throw this.error(field, `is ${JSON.stringify(value)}, not text`);
		const text = typeof value === 'number' ? numberText(value, () => this.unsafe(field)) : value;
		this.checkCharacters(text, spec, field);
		const [ref, , min, max] = spec;
		if (text.length > max)
			throw this.error(
				field,
				`is ${text.length} characters long: X12 ${ref} holds at most ${max} (${JSON.stringify(clip(text))})`,
			);
		if (text.length < min)
			throw this.error(
				field,
				`is ${text.length} characters long: X12 ${ref} needs at least ${min} (${JSON.stringify(text)})`,
			);
		return text;
	}

	/** Like `text`, for an element the segment cannot go without. */
	required(value: unknown, spec: ElementSpec, field: string): string {
		const text = this.text(value, spec, field);
		if (text === undefined)
			throw new DocumentError(
				`The ${this.documentName} has no "${field}" (X12 ${spec[0]} is mandatory)`,
				field,
			);
		return text;
	}

	/** An R (decimal) element: exact text of the decimal, its digits counted without sign and point. */
	decimal(value: Decimal, spec: ElementSpec, field: string): string {
		return this.digits(formatQuantity(value), spec, field);
	}

	/** An R element for a unit price: at least two decimals ("101.00"), as retail guides print prices. */
	price(value: Decimal, spec: ElementSpec, field: string): string {
		return this.digits(formatPrice(value), spec, field);
	}

	/** A decimal of the document, refused naming the field when it is not one. */
	parse(value: unknown, field: string): Decimal {
		try {
			return parseDecimal(value, 'value');
		} catch {
			throw this.error(
				field,
				`is ${value === undefined ? 'missing' : JSON.stringify(value)}, not a decimal number such as "12.50"`,
			);
		}
	}

	/** A decimal string of the document for an R element. */
	decimalText(value: unknown, spec: ElementSpec, field: string): string | undefined {
		if (value === undefined || value === null || value === '') return undefined;
		return this.decimal(this.parse(value, field), spec, field);
	}

	/** An N2 element: the amount in hundredths, exactly ("123.45" → "12345"); more decimals are refused. */
	implied2(value: unknown, spec: ElementSpec, field: string): string {
		const parsed = this.parse(value, field);
		if (normalizeDecimal(parsed).scale > 2)
			throw this.error(
				field,
				`is ${String(value)}: X12 ${spec[0]} carries exactly two decimals (implied), round it to cents`,
			);
		return this.digits(roundDecimal(parsed, 2).units.toString(), spec, field);
	}

	/** An N0 element: a whole number. */
	integer(value: unknown, spec: ElementSpec, field: string): string | undefined {
		if (value === undefined || value === null || value === '') return undefined;
		const text = typeof value === 'number' ? numberText(value, () => this.unsafe(field)) : value;
		if (typeof text !== 'string' || !/^-?\d+$/.test(text.trim()))
			throw this.error(field, `is ${JSON.stringify(value)}: X12 ${spec[0]} holds a whole number`);
		return this.digits(text.trim(), spec, field);
	}

	/** A DT element from the document's YYYY-MM-DD. */
	date(value: unknown, spec: ElementSpec, field: string): string | undefined {
		if (value === undefined || value === null || value === '') return undefined;
		const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
		if (!match || !isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3])))
			throw this.error(
				field,
				`is ${JSON.stringify(value)}: X12 ${spec[0]} needs a date as YYYY-MM-DD (e.g. "2026-11-24")`,
			);
		return match[1] + match[2] + match[3];
	}

	/** Like `date`, for a mandatory element. */
	requiredDate(value: unknown, spec: ElementSpec, field: string): string {
		const date = this.date(value, spec, field);
		if (date === undefined)
			throw new DocumentError(
				`The ${this.documentName} has no "${field}" (X12 ${spec[0]} is mandatory)`,
				field,
			);
		return date;
	}

	/** A TM element from HHMM or HH:MM. */
	time(value: unknown, spec: ElementSpec, field: string): string | undefined {
		if (value === undefined || value === null || value === '') return undefined;
		const text = typeof value === 'string' ? value.replace(':', '') : '';
		if (!/^([01]\d|2[0-3])[0-5]\d$/.test(text))
			throw this.error(
				field,
				`is ${JSON.stringify(value)}: X12 ${spec[0]} needs a time as HHMM (e.g. "1430")`,
			);
		return text;
	}

	private digits(text: string, spec: ElementSpec, field: string): string {
		const [ref, , min, max] = spec;
		const count = text.replace(/[-.]/g, '').length;
		if (count > max)
			throw this.error(
				field,
				`is ${text}: X12 ${ref} holds at most ${max} digits, this has ${count}`,
			);
		if (count < min) throw this.error(field, `is ${text}: X12 ${ref} needs at least ${min} digits`);
		return text;
	}

	private checkCharacters(text: string, spec: ElementSpec, field: string): void {
		for (const [character, name] of this.reserved) {
			if (text.includes(character))
				throw this.error(
					field,
					`contains ${JSON.stringify(character)}, the interchange's ${name}: X12 ${spec[0]} cannot carry it (remove it, or use other separators)`,
				);
		}
		if (spec[1] === 'N0' && !DIGITS.test(text))
			throw this.error(field, `is ${JSON.stringify(text)}: X12 ${spec[0]} holds digits only`);
	}

	private unsafe(field: string): DocumentError {
		return this.error(
			field,
			'is a number too large to be exact in JSON: give it as a string (e.g. "100487590500000210")',
		);
	}
}

/** A JSON number as text, refused when it lost digits (identifiers such as GTINs or SSCCs given as numbers). */
function numberText(value: number, unsafe: () => Error): string {
	if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value)))
		throw unsafe();
	return String(value);
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

function isCalendarDay(year: number, month: number, day: number): boolean {
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
