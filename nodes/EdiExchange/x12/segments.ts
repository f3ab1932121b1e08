/** Splitting interchange text into segments (the writer is a sandbox tool: sandbox/x12/). */
import type { X12Separators } from './types';

export interface RawSegment {
	elements: string[];
	/** 1-based position in the interchange (the ISA is 1). */
	position: number;
	/** False for a trailing segment that had no terminator. */
	terminated: boolean;
	/** Index in the text just after this segment's terminator. */
	end: number;
	/** Index in the text of the segment's first character (after what was skipped before it). */
	start: number;
	/** Tolerant splitting only (else false): spaces, tabs or no-break spaces were skipped before the segment id. */
	indented: boolean;
	/** Tolerant splitting only (else false): a line break inside the segment (not after its terminator). */
	lineBreak: boolean;
}

/**
 * The segments of the text from `from` on, one at a time (`next()`): a reader keeps only what it
 * needs, so a huge broken input does not become millions of arrays at once. The segment given is
 * the same object each time, filled anew: keep its fields (its `elements`), not the object. Line
 * breaks after terminators are tolerated (common when files are made readable), so leading CR/LF
 * is dropped, and blank pieces are skipped: with a newline terminator, blank lines are not
 * segments either. Tolerant splitting (given `lineBreaks`: the tolerant reader) also skips
 * indentation before a segment id and notes it, and notes line breaks inside a segment (a
 * hard-wrapped file), so the reader can report both. A plain object, not a generator: this runs once per segment of a large file, and a
 * generator allocates a result object and resumes a frame for each.
 */
export class SegmentSplitter {
	private position: number;
	private cursor: number;
	private readonly terminator: string;
	private readonly separator: string;
	private readonly lineTerminated: boolean;
	private readonly tolerant: boolean;
	/** Tolerant splitting: no segment ending at or before this index has a line break inside it. */
	private suspect = Number.POSITIVE_INFINITY;
	// Every field set at once: one object shape for every segment, whichever the mode.
	private readonly segment: RawSegment = {
		elements: [],
		position: 0,
		terminated: false,
		end: 0,
		start: 0,
		indented: false,
		lineBreak: false,
	};

	constructor(
		private readonly text: string,
		from: number,
		separators: X12Separators,
		firstPosition: number,
		/** Tolerant splitting (the tolerant reader): where the text's odd line breaks are. */
		private readonly lineBreaks?: LineBreaks,
	) {
		this.cursor = from;
		this.position = firstPosition;
		this.terminator = separators.segment;
		this.separator = separators.element;
		this.lineTerminated = isLineBreak(separators.segment.charCodeAt(0));
		this.tolerant = lineBreaks !== undefined;
		if (lineBreaks && !this.lineTerminated) this.suspect = lineBreaks.next(from, this.terminator);
	}

	/** The next segment, or undefined at the end of the text. */
	next(): RawSegment | undefined {
		const text = this.text;
		while (this.cursor < text.length) {
			const at = text.indexOf(this.terminator, this.cursor);
			const terminated = at >= 0;
			let start = this.cursor;
			let stop = terminated ? at : text.length;
			this.cursor = stop + 1;
			// Character codes, not regular expressions: this loop runs once per segment of a large file.
			while (start < stop && isLineBreak(text.charCodeAt(start))) start++;
			if (this.terminator === '\n' && stop > start && text.charCodeAt(stop - 1) === CR) stop--;
			let indented = false;
			if (this.tolerant) {
				while (start < stop && isSkippable(text.charCodeAt(start))) {
					if (!isLineBreak(text.charCodeAt(start))) indented = true;
					start++;
				}
			}
			if (isBlank(text, start, stop)) continue;
			const segment = this.segment;
			segment.elements = text.slice(start, stop).split(this.separator);
			segment.position = this.position++;
			segment.terminated = terminated;
			segment.end = Math.min(this.cursor, text.length);
			segment.start = start;
			segment.indented = indented;
			// Most segments end before the next odd line break: only the one it falls in is searched.
			segment.lineBreak = stop > this.suspect && this.lineBreakIn(start, stop);
			return segment;
		}
		return undefined;
	}

	/** Whether text[start, stop) holds a line feed or a carriage return; then where the next odd one is. */
	private lineBreakIn(start: number, stop: number): boolean {
		const text = this.text;
		let found = false;
		for (let i = start; i < stop && !found; i++) found = isLineBreak(text.charCodeAt(i));
		this.suspect = this.lineBreaks!.next(stop, this.terminator);
		return found;
	}
}

/**
 * Where a text has line breaks that do not follow a segment terminator (or another line break):
 * the only places a segment can have one inside it. Found by one pass over the text's line
 * breaks, shared by its interchanges, instead of a search in each segment.
 */
export class LineBreaks {
	/** No odd line break in [from, found): found is the next one, or the text's length. */
	private from = 0;
	private found = -1;
	private terminator = -1;

	constructor(private readonly text: string) {}

	/** The index of the first odd line break at or after `from`, where `terminator` ends segments. */
	next(from: number, terminator: string): number {
		const code = terminator.charCodeAt(0);
		if (code !== this.terminator || from < this.from || from > this.found) {
			this.from = from;
			this.found = Math.min(this.odd('\n', from, code), this.odd('\r', from, code));
			this.terminator = code;
		}
		return this.found;
	}

	/** The first `lineBreak` at or after `from` that follows neither `terminator` nor a line break. */
	private odd(lineBreak: string, from: number, terminator: number): number {
		const text = this.text;
		for (let at = text.indexOf(lineBreak, from); at >= 0; at = text.indexOf(lineBreak, at + 1)) {
			const before = text.charCodeAt(at - 1);
			if (at > 0 && before !== terminator && !isLineBreak(before)) return at;
		}
		return text.length;
	}
}

const CR = 13;
const LF = 10;
const isLineBreak = (code: number) => code === CR || code === LF;
const SPACE = 32;
const TAB = 9;
const NO_BREAK_SPACE = 0xa0;
/** What indentation is made of, line breaks included (they come first, after a terminator). */
const isSkippable = (code: number) =>
	code === SPACE || code === TAB || code === NO_BREAK_SPACE || isLineBreak(code);

/** True when text[start, stop) is only white space; stops at the first other character. */
function isBlank(text: string, start: number, stop: number): boolean {
	for (let i = start; i < stop; i++) {
		const code = text.charCodeAt(i);
		// Printable ASCII is never white space: most segments are settled by their first character.
		if (code > SPACE && code < 127) return false;
		if (!WHITE_SPACE.test(text.charAt(i))) return false;
	}
	return true;
}
const WHITE_SPACE = /\s/;
