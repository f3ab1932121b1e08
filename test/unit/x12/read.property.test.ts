/**
 * Property-based tests of the X12 reader (fast-check): valid interchanges written with random
 * separators, contents and line breaks are read as valid; mutated ones never make the reader throw,
 * and it always answers valid or with named, located problems, at most MAX_PROBLEMS plus a count.
 * The 1 MB property checks the answer stays small (one broken 5 MB input once made a 430 MB error);
 * the reader's speed on 1 MB is a measured figure, not asserted here (no wall-clock assertions).
 */
import { fc, test } from '@fast-check/jest';

import { MAX_PROBLEMS, readInterchange, type X12ReadResult } from '../../../nodes/EdiExchange/x12';
import type { Separators } from '../../../sandbox/x12/types';
import {
	DEFAULT_SEPARATORS,
	writeInterchange,
	type X12WriteInput,
} from '../../../sandbox/x12/write';
import { fuzz } from '../../fuzz';

const SEPARATORS = fc.record({
	element: fc.constantFrom('*', '|', '!'),
	component: fc.constantFrom('>', ':'),
	repetition: fc.constantFrom('^', '`'),
	segment: fc.constantFrom('~', '\n', "'"),
});
const ELEMENT = fc.stringMatching(/^[A-Z0-9 .-]{0,10}$/);
const SEGMENT = fc
	.tuple(
		fc.constantFrom('BEG', 'REF', 'N1', 'PO1', 'CTT', 'MSG', 'DTM'),
		fc.array(ELEMENT, { minLength: 1, maxLength: 6 }),
	)
	.map(([id, elements]) => [id, ...elements]);
const INPUT: fc.Arbitrary<X12WriteInput> = fc.record({
	senderId: fc.stringMatching(/^[A-Z0-9]{1,15}$/),
	receiverId: fc.stringMatching(/^[A-Z0-9]{1,15}$/),
	usage: fc.constantFrom('T' as const, 'P' as const),
	controlNumber: fc.integer({ min: 1, max: 999_999_999 }),
	date: fc.constant(new Date('2026-11-22T10:30:00Z')),
	sets: fc.array(
		fc.record({
			type: fc.constantFrom('810', '850', '855', '856'),
			segments: fc.array(SEGMENT, { minLength: 1, maxLength: 8 }),
		}),
		{ minLength: 1, maxLength: 3 },
	),
	separators: SEPARATORS,
	lineBreaks: fc.boolean(),
});

/** One edit of the text at a relative place (0..1): what a broken file, a bad export or a typo does. */
const PLACE = fc.double({ min: 0, max: 1, noNaN: true });
const MUTATION = fc.oneof(
	fc.record({
		kind: fc.constant('insert' as const),
		at: PLACE,
		text: fc
			.array(
				fc.constantFrom(
					'*',
					'~',
					'\n',
					'\r',
					'|',
					"'",
					'>',
					'^',
					' ',
					'A',
					'0',
					'I',
					'S',
					'E',
					'G',
					'\uFEFF',
					'é',
				),
				{ minLength: 1, maxLength: 8 },
			)
			.map((c) => c.join('')),
	}),
	fc.record({
		kind: fc.constant('delete' as const),
		at: PLACE,
		length: fc.integer({ min: 1, max: 30 }),
	}),
	fc.record({
		kind: fc.constant('repeat' as const),
		at: PLACE,
		length: fc.integer({ min: 1, max: 40 }),
		times: fc.integer({ min: 2, max: 5 }),
	}),
	fc.record({ kind: fc.constant('cut' as const), at: PLACE }),
	// The interchange's own separators where they do not belong: empty ids, stray elements, split segments.
	fc.record({
		kind: fc.constant('separator' as const),
		at: PLACE,
		which: fc.constantFrom('element' as const, 'segment' as const, 'component' as const),
	}),
);
type Mutation = typeof MUTATION extends fc.Arbitrary<infer M> ? M : never;

function mutate(
	text: string,
	mutation: Mutation,
	separators: Separators = DEFAULT_SEPARATORS,
): string {
	// Separators land after the ISA (106 characters), where they make empty ids and stray elements.
	const at =
		mutation.kind === 'separator'
			? 106 + Math.floor(mutation.at * (text.length - 106))
			: Math.floor(mutation.at * text.length);
	switch (mutation.kind) {
		case 'separator':
			return text.slice(0, at) + separators[mutation.which] + text.slice(at);
		case 'insert':
			return text.slice(0, at) + mutation.text + text.slice(at);
		case 'delete':
			return text.slice(0, at) + text.slice(at + mutation.length);
		case 'repeat':
			return (
				text.slice(0, at) +
				text.slice(at, at + mutation.length).repeat(mutation.times) +
				text.slice(at + mutation.length)
			);
		case 'cut':
			return text.slice(0, at);
	}
}

/** Valid, or problems that each name a segment, a position and what is wrong; never more than the cap. */
function expectValidOrNamedProblems(result: X12ReadResult): void {
	expect(Number.isInteger(result.moreProblems) && result.moreProblems >= 0).toBe(true);
	expect(result.problems.length).toBeLessThanOrEqual(MAX_PROBLEMS);
	if (result.moreProblems > 0) expect(result.problems).toHaveLength(MAX_PROBLEMS);
	if (result.problems.length === 0) {
		expect(result.interchange).toBeDefined();
		expect(result.text).toBeDefined();
	}
	for (const problem of result.problems) {
		expect(problem.segment).toMatch(/^\S.{0,19}$/s);
		expect(Number.isInteger(problem.position) && problem.position >= 1).toBe(true);
		expect(problem.message.length).toBeGreaterThan(10);
		expect(problem.message.length).toBeLessThanOrEqual(300);
	}
}

function read(text: string): X12ReadResult {
	let result: X12ReadResult | undefined;
	expect(() => (result = readInterchange(text))).not.toThrow();
	return result!;
}

test.prop([INPUT, fc.constantFrom('', '\n', '\r\n', '\uFEFF', '  \n')], fuzz(200))(
	'a written interchange is valid, whatever its separators, with blank text around it',
	(input, around) => {
		const text = writeInterchange(input);
		const result = read(around + text + around.replace('\uFEFF', ''));
		expect(result.problems).toEqual([]);
		expect(result.moreProblems).toBe(0);
		expect(result.interchange!.groups[0].sets.map((s) => s.type)).toEqual(
			input.sets.map((s) => s.type),
		);
		expect(result.interchange!.controlNumber).toBe(String(input.controlNumber).padStart(9, '0'));
		// The interchange itself, ISA to IEA's terminator, is what Submit sends.
		expect(result.text).toBe(
			input.lineBreaks && input.separators!.segment !== '\n' ? text.slice(0, -1) : text,
		);
	},
);

test.prop([INPUT, fc.array(MUTATION, { minLength: 1, maxLength: 5 })], fuzz(300))(
	'a mutated interchange never makes the reader throw: valid, or named problems',
	(input, mutations) => {
		const text = mutations.reduce(
			(mutated, mutation) => mutate(mutated, mutation, input.separators as Separators),
			writeInterchange(input),
		);
		expectValidOrNamedProblems(read(text));
	},
);

test.prop([fc.string({ maxLength: 300 })], fuzz(200))(
	'any text: valid, or named problems',
	(text) => {
		expectValidOrNamedProblems(read(text));
	},
);

describe('1 MB inputs', () => {
	const MSG = (i: number) => ['MSG', `LINE ${i} ${'X'.repeat(40)}`];
	const base = writeInterchange({
		senderId: 'YOURCOMPANY',
		receiverId: 'DEMORETAIL',
		usage: 'T',
		controlNumber: 1,
		date: new Date('2026-11-22T10:30:00Z'),
		sets: Array.from({ length: 4 }, () => ({
			type: '810',
			segments: Array.from({ length: 4_600 }, (_, i) => MSG(i)),
		})),
	});
	/** Mutations that multiply problems: a segment terminator in every other place, an element run repeated. */
	const MASS = fc.oneof(
		fc.record({
			kind: fc.constant('repeat' as const),
			at: PLACE,
			length: fc.integer({ min: 1, max: 4 }),
			times: fc.integer({ min: 1000, max: 100_000 }),
		}),
		MUTATION,
	);

	test('the base is 1 MB and valid', () => {
		expect(base.length).toBeGreaterThan(1_000_000);
		expect(read(base).problems).toEqual([]);
	});

	test.prop([fc.array(MASS, { minLength: 1, maxLength: 4 })], fuzz(5, 0.01))(
		'mutated, the answer stays small: capped problems with a count of the rest',
		(mutations) => {
			const result = read(mutations.reduce((mutated, mutation) => mutate(mutated, mutation), base));
			expectValidOrNamedProblems(result);
			expect(JSON.stringify(result.problems).length).toBeLessThan(MAX_PROBLEMS * 400);
		},
	);
});
