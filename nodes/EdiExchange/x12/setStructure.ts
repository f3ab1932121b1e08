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

/**
 * A set's tables as the check reads them. Every segment id the tables name has a number (its
 * code), so finding a segment's place in each open loop is an array read, not a map lookup: the
 * check runs for every segment of every set.
 */
class SetTables {
	readonly codes = new Map<string, number>();
	private readonly loops = new Map<LoopDef, LoopTable>();
	private readonly byHash: IdTable;

	constructor(def: TransactionSetDef) {
		const collect = (loop: LoopDef): void => {
			for (const entry of loop.content) {
				if (!this.codes.has(idOf(entry))) this.codes.set(idOf(entry), this.codes.size);
				if (isLoop(entry)) collect(entry);
			}
		};
		def.areas.forEach(collect);
		this.byHash = new IdTable(this.codes);
	}

	/** The code of segment id `id`, -1 when the tables do not name it. */
	codeOf(id: string): number {
		return this.byHash.get(id);
	}

	table(loop: LoopDef): LoopTable {
		let found = this.loops.get(loop);
		if (!found) this.loops.set(loop, (found = new LoopTable(loop, this.codes)));
		return found;
	}
}

/**
 * Segment ids → codes, by a hash of their first characters (open addressing). A Map would hash
 * each id anew (a new string for every segment read) through the engine's generic path; ids are
 * 2 or 3 characters, which this reads directly.
 */
class IdTable {
	private readonly keys: Array<string | undefined>;
	private readonly values: Int32Array;
	private readonly mask: number;

	constructor(codes: ReadonlyMap<string, number>) {
		let size = 16;
		while (size < codes.size * 4) size *= 2;
		this.mask = size - 1;
		this.keys = new Array<string | undefined>(size).fill(undefined);
		this.values = new Int32Array(size);
		for (const [id, code] of codes) {
			let at = hashOf(id) & this.mask;
			while (this.keys[at] !== undefined) at = (at + 1) & this.mask;
			this.keys[at] = id;
			this.values[at] = code;
		}
	}

	get(id: string): number {
		for (let at = hashOf(id) & this.mask; ; at = (at + 1) & this.mask) {
			const key = this.keys[at];
			if (key === undefined) return -1;
			if (key === id) return this.values[at];
		}
	}
}

/** A hash of an id's length and first three characters. */
function hashOf(id: string): number {
	let hash = id.length;
	const end = Math.min(id.length, 3);
	for (let i = 0; i < end; i++) hash = hash * 31 + id.charCodeAt(i);
	return hash;
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
 * counts as one, and a loop's first segment counts in slot 0.
 */
class LoopTable {
	/** Each code's entry index (its first), -1 when the loop has none; a loop's first segment starts its next iteration, so is not here. */
	readonly placeOf: Int32Array;
	/** The code of the loop's first segment (-1 for an area). */
	readonly loopCode: number;
	readonly slots: number[] = [];
	readonly ids: string[];
	/** Indexes of the mandatory entries: what closing an iteration looks for. */
	readonly mandatory: number[] = [];

	constructor(
		readonly def: LoopDef,
		codes: ReadonlyMap<string, number>,
	) {
		this.placeOf = new Int32Array(codes.size).fill(-1);
		this.loopCode = codes.get(def.loop) ?? -1;
		this.ids = def.content.map(idOf);
		const first = new Map<string, number>();
		this.ids.forEach((id, index) => {
			if (!first.has(id)) first.set(id, index);
			this.slots.push(first.get(id)!);
			const code = codes.get(id)!;
			if (this.placeOf[code] < 0 && !(index === 0 && id === def.loop)) this.placeOf[code] = index;
			if (def.content[index].requirement === 'M') this.mandatory.push(index);
		});
	}
}

/**
 * One open iteration of a loop (or an area): how far into its table, and each slot's uses. Reset
 * for the loop's next iteration rather than built anew (a set has an iteration per line).
 */
class Open {
	at = 0;
	readonly uses: number[];
	/** Slots of mandatory entries already said to be missing (only made when one is). */
	reported?: Set<number>;
	/** The slot the loop counts in, in the iteration that holds it. */
	parentSlot = 0;

	constructor(readonly table: LoopTable) {
		this.uses = table.slots.map(() => 0);
	}

	/** A new iteration: its first segment is used once (an area has none). */
	reset(firstUsed: boolean): this {
		this.at = 0;
		const uses = this.uses;
		for (let i = 0; i < uses.length; i++) uses[i] = 0;
		if (firstUsed) uses[0] = 1;
		this.reported = undefined;
		return this;
	}
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
	/** One iteration per loop, reused: a loop is open at most once at a time (it cannot hold itself). */
	private readonly iterations = new Map<LoopDef, Open>();
	/** Open iterations, the area's first, up to `top`. */
	private readonly stack: Open[] = [];
	private top = 0;
	private position = 0;

	constructor(private readonly set: TransactionSetDef) {
		this.tables = tablesOf(set);
		this.areas = set.areas.map((area) => this.open(area));
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

	/** Area `a` becomes the place, its iteration the only one open. */
	private enter(a: number): void {
		this.area = a;
		this.stack[0] = this.areas[a].reset(false);
		this.top = 0;
	}

	private open(def: LoopDef): Open {
		return new Open(this.tables.table(def));
	}

	/** The next segment of the set. */
	next(id: string): void {
		this.position++;
		const code = this.tables.codeOf(id);
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
			const def = here.table.def;
			if (depth > 0 && code === here.table.loopCode) {
				// The loop's next iteration.
				this.close(depth);
				this.top = depth;
				this.count(this.stack[depth - 1], here.parentSlot, def);
				here.reset(true);
				return true;
			}
			const index = here.table.placeOf[code];
			if (index < 0) continue;
			this.close(depth + 1);
			this.top = depth;
			this.skipped(here, index);
			if (index < here.at)
				this.add(
					id,
					'segmentOutOfOrder',
					`${id} comes after ${here.table.ids[here.at]}: the table orders it before`,
				);
			else here.at = index;
			const entry = def.content[index];
			const slot = here.table.slots[index];
			this.count(here, slot, entry);
			if (isLoop(entry)) this.push(entry, slot);
			return true;
		}
		return false;
	}

	/** Opens loop `def`'s first iteration above the top. */
	private push(def: LoopDef, parentSlot: number): void {
		let iteration = this.iterations.get(def);
		if (iteration === undefined) this.iterations.set(def, (iteration = this.open(def)));
		iteration.reset(true).parentSlot = parentSlot;
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
		const entry = here.table.def.content[index];
		const slot = here.table.slots[index];
		if (entry.requirement !== 'M' || here.uses[slot] > 0 || here.reported?.has(slot)) return;
		(here.reported ??= new Set()).add(slot);
		const id = here.table.ids[index];
		this.add(
			id,
			'mandatorySegmentMissing',
			`the mandatory ${id}${isLoop(entry) ? ' loop' : ''} is missing`,
		);
	}

	/** One more use of `entry` (counted in `slot`) in `here`; over its maximum is a problem. */
	private count(here: Open, slot: number, entry: Entry): void {
		const uses = ++here.uses[slot];
		if (uses <= entry.max) return;
		const id = idOf(entry);
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
		for (let d = this.top; d >= depth; d--) this.missing(this.stack[d]);
	}

	private missing(iteration: Open): void {
		for (const index of iteration.table.mandatory) this.absent(iteration, index);
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

/**
 * The structure checks of a tolerant read: each set of a checked type is checked while the walk
 * reads it (its segments are at hand then; a second pass would fetch each again from memory). The
 * problems are kept by set, for the reader to report in its own order.
 */
export class SetChecks {
	private readonly checks = new Map<string, StructureCheck | undefined>();
	/** The problems of each set checked that has some. */
	readonly found = new Map<X12TransactionSet, StructureProblem[]>();

	/** `types`: the set types checked, each against its table in `tables`. */
	constructor(
		private readonly types: readonly string[],
		private readonly tables: ReadonlyMap<string, TransactionSetDef>,
	) {}

	/** The check of `set` (its ST read, and given to it), when its type is checked. */
	start(set: X12TransactionSet): StructureCheck | undefined {
		let check = this.checks.get(set.type);
		if (check === undefined && !this.checks.has(set.type)) {
			const def = this.types.includes(set.type) ? this.tables.get(set.type) : undefined;
			this.checks.set(set.type, (check = def && new StructureCheck(def)));
		}
		if (check) {
			check.start();
			check.next(set.segments[0][0]);
		}
		return check;
	}

	/** `set` is closed (or cut short): what its check found. */
	finish(set: X12TransactionSet, check: StructureCheck): void {
		const problems = check.end();
		if (problems.length) this.found.set(set, problems);
	}
}
