/**
 * The envelope's three levels, one small state each: a transaction set (ST … SE), a functional
 * group (GS … GE) and the interchange (ISA … IEA). Each opens on its header, takes the segments
 * inside it, checks its trailer (counts, control numbers) and says when it was never closed.
 */
import type { ElementDef } from './grammar';
import { elementOf, SEGMENTS } from './segmentTable';
import type { SetChecks } from './setChecks';
import { brief, type ProblemList, type ProblemPlace, shown } from './problems';
import type { X12Group, X12Interchange, X12TransactionSet } from './types';
import { keepShape } from './shapes';

export type Report = (
	segment: string,
	position: number,
	message: string | (() => string),
	place?: ProblemPlace,
) => void;

/** Where problems go: errors always; deviations are warnings when reading tolerantly, else errors. */
export class Reports {
	readonly tolerant: boolean;
	constructor(
		readonly errors: ProblemList,
		readonly warnings?: ProblemList,
	) {
		this.tolerant = warnings !== undefined;
		keepShape(this);
	}
	readonly problem: Report = (segment, position, message, place) =>
		this.errors.add(segment, position, message, place);
	readonly deviation: Report = (segment, position, message, place) =>
		(this.warnings ?? this.errors).add(segment, position, message, place);
}

const element = (segment: string[], index: number) => segment[index] ?? '';

/** ST … SE. */
export class SetLevel {
	readonly set: X12TransactionSet;

	constructor(
		st: string[],
		readonly position: number,
		/** Tolerant reading: the structure checks, told of the set when it is closed. */
		private readonly checks?: SetChecks,
	) {
		this.set = { type: element(st, 1), controlNumber: element(st, 2), segments: [st] };
		keepShape(this);
	}

	/** A segment of the set (SE included). */
	add(elements: string[]): void {
		this.set.segments.push(elements);
	}

	/** SE (already added to the set): it counts the set's segments and repeats ST02. `place`: where SE is, built only for a problem. */
	close(se: string[], position: number, report: Report, place: () => ProblemPlace): void {
		this.checks?.finish(this.set, this.position);
		checkCount(SE01, se, this.set.segments.length, position, report, () => ({
			...place(),
			element: 1,
			kind: 'setSegmentCount',
		}));
		checkControl(SE02, 'ST02', se, this.set.controlNumber, position, report, () => ({
			...place(),
			element: 2,
			kind: 'setControlNumberMismatch',
		}));
	}

	notClosed(at: number, found: string, report: Report, place: ProblemPlace): void {
		this.checks?.finish(this.set, this.position);
		const { type, controlNumber } = this.set;
		report(
			'SE',
			at,
			`transaction set ${brief(type)} (ST02 ${brief(controlNumber)}, position ${this.position}) is not closed by SE; found ${found}`,
			place,
		);
	}
}

/** GS … GE. */
export class GroupLevel {
	readonly group: X12Group;
	constructor(
		gs: string[],
		readonly position: number,
	) {
		this.group = {
			functionalId: element(gs, 1),
			senderId: element(gs, 2).trim(),
			receiverId: element(gs, 3).trim(),
			date: element(gs, 4),
			time: element(gs, 5),
			controlNumber: element(gs, 6),
			version: element(gs, 8),
			gs,
			sets: [],
		};
		keepShape(this);
	}

	/** GE: it counts the group's sets and repeats GS06. */
	close(ge: string[], position: number, report: Report, place: (e: number) => ProblemPlace): void {
		checkCount(GE01, ge, this.group.sets.length, position, report, () => ({
			...place(1),
			kind: 'groupSetCount',
		}));
		checkControl(GE02, 'GS06', ge, this.group.controlNumber, position, report, () => ({
			...place(2),
			kind: 'groupControlNumberMismatch',
		}));
		this.group.ge = ge;
	}

	notClosed(at: number, found: string, report: Report, place: ProblemPlace): void {
		const { functionalId, controlNumber } = this.group;
		report(
			'GE',
			at,
			`functional group ${brief(functionalId)} (GS06 ${brief(controlNumber)}, position ${this.position}) is not closed by GE; found ${found}`,
			place,
		);
	}
}

/** IEA: it counts the groups and repeats ISA13. Tolerant reading: a wrong IEA changes nothing read (TA1's business, not a 997's). */
export function closeInterchange(
	interchange: X12Interchange,
	iea: string[],
	position: number,
	report: Report,
): void {
	checkCount(IEA01, iea, interchange.groups.length, position, report, () => ({ element: 1 }));
	checkControl(IEA02, 'ISA13', iea, interchange.controlNumber, position, report, () => ({
		element: 2,
	}));
	interchange.iea = iea;
}

/** Most elements an envelope segment has (after its id), from the segment table. */
const ENVELOPE_ELEMENTS = new Map(
	['GS', 'ST', 'SE', 'GE', 'IEA'].map((id) => [id, SEGMENTS.get(id)?.elements.length ?? 0]),
);

/** An envelope segment with an element too many: most often a trailing separator (`IEA*1*000000001*~`). */
export function checkElementCount(
	elements: string[],
	position: number,
	separator: string,
	report: Report,
): void {
	const id = elements[0];
	const max = ENVELOPE_ELEMENTS.get(id);
	if (max === undefined) return;
	const count = elements.length - 1;
	if (count > 0 && elements[count] === '') {
		report(
			id,
			position,
			`${id} ends with an empty element: remove the trailing ${shown(separator)} before the terminator`,
			{ element: count, kind: 'tooManyElements' },
		);
	} else if (count > max) {
		report(id, position, `${id} has ${count} elements, expected at most ${max}`, {
			element: max + 1,
			kind: 'tooManyElements',
		});
	}
}

/** The trailer elements checked, looked up once: a large file closes a set every few segments. */
const [SE01, SE02, GE01, GE02, IEA01, IEA02] = [
	'SE01',
	'SE02',
	'GE01',
	'GE02',
	'IEA01',
	'IEA02',
].map(elementOf);

/** A trailer count (SE01, GE01, IEA01) must equal what was actually counted; the table names it. */
function checkCount(
	def: ElementDef,
	elements: string[],
	counted: number,
	position: number,
	report: Report,
	place: () => ProblemPlace,
) {
	const found = element(elements, def.position);
	if (!isCount(found, counted))
		report(
			elements[0],
			position,
			`${def.ref} (${def.name}) expected ${counted}, found ${shown(found)}`,
			place(),
		);
}

/** Whether `text` is only digits (leading zeros allowed) and their number is `count`. */
function isCount(text: string, count: number): boolean {
	if (text === '') return false;
	let value = 0;
	for (let i = 0; i < text.length; i++) {
		const digit = text.charCodeAt(i) - 48;
		if (digit < 0 || digit > 9) return false;
		value = value * 10 + digit;
	}
	return value === count;
}

/** A trailer control number (SE02, GE02, IEA02) must repeat its header's exactly. */
function checkControl(
	def: ElementDef,
	header: string,
	elements: string[],
	expected: string,
	position: number,
	report: Report,
	place: () => ProblemPlace,
) {
	const found = element(elements, def.position);
	if (found !== expected)
		report(
			elements[0],
			position,
			`${def.ref} (control number) must equal ${header}: expected ${shown(expected)}, found ${shown(found)}`,
			place(),
		);
}
