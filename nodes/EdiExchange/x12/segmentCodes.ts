/**
 * The segment ids a set's tables name, as numbers (codes): what the set check and the loop
 * tracker look up once per segment of a large file, by an array read instead of a map lookup (a
 * map hashes each id anew: every segment read is a new string).
 */
import { isLoop, type LoopDef, type TransactionSetDef } from './grammar';

export class SegmentCodes {
	/** Each id's code, in the order the tables first name them. */
	readonly codes = new Map<string, number>();
	/** Each code by its id's key (idKey), -1 for an id the tables do not name. */
	private readonly byKey = new Int16Array(ID_KEYS).fill(-1);

	constructor(def: TransactionSetDef) {
		const collect = (loop: LoopDef): void => {
			for (const entry of loop.content) {
				const id = isLoop(entry) ? entry.loop : entry.segment;
				if (!this.codes.has(id)) this.codes.set(id, this.codes.size);
				if (isLoop(entry)) collect(entry);
			}
		};
		def.areas.forEach(collect);
		for (const [id, code] of this.codes) {
			const key = idKey(id);
			if (key >= 0) this.byKey[key] = code;
		}
	}

	/** The code of segment id `id`, -1 when the tables do not name it. */
	codeOf(id: string): number {
		const key = idKey(id);
		return key < 0 ? -1 : this.byKey[key];
	}
}

const compiled = new WeakMap<TransactionSetDef, SegmentCodes>();

/** The codes of `def`'s tables, made once. */
export function segmentCodes(def: TransactionSetDef): SegmentCodes {
	let found = compiled.get(def);
	if (!found) compiled.set(def, (found = new SegmentCodes(def)));
	return found;
}

/** Segment ids are 2 or 3 characters from 0 to Z (43 codes: digits, a few signs, letters); 0 for no third. */
const ID_KEYS = 43 * 43 * 44;

/** An id's number below ID_KEYS from its character codes, -1 when it cannot be a segment id. */
function idKey(id: string): number {
	const length = id.length;
	if (length < 2 || length > 3) return -1;
	const first = id.charCodeAt(0) - 48;
	const second = id.charCodeAt(1) - 48;
	const third = length === 3 ? id.charCodeAt(2) - 47 : 0;
	// Unsigned: a code below '0' wraps to a large number.
	if (first >>> 0 > 42 || second >>> 0 > 42 || third >>> 0 > 43) return -1;
	return (first * 43 + second) * 44 + third;
}
