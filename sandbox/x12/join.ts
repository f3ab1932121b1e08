/** Segments back to text. */
import type { Separators } from './types';

/** Every segment ends with the terminator; `lineBreaks` adds a newline after each for readability. */
export function joinSegments(
	segments: string[][],
	separators: Separators,
	lineBreaks = false,
): string {
	const end = separators.segment + (lineBreaks && separators.segment !== '\n' ? '\n' : '');
	return segments.map((segment) => segment.join(separators.element) + end).join('');
}
