/**
 * Reads a whole interchange (ISA … IEA) and checks its envelope: control numbers that must match,
 * counts that must agree, and every ST/GS/ISA closed by its trailer. It reports the problems it
 * finds instead of stopping at the first, so a user can fix a file in one pass: the first
 * MAX_PROBLEMS of them, and how many more there are. One pass over the text, linear in its length.
 */
import { readIsa } from './isa';
import { brief, type ProblemPlace, ProblemList, segmentLabel, shown } from './problems';
import { type RawSegment, splitSegments } from './segments';
import type {
	X12Group,
	X12Interchange,
	X12Problem,
	X12Separators,
	X12TransactionSet,
} from './types';

export interface X12ReadResult {
	/** Present whenever the ISA could be read; meaningful only when `problems` is empty. */
	interchange?: X12Interchange;
	/** The first problems found (at most MAX_PROBLEMS). */
	problems: X12Problem[];
	/** How many more problems were found and not listed. */
	moreProblems: number;
	/** The interchange itself, ISA to IEA's terminator: without a BOM or blank lines around it. Set when IEA was read. */
	text?: string;
}

/** Most elements an envelope segment has (after its id): a trailing separator adds an empty one. */
const ENVELOPE_ELEMENTS = new Map([
	['GS', 8],
	['ST', 3],
	['SE', 2],
	['GE', 2],
	['IEA', 2],
]);

interface OpenSet {
	set: X12TransactionSet;
	position: number;
}
interface OpenGroup {
	group: X12Group;
	position: number;
}

const element = (segment: string[], index: number) => segment[index] ?? '';
const SEGMENT_ID = /^[A-Z][A-Z0-9]{1,2}$/;

export function readInterchange(text: string): X12ReadResult {
	const problems = new ProblemList();
	const start = /^[\s\uFEFF]*/.exec(text)![0].length;
	const isa = readIsa(text, start, problems);
	if (!isa) return { problems: problems.list, moreProblems: problems.more };

	const header = isa.elements;
	const usage = header[15];
	if (usage !== 'T' && usage !== 'P')
		problems.add('ISA', 1, `ISA15 (usage indicator) must be T or P, found ${shown(usage)}`);
	if (!/^\d{9}$/.test(header[13]))
		problems.add('ISA', 1, `ISA13 (control number) must be 9 digits, found ${shown(header[13])}`);

	const interchange = interchangeOf(header, isa.separators);

	const { end } = walk(splitSegments(text, isa.end, isa.separators, 2), interchange, {
		errors: problems,
	});
	return {
		interchange,
		problems: problems.list,
		moreProblems: problems.more,
		text: end === undefined ? undefined : text.slice(start, end),
	};
}

/** The interchange an ISA opens, its groups still to read. */
export function interchangeOf(header: string[], separators: X12Separators): X12Interchange {
	return {
		separators,
		senderQualifier: header[5].trim(),
		senderId: header[6].trim(),
		receiverQualifier: header[7].trim(),
		receiverId: header[8].trim(),
		date: header[9],
		time: header[10],
		version: header[12],
		controlNumber: header[13],
		usage: header[15] as 'T' | 'P',
		isa: header,
		groups: [],
	};
}

/** How the envelope walk reports, and where the tolerant reader's walk differs from the strict check's. */
export interface WalkOptions {
	/** Problems: always errors. */
	errors: ProblemList;
	/** Deviations the tolerant reader works around (absent: the strict check, where they are errors). */
	warnings?: ProblemList;
}

export interface WalkEnd {
	/** Where IEA's terminator ends, when IEA was read. */
	end?: number;
	/** Tolerant reading: where an ISA starts that came before this interchange's IEA (the next interchange). */
	nextIsa?: number;
}

/**
 * The envelope state machine: ISA → (GS → (ST … SE)* → GE)* → IEA. The strict check reads to the
 * end of the text (nothing may follow IEA); the tolerant reader stops at IEA, or at an ISA that
 * comes before it, so the next interchange is read on its own.
 */
export function walk(
	segments: Iterable<RawSegment>,
	interchange: X12Interchange,
	options: WalkOptions,
): WalkEnd {
	const { errors, warnings } = options;
	const tolerant = warnings !== undefined;
	let group: OpenGroup | undefined;
	let set: OpenSet | undefined;
	let closedAt: number | undefined;
	let lastPosition = 1;
	let indented = 0;
	let firstIndented = 0;
	let firstIndentedLabel = '';
	/** Where the segment being read is: its group and set, and its position in the set. */
	const here = (element?: number): ProblemPlace => {
		if (!tolerant || !group) return { element };
		const place: ProblemPlace = { element, group: interchange.groups.length - 1 };
		if (set) {
			place.set = group.group.sets.length - 1;
			// The segment being read is not in the set yet: it comes after those that are (ST is 1).
			place.setPosition = set.set.segments.length + 1;
		}
		return place;
	};
	const problem: Report = (segment, position, message, place) =>
		errors.add(segment, position, message, place);
	const deviation: Report = (segment, position, message, place) =>
		(warnings ?? errors).add(segment, position, message, place);
	const { separators } = interchange;

	const closeSetMissing = (at: number, found: string) => {
		if (!set) return;
		problem(
			'SE',
			at,
			`transaction set ${brief(set.set.type)} (ST02 ${brief(set.set.controlNumber)}, position ${set.position}) is not closed by SE; found ${found}`,
			{ ...here(), kind: 'setTrailerMissing' },
		);
		set = undefined;
	};
	const closeGroupMissing = (at: number, found: string) => {
		if (!group) return;
		problem(
			'GE',
			at,
			`functional group ${brief(group.group.functionalId)} (GS06 ${brief(group.group.controlNumber)}, position ${group.position}) is not closed by GE; found ${found}`,
			{ ...here(), kind: 'groupTrailerMissing' },
		);
		group = undefined;
	};

	for (const segment of segments) {
		const { elements, position, terminated, end } = segment;
		const id = elements[0];
		const label = segmentLabel(id);
		lastPosition = position;
		// Messages of per-segment problems are functions: a huge broken input makes millions, and only the first are listed.
		if (closedAt !== undefined) {
			problem(
				label,
				position,
				() => `nothing may follow IEA, found ${shown(elements.join(separators.element))}`,
			);
			break;
		}
		if (tolerant && opensInterchange(id)) {
			closeSetMissing(position, 'another ISA');
			closeGroupMissing(position, 'another ISA');
			problem(
				'ISA',
				position,
				'the interchange is not closed by IEA before the next ISA: the next interchange is read on its own',
			);
			return { nextIsa: segment.start };
		}
		if (segment.indented && indented++ === 0) {
			firstIndented = position;
			firstIndentedLabel = label;
		}
		if (!terminated) {
			// The last IEA without its terminator: every reader takes it; anything else is cut short.
			(id === 'IEA' ? deviation : problem)(
				label,
				position,
				() => `segment ${label} is not terminated by ${shown(separators.segment)}`,
				here(),
			);
		}
		if (segment.lineBreak)
			problem(
				label,
				position,
				() =>
					`segment ${label} has a line break inside it (the file looks hard-wrapped or cut by an editor): rejoin its lines`,
				{ ...here(), kind: 'invalidCharacter' },
			);
		if (id === '') {
			problem(
				label,
				position,
				() =>
					`the segment starts with the element separator ${shown(separators.element)}: its segment id (such as N1 or REF) is missing`,
				{ ...here(), kind: 'unrecognisedSegment' },
			);
		} else if (!SEGMENT_ID.test(id)) {
			problem(
				label,
				position,
				() => `segment id must be 2 or 3 upper-case letters or digits, found ${shown(id)}`,
				{ ...here(), kind: 'unrecognisedSegment' },
			);
		}
		const max = ENVELOPE_ELEMENTS.get(id);
		if (max !== undefined)
			checkElementCount(id, elements, max, position, separators.element, deviation);
		switch (id) {
			case 'ISA':
				problem(
					'ISA',
					position,
					'a second ISA inside the interchange: expected IEA before another ISA',
				);
				break;
			case 'GS':
				closeSetMissing(position, 'GS');
				closeGroupMissing(position, 'GS');
				group = { group: openGroup(elements), position };
				interchange.groups.push(group.group);
				break;
			case 'ST':
				closeSetMissing(position, 'ST');
				if (!group) problem('ST', position, 'ST outside a functional group: expected GS before ST');
				set = {
					set: {
						type: element(elements, 1),
						controlNumber: element(elements, 2),
						segments: [elements],
					},
					position,
				};
				group?.group.sets.push(set.set);
				break;
			case 'SE':
				if (!set) {
					problem('SE', position, 'SE without a matching ST', here());
					break;
				}
				set.set.segments.push(elements);
				// SE is in the set already: its position is the set's length.
				checkSetTrailer(set, elements, position, (segmentId, at, message, place) =>
					problem(segmentId, at, message, {
						...here(),
						setPosition: set?.set.segments.length,
						...place,
					}),
				);
				set = undefined;
				break;
			case 'GE':
				closeSetMissing(position, 'GE');
				if (!group) {
					problem('GE', position, 'GE without a matching GS');
					break;
				}
				checkCount(
					'GE',
					1,
					'number of transaction sets',
					elements,
					group.group.sets.length,
					position,
					problem,
					{ ...here(1), kind: 'groupSetCount' },
				);
				checkControl('GE', 2, 'GS06', elements, group.group.controlNumber, position, problem, {
					...here(2),
					kind: 'groupControlNumberMismatch',
				});
				group.group.ge = elements;
				group = undefined;
				break;
			case 'IEA':
				closeSetMissing(position, 'IEA');
				closeGroupMissing(position, 'IEA');
				// Tolerant reading: a wrong IEA changes nothing read (it is TA1's, not a 997's, business); Normalise rewrites it.
				checkCount(
					'IEA',
					1,
					'number of functional groups',
					elements,
					interchange.groups.length,
					position,
					deviation,
					{ element: 1 },
				);
				checkControl('IEA', 2, 'ISA13', elements, interchange.controlNumber, position, deviation, {
					element: 2,
				});
				closedAt = end;
				interchange.iea = elements;
				if (tolerant) {
					reportIndented();
					return { end };
				}
				break;
			default:
				if (set) set.set.segments.push(elements);
				else
					problem(
						label,
						position,
						() => `segment ${label} is outside a transaction set: expected ST, GE or IEA`,
						here(),
					);
		}
	}
	if (closedAt === undefined) {
		const end = lastPosition + 1;
		closeSetMissing(end, 'the end of the text');
		closeGroupMissing(end, 'the end of the text');
		problem('IEA', end, 'the interchange is not closed by IEA; found the end of the text');
	}
	reportIndented();
	return { end: closedAt };

	function reportIndented() {
		if (indented)
			deviation(
				firstIndentedLabel,
				firstIndented,
				`${indented} segment${indented === 1 ? ' is' : 's are'} indented (spaces or tabs before the segment id), the first at segment ${firstIndented}: the indentation is not part of the data`,
			);
	}
}

/** An ISA, with this interchange's element separator or another one (the next interchange may differ). */
const opensInterchange = (id: string) =>
	id.startsWith('ISA') && (id.length === 3 || !/^[A-Za-z0-9\s]/.test(id.charAt(3)));

function openGroup(elements: string[]): X12Group {
	return {
		functionalId: element(elements, 1),
		senderId: element(elements, 2).trim(),
		receiverId: element(elements, 3).trim(),
		date: element(elements, 4),
		time: element(elements, 5),
		controlNumber: element(elements, 6),
		version: element(elements, 8),
		gs: elements,
		sets: [],
	};
}

type Report = (
	segment: string,
	position: number,
	message: string | (() => string),
	place?: ProblemPlace,
) => void;

/** An envelope segment with an element too many: most often a trailing separator (`IEA*1*000000001*~`). */
function checkElementCount(
	id: string,
	elements: string[],
	max: number,
	position: number,
	separator: string,
	problem: Report,
): void {
	const count = elements.length - 1;
	if (count > 0 && elements[count] === '') {
		problem(
			id,
			position,
			`${id} ends with an empty element: remove the trailing ${shown(separator)} before the terminator`,
			{ element: count, kind: 'tooManyElements' },
		);
	} else if (count > max) {
		problem(id, position, `${id} has ${count} elements, expected at most ${max}`, {
			element: max + 1,
			kind: 'tooManyElements',
		});
	}
}

function checkSetTrailer(open: OpenSet, se: string[], position: number, problem: Report): void {
	checkCount(
		'SE',
		1,
		'number of segments ST..SE inclusive',
		se,
		open.set.segments.length,
		position,
		problem,
		{ element: 1, kind: 'setSegmentCount' },
	);
	checkControl('SE', 2, 'ST02', se, open.set.controlNumber, position, problem, {
		element: 2,
		kind: 'setControlNumberMismatch',
	});
}

/** A trailer count (SE01, GE01, IEA01) must equal what was actually counted. */
function checkCount(
	id: string,
	index: number,
	what: string,
	elements: string[],
	counted: number,
	position: number,
	problem: Report,
	place: ProblemPlace,
) {
	const found = element(elements, index);
	if (!/^\d+$/.test(found) || Number(found) !== counted) {
		problem(
			id,
			position,
			`${id}0${index} (${what}) expected ${counted}, found ${shown(found)}`,
			place,
		);
	}
}

/** A trailer control number (SE02, GE02, IEA02) must repeat its header's exactly. */
function checkControl(
	id: string,
	index: number,
	header: string,
	elements: string[],
	expected: string,
	position: number,
	problem: Report,
	place: ProblemPlace,
) {
	const found = element(elements, index);
	if (found !== expected) {
		problem(
			id,
			position,
			`${id}0${index} (control number) must equal ${header}: expected ${shown(expected)}, found ${shown(found)}`,
			place,
		);
	}
}
