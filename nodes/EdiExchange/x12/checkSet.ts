/**
 * The strict check of one transaction set against its tables: every segment has a place in the
 * set's loops, the set's mandatory segments are there, and every element the segment table lists
 * has its type's form and length, and is present where mandatory. For what we send; partners are
 * read tolerantly (read850 keeps what has no place as unmapped).
 */
import {
	type ElementDef,
	isLoop,
	type LoopDef,
	type SegmentDef,
	type TransactionSetDef,
} from './grammar';
import { LoopTracker } from './loops';
import { SEGMENTS } from './segmentTable';
import type { X12TransactionSet } from './types';

/** What `set` breaks of `def`'s tables, each naming the segment, its position (ST is 1) and the element. */
export function checkSet(set: X12TransactionSet, def: TransactionSetDef): string[] {
	const problems: string[] = [];
	const loops = new LoopTracker(def);
	const seen = new Set<string>();
	set.segments.forEach((elements, i) => {
		const id = elements[0];
		const where = `${id} (segment ${i + 1})`;
		seen.add(id);
		const segment = SEGMENTS.get(id);
		if (!loops.next(id)) problems.push(`${where} has no place in the ${def.id} here`);
		else if (segment) checkElements(segment, elements, i + 1, problems);
	});
	for (const id of mandatory(def.areas))
		if (!seen.has(id)) problems.push(`the ${def.id} has no ${id}`);
	return problems;
}

/** The elements of one segment against the segment table. */
function checkElements(
	segment: SegmentDef,
	elements: string[],
	position: number,
	problems: string[],
): void {
	const where = `${segment.id} (segment ${position})`;
	if (elements.length - 1 > segment.elements.length)
		problems.push(
			`${where} has ${elements.length - 1} elements, the table lists ${segment.elements.length}`,
		);
	for (const element of segment.elements) {
		const problem = checkElement(element, elements[element.position] ?? '');
		if (problem) problems.push(`${element.ref} (segment ${position}) ${problem}`);
	}
}

/** The segments each area must hold (not those of optional loops). */
function mandatory(loops: readonly LoopDef[]): string[] {
	return loops.flatMap((area) =>
		area.content.flatMap((entry) =>
			isLoop(entry)
				? entry.requirement === 'M'
					? [entry.loop]
					: []
				: entry.requirement === 'M'
					? [entry.segment]
					: [],
		),
	);
}

const FORMS: Record<string, RegExp> = {
	N0: /^-?\d+$/,
	N2: /^-?\d+$/,
	R: /^-?(\d+\.?\d*|\.\d+)$/,
	DT: /^(\d{2})?\d{6}$/,
	TM: /^\d{4}(\d{2}(\d{1,2})?)?$/,
};

/** Why `value` is not a valid `element`, or undefined. */
function checkElement(element: ElementDef, value: string): string | undefined {
	if (value === '')
		return element.requirement === 'M' ? `(${element.name}) is mandatory and empty` : undefined;
	const form = FORMS[element.type];
	if (form && !form.test(value))
		return `(${element.name}) is ${JSON.stringify(value)}, not of type ${element.type}`;
	const length =
		form && element.type !== 'DT' && element.type !== 'TM'
			? value.replace(/[-.]/g, '').length
			: value.length;
	if (length < element.min || length > element.max)
		return `(${element.name}) is ${length} long, X12 allows ${element.min} to ${element.max}`;
	return undefined;
}
