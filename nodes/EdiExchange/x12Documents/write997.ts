/**
 * The 997 functional acknowledgment for a received interchange: one per functional group (AK1 with
 * its GS01 and GS06), an AK2/AK5 per transaction set (accepted, or rejected with AK3/AK4 for what
 * the reader found wrong), AK9 with the counts; addressed back to the sender. A group of 997s is
 * never acknowledged (that would loop between two trading partners).
 */
import type { X12Interchange, X12Problem } from '../x12/types';
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

/** AK5/AK9 codes for envelope problems of a set (718) or a group (716), by what the message says. */
const SET_ENVELOPE_CODES: Array<[RegExp, string]> = [
	[/count|number of (included )?segments/i, '4'],
	[/control number/i, '3'],
	[/missing|not closed|no SE|without SE/i, '2'],
];
const GROUP_ENVELOPE_CODES: Array<[RegExp, string]> = [
	[/count|number of (included )?(transaction )?sets/i, '5'],
	[/control number/i, '4'],
	[/missing|not closed|no GE|without GE/i, '3'],
];
/** AK403 (723) by what the message says; 7 (invalid code value) when it says nothing known. */
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
		if (group === undefined || group < 0) continue; // ISA/IEA: the interchange's, a TA1's business
		if (set === undefined) byGroup.set(group, [...(byGroup.get(group) ?? []), problem]);
		else bySet.set(`${group}/${set}`, [...(bySet.get(`${group}/${set}`) ?? []), problem]);
	}

	const sets: EnvelopeSet[] = [];
	const groups: number[] = [];
	interchange.groups.forEach((group, g) => {
		if (group.functionalId === 'FA' || group.sets.every((set) => set.type === '997')) return;
		const segments: string[][] = [['AK1', group.functionalId, group.controlNumber]];
		const groupProblems = byGroup.get(g) ?? [];
		let accepted = 0;
		group.sets.forEach((set, s) => {
			segments.push(['AK2', set.type, set.controlNumber]);
			const found = bySet.get(`${g}/${s}`) ?? [];
			const span = located.sets.find((x) => x.group === g && x.set === s) as SetSpan;
			const envelope = found.filter((p) => p.segment === 'ST' || p.segment === 'SE');
			const body = found.filter((p) => p.segment !== 'ST' && p.segment !== 'SE');
			for (const problem of body) {
				const inSet = problem.setPosition ?? problem.position - span.first + 1;
				segments.push(['AK3', problem.segment.slice(0, 3), String(inSet), '', '8']);
				if (problem.element !== undefined && problem.element > 0)
					segments.push([
						'AK4',
						String(problem.element),
						'',
						codeOf(ELEMENT_CODES, problem.message, '7'),
					]);
				// AK3 alone says "segment has data element errors"; an unlocated element stays unnamed.
			}
			if (found.length === 0 && groupProblems.length === 0) {
				accepted++;
				segments.push(['AK5', 'A']);
			} else {
				const codes = [
					...new Set([
						...envelope.map((p) => codeOf(SET_ENVELOPE_CODES, p.message, '5')),
						...(body.length > 0 ? ['5'] : []),
					]),
				].slice(0, 5);
				segments.push(['AK5', 'R', ...codes]);
			}
		});
		const groupCodes = [
			...new Set(groupProblems.map((p) => codeOf(GROUP_ENVELOPE_CODES, p.message, '5'))),
		].slice(0, 5);
		const status = accepted === group.sets.length ? 'A' : accepted === 0 ? 'R' : 'P';
		segments.push([
			'AK9',
			status,
			String(group.sets.length),
			String(group.sets.length),
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

function trimTrailing(segment: string[]): string[] {
	const copy = [...segment];
	while (copy.length > 1 && copy[copy.length - 1] === '') copy.pop();
	return copy;
}
