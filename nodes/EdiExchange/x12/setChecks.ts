/**
 * The structure checks of a tolerant read (AK304's segment problems, setStructure.ts), at the speed
 * of a table lookup per segment. A file holds thousands of sets that go through the same places
 * of their table: each step the check takes from a place, with a segment, is remembered (which
 * place it leads to, and whether the set is still clean), so the next set taking it costs one
 * array read. A step not yet taken is taken by the check itself; a step that finds a problem, or
 * a place beyond what is remembered, hands the set back to the check, which reads it whole: the
 * problems are always the check's own.
 */
import type { TransactionSetDef } from './grammar';
import { type Place, StructureCheck, type StructureProblem } from './setStructure';
import type { X12TransactionSet } from './types';
import { keepShape } from './shapes';

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

	constructor(def: TransactionSetDef) {
		this.check = new StructureCheck(def);
		this.codes = this.check.codeCount;
		this.check.start();
		this.first = this.remember(this.check.place());
		keepShape(this);
	}

	/** The problems of a set's segments (ST … SE, or as far as it went). */
	problems(segments: readonly string[][]): StructureProblem[] {
		let place = this.first;
		for (let i = 0; i < segments.length; i++) {
			const id = segments[i][0];
			const code = this.check.codeOf(id);
			// A segment the tables do not name is left alone by the check too.
			if (code < 0) continue;
			let to = this.steps[place][code];
			if (to === UNKNOWN) to = this.learn(place, id, code);
			if (to === HANDED_BACK) return this.check.check(segments);
			place = to;
		}
		return this.cleanEnd(place) ? [] : this.check.check(segments);
	}

	/** The step from `from` with segment `id` (its `code`), taken by the check. */
	private learn(from: number, id: string, code: number): number {
		this.check.moveTo(this.places[from]);
		this.check.next(id);
		let to = HANDED_BACK;
		if (this.check.clean) {
			const place = this.check.place();
			to =
				this.byKey.get(place.key) ??
				(this.places.length < MAX_PLACES ? this.remember(place) : HANDED_BACK);
		}
		this.steps[from][code] = to;
		return to;
	}

	/** Whether a set ending at `place` is clean. */
	private cleanEnd(place: number): boolean {
		let clean = this.cleanEnds[place];
		if (clean === undefined) {
			this.check.moveTo(this.places[place]);
			clean = this.cleanEnds[place] = this.check.end().length === 0;
		}
		return clean;
	}

	private remember(place: Place): number {
		const index = this.places.length;
		this.places.push(place);
		this.steps.push(new Int32Array(this.codes).fill(UNKNOWN));
		this.byKey.set(place.key, index);
		return index;
	}
}

/**
 * The structure checks of a tolerant read: each set of a checked type is checked when the walk
 * has read it (its segments are still at hand in the processor's cache). The problems are kept by
 * set, for the reader to report in its own order.
 */
export class SetChecks {
	private readonly checks = new Map<string, RememberedCheck | undefined>();
	/** The last set's type and check: a file's sets are mostly of one type. */
	private lastType?: string;
	private last?: RememberedCheck;
	/** The problems of each set checked that has some, with the position of its ST in the interchange. */
	readonly found = new Map<X12TransactionSet, { position: number; problems: StructureProblem[] }>();

	/** `types`: the set types checked, each against its table in `tables`. */
	constructor(
		private readonly types: readonly string[],
		private readonly tables: ReadonlyMap<string, TransactionSetDef>,
	) {
		keepShape(this);
	}

	/** `set`, whose ST is at `position`, is closed (or cut short): what its check finds. */
	finish(set: X12TransactionSet, position: number): void {
		let check = set.type === this.lastType ? this.last : this.checks.get(set.type);
		if (check === undefined && !this.checks.has(set.type)) {
			const def = this.types.includes(set.type) ? this.tables.get(set.type) : undefined;
			this.checks.set(set.type, (check = def && new RememberedCheck(def)));
		}
		this.lastType = set.type;
		this.last = check;
		const problems = check?.problems(set.segments);
		if (problems?.length) this.found.set(set, { position, problems });
	}
}
