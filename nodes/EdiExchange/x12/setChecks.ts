/**
 * The structure checks of a tolerant read (AK304's segment problems, setStructure.ts), at the speed
 * of a table lookup per segment. A file holds thousands of sets that go through the same places
 * of their table: each step the check takes from a place, with a segment, is remembered (which
 * place it leads to, and whether the set is still clean), so the next set taking it costs one
 * array read. A step not yet taken is taken by the check itself; a step that finds a problem, or
 * a place beyond what is remembered, hands the set back to the check, which reads it again from
 * its ST: the problems are always the check's own.
 */
import type { TransactionSetDef } from './grammar';
import { type Place, StructureCheck, type StructureProblem } from './setStructure';
import type { X12TransactionSet } from './types';

/** A step not taken yet; a step that hands the set back to the check. */
const UNKNOWN = -1;
const HANDED_BACK = -2;
/**
 * Places remembered for one set type in one read: the places of sets of up to about a thousand
 * lines. A larger set goes on past them with the check itself, as fast as before.
 */
const MAX_PLACES = 4096;

/** The check of sets of one type, with its steps remembered. */
class RememberedCheck {
	private readonly check: StructureCheck;
	private readonly places: Place[] = [];
	/** By place: the place each segment code leads to (UNKNOWN, HANDED_BACK). */
	private readonly steps: Int32Array[] = [];
	/** By place: whether a set ending there is clean (undefined until asked). */
	private readonly cleanEnds: Array<boolean | undefined> = [];
	private readonly byKey = new Map<string, number>();
	private readonly first: number;
	private readonly codes: number;
	private place = 0;
	/** False once the set is handed back to the check. */
	private remembered = true;
	private segments: readonly string[][] = [];

	constructor(def: TransactionSetDef) {
		this.check = new StructureCheck(def);
		this.codes = this.check.codeCount;
		this.check.start();
		this.first = this.remember(this.check.place());
	}

	/** A new set, whose segments (growing as they are read) are `segments`. */
	start(segments: readonly string[][]): void {
		this.segments = segments;
		this.place = this.first;
		this.remembered = true;
	}

	next(id: string): void {
		if (!this.remembered) return this.check.next(id);
		const code = this.check.codeOf(id);
		// A segment the tables do not name is left alone by the check too.
		if (code < 0) return;
		let to = this.steps[this.place][code];
		if (to === UNKNOWN) to = this.learn(id, code);
		if (to >= 0) this.place = to;
		else this.handBack();
	}

	/** The set's problems (none for a set that ended clean at a remembered place). */
	end(): StructureProblem[] {
		if (this.remembered) {
			let clean = this.cleanEnds[this.place];
			if (clean === undefined) {
				this.check.moveTo(this.places[this.place]);
				clean = this.cleanEnds[this.place] = this.check.end().length === 0;
			}
			if (clean) return [];
			this.handBack();
		}
		return this.check.end();
	}

	/** The step from the current place with segment `id` (its `code`), taken by the check. */
	private learn(id: string, code: number): number {
		this.check.moveTo(this.places[this.place]);
		this.check.next(id);
		let to = HANDED_BACK;
		if (this.check.clean) {
			const place = this.check.place();
			to =
				this.byKey.get(place.key) ??
				(this.places.length < MAX_PLACES ? this.remember(place) : HANDED_BACK);
		}
		this.steps[this.place][code] = to;
		return to;
	}

	private remember(place: Place): number {
		const index = this.places.length;
		this.places.push(place);
		this.steps.push(new Int32Array(this.codes).fill(UNKNOWN));
		this.byKey.set(place.key, index);
		return index;
	}

	/** The check reads the set again from its ST (up to the segment being read) and goes on alone. */
	private handBack(): void {
		this.remembered = false;
		this.check.start();
		for (const segment of this.segments) this.check.next(segment[0]);
	}
}

/**
 * The structure checks of a tolerant read: each set of a checked type is checked while the walk
 * reads it (its segments are at hand then; a second pass would fetch each again from memory). The
 * problems are kept by set, for the reader to report in its own order.
 */
export class SetChecks {
	private readonly checks = new Map<string, RememberedCheck | undefined>();
	/** The problems of each set checked that has some, with the position of its ST in the interchange. */
	readonly found = new Map<X12TransactionSet, { position: number; problems: StructureProblem[] }>();

	/** `types`: the set types checked, each against its table in `tables`. */
	constructor(
		private readonly types: readonly string[],
		private readonly tables: ReadonlyMap<string, TransactionSetDef>,
	) {}

	/** The check of `set` (its ST read, and given to it), when its type is checked. */
	start(set: X12TransactionSet): SetCheck | undefined {
		let check = this.checks.get(set.type);
		if (check === undefined && !this.checks.has(set.type)) {
			const def = this.types.includes(set.type) ? this.tables.get(set.type) : undefined;
			this.checks.set(set.type, (check = def && new RememberedCheck(def)));
		}
		if (check) {
			check.start(set.segments);
			check.next(set.segments[0][0]);
		}
		return check;
	}

	/** `set`, whose ST is at `position`, is closed (or cut short): what its check found. */
	finish(set: X12TransactionSet, position: number, check: SetCheck): void {
		const problems = check.end();
		if (problems.length) this.found.set(set, { position, problems });
	}
}

/** One set type's check, as the walk uses it: the next segment's id. */
export type SetCheck = Pick<RememberedCheck, 'next' | 'end'>;
