/**
 * The ISA header: fixed-width, and the only place an interchange declares its separators.
 * Separators are found by position (element separator = 4th character), then the ISA is walked
 * by its element separator so a wrongly padded field is reported rather than misread.
 */
import { type ProblemList, shown } from './problems';
import type { X12Separators } from './types';

/** Widths of ISA01..ISA16. With "ISA", 16 separators and the terminator they make 106 characters. */
export const ISA_WIDTHS = [2, 10, 2, 10, 2, 15, 2, 15, 6, 4, 1, 5, 9, 1, 1, 1] as const;
export const ISA_LENGTH = 106;

export interface IsaHeader {
	/** Elements with `ISA` at index 0, as written (padding kept). */
	elements: string[];
	separators: X12Separators;
	/** Index in the text just after the ISA terminator. */
	end: number;
}

const isAlphanumeric = (c: string) => /^[A-Za-z0-9]$/.test(c);

/**
 * Reads the ISA at `start`. Returns undefined (with a problem) when the separators cannot be
 * determined, since nothing after the ISA can be read without them. Its length and the widths of
 * its elements go to `layout` (the strict check: the same list; the tolerant reader: warnings).
 */
export function readIsa(
	text: string,
	start: number,
	problems: ProblemList,
	layout: ProblemList = problems,
): IsaHeader | undefined {
	const fail = (message: string) => {
		problems.add('ISA', 1, message);
		return undefined;
	};
	if (text.slice(start, start + 3) !== 'ISA') {
		return fail(
			`the interchange must start with an ISA segment, found ${shown(text.slice(start, start + 3))}`,
		);
	}
	const element = text.charAt(start + 3);
	if (element === '' || isAlphanumeric(element) || /\s/.test(element)) {
		return fail(
			`ISA element separator (4th character) must be a punctuation character, found ${shown(element)}`,
		);
	}
	const elements = ['ISA'];
	let cursor = start + 4;
	for (let index = 1; index < 16; index++) {
		const next = text.indexOf(element, cursor);
		if (next < 0) {
			return fail(`ISA segment is incomplete: expected 16 elements, found ${index}`);
		}
		elements.push(text.slice(cursor, next));
		cursor = next + 1;
	}
	// ISA16 is one character and the segment terminator follows it directly.
	const component = text.charAt(cursor);
	const segment = text.charAt(cursor + 1);
	if (component === '' || segment === '') {
		return fail(
			'ISA segment is incomplete: ISA16 (component separator) or the segment terminator is missing',
		);
	}
	elements.push(component);
	const end = cursor + 2;

	if (isAlphanumeric(segment) || segment === element || segment === ' ') {
		return fail(
			`ISA segment terminator (the character after ISA16) must be a separator distinct from ${shown(element)}, found ${shown(segment)}`,
		);
	}
	if (end - start !== ISA_LENGTH) {
		layout.add(
			'ISA',
			1,
			`ISA segment must be ${ISA_LENGTH} characters including its terminator, found ${end - start}`,
		);
	}
	ISA_WIDTHS.forEach((width, i) => {
		const value = elements[i + 1];
		if (value.length !== width) {
			const name = `ISA${String(i + 1).padStart(2, '0')}`;
			layout.add(
				'ISA',
				1,
				`${name} must be ${width} characters wide, found ${value.length} (${shown(value)})`,
				{ element: i + 1 },
			);
		}
	});

	// Before 4020, ISA11 was the standards identifier `U`, not a repetition separator.
	const repetition = isAlphanumeric(elements[11]) || elements[11].length !== 1 ? '' : elements[11];
	const separators: X12Separators = { element, component, repetition, segment };
	checkDistinct(separators, problems);
	return { elements, separators, end };
}

function checkDistinct(separators: X12Separators, problems: ProblemList): void {
	const named: Array<[string, string]> = [
		['element separator', separators.element],
		['component separator (ISA16)', separators.component],
		['segment terminator', separators.segment],
	];
	if (separators.repetition) named.push(['repetition separator (ISA11)', separators.repetition]);
	for (const [name, value] of named) {
		if (isAlphanumeric(value) || value === ' ') {
			problems.add('ISA', 1, `${name} must be a punctuation character, found ${shown(value)}`);
		}
	}
	for (let i = 0; i < named.length; i++) {
		for (let j = i + 1; j < named.length; j++) {
			if (named[i][1] === named[j][1]) {
				problems.add(
					'ISA',
					1,
					`${named[j][0]} must differ from the ${named[i][0]}, both are ${shown(named[i][1])}`,
				);
			}
		}
	}
}
