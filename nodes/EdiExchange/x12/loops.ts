/**
 * Where each segment of a transaction set belongs, from the set's table: which area (header,
 * detail, summary) and which loops. Tolerant, as reading partners is: within an area segments may
 * come in any order; a loop starts at its first segment and holds the segments its table lists;
 * a segment its loop does not hold closes loops until an enclosing one holds it; areas only go
 * forward. A segment the set has no place for leaves the place as it was.
 */
import { type Entry, isLoop, type LoopDef, type TransactionSetDef } from './grammar';

/** What a loop holds: its segments, and the frames of the loops that start inside it, by segment id. */
interface Frame {
	readonly def: LoopDef;
	readonly path: string;
	readonly members: ReadonlyMap<string, Frame | 'segment'>;
}

/**
 * Each area's frame, with the frames of every loop inside it, built once per table (a loop has one
 * place in its set) and shared: moving into a loop is then a map read, per segment of a large file.
 */
const frames = new WeakMap<LoopDef, Frame>();

function areaFrame(def: LoopDef): Frame {
	let found = frames.get(def);
	if (!found) frames.set(def, (found = frameOf(def)));
	return found;
}

function frameOf(def: LoopDef, parent?: Frame): Frame {
	const members = new Map<string, Frame | 'segment'>();
	const frame: Frame = { def, path: parent ? `${parent.path}/${def.loop}` : def.loop, members };
	def.content.forEach((entry: Entry, i) => {
		const id = isLoop(entry) ? entry.loop : entry.segment;
		// A loop's first segment starts the loop's next iteration: it is not a member.
		if (!members.has(id) && !(i === 0 && id === def.loop))
			members.set(id, isLoop(entry) ? frameOf(entry, frame) : 'segment');
	});
	return frame;
}

export class LoopTracker {
	private area = 0;
	private readonly stack: Frame[];

	constructor(private readonly set: TransactionSetDef) {
		this.stack = [areaFrame(set.areas[0])];
	}

	/** The path of the loops the segment being read is in (`detail/PO1/N1`). */
	get path(): string {
		return this.stack[this.stack.length - 1].path;
	}

	/** Moves to where segment `id` belongs; false (staying put) when the set has no place for it. */
	next(id: string): boolean {
		if (this.within(id)) return true;
		for (let a = this.area + 1; a < this.set.areas.length; a++) {
			const area = areaFrame(this.set.areas[a]);
			const member = area.members.get(id);
			if (member === undefined) continue;
			this.area = a;
			this.stack.length = 0;
			this.stack.push(area);
			if (member !== 'segment') this.stack.push(member);
			return true;
		}
		return false;
	}

	/** Finds `id` in the innermost open loop that holds it, and makes that the place. */
	private within(id: string): boolean {
		const stack = this.stack;
		for (let depth = stack.length - 1; depth >= 0; depth--) {
			const here = stack[depth];
			const member = depth > 0 && id === here.def.loop ? 'segment' : here.members.get(id);
			if (member === undefined) continue;
			// pop, not a length assignment: the engine's length setter is a slow path.
			while (stack.length > depth + 1) stack.pop();
			if (member !== 'segment') stack.push(member);
			return true;
		}
		return false;
	}
}
