/**
 * The problems found in one interchange, kept to the first few: a broken multi-megabyte input can
 * hold millions, and a user fixes the first ones anyway. The rest are only counted.
 */
import type { X12Problem } from './types';
import { keepShape } from './shapes';

/**
 * What kind of problem a reader found, and the code a 997 reports it with: AK304 (segment syntax
 * error, element 720), AK403 (element syntax error, 723), AK502 (transaction set, 718) or AK905
 * (functional group, 716). Readers tag a problem with its kind; the 997 writer only looks codes up.
 */
export const PROBLEM_KINDS = {
	unrecognisedSegment: { ak304: '1' },
	unexpectedSegment: { ak304: '2' },
	mandatorySegmentMissing: { ak304: '3' },
	loopOverMaximum: { ak304: '4' },
	segmentOverMaximumUse: { ak304: '5' },
	segmentNotInSet: { ak304: '6' },
	segmentOutOfOrder: { ak304: '7' },
	mandatoryElementMissing: { ak304: '8', ak403: '1' },
	conditionalElementMissing: { ak304: '8', ak403: '2' },
	tooManyElements: { ak304: '8', ak403: '3' },
	elementTooShort: { ak304: '8', ak403: '4' },
	elementTooLong: { ak304: '8', ak403: '5' },
	invalidCharacter: { ak304: '8', ak403: '6' },
	invalidCode: { ak304: '8', ak403: '7' },
	invalidDate: { ak304: '8', ak403: '8' },
	invalidTime: { ak304: '8', ak403: '9' },
	setTrailerMissing: { ak502: '2' },
	setControlNumberMismatch: { ak502: '3' },
	setSegmentCount: { ak502: '4' },
	setControlNumberNotUnique: { ak502: '23' },
	groupTrailerMissing: { ak905: '3' },
	groupControlNumberMismatch: { ak905: '4' },
	groupSetCount: { ak905: '5' },
} as const satisfies Record<
	string,
	{ ak304?: string; ak403?: string; ak502?: string; ak905?: string }
>;

export type ProblemKind = keyof typeof PROBLEM_KINDS;

/**
 * The set check's kinds (x12/setStructure.ts). The tolerant reader reads past them, so they are
 * warnings; a 997 still reports each with its AK3. Those a reader works around leave the set
 * accepted with errors noted (AK501 E); a mandatory segment missing rejects it (R).
 */
export const STRUCTURE_KINDS: ReadonlySet<ProblemKind> = new Set<ProblemKind>([
	'unexpectedSegment',
	'mandatorySegmentMissing',
	'loopOverMaximum',
	'segmentOverMaximumUse',
	'segmentOutOfOrder',
]);
export const NOTED_KINDS: ReadonlySet<ProblemKind> = new Set<ProblemKind>([
	'unexpectedSegment',
	'loopOverMaximum',
	'segmentOverMaximumUse',
	'segmentOutOfOrder',
]);

export const MAX_PROBLEMS = 50;

/** Longest excerpt of the input quoted in a message. */
const EXCERPT = 40;

/** Where a problem is, beyond its segment: element, and (tolerant reading) interchange, group, set. */
export type ProblemPlace = Pick<
	X12Problem,
	'element' | 'interchange' | 'group' | 'set' | 'setPosition' | 'kind'
>;

export class ProblemList {
	readonly list: X12Problem[] = [];
	/** Problems found beyond the first MAX_PROBLEMS. */
	more = 0;

	/**
	 * `located`: keep the place given with each problem (the tolerant reader's problems carry it;
	 * the strict check's keep their historical shape).
	 */
	constructor(private readonly located = false) {
		keepShape(this);
	}

	/** `message` may be a function: then it is only built for a problem that is listed. */
	add(
		segment: string,
		position: number,
		message: string | (() => string),
		place?: ProblemPlace,
	): void {
		if (this.list.length < MAX_PROBLEMS) {
			const problem: X12Problem = {
				segment,
				position,
				message: typeof message === 'string' ? message : message(),
			};
			if (this.located && place) {
				for (const key of PLACE_KEYS)
					if (place[key] !== undefined) Object.assign(problem, { [key]: place[key] });
			}
			this.list.push(problem);
		} else this.more++;
	}
}

const PLACE_KEYS = ['element', 'interchange', 'group', 'set', 'setPosition', 'kind'] as const;

/** A value of the input as a message quotes it: JSON-escaped, cut after 40 characters. */
export function shown(value: string): string {
	return value.length > EXCERPT
		? `${JSON.stringify(value.slice(0, EXCERPT))}… (${value.length} characters)`
		: JSON.stringify(value);
}

/** A segment id as a problem names it: never empty or blank, never a whole line of garbage. */
export function segmentLabel(id: string): string {
	if (/^[A-Za-z0-9]{1,3}$/.test(id)) return id;
	if (id.trim() === '') return '(no segment id)';
	return JSON.stringify(id.length > 6 ? `${id.slice(0, 6)}…` : id);
}

/** A value of the input quoted without quotes when short (a set type, a control number), else as `shown`. */
export const brief = (value: string): string => (value.length > EXCERPT ? shown(value) : value);
