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
import { type SegmentCodes, segmentCodes } from './segmentCodes';
import type { X12TransactionSet } from './types';
import { keepShape } from './shapes';

export interface StructureProblem {
	/** The segment found, or the mandatory one missing. */
	segment: string;
	/** 1-based position in the set (ST is 1), as AK302 counts: where it was found or expected. */
	setPosition: number;
	kind: ProblemKind;
	message: string;
}

/**
 * A set's tables as the check reads them: its segment codes (segmentCodes.ts), and every loop
 * table with a number, so the check's steps are array reads, not map lookups: it runs for every
 * segment of every set.
 */
class SetTables {
	readonly codes: SegmentCodes;
	private readonly loops = new Map<LoopDef, LoopTable>();

	constructor(def: TransactionSetDef) {
		this.codes = segmentCodes(def);
	}

	table(loop: LoopDef): LoopTable {
		let found = this.loops.get(loop);
		if (!found) {
			found = new LoopTable(loop, this.codes.codes, this.loops.size);
			this.loops.set(loop, found);
			found.children = loop.content.map((entry) => (isLoop(entry) ? this.table(entry) : undefined));
		}
		return found;
	}
}

const compiled = new WeakMap<TransactionSetDef, SetTables>();
function tablesOf(def: TransactionSetDef): SetTables {
	let found = compiled.get(def);
	if (!found) compiled.set(def, (found = new SetTables(def)));
	return found;
}

/**
 * A loop's table (or an area's), by segment code: where each id is in it, and the slot each entry
 * counts its uses in. A slot is the index of the first entry with that id, so an id listed twice
 * counts as one, and a loop's first segment counts in slot 0. Each entry's facts are kept by
 * index (its maximum, its loop's table), so the check never reads the entries themselves.
 */
export class LoopTable {
	/** Each code's entry index (its first), -1 when the loop has none; a loop's first segment starts its next iteration, so is not here. */
	readonly placeOf: Int32Array;
	/** The code of the loop's first segment (-1 for an area). */
	readonly loopCode: number;
	readonly slots: number[] = [];
	readonly ids: string[];
	/** Each entry's maximum use. */
	readonly max: number[];
	/** Indexes of the mandatory entries: what closing an iteration looks for. */
	readonly mandatory: number[] = [];
	/** For each index, the first mandatory entry after it (the entry count when none). */
	readonly nextMandatory: Int32Array;
	/** Each entry's loop table, undefined for a segment (set by SetTables). */
	children: Array<LoopTable | undefined> = [];

	constructor(
		readonly def: LoopDef,
		codes: ReadonlyMap<string, number>,
		/** This table's number in its set's tables. */
		readonly number: number,
	) {
		this.placeOf = new Int32Array(codes.size).fill(-1);
		this.loopCode = codes.get(def.loop) ?? -1;
		this.ids = def.content.map(idOf);
		this.max = def.content.map((entry) => entry.max);
		const first = new Map<string, number>();
		this.ids.forEach((id, index) => {
			if (!first.has(id)) first.set(id, index);
			this.slots.push(first.get(id)!);
			const code = codes.get(id)!;
			if (this.placeOf[code] < 0 && !(index === 0 && id === def.loop)) this.placeOf[code] = index;
			if (def.content[index].requirement === 'M') this.mandatory.push(index);
		});
		this.nextMandatory = new Int32Array(this.ids.length).map(
			(_, index) => this.mandatory.find((m) => m > index) ?? this.ids.length,
		);
	}
}

/**
 * One open iteration of a loop (or an area): how far into its table, and each slot's uses. Reset
 * for the loop's next iteration rather than built anew (a set has an iteration per line).
 */
export class Open {
	at = 0;
	readonly uses: Int32Array;
	/** The slots used in this iteration, up to `used`: a reset clears only them. */
	private readonly usedSlots: Int32Array;
	private used = 0;
	/** Slots of mandatory entries already said to be missing (only made when one is). */
	reported?: Set<number>;
	/** Where the loop is in the iteration that holds it: its entry's index and slot. */
	parentIndex = 0;
	parentSlot = 0;

	constructor(readonly table: LoopTable) {
		this.uses = new Int32Array(table.slots.length);
		this.usedSlots = new Int32Array(table.slots.length);
		keepShape(this);
	}

	/** A new iteration: its first segment is used once (an area has none). */
	reset(firstUsed: boolean): this {
		this.at = 0;
		for (let i = 0; i < this.used; i++) this.uses[this.usedSlots[i]] = 0;
		this.used = 0;
		if (firstUsed) this.use(0);
		this.reported = undefined;
		return this;
	}

	/** A copy, apart from any other iteration (for a Place). */
	copy(): Open {
		const copy = new Open(this.table);
		copy.copyFrom(this);
		return copy;
	}

	/** This iteration as `other` is: where, what it used, where its loop is. */
	copyFrom(other: Open): void {
		this.at = other.at;
		this.uses.set(other.uses);
		this.usedSlots.set(other.usedSlots);
		this.used = other.used;
		this.reported = undefined;
		this.parentIndex = other.parentIndex;
		this.parentSlot = other.parentSlot;
	}

	/** What makes this iteration what it is, as text: its table, place, loop and each slot's uses. */
	key(): string {
		const uses = [...this.usedSlots.subarray(0, this.used)]
			.sort((a, b) => a - b)
			.map((slot) => `${slot}=${this.uses[slot]}`);
		return `${this.table.number},${this.at},${this.parentIndex},${this.parentSlot},${uses.join(' ')}`;
	}

	/** One more use of `slot`: how many now. */
	use(slot: number): number {
		const uses = ++this.uses[slot];
		if (uses === 1) this.usedSlots[this.used++] = slot;
		return uses;
	}
}

/** A place of the check (StructureCheck.place). */
export interface Place {
	readonly area: number;
	readonly frames: readonly Open[];
	readonly key: string;
}

const idOf = (entry: Entry) => (isLoop(entry) ? entry.loop : entry.segment);

/**
 * The check of sets of one type, one set at a time (`start`, `next` for each segment, `end`): its
 * iterations are kept from one set to the next, since a large file holds thousands of sets.
 */
export class StructureCheck {
	/** The set's problems; most sets have none, so the list is made for the first. */
	private problems?: StructureProblem[];
	private readonly tables: SetTables;
	private area = 0;
	/** Each area's iteration: an area is opened once per set. */
	private readonly areas: Open[];
	/** One iteration per loop table (by its number), reused: a loop is open at most once at a time (it cannot hold itself). */
	private readonly iterations: Array<Open | undefined> = [];
	/** Open iterations, the area's first, up to `top`. */
	private readonly stack: Open[] = [];
	private top = 0;
	private position = 0;

	constructor(private readonly set: TransactionSetDef) {
		this.tables = tablesOf(set);
		this.areas = set.areas.map((area) => new Open(this.tables.table(area)));
		keepShape(this);
	}

	/** The structure problems of one set's segments. */
	check(segments: readonly string[][]): StructureProblem[] {
		this.start();
		for (const segment of segments) this.next(segment[0]);
		return this.end();
	}

	/** A new set: its ST comes next. */
	start(): void {
		this.problems = undefined;
		this.position = 0;
		this.enter(0);
	}

	/** The code of segment id `id` in this set's tables, -1 when they do not name it. */
	codeOf(id: string): number {
		return this.tables.codes.codeOf(id);
	}

	/** How many segment codes the tables have. */
	get codeCount(): number {
		return this.tables.codes.codes.size;
	}

	/** True while the set read so far has no problem. */
	get clean(): boolean {
		return this.problems === undefined;
	}

	/**
	 * Where the check is, as a value (the open iterations, each with what it used), and its key:
	 * two places with the same key take every next segment alike. Only for a clean set so far.
	 */
	place(): Place {
		const frames = this.stack.slice(0, this.top + 1).map((open) => open.copy());
		const key = `${this.area}|${frames.map((frame) => frame.key()).join('|')}`;
		return { area: this.area, frames, key };
	}

	/** Back to `place`, as a clean set. */
	moveTo(place: Place): void {
		this.problems = undefined;
		this.area = place.area;
		this.top = place.frames.length - 1;
		place.frames.forEach((frame, depth) => {
			const open =
				depth === 0
					? this.areas[place.area]
					: (this.iterations[frame.table.number] ??= new Open(frame.table));
			open.copyFrom(frame);
			this.stack[depth] = open;
		});
	}

	/** Area `a` becomes the place, its iteration the only one open. */
	private enter(a: number): void {
		this.area = a;
		this.stack[0] = this.areas[a].reset(false);
		this.top = 0;
	}

	/** The next segment of the set. */
	next(id: string): void {
		this.position++;
		const code = this.tables.codes.codeOf(id);
		// A segment the tables do not name is left alone (see above).
		if (code < 0) return;
		if (this.within(id, code)) return;
		for (let a = this.area + 1; a < this.set.areas.length; a++) {
			if (this.areas[a].table.placeOf[code] < 0) continue;
			this.close(0);
			for (let skipped = this.area + 1; skipped < a; skipped++)
				this.missing(this.areas[skipped].reset(false));
			this.enter(a);
			this.within(id, code);
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

	/** After SE (or where the set was cut short): what was mandatory and never came. */
	end(): StructureProblem[] {
		this.close(0);
		for (let a = this.area + 1; a < this.set.areas.length; a++)
			this.missing(this.areas[a].reset(false));
		return this.problems ?? [];
	}

	/** Finds `id` in the innermost open iteration whose table holds it, and counts it there. */
	private within(id: string, code: number): boolean {
		for (let depth = this.top; depth >= 0; depth--) {
			const here = this.stack[depth];
			const table = here.table;
			if (depth > 0 && code === table.loopCode) {
				// The loop's next iteration.
				this.close(depth);
				this.top = depth;
				this.count(this.stack[depth - 1], here.parentSlot, here.parentIndex);
				here.reset(true);
				return true;
			}
			const index = table.placeOf[code];
			if (index < 0) continue;
			if (depth < this.top) this.close(depth + 1);
			this.top = depth;
			if (table.nextMandatory[here.at] < index) this.skipped(here, index);
			if (index < here.at)
				this.add(
					id,
					'segmentOutOfOrder',
					`${id} comes after ${table.ids[here.at]}: the table orders it before`,
				);
			else here.at = index;
			const slot = table.slots[index];
			this.count(here, slot, index);
			const child = table.children[index];
			if (child) this.push(child, index, slot);
			return true;
		}
		return false;
	}

	/** Opens loop table `table`'s first iteration above the top, its entry at `index` (`slot`) below. */
	private push(table: LoopTable, index: number, slot: number): void {
		let iteration = this.iterations[table.number];
		if (iteration === undefined) this.iterations[table.number] = iteration = new Open(table);
		iteration.reset(true);
		iteration.parentIndex = index;
		iteration.parentSlot = slot;
		this.stack[++this.top] = iteration;
	}

	/** Mandatory entries passed over on the way to `index`: missing here, where they belonged. */
	private skipped(here: Open, index: number): void {
		for (const mandatory of here.table.mandatory) {
			if (mandatory >= index) return;
			if (mandatory > here.at) this.absent(here, mandatory);
		}
	}

	private absent(here: Open, index: number): void {
		const slot = here.table.slots[index];
		if (here.uses[slot] > 0 || here.reported?.has(slot)) return;
		(here.reported ??= new Set()).add(slot);
		const id = here.table.ids[index];
		const loop = here.table.children[index] !== undefined;
		this.add(id, 'mandatorySegmentMissing', `the mandatory ${id}${loop ? ' loop' : ''} is missing`);
	}

	/** One more use of the entry at `index` (counted in `slot`) in `here`; over its maximum is a problem. */
	private count(here: Open, slot: number, index: number): void {
		const uses = here.use(slot);
		const table = here.table;
		if (uses <= table.max[index]) return;
		const id = table.ids[index];
		if (table.children[index])
			this.add(
				id,
				'loopOverMaximum',
				`the ${id} loop occurs ${uses} times here, at most ${table.max[index]}`,
			);
		else
			this.add(
				id,
				'segmentOverMaximumUse',
				`${id} is used ${uses} times here, at most ${table.max[index]}`,
			);
	}

	/** Closes the open iterations from `depth` up, saying what mandatory each lacked. */
	private close(depth: number): void {
		for (let d = this.top; d >= depth; d--) this.missing(this.stack[d]);
	}

	private missing(iteration: Open): void {
		const { mandatory, slots } = iteration.table;
		for (let i = 0; i < mandatory.length; i++)
			if (iteration.uses[slots[mandatory[i]]] === 0) this.absent(iteration, mandatory[i]);
	}

	private add(segment: string, kind: ProblemKind, message: string): void {
		(this.problems ??= []).push({ segment, setPosition: this.position, kind, message });
	}
}

/** Whether `def` or a loop inside it holds segment `id`. */
function holds(def: LoopDef, id: string): boolean {
	return def.content.some((entry) => (isLoop(entry) ? holds(entry, id) : entry.segment === id));
}

/** The structure problems of one set against its table. */
export function checkStructure(set: X12TransactionSet, def: TransactionSetDef): StructureProblem[] {
	return new StructureCheck(def).check(set.segments);
}
