/** Splitting interchange text into segments, and joining segments back into text. */
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
export function* splitSegments(text: string, from: number, separators: X12Separators, firstPosition: number): Generator<RawSegment> {
	let position = firstPosition;
	let cursor = from;
	while (cursor < text.length) {
		const at = text.indexOf(separators.segment, cursor);
		const terminated = at >= 0;
		const stop = terminated ? at : text.length;
		let cleaned = text.slice(cursor, stop).replace(/^[\r\n]+/, '');
		cursor = stop + 1;
		if (separators.segment === '\n') cleaned = cleaned.replace(/\r$/, '');
		if (cleaned.trim() === '') continue;
		yield { elements: cleaned.split(separators.element), position: position++, terminated, end: Math.min(cursor, text.length) };
	}
}

/** Joins segments with the given separators; every segment gets its terminator. */
export function joinSegments(segments: string[][], separators: X12Separators, lineBreaks = false): string {
	const end = separators.segment + (lineBreaks && separators.segment !== '\n' ? '\n' : '');
	return segments.map((segment) => segment.join(separators.element) + end).join('');
}
