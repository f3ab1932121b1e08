/**
 * Where each segment of a transaction set belongs, from the set's table: which area (header,
 * detail, summary) and which loops. Tolerant, as reading partners is: within an area segments may
 * come in any order; a loop starts at its first segment and holds the segments its table lists;
 * a segment its loop does not hold closes loops until an enclosing one holds it; areas only go
 * forward. A segment the set has no place for leaves the place as it was.
 */
import { type Entry, isLoop, type LoopDef, type TransactionSetDef } from './grammar';

/** What a loop holds: its segments, and the loops that start inside it, by segment id. */
interface Frame {
	readonly def: LoopDef;
	readonly path: string;
	readonly members: ReadonlyMap<string, LoopDef | 'segment'>;
}

/** Frames are built once per loop of a table (a loop has one place in its set) and shared. */
const frames = new WeakMap<LoopDef, Frame>();

function frame(def: LoopDef, parent?: Frame): Frame {
	let found = frames.get(def);
	if (!found) {
		const members = new Map<string, LoopDef | 'segment'>();
		def.content.forEach((entry: Entry, i) => {
			const id = isLoop(entry) ? entry.loop : entry.segment;
			// A loop's first segment starts the loop's next iteration: it is not a member.
			if (!members.has(id) && !(i === 0 && id === def.loop))
				members.set(id, isLoop(entry) ? entry : 'segment');
		});
		found = { def, path: parent ? `${parent.path}/${def.loop}` : def.loop, members };
		frames.set(def, found);
	}
	return found;
}

export class LoopTracker {
	private area = 0;
	private stack: Frame[];

	constructor(private readonly set: TransactionSetDef) {
		this.stack = [frame(set.areas[0])];
	}

	/** The path of the loops the segment being read is in (`detail/PO1/N1`). */
	get path(): string {
		return this.stack[this.stack.length - 1].path;
	}

	/** Moves to where segment `id` belongs; false (staying put) when the set has no place for it. */
	next(id: string): boolean {
		if (this.within(this.stack, id)) return true;
		for (let a = this.area + 1; a < this.set.areas.length; a++) {
			const stack = [frame(this.set.areas[a])];
			if (this.within(stack, id)) {
				this.area = a;
				return true;
			}
		}
		return false;
	}

	/** Finds `id` in the innermost loop of `stack` that holds it, and makes that the place. */
	private within(stack: Frame[], id: string): boolean {
		for (let depth = stack.length - 1; depth >= 0; depth--) {
			const here = stack[depth];
			const member = depth > 0 && id === here.def.loop ? 'segment' : here.members.get(id);
			if (member === undefined) continue;
			if (stack.length !== depth + 1) stack.length = depth + 1;
			if (member !== 'segment') stack.push(frame(member, here));
			this.stack = stack;
			return true;
		}
		return false;
	}
}
