/**
 * Where each segment of a transaction set belongs, from the set's table: which area (header,
 * detail, summary) and which loops. Tolerant, as reading partners is: within an area segments may
 * come in any order; a loop starts at its first segment and holds the segments its table lists;
 * a segment its loop does not hold closes loops until an enclosing one holds it; areas only go
 * forward. A segment the set has no place for leaves the place as it was.
 */
import { type Entry, isLoop, type LoopDef, type TransactionSetDef } from './grammar';
import { type SegmentCodes, segmentCodes } from './segmentCodes';
import { keepShape } from './shapes';

/** What a loop holds, by segment code: its segments, and the frames of the loops that start inside it. */
interface Frame {
	readonly def: LoopDef;
	readonly path: string;
	/** The code of the loop's first segment (-1 for an area). */
	readonly loopCode: number;
	readonly members: ReadonlyArray<Frame | 'segment' | undefined>;
}

/**
 * Each area's frame, with the frames of every loop inside it, built once per table (a loop has one
 * place in its set) and shared: moving into a loop is then an array read, per segment of a large file.
 */
const frames = new WeakMap<LoopDef, Frame>();

function areaFrame(def: LoopDef, codes: SegmentCodes): Frame {
	let found = frames.get(def);
	if (!found) frames.set(def, (found = frameOf(def, codes)));
	return found;
}

function frameOf(def: LoopDef, codes: SegmentCodes, parent?: Frame): Frame {
	const members = new Array<Frame | 'segment' | undefined>(codes.codes.size).fill(undefined);
	const frame: Frame = {
		def,
		path: parent ? `${parent.path}/${def.loop}` : def.loop,
		loopCode: codes.codes.get(def.loop) ?? -1,
		members,
	};
	def.content.forEach((entry: Entry, i) => {
		const id = isLoop(entry) ? entry.loop : entry.segment;
		const code = codes.codeOf(id);
		// A loop's first segment starts the loop's next iteration: it is not a member.
		if (members[code] === undefined && !(i === 0 && id === def.loop))
			members[code] = isLoop(entry) ? frameOf(entry, codes, frame) : 'segment';
	});
	return frame;
}

export class LoopTracker {
	private area = 0;
	private readonly stack: Frame[];
	private readonly codes: SegmentCodes;

	constructor(private readonly set: TransactionSetDef) {
		this.codes = segmentCodes(set);
		this.stack = [areaFrame(set.areas[0], this.codes)];
		keepShape(this);
	}

	/** The path of the loops the segment being read is in (`detail/PO1/N1`). */
	get path(): string {
		return this.stack[this.stack.length - 1].path;
	}

	/** Moves to where segment `id` belongs; false (staying put) when the set has no place for it. */
	next(id: string): boolean {
		const code = this.codes.codeOf(id);
		if (code < 0) return false;
		if (this.within(code)) return true;
		for (let a = this.area + 1; a < this.set.areas.length; a++) {
			const area = areaFrame(this.set.areas[a], this.codes);
			const member = area.members[code];
			if (member === undefined) continue;
			this.area = a;
			this.stack.length = 0;
			this.stack.push(area);
			if (member !== 'segment') this.stack.push(member);
			return true;
		}
		return false;
	}

	/** Finds segment `code` in the innermost open loop that holds it, and makes that the place. */
	private within(code: number): boolean {
		const stack = this.stack;
		for (let depth = stack.length - 1; depth >= 0; depth--) {
			const here = stack[depth];
			const member = depth > 0 && code === here.loopCode ? 'segment' : here.members[code];
			if (member === undefined) continue;
			// pop, not a length assignment: the engine's length setter is a slow path.
			while (stack.length > depth + 1) stack.pop();
			if (member !== 'segment') stack.push(member);
			return true;
		}
		return false;
	}
}
