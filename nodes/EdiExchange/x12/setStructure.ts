/**
 * The set check a 997 reports with AK304: each segment of an inbound set against its table
 * (x12/sets/), as the standard orders it. Within each loop iteration (and each area) entries come
 * in the table's order, at most their maximum use; loops repeat at most their maximum; mandatory
 * segments and loops are there. A segment the table holds somewhere but not here is unexpected,
 * or out of order when its place was earlier. A segment the table does not hold at all is left
 * alone: the tables list what retail sets use, not the whole standard (read850 keeps it unmapped).
 */
import { type Entry, isLoop, type LoopDef, type TransactionSetDef } from './grammar';
import type { ProblemKind } from './problems';
import type { X12TransactionSet } from './types';

export interface StructureProblem {
	/** The segment found, or the mandatory one missing. */
	segment: string;
	/** 1-based position in the set (ST is 1), as AK302 counts: where it was found or expected. */
	setPosition: number;
	kind: ProblemKind;
	message: string;
}

interface Place {
	index: number;
	entry: Entry;
}

/** Each entry of a loop by its id, with its index in the table (a loop's first segment is index 0). */
const placesOf = new WeakMap<LoopDef, Map<string, Place>>();
function places(def: LoopDef): Map<string, Place> {
	let found = placesOf.get(def);
	if (!found) {
		found = new Map();
		def.content.forEach((entry, index) => {
			const id = isLoop(entry) ? entry.loop : entry.segment;
			if (!found!.has(id) && !(index === 0 && id === def.loop)) found!.set(id, { index, entry });
		});
		placesOf.set(def, found);
	}
	return found;
}

/** One open iteration of a loop (or an area): how far into its table, and each entry's uses. */
interface Open {
	def: LoopDef;
	at: number;
	uses: Map<string, number>;
	/** Mandatory entries already said to be missing. */
	reported: Set<string>;
}

const open = (def: LoopDef, first?: string): Open => ({
	def,
	at: 0,
	uses: new Map(first ? [[first, 1]] : []),
	reported: new Set(),
});

const idOf = (entry: Entry) => (isLoop(entry) ? entry.loop : entry.segment);

export class StructureCheck {
	readonly problems: StructureProblem[] = [];
	private area = 0;
	private stack: Open[];
	private position = 0;

	constructor(private readonly set: TransactionSetDef) {
		this.stack = [open(set.areas[0])];
	}

	/** The next segment of the set. */
	next(id: string): void {
		this.position++;
		if (this.within(id)) return;
		for (let a = this.area + 1; a < this.set.areas.length; a++) {
			if (!places(this.set.areas[a]).has(id)) continue;
			this.close(0);
			for (let skipped = this.area + 1; skipped < a; skipped++)
				this.missing(open(this.set.areas[skipped]));
			this.area = a;
			this.stack = [open(this.set.areas[a])];
			this.within(id);
			return;
		}
		// Its place is in an area already left: out of order. Anywhere else (a loop not open here,
		// such as an MSG without its N9): unexpected.
		const earlier = this.set.areas.slice(0, this.area).some((area) => holds(area, id));
		if (earlier)
			this.add(id, 'segmentOutOfOrder', `${id} belongs in an earlier part of the ${this.set.id}`);
		else if (this.set.areas.some((area) => holds(area, id)))
			this.add(
				id,
				'unexpectedSegment',
				`${id} has no place here in the ${this.set.id} (its loop is not open)`,
			);
	}

	/** After SE: what was mandatory and never came. */
	end(): StructureProblem[] {
		this.close(0);
		for (let a = this.area + 1; a < this.set.areas.length; a++)
			this.missing(open(this.set.areas[a]));
		return this.problems;
	}

	/** Finds `id` in the innermost open iteration whose table holds it, and counts it there. */
	private within(id: string): boolean {
		for (let depth = this.stack.length - 1; depth >= 0; depth--) {
			const here = this.stack[depth];
			if (depth > 0 && id === here.def.loop) {
				this.close(depth);
				this.stack.length = depth;
				this.count(this.stack[depth - 1], id, here.def);
				this.stack.push(open(here.def, id));
				return true;
			}
			const place = places(here.def).get(id);
			if (!place) continue;
			this.close(depth + 1);
			this.stack.length = depth + 1;
			this.skipped(here, place.index);
			if (place.index < here.at)
				this.add(
					id,
					'segmentOutOfOrder',
					`${id} comes after ${segmentAt(here)}: the table orders it before`,
				);
			else here.at = place.index;
			this.count(here, id, place.entry);
			if (isLoop(place.entry)) this.stack.push(open(place.entry, id));
			return true;
		}
		return false;
	}

	/** Mandatory entries passed over on the way to `index`: missing here, where they belonged. */
	private skipped(here: Open, index: number): void {
		for (let i = here.at + 1; i < index; i++) this.absent(here, here.def.content[i]);
	}

	private absent(here: Open, entry: Entry): void {
		const id = idOf(entry);
		if (entry.requirement !== 'M' || here.uses.has(id) || here.reported.has(id)) return;
		here.reported.add(id);
		this.add(
			id,
			'mandatorySegmentMissing',
			`the mandatory ${id}${isLoop(entry) ? ' loop' : ''} is missing`,
		);
	}

	/** One more use of `entry` in `here`; over its maximum is a problem. */
	private count(here: Open, id: string, entry: Entry): void {
		const uses = (here.uses.get(id) ?? 0) + 1;
		here.uses.set(id, uses);
		if (uses <= entry.max) return;
		if (isLoop(entry))
			this.add(
				id,
				'loopOverMaximum',
				`the ${id} loop occurs ${uses} times here, at most ${entry.max}`,
			);
		else
			this.add(
				id,
				'segmentOverMaximumUse',
				`${id} is used ${uses} times here, at most ${entry.max}`,
			);
	}

	/** Closes the open iterations from `depth` up, saying what mandatory each lacked. */
	private close(depth: number): void {
		for (let d = this.stack.length - 1; d >= depth; d--) this.missing(this.stack[d]);
	}

	private missing(iteration: Open): void {
		for (const entry of iteration.def.content) this.absent(iteration, entry);
	}

	private add(segment: string, kind: ProblemKind, message: string): void {
		this.problems.push({ segment, setPosition: this.position, kind, message });
	}
}

/** Whether `def` or a loop inside it holds segment `id`. */
function holds(def: LoopDef, id: string): boolean {
	return def.content.some((entry) => (isLoop(entry) ? holds(entry, id) : entry.segment === id));
}

/** The id of the entry an iteration reached, for messages. */
function segmentAt(here: Open): string {
	return idOf(here.def.content[here.at]);
}

/** The structure problems of one set against its table. */
export function checkStructure(set: X12TransactionSet, def: TransactionSetDef): StructureProblem[] {
	const check = new StructureCheck(def);
	for (const segment of set.segments) check.next(segment[0]);
	return check.end();
}
