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
}

/**
 * The segments of the text from `from` on, one at a time: a reader keeps only what it needs, so a
 * huge broken input does not become millions of arrays at once. Line breaks after terminators are
 * tolerated (common when files are made readable), so leading CR/LF is dropped, and blank pieces
 * are skipped: with a newline terminator, blank lines are not segments either.
 */
export function* splitSegments(
	text: string,
	from: number,
	separators: X12Separators,
	firstPosition: number,
): Generator<RawSegment> {
	let position = firstPosition;
	let cursor = from;
	while (cursor < text.length) {
		const at = text.indexOf(separators.segment, cursor);
		const terminated = at >= 0;
		let start = cursor;
		let stop = terminated ? at : text.length;
		cursor = stop + 1;
		// Character codes, not regular expressions: this loop runs once per segment of a large file.
		while (start < stop && isLineBreak(text.charCodeAt(start))) start++;
		if (separators.segment === '\n' && stop > start && text.charCodeAt(stop - 1) === CR) stop--;
		if (isBlank(text, start, stop)) continue;
		yield {
			elements: text.slice(start, stop).split(separators.element),
			position: position++,
			terminated,
			end: Math.min(cursor, text.length),
		};
	}
}

const CR = 13;
const LF = 10;
const isLineBreak = (code: number) => code === CR || code === LF;

/** True when text[start, stop) is only white space; stops at the first other character. */
function isBlank(text: string, start: number, stop: number): boolean {
	for (let i = start; i < stop; i++) if (!WHITE_SPACE.test(text.charAt(i))) return false;
	return true;
}
const WHITE_SPACE = /\s/;
