/** Splitting interchange text into segments (the writer is a sandbox tool: sandbox/x12/). */
import type { X12Separators } from './types';
import { keepShape } from './shapes';

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
 * segments either. Tolerant splitting (the tolerant reader) also skips indentation before a
 * segment id and notes it, and notes line breaks inside a segment (a hard-wrapped file), so the
 * reader can report both. A plain object, not a generator: this runs once per segment of a large
 * file, and a generator allocates a result object and resumes a frame for each.
 */
export class SegmentSplitter {
	private position: number;
	private cursor: number;
	private readonly terminator: string;
	private readonly separator: number;
	/** Line breaks inside a segment are noted: tolerant splitting, where they do not end segments. */
	private readonly noteLineBreaks: boolean;
	/** The elements of the segment being split, before they are copied into an array of their own. */
	private readonly pieces: string[] = [];
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
		/** Tolerant splitting (the tolerant reader). */
		private readonly tolerant = false,
	) {
		this.cursor = from;
		this.position = firstPosition;
		this.terminator = separators.segment;
		this.separator = separators.element.charCodeAt(0);
		this.noteLineBreaks = tolerant && !isLineBreak(separators.segment.charCodeAt(0));
		keepShape(this);
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
			segment.elements = this.elementsOf(start, stop);
			segment.position = this.position++;
			segment.terminated = terminated;
			segment.end = Math.min(this.cursor, text.length);
			segment.start = start;
			segment.indented = indented;
			return segment;
		}
		return undefined;
	}

	/**
	 * text[start, stop) split on the element separator, as `split` would, in one pass that also
	 * notes a line break inside it (the segment's `lineBreak`). Slices of the text, not `split` on
	 * a slice of it: that calls into the runtime once per segment and takes twice as long.
	 */
	private elementsOf(start: number, stop: number): string[] {
		const text = this.text;
		const pieces = this.pieces;
		const separator = this.separator;
		let count = 0;
		let from = start;
		let lineBreak = false;
		for (let i = start; i < stop; i++) {
			const code = text.charCodeAt(i);
			if (code === separator) {
				pieces[count++] = sliceOf(text, from, i);
				from = i + 1;
			} else if (code <= CR) lineBreak ||= isLineBreak(code);
		}
		pieces[count++] = sliceOf(text, from, stop);
		this.segment.lineBreak = lineBreak && this.noteLineBreaks;
		return pieces.slice(0, count);
	}
}

/**
 * text[from, to): a two-character one (a qualifier, a unit, a state: EA, UP, ST, NY) is the same
 * string each time, as `split` gives it, so a large file does not hold a copy of each. The table
 * lasts as long as the process: at most 1,849 strings of two characters.
 */
function sliceOf(text: string, from: number, to: number): string {
	if (to - from !== 2) return text.slice(from, to);
	const first = text.charCodeAt(from) - PAIR_FROM;
	const second = text.charCodeAt(from + 1) - PAIR_FROM;
	if (first < 0 || first >= PAIR_SPAN || second < 0 || second >= PAIR_SPAN)
		return text.slice(from, to);
	const key = first * PAIR_SPAN + second;
	return (PAIRS[key] ||= text.slice(from, to));
}
/** Two characters from 0 to Z (digits, upper-case letters and the seven signs between). */
const PAIR_FROM = 48;
const PAIR_SPAN = 43;
const PAIRS: string[] = new Array<string>(PAIR_SPAN * PAIR_SPAN).fill('');

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
