/**
 * What a reader of a transaction set uses to map segments into a document: a segment whose
 * elements are taken by their X12 reference (`PO414`, from the segment table) and marked as used,
 * so whatever no mapping took is kept as unmapped; and the X12 values (dates, implied decimals)
 * as the documents write them.
 */
import { keepShape } from '../x12/shapes';
import { nearestYear } from './century';

/** A segment, or some elements of one, that the document has no field for. */
export interface X12Unmapped {
	/** 1-based position in the transaction set (ST is 1). */
	position: number;
	/** The segment as read: element 0 is its id. */
	segment: string[];
	/** The element indexes left out; absent when the whole segment is. */
	elements?: number[];
}

/**
 * A segment whose elements are marked as they are taken: what is left over is unmapped. One
 * object reads a whole set, segment after segment (`at`): a large file has millions of segments.
 */
export class Segment {
	private used = 1;
	private usedMore?: Set<number>;
	elements: string[] = [];
	/** 1-based position in the transaction set (ST is 1). */
	position = 0;

	constructor() {
		keepShape(this);
	}

	/** This object, now reading `elements` at `position`, nothing taken yet. */
	at(elements: string[], position: number): this {
		this.elements = elements;
		this.position = position;
		this.used = 1;
		this.usedMore = undefined;
		return this;
	}

	get id(): string {
		return this.elements[0] ?? '';
	}

	/** `BEG03 (segment 2)`: where element `ref` is, as messages say it. */
	label(ref: string): string {
		return `${ref} (segment ${this.position})`;
	}

	/** Element `ref` (`BEG03`, as the segment table names it), '' when absent; marks it used. */
	take(ref: string): string {
		return this.takeAt(position(ref));
	}

	/** Element `ref` without marking it. */
	peek(ref: string): string {
		return this.elements[position(ref)] ?? '';
	}

	/** The element at `position` (a repeated pair: PO106, PO108…), marked used. */
	takeAt(position: number): string {
		if (position < 31) this.used |= 1 << position;
		else (this.usedMore ??= new Set()).add(position);
		return this.elements[position] ?? '';
	}

	/** The element at `position`, not marked. */
	peekAt(position: number): string {
		return this.elements[position] ?? '';
	}

	/** Non-empty elements nobody took; undefined when there are none. */
	leftOver(): number[] | undefined {
		let left: number[] | undefined;
		for (let i = 1; i < this.elements.length; i++) {
			const taken = i < 31 ? (this.used & (1 << i)) !== 0 : this.usedMore?.has(i) === true;
			if (!taken && this.elements[i] !== '') (left ??= []).push(i);
		}
		return left;
	}
}

/** The position a reference names: its last two digits (`PO414` → 14). Read once per element taken, so no lookup. */
const position = (ref: string): number =>
	(ref.charCodeAt(ref.length - 2) - 48) * 10 + ref.charCodeAt(ref.length - 1) - 48;

/**
 * CCYYMMDD (or YYMMDD of older versions, in the century nearest `referenceYear`; 20YY without one)
 * → YYYY-MM-DD, when the day exists (a year before 100 never does: JavaScript dates read it as
 * 19YY). Read by character codes: a large file has a date or more in every set.
 */
export function x12Date(value: string, referenceYear?: number): string | undefined {
	const length = value.length;
	if ((length !== 6 && length !== 8) || !allDigits(value)) return undefined;
	const yy = Number(value.slice(length - 6, length - 4));
	const year =
		length === 8
			? Number(value.slice(0, 4))
			: referenceYear === undefined
				? 2000 + yy
				: nearestYear(yy, referenceYear);
	const month = Number(value.slice(length - 4, length - 2));
	const day = Number(value.slice(length - 2));
	if (year < 100 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month))
		return undefined;
	return `${String(year).padStart(4, '0')}-${value.slice(length - 4, length - 2)}-${value.slice(length - 2)}`;
}

function allDigits(value: string): boolean {
	for (let i = 0; i < value.length; i++) {
		const code = value.charCodeAt(i);
		if (code < 48 || code > 57) return false;
	}
	return true;
}

/** Days in `month` (1-12) of `year`, Gregorian. */
function daysIn(year: number, month: number): number {
	if (month !== 2) return DAYS[month - 1];
	return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** An N2 amount (two implied decimals, "1500" is 15.00) as decimal text. */
export function impliedCents(value: string): string | undefined {
	const match = /^(-?)(\d+)$/.exec(value);
	if (!match) return undefined;
	const digits = match[2].padStart(3, '0');
	const whole = digits.slice(0, -2).replace(/^0+(?=\d)/, '');
	return `${match[1]}${whole}.${digits.slice(-2)}`;
}
