/**
 * The envelope state machine: ISA → (GS → (ST … SE)* → GE)* → IEA, over the levels of levels.ts.
 * The strict check reads to the end of the text (nothing may follow IEA); the tolerant reader stops
 * at IEA, or at an ISA that comes before it, so the next interchange is read on its own.
 */
import {
	checkElementCount,
	closeInterchange,
	GroupLevel,
	type Report,
	Reports,
	SetLevel,
} from './levels';
import { type ProblemList, type ProblemPlace, segmentLabel, shown } from './problems';
import type { RawSegment, SegmentSplitter } from './segments';
import type { SetChecks } from './setChecks';
import type { X12Group, X12Interchange, X12TransactionSet } from './types';
import { keepShape } from './shapes';

/** How the envelope walk reports, and where the tolerant reader's walk differs from the strict check's. */
export interface WalkOptions {
	/** Problems: always errors. */
	errors: ProblemList;
	/** Deviations the tolerant reader works around (absent: the strict check, where they are errors). */
	warnings?: ProblemList;
	/** Tolerant reading: the structure checks of the sets read. */
	checks?: SetChecks;
	/** Called with each set of a group once it is read to its end (SE, or where it was cut short). */
	onSet?: SetHook;
}

/** What is told of each set read to its end: the set, the group that holds it, and its interchange. */
export type SetHook = (
	set: X12TransactionSet,
	group: X12Group,
	interchange: X12Interchange,
) => void;

export interface WalkEnd {
	/** Where IEA's terminator ends, when IEA was read. */
	end?: number;
	/** Tolerant reading: where an ISA starts that came before this interchange's IEA (the next interchange). */
	nextIsa?: number;
}

/** 2 or 3 upper-case letters or digits, the first a letter: character codes, as this runs for every segment. */
function isSegmentId(id: string): boolean {
	if (id.length < 2 || id.length > 3 || !isUpper(id.charCodeAt(0))) return false;
	for (let i = 1; i < id.length; i++) {
		const code = id.charCodeAt(i);
		if (!isUpper(code) && (code < 48 || code > 57)) return false;
	}
	return true;
}
const isUpper = (code: number) => code >= 65 && code <= 90;

/** An ISA, with this interchange's element separator or another one (the next interchange may differ). */
const opensInterchange = (id: string) =>
	id.charCodeAt(0) === I &&
	id.startsWith('ISA') &&
	(id.length === 3 || !/^[A-Za-z0-9\s]/.test(id.charAt(3)));
/** Most segment ids do not start with it: settled by one character code. */
const I = 73;

export function walk(
	segments: SegmentSplitter,
	interchange: X12Interchange,
	options: WalkOptions,
): WalkEnd {
	const walker = new InterchangeWalk(
		interchange,
		new Reports(options.errors, options.warnings),
		options.checks,
		options.onSet,
	);
	let lastPosition = 1;
	for (let segment = segments.next(); segment; segment = segments.next()) {
		lastPosition = segment.position;
		const stop = walker.segment(segment);
		if (stop === 'stop') break;
		if (stop) return stop;
	}
	return walker.end(lastPosition);
}

/** The interchange level: its open group and set, and what was indented. */
class InterchangeWalk {
	private group?: GroupLevel;
	private set?: SetLevel;
	private closedAt?: number;
	private indented = 0;
	private firstIndented = 0;
	private firstIndentedLabel = '';
	private readonly problem: Report;
	private readonly deviation: Report;

	constructor(
		private readonly interchange: X12Interchange,
		private readonly reports: Reports,
		private readonly checks?: SetChecks,
		private readonly onSet?: SetHook,
	) {
		this.problem = reports.problem;
		this.deviation = reports.deviation;
		keepShape(this);
	}

	/** Where the segment being read is: its group and set, and its position in the set. */
	private here(element?: number): ProblemPlace {
		if (!this.reports.tolerant || !this.group) return { element };
		const place: ProblemPlace = { element, group: this.interchange.groups.length - 1 };
		if (this.set) {
			place.set = this.group.group.sets.length - 1;
			// The segment being read is not in the set yet: it comes after those that are (ST is 1).
			place.setPosition = this.set.set.segments.length + 1;
		}
		return place;
	}

	/** Reads one segment; returns where the walk ends when this segment ends it ('stop': read no further). */
	segment(segment: RawSegment): WalkEnd | 'stop' | undefined {
		const { elements, position } = segment;
		const id = elements[0];
		if (this.closedAt !== undefined) {
			const separator = this.interchange.separators.element;
			this.problem(
				segmentLabel(id),
				position,
				() => `nothing may follow IEA, found ${shown(elements.join(separator))}`,
			);
			return 'stop';
		}
		if (this.reports.tolerant && opensInterchange(id)) {
			this.closeOpen(position, 'another ISA');
			this.problem(
				'ISA',
				position,
				'the interchange is not closed by IEA before the next ISA: the next interchange is read on its own',
			);
			return { nextIsa: segment.start };
		}
		this.checkForm(segment);
		return this.dispatch(segment);
	}

	/** What every segment must be: terminated, on one line, with a segment id. */
	private checkForm(segment: RawSegment): void {
		const { elements, position } = segment;
		const id = elements[0];
		// Messages of per-segment problems are functions: a huge broken input makes millions, and only the first are listed.
		if (segment.indented && this.indented++ === 0) {
			this.firstIndented = position;
			this.firstIndentedLabel = segmentLabel(id);
		}
		if (segment.terminated && !segment.lineBreak && isSegmentId(id)) return;
		const label = segmentLabel(id);
		if (!segment.terminated)
			// The last IEA without its terminator: every reader takes it; anything else is cut short.
			(id === 'IEA' ? this.deviation : this.problem)(
				label,
				position,
				() => `segment ${label} is not terminated by ${shown(this.interchange.separators.segment)}`,
				this.here(),
			);
		if (segment.lineBreak)
			this.problem(
				label,
				position,
				() =>
					`segment ${label} has a line break inside it (the file looks hard-wrapped or cut by an editor): rejoin its lines`,
				{ ...this.here(), kind: 'invalidCharacter' },
			);
		if (id === '')
			this.problem(
				label,
				position,
				() =>
					`the segment starts with the element separator ${shown(this.interchange.separators.element)}: its segment id (such as N1 or REF) is missing`,
				{ ...this.here(), kind: 'unrecognisedSegment' },
			);
		else if (!isSegmentId(id))
			this.problem(
				label,
				position,
				() => `segment id must be 2 or 3 upper-case letters or digits, found ${shown(id)}`,
				{ ...this.here(), kind: 'unrecognisedSegment' },
			);
	}

	private dispatch(segment: RawSegment): WalkEnd | undefined {
		const { elements, position } = segment;
		switch (elements[0]) {
			case 'ISA':
				this.problem(
					'ISA',
					position,
					'a second ISA inside the interchange: expected IEA before another ISA',
				);
				return undefined;
			case 'GS':
			case 'ST':
			case 'SE':
			case 'GE':
			case 'IEA':
				checkElementCount(elements, position, this.interchange.separators.element, this.deviation);
				return this.envelope(segment);
			default:
				if (this.set) this.set.add(elements);
				else {
					const label = segmentLabel(elements[0]);
					this.problem(
						label,
						position,
						() => `segment ${label} is outside a transaction set: expected ST, GE or IEA`,
						this.here(),
					);
				}
				return undefined;
		}
	}

	/** GS, ST, SE, GE or IEA: a level opens or closes. */
	private envelope(segment: RawSegment): WalkEnd | undefined {
		const { elements, position } = segment;
		switch (elements[0]) {
			case 'GS':
				this.closeOpen(position, 'GS');
				this.group = new GroupLevel(elements, position);
				this.interchange.groups.push(this.group.group);
				return undefined;
			case 'ST':
				this.openSet(elements, position);
				return undefined;
			case 'SE':
				this.closeSet(elements, position);
				return undefined;
			case 'GE':
				this.closeGroup(elements, position);
				return undefined;
			default:
				return this.closeInterchange(segment);
		}
	}

	private openSet(st: string[], position: number): void {
		this.setMissing(position, 'ST');
		if (!this.group)
			this.problem('ST', position, 'ST outside a functional group: expected GS before ST');
		this.set = new SetLevel(st, position, this.checks);
		this.group?.group.sets.push(this.set.set);
	}

	private closeSet(se: string[], position: number): void {
		if (!this.set) {
			this.problem('SE', position, 'SE without a matching ST', this.here());
			return;
		}
		this.set.add(se);
		// SE is in the set already: its position is the set's length.
		const setPosition = this.set.set.segments.length;
		this.set.close(se, position, this.problem, () => ({ ...this.here(), setPosition }));
		this.setRead();
	}

	/** The open set is read to its end: told to the hook when a group holds it. */
	private setRead(): void {
		if (this.onSet && this.group) this.onSet(this.set!.set, this.group.group, this.interchange);
		this.set = undefined;
	}

	private closeGroup(ge: string[], position: number): void {
		this.setMissing(position, 'GE');
		if (!this.group) {
			this.problem('GE', position, 'GE without a matching GS');
			return;
		}
		this.group.close(ge, position, this.problem, (element) => this.here(element));
		this.group = undefined;
	}

	private closeInterchange(segment: RawSegment): WalkEnd | undefined {
		this.closeOpen(segment.position, 'IEA');
		closeInterchange(this.interchange, segment.elements, segment.position, this.deviation);
		this.closedAt = segment.end;
		if (!this.reports.tolerant) return undefined;
		this.reportIndented();
		return { end: segment.end };
	}

	/** The text ended: what is still open was never closed. */
	end(lastPosition: number): WalkEnd {
		if (this.closedAt === undefined) {
			const at = lastPosition + 1;
			this.closeOpen(at, 'the end of the text');
			this.problem('IEA', at, 'the interchange is not closed by IEA; found the end of the text');
		}
		this.reportIndented();
		return { end: this.closedAt };
	}

	private setMissing(at: number, found: string): void {
		if (!this.set) return;
		this.set.notClosed(at, found, this.problem, { ...this.here(), kind: 'setTrailerMissing' });
		this.setRead();
	}

	/** A set and a group still open where `found` closes both. */
	private closeOpen(at: number, found: string): void {
		this.setMissing(at, found);
		this.group?.notClosed(at, found, this.problem, {
			...this.here(),
			kind: 'groupTrailerMissing',
		});
		this.group = undefined;
	}

	private reportIndented(): void {
		const count = this.indented;
		if (count)
			this.deviation(
				this.firstIndentedLabel,
				this.firstIndented,
				`${count} segment${count === 1 ? ' is' : 's are'} indented (spaces or tabs before the segment id), the first at segment ${this.firstIndented}: the indentation is not part of the data`,
			);
	}
}
