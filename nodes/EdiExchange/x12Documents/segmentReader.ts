/**
 * What a reader of a transaction set uses to map segments into a document: a segment whose
 * elements are taken by their X12 reference (`PO414`, from the segment table) and marked as used,
 * so whatever no mapping took is kept as unmapped; and the X12 values (dates, implied decimals)
 * as the documents write them.
 */
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
 * → YYYY-MM-DD, when the day exists.
 */
export function x12Date(value: string, referenceYear?: number): string | undefined {
	const match = /^(\d{2})?(\d{2})(\d{2})(\d{2})$/.exec(value);
	if (!match) return undefined;
	const year =
		match[1] !== undefined || referenceYear === undefined
			? Number(`${match[1] ?? '20'}${match[2]}`)
			: nearestYear(Number(match[2]), referenceYear);
	const month = Number(match[3]);
	const day = Number(match[4]);
	const date = new Date(Date.UTC(year, month - 1, day));
	if (
		date.getUTCFullYear() !== year ||
		date.getUTCMonth() !== month - 1 ||
		date.getUTCDate() !== day
	)
		return undefined;
	return `${String(year).padStart(4, '0')}-${match[3]}-${match[4]}`;
}

/** An N2 amount (two implied decimals, "1500" is 15.00) as decimal text. */
export function impliedCents(value: string): string | undefined {
	const match = /^(-?)(\d+)$/.exec(value);
	if (!match) return undefined;
	const digits = match[2].padStart(3, '0');
	const whole = digits.slice(0, -2).replace(/^0+(?=\d)/, '');
	return `${match[1]}${whole}.${digits.slice(-2)}`;
}
