/**
 * The 997 functional acknowledgment for a received interchange: one per functional group (AK1 with
 * its GS01 and GS06), an AK2/AK5 per transaction set (accepted, or rejected with AK3/AK4 for what
 * the reader found wrong), AK9 with the counts; addressed back to the sender. A group of 997s is
 * never acknowledged (that would loop between two trading partners).
 */
import { NOTED_KINDS, PROBLEM_KINDS } from '../x12/problems';
import type { X12Interchange, X12Problem, X12TransactionSet } from '../x12/types';
import type { EnvelopeOptions, EnvelopeSet } from './envelope';

/**
 * A reader's problem; the tolerant reader (`readX12`) also locates it: 0-based group and set
 * indexes, the 1-based element, and the segment's 1-based position in its set (`setPosition`, ST
 * is 1, as AK302 counts). Without them the problem is placed by its position in the interchange.
 */
export type LocatedProblem = X12Problem & {
	element?: number;
	interchange?: number;
	group?: number;
	set?: number;
	setPosition?: number;
};

export interface FunctionalAcknowledgments {
	/** One 997 per acknowledged group, in the interchange's order (none for groups of 997s). */
	sets: EnvelopeSet[];
	/** The index in `interchange.groups` each 997 answers. */
	groups: number[];
	/** Who sends and receives them: the interchange's receiver and sender, swapped. */
	envelope: Pick<
		EnvelopeOptions,
		'senderId' | 'receiverId' | 'qualifiers' | 'groupSenderId' | 'groupReceiverId' | 'usage'
	>;
}

/** A problem's code for one 997 element (AK304, AK403, AK502, AK905), from the kind the reader gave it. */
const codeFor = (
	problem: LocatedProblem,
	element: 'ak304' | 'ak403' | 'ak502' | 'ak905',
): string | undefined =>
	problem.kind === undefined
		? undefined
		: (PROBLEM_KINDS[problem.kind] as Partial<Record<typeof element, string>>)[element];

/**
 * AK502 (718) and AK905 (716) of an envelope problem with no kind (the strict check's, which keeps
 * its historical shape), by what its message says.
 */
const SET_ENVELOPE_CODES: Array<[RegExp, string]> = [
	[/number of segments/i, '4'],
	[/control number/i, '3'],
	[/not closed/i, '2'],
];
const GROUP_ENVELOPE_CODES: Array<[RegExp, string]> = [
	[/number of transaction sets/i, '5'],
	[/control number/i, '4'],
	[/not closed/i, '3'],
];

/** AK304 (720) of a segment problem with no kind, by what its message says; else 8 (data element errors). */
const SEGMENT_CODES: Array<[RegExp, string]> = [[/without a matching|outside/i, '2']];

/** AK403 (723) of a problem with no kind (a document reader's), by what its message says; else 7 (invalid code value). */
const ELEMENT_CODES: Array<[RegExp, string]> = [
	[/mandatory|missing|required/i, '1'],
	[/too many elements/i, '3'],
	[/too short|at least/i, '4'],
	[/too long|at most/i, '5'],
	[/character/i, '6'],
	[/date/i, '8'],
	[/time/i, '9'],
];

const codeOf = (table: Array<[RegExp, string]>, message: string, fallback: string) =>
	table.find(([pattern]) => pattern.test(message))?.[1] ?? fallback;

interface SetSpan {
	group: number;
	set: number;
	/** Positions (1-based, in the interchange) of its ST and SE. */
	first: number;
	last: number;
}

/** Where each set lies, counting segments as the reader did: ISA 1, then GS, ST…SE, GE, and so on. */
function spans(interchange: X12Interchange): { sets: SetSpan[]; groups: Array<[number, number]> } {
	const sets: SetSpan[] = [];
	const groups: Array<[number, number]> = [];
	let position = 1;
	interchange.groups.forEach((group, g) => {
		const gs = ++position;
		group.sets.forEach((set, s) => {
			const first = position + 1;
			position += set.segments.length;
			sets.push({ group: g, set: s, first, last: position });
		});
		groups.push([gs, ++position]);
	});
	return { sets, groups };
}

/** Each problem under its set (`group/set`) or, outside any set, its group; ISA/IEA's are dropped (a TA1's business). */
function placeProblems(located: ReturnType<typeof spans>, problems: readonly LocatedProblem[]) {
	const bySet = new Map<string, LocatedProblem[]>();
	const byGroup = new Map<number, LocatedProblem[]>();
	for (const problem of problems) {
		let group = problem.group;
		let set = problem.set;
		if (group === undefined) {
			const span = located.sets.find(
				(s) => problem.position >= s.first && problem.position <= s.last,
			);
			if (span) ({ group, set } = span);
			else
				group = located.groups.findIndex(
					([gs, ge]) => problem.position >= gs && problem.position <= ge,
				);
		}
		if (group === undefined || group < 0) continue;
		if (set === undefined) byGroup.set(group, [...(byGroup.get(group) ?? []), problem]);
		else bySet.set(`${group}/${set}`, [...(bySet.get(`${group}/${set}`) ?? []), problem]);
	}
	return { bySet, byGroup };
}

/**
 * The 997s for `interchange` given the errors the reader reported for it: pass that interchange's
 * errors only (from `readX12`, those whose `interchange` is its index), not the warnings, which
 * are layout the reader worked around.
 */
export function write997(
	interchange: X12Interchange,
	problems: readonly LocatedProblem[] = [],
): FunctionalAcknowledgments {
	const located = spans(interchange);
	const { bySet, byGroup } = placeProblems(located, problems);
	const sets: EnvelopeSet[] = [];
	const groups: number[] = [];
	interchange.groups.forEach((group, g) => {
		if (group.functionalId === 'FA' || group.sets.every((set) => set.type === '997')) return;
		const groupProblems = byGroup.get(g) ?? [];
		const segments: string[][] = [['AK1', group.functionalId, group.controlNumber]];
		let accepted = 0;
		let acknowledged = 0;
		let noted = false;
		// One AK2 per ST02: a repeated ST02 is not acknowledged twice, its AK5 rejects it (code 23).
		const repeated = repeatedControlNumbers(group.sets.map((set) => set.controlNumber));
		const done = new Set<string>();
		group.sets.forEach((set, s) => {
			if (done.has(set.controlNumber)) return;
			done.add(set.controlNumber);
			acknowledged++;
			const found = [
				...(bySet.get(`${g}/${s}`) ?? []),
				...(repeated.has(set.controlNumber) ? [NOT_UNIQUE] : []),
			];
			const span = located.sets.find((x) => x.group === g && x.set === s) as SetSpan;
			const answer = acknowledgeSet(set, span, found, groupProblems.length > 0);
			const status = answer[answer.length - 1][1];
			if (status === 'A' || status === 'E') accepted++;
			if (status === 'E') noted = true;
			segments.push(...answer);
		});
		const groupCodes = [
			...new Set(
				groupProblems.flatMap(
					(p) => codeFor(p, 'ak905') ?? (codeOf(GROUP_ENVELOPE_CODES, p.message, '') || []),
				),
			),
		].slice(0, 5);
		// E: every set accepted, some with errors noted (AK501 E).
		const status = accepted === acknowledged ? (noted ? 'E' : 'A') : accepted === 0 ? 'R' : 'P';
		// AK903 counts the sets acknowledged (one per ST02), as many as the AK2 loops.
		segments.push([
			'AK9',
			status,
			String(group.sets.length),
			String(acknowledged),
			String(accepted),
			...groupCodes,
		]);
		sets.push({ type: '997', segments: segments.map(trimTrailing) });
		groups.push(g);
	});

	const first = interchange.groups[0];
	return {
		sets,
		groups,
		envelope: {
			senderId: interchange.receiverId,
			receiverId: interchange.senderId,
			qualifiers: { sender: interchange.receiverQualifier, receiver: interchange.senderQualifier },
			groupSenderId: first?.receiverId,
			groupReceiverId: first?.senderId,
			usage: interchange.usage,
		},
	};
}

/** The problem a repeated ST02 is: its AK5 says 23. */
const NOT_UNIQUE: LocatedProblem = {
	segment: 'ST',
	position: 0,
	message: 'ST02 is not unique in its group',
	kind: 'setControlNumberNotUnique',
};

/**
 * One set's AK2 loop: AK2, AK3/AK4 per problem inside it (position counted with ST as 1), AK5 A,
 * or R with its codes when it has problems or its group does.
 */
function acknowledgeSet(
	set: X12TransactionSet,
	span: SetSpan,
	found: LocatedProblem[],
	groupHasProblems: boolean,
): string[][] {
	const segments: string[][] = [['AK2', set.type, set.controlNumber]];
	// An ST/SE problem with an AK502 code of its own says it there; any other is a segment in error,
	// said with its AK3 like a body segment's (AK502 5 always has an AK3 to say which).
	const envelopeCode = (p: LocatedProblem) =>
		p.segment === 'ST' || p.segment === 'SE'
			? (codeFor(p, 'ak502') ?? (codeOf(SET_ENVELOPE_CODES, p.message, '') || undefined))
			: undefined;
	const envelope = found.filter((p) => envelopeCode(p) !== undefined);
	const body = found.filter((p) => envelopeCode(p) === undefined);
	for (const problem of body) {
		const inSet = problem.setPosition ?? problem.position - span.first + 1;
		segments.push([
			'AK3',
			problem.segment.slice(0, 3),
			String(inSet),
			'',
			codeFor(problem, 'ak304') ?? codeOf(SEGMENT_CODES, problem.message, '8'),
		]);
		// AK3 alone says "segment has data element errors"; an unlocated element stays unnamed.
		if (problem.element !== undefined && problem.element > 0)
			segments.push([
				'AK4',
				String(problem.element),
				'',
				codeFor(problem, 'ak403') ?? codeOf(ELEMENT_CODES, problem.message, '7'),
			]);
	}
	if (found.length === 0 && !groupHasProblems) return [...segments, ['AK5', 'A']];
	// Only problems the reader reads past (out of order, over a maximum, unexpected): accepted, noted.
	if (!groupHasProblems && found.every((p) => p.kind !== undefined && NOTED_KINDS.has(p.kind)))
		return [...segments, ['AK5', 'E']];
	const codes = new Set([
		...envelope.map((p) => envelopeCode(p) as string),
		...(body.length > 0 ? ['5'] : []),
	]);
	return [...segments, ['AK5', 'R', ...[...codes].slice(0, 5)]];
}

/** The control numbers that occur more than once. */
function repeatedControlNumbers(numbers: string[]): Set<string> {
	const seen = new Set<string>();
	return new Set(numbers.filter((n) => seen.has(n) || !seen.add(n)));
}

function trimTrailing(segment: string[]): string[] {
	const copy = [...segment];
	while (copy.length > 1 && copy[copy.length - 1] === '') copy.pop();
	return copy;
}
