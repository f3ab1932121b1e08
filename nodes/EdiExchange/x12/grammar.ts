/**
 * The X12 grammar as data: what a segment's elements are (type, length, requirement) and how a
 * transaction set orders its segments into loops (requirement, maximum use). The tables are in
 * segmentTable.ts and sets/; readers, writers and the strict check look facts up here instead of
 * repeating them. The shapes follow the standard's own tables (as stupidedi's segment and
 * transaction set definitions and pyx12's maps do).
 */

/** AN text, ID code, N0/N2 integers (N2 with two implied decimals), R decimal, DT date, TM time. */
export type ElementType = 'AN' | 'ID' | 'N0' | 'N2' | 'R' | 'DT' | 'TM';

/** M mandatory, O optional, X relational (required or forbidden with another element). */
export type Requirement = 'M' | 'O' | 'X';

export interface ElementDef {
	/** `BEG03`: segment id and 1-based position. */
	readonly ref: string;
	/** 1-based position in the segment (3 for BEG03). */
	readonly position: number;
	/** Number in the X12 data element dictionary (`324`). */
	readonly number: string;
	/** What it holds, as messages name it ("purchase order number"). */
	readonly name: string;
	readonly type: ElementType;
	readonly min: number;
	readonly max: number;
	readonly requirement: Requirement;
}

export interface SegmentDef {
	readonly id: string;
	readonly name: string;
	/** Elements in order; the table lists a segment up to the last element this package reads or writes. */
	readonly elements: readonly ElementDef[];
}

/** `[number, name, type, min, max, requirement]`: one element as the tables write it. */
export type ElementRow = readonly [string, string, ElementType, number, number, Requirement];

/** A segment from its rows; element refs are numbered from 01. */
export function segment(id: string, name: string, rows: readonly ElementRow[]): SegmentDef {
	const elements = rows.map(
		([number, elementName, type, min, max, requirement], i): ElementDef => ({
			ref: `${id}${String(i + 1).padStart(2, '0')}`,
			position: i + 1,
			number,
			name: elementName,
			type,
			min,
			max,
			requirement,
		}),
	);
	return { id, name, elements };
}

/** `count` qualifier/id pairs (PO106…, LIN02…): the same two elements repeated. */
export function pairs(count: number, qualifier: ElementRow, id: ElementRow): ElementRow[] {
	return Array.from({ length: count }, () => [qualifier, id]).flat();
}

/** Unbounded maximum use (">1" in the standard's tables). */
export const MANY = Number.POSITIVE_INFINITY;

/** A segment in a set's table: its id, requirement and maximum use. */
export interface SegmentUse {
	readonly segment: string;
	readonly requirement: 'M' | 'O';
	readonly max: number;
}

/** A loop: named by its first segment, which it must start with; repeated at most `max` times. */
export interface LoopDef {
	readonly loop: string;
	readonly requirement: 'M' | 'O';
	readonly max: number;
	readonly content: readonly Entry[];
}

export type Entry = SegmentUse | LoopDef;

/** A transaction set: its id and its areas (header, detail, summary) in order (its GS01 is in the registry, documents/registry.ts). */
export interface TransactionSetDef {
	readonly id: string;
	readonly name: string;
	readonly areas: readonly LoopDef[];
}

export const use = (id: string, requirement: 'M' | 'O' = 'O', max = 1): SegmentUse => ({
	segment: id,
	requirement,
	max,
});
export const loop = (
	first: SegmentUse,
	max: number,
	content: readonly Entry[],
	requirement: 'M' | 'O' = 'O',
): LoopDef => ({ loop: first.segment, requirement, max, content: [first, ...content] });
export const area = (name: string, content: readonly Entry[]): LoopDef => ({
	loop: name,
	requirement: 'M',
	max: 1,
	content,
});

export const isLoop = (entry: Entry): entry is LoopDef => 'loop' in entry;
