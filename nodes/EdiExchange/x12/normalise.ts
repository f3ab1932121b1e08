/**
 * Normalise: writes an interchange read tolerantly (`readX12`) back as the standard wants it, so a
 * file received can be sent: a 106-character ISA (values padded with spaces, no-break spaces
 * dropped), one terminator after each segment (no line breaks, no indentation), no trailing empty
 * elements. The data is otherwise written as read: separators, values, counts and control numbers
 * (a wrong SE or GE stays wrong: run the strict check, `readInterchange`, on the result), except
 * IEA, written from what was read (IEA01 the groups, IEA02 = ISA13), and a GE that was missing
 * (the read has an error for it), written likewise.
 */
import { ISA_WIDTHS } from './isa';
import type { X12Interchange } from './types';

/** ISA elements that are numbers: padded with zeros on the left, the others with spaces on the right. */
const NUMERIC = new Set([13]);

export function normaliseInterchange(interchange: X12Interchange): string {
	const { element, segment } = interchange.separators;
	const isa = interchange.isa.map((value, index) => (index === 0 ? value : isaValue(value, index)));
	const segments: string[][] = [isa];
	for (const group of interchange.groups) {
		segments.push(group.gs);
		for (const set of group.sets) segments.push(...set.segments);
		segments.push(group.ge ?? ['GE', String(group.sets.length), group.controlNumber]);
	}
	// The tolerant read only warns about a wrong IEA (nothing read depends on it): written anew.
	segments.push(['IEA', String(interchange.groups.length), isa[13]]);
	// ISA16 and ISA's empty-looking padded values are fixed width: only the other segments are trimmed.
	return segments
		.map((elements, i) => (i === 0 ? elements : withoutTrailingEmpty(elements)).join(element))
		.map((text) => text + segment)
		.join('');
}

/** An ISA value at its fixed width; a value too long stays as it is (the strict check names it). */
function isaValue(value: string, index: number): string {
	const width = ISA_WIDTHS[index - 1];
	if (width === undefined) return value;
	const trimmed = value.replace(/\u00a0/g, ' ').trim();
	if (NUMERIC.has(index) && /^\d+$/.test(trimmed)) return trimmed.padStart(width, '0');
	return trimmed.length <= width ? trimmed.padEnd(width, ' ') : value;
}

function withoutTrailingEmpty(elements: string[]): string[] {
	let count = elements.length;
	while (count > 1 && elements[count - 1] === '') count--;
	return count === elements.length ? elements : elements.slice(0, count);
}
