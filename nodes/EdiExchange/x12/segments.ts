/** Splitting interchange text into segments, and joining segments back into text. */
import type { X12Separators } from './types';

export interface RawSegment {
	elements: string[];
	/** 1-based position in the interchange (the ISA is 1). */
	position: number;
	/** False for a trailing segment that had no terminator. */
	terminated: boolean;
}

/**
 * Splits the text after the ISA into segments. Line breaks after terminators are tolerated
 * (common when files are made readable), so leading CR/LF is dropped, and blank pieces are skipped.
 */
export function splitSegments(body: string, separators: X12Separators, firstPosition: number): RawSegment[] {
	const pieces = body.split(separators.segment);
	const segments: RawSegment[] = [];
	pieces.forEach((piece, index) => {
		let cleaned = piece.replace(/^[\r\n]+/, '');
		if (separators.segment === '\n') cleaned = cleaned.replace(/\r$/, '');
		if (cleaned.trim() === '') return;
		segments.push({
			elements: cleaned.split(separators.element),
			position: firstPosition + segments.length,
			terminated: index < pieces.length - 1,
		});
	});
	return segments;
}

/** Joins segments with the given separators; every segment gets its terminator. */
export function joinSegments(segments: string[][], separators: X12Separators, lineBreaks = false): string {
	const end = separators.segment + (lineBreaks && separators.segment !== '\n' ? '\n' : '');
	return segments.map((segment) => segment.join(separators.element) + end).join('');
}
