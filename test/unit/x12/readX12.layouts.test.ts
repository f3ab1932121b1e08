/**
 * readX12 on the layouts real files have, from the repository's own fixtures
 * (test/fixtures/x12/, written by hand for this suite), so every case runs without ../shared:
 * every element separator and segment terminator the field uses, a BOM, indentation, unpadded and
 * no-break-space-padded ISAs, several interchanges in one file, two groups mixing 810 and 850,
 * versions 00200 to 00501, sub-element and repetition separators in use, values with trailing
 * spaces and quotes; and broken files, each with its located errors.
 */
import { readFileSync } from 'fs';
import { join } from 'path';

import {
	normaliseInterchange,
	readInterchange,
	readX12,
	type X12Interchange,
	type X12Reading,
} from '../../../nodes/EdiExchange/x12';

const fixture = (name: string) =>
	readFileSync(join(__dirname, '..', '..', 'fixtures', 'x12', name), 'utf8');

/** Every segment of an interchange in order, ISA to IEA, as read. */
const segmentsOf = (interchange: X12Interchange): string[][] => [
	interchange.isa,
	...interchange.groups.flatMap((group) => [
		group.gs,
		...group.sets.flatMap((set) => set.segments),
		...(group.ge ? [group.ge] : []),
	]),
	...(interchange.iea ? [interchange.iea] : []),
];
const messages = (problems: X12Reading['warnings']) => problems.map((p) => p.message);

/** The reference: po-850.edi in the standard layout reads with nothing to say. */
const base = readX12(fixture('po-850.edi'));
const baseSegments = segmentsOf(base.interchanges[0]);

/** Writes the reference's segments with other separators, as a partner's system would. */
function layout(element: string, terminator: string, component = '>'): string {
	return baseSegments
		.map((segment, index) => {
			const elements = index === 0 ? [...segment.slice(0, 16), component] : segment;
			return elements.map((value) => value.replaceAll('>', component)).join(element);
		})
		.map((text) => text + terminator)
		.join('');
}

function expectConformant(reading: X12Reading) {
	expect(reading.errors).toEqual([]);
	for (const interchange of reading.interchanges)
		expect(readInterchange(normaliseInterchange(interchange)).problems).toEqual([]);
}

describe('readX12: the reference fixture', () => {
	it('reads po-850.edi with no warning and no error, values as written', () => {
		expect(base.warnings).toEqual([]);
		expect(base.errors).toEqual([]);
		const [set] = base.interchanges[0].groups[0].sets;
		expect(set.segments.map((s) => s[0])).toEqual([
			'ST',
			'BEG',
			'CUR',
			'N1',
			'PO1',
			'PID',
			'SLN',
			'CTT',
			'SE',
		]);
		// A quote and trailing spaces inside values stay as written; the component separator in SLN07 too.
		expect(set.segments[3][2]).toBe('STORE 12 "MAIN ST"');
		expect(set.segments[5][5]).toBe('WIDGET, SMALL  ');
		expect(set.segments[6][7]).toBe('PE>1');
		expect(base.interchanges[0].separators).toEqual({
			element: '*',
			component: '>',
			repetition: '',
			segment: '~',
		});
	});
});

describe('readX12: separators and terminators', () => {
	const elements = ['*', '|', '~', '+', '\x7f'];
	const terminators = ['~', '~\n', '~\r\n', '\n', '\r', '\r\n', '|', "'", '!', '\x15', '\u2026'];
	const cases = elements.flatMap((element) =>
		terminators
			.filter((terminator) => terminator[0] !== element)
			.map(
				(terminator) =>
					[JSON.stringify(element), JSON.stringify(terminator), element, terminator] as const,
			),
	);
	it.each(cases)(
		'element %s, terminator %s: the same segments, nothing to report',
		(_, __, element, terminator) => {
			// A terminator of `'` or `!` cannot also be a value's character: the reference has none.
			const reading = readX12(layout(element, terminator, element === '+' ? ':' : '>'));
			expect(reading.warnings).toEqual([]);
			expectConformant(reading);
			expect(reading.interchanges).toHaveLength(1);
			const read = segmentsOf(reading.interchanges[0]);
			expect(read.slice(1).map((s) => s.join('\u0001').replaceAll(':', '>'))).toEqual(
				baseSegments.slice(1).map((s) => s.join('\u0001')),
			);
			expect(reading.interchanges[0].separators.element).toBe(element);
			expect(reading.interchanges[0].separators.segment).toBe(terminator[0]);
		},
	);
});

describe('readX12: layouts that deviate, read with warnings', () => {
	it('reads every interchange of a batch file, each with its own separators', () => {
		const reading = readX12(fixture('batch-two-interchanges.edi'));
		expect(reading.warnings).toEqual([]);
		expectConformant(reading);
		expect(reading.interchanges.map((i) => [i.controlNumber, i.separators])).toEqual([
			['000000201', { element: '*', component: '>', repetition: '', segment: '~' }],
			['000000202', { element: '|', component: ':', repetition: '^', segment: '~' }],
		]);
		const invoice = reading.interchanges[1].groups[0].sets[0];
		expect(invoice.type).toBe('810');
		// Sub-element (QTY03) and repetition (REF02) separators in use stay in the value.
		expect(invoice.segments.find((s) => s[0] === 'QTY')).toEqual(['QTY', '39', '10', 'EA:1']);
		expect(invoice.segments.find((s) => s[0] === 'REF')).toEqual(['REF', 'ZZ', 'A^B']);
	});

	it('reads indented segments and says so once, with the first place', () => {
		const reading = readX12(fixture('indented.edi'));
		expectConformant(reading);
		expect(reading.warnings).toEqual([
			{
				segment: 'GS',
				position: 2,
				interchange: 0,
				message: expect.stringContaining('7 segments are indented'),
			},
		]);
		expect(reading.interchanges[0].groups[0].sets[0].segments[1]).toEqual([
			'BEG',
			'00',
			'SA',
			'PO-7301',
			'',
			'20261120',
		]);
	});

	it('reads a BOM, an ISA padded with no-break spaces and a wrong IEA02, with a warning for each', () => {
		const reading = readX12(fixture('bom-nbsp-padding.edi'));
		expectConformant(reading);
		const [interchange] = reading.interchanges;
		expect([interchange.senderId, interchange.receiverId]).toEqual(['BUYERCO', 'SELLERCO']);
		const warnings = messages(reading.warnings);
		expect(warnings).toContainEqual(expect.stringContaining('byte order mark'));
		expect(warnings).toContainEqual(expect.stringContaining('ISA segment must be 106 characters'));
		expect(reading.warnings).toContainEqual(
			expect.objectContaining({ element: 6, message: expect.stringContaining('no-break spaces') }),
		);
		expect(reading.warnings).toContainEqual(
			expect.objectContaining({ segment: 'IEA', element: 2, position: 9 }),
		);
		// Normalise writes a 106-character ISA with spaces, and IEA02 = ISA13.
		const normalised = normaliseInterchange(interchange);
		expect(normalised.slice(0, 106)).toBe(
			'ISA*00*          *00*          *ZZ*BUYERCO        *ZZ*SELLERCO       *261120*0915*U*00401*000000401*0*T*>~',
		);
		expect(normalised.endsWith('IEA*1*000000401~')).toBe(true);
		expect(normalised).not.toMatch(/[\r\n]/);
	});

	it('reads a 78-character ISA of version 00200 with a "!" terminator', () => {
		const reading = readX12(fixture('short-isa-00200.edi'));
		expectConformant(reading);
		expect(reading.interchanges[0].version).toBe('00200');
		expect(reading.warnings).toContainEqual(
			expect.objectContaining({ message: expect.stringContaining('found 78') }),
		);
		expect(reading.warnings).toContainEqual(
			expect.objectContaining({ element: 2, message: expect.stringContaining('ISA02 must be 10') }),
		);
	});

	it.each([
		[
			'81',
			(isa: string) =>
				isa
					.replace('*00*          *00*          *', '*00* *00* *')
					.replace('BUYERCO        ', 'BUYERCO '),
		],
		['103', (isa: string) => isa.replace('BUYERCO        ', 'BUYERCO     ')],
		['105', (isa: string) => isa.replace('SELLERCO       ', 'SELLERCO      ')],
	])('reads an ISA of %s characters, with a warning naming each short element', (length, edit) => {
		const text = fixture('po-850.edi');
		const isaEnd = text.indexOf('~') + 1;
		const reading = readX12(edit(text.slice(0, isaEnd)) + text.slice(isaEnd));
		expect(reading.warnings[0].message).toContain(`found ${length}`);
		expect(reading.warnings.slice(1).every((w) => w.element !== undefined)).toBe(true);
		expectConformant(reading);
		expect(reading.interchanges[0].groups[0].sets[0].segments).toEqual(
			base.interchanges[0].groups[0].sets[0].segments,
		);
	});

	it('reads two functional groups mixing 810 and 850 in version 00501', () => {
		const reading = readX12(fixture('two-groups-810-850.edi'));
		// Its 850 has no line: the set check says so (a 997 would reject it, AK304 3).
		expect(reading.warnings).toEqual([
			expect.objectContaining({
				segment: 'PO1',
				kind: 'mandatorySegmentMissing',
				setPosition: 3,
				message: 'the mandatory PO1 loop is missing (transaction set 0002, its segment 3)',
			}),
		]);
		expectConformant(reading);
		const [interchange] = reading.interchanges;
		expect(interchange.separators.repetition).toBe('^');
		expect(interchange.groups.map((g) => [g.functionalId, g.sets.map((s) => s.type)])).toEqual([
			['IN', ['810']],
			['PO', ['850']],
		]);
	});

	it('still refuses these layouts in the strict check of what we send', () => {
		for (const name of [
			'batch-two-interchanges.edi',
			'indented.edi',
			'bom-nbsp-padding.edi',
			'short-isa-00200.edi',
		])
			expect(readInterchange(fixture(name)).problems.length).toBeGreaterThan(0);
	});
});

describe('readX12: broken files give located errors, never a throw', () => {
	it('a hard-wrapped file: line breaks inside segments', () => {
		const reading = readX12(fixture('broken-wrapped.edi'));
		expect(reading.errors).toContainEqual(
			expect.objectContaining({
				segment: 'GS',
				position: 2,
				message: expect.stringContaining('line break'),
			}),
		);
		expect(reading.errors.some((e) => e.message.includes('IE'))).toBe(true);
	});

	it('an SE count that is wrong and no IEA: the set and its place, for a 997', () => {
		const reading = readX12(fixture('broken-no-iea-se-count.edi'));
		expect(reading.errors).toEqual([
			{
				segment: 'SE',
				position: 5,
				element: 1,
				interchange: 0,
				group: 0,
				set: 0,
				setPosition: 3,
				kind: 'setSegmentCount',
				message: 'SE01 (number of segments ST..SE inclusive) expected 3, found "4"',
			},
			{
				segment: 'IEA',
				position: 7,
				interchange: 0,
				message: 'the interchange is not closed by IEA; found the end of the text',
			},
		]);
		// What could be read is kept.
		expect(reading.interchanges[0].groups[0].sets[0].segments).toHaveLength(3);
	});

	it('text after the last IEA that is not an interchange', () => {
		const reading = readX12(fixture('broken-text-after-iea.edi'));
		expect(reading.interchanges).toHaveLength(1);
		expect(reading.errors).toEqual([
			expect.objectContaining({
				interchange: 1,
				message: expect.stringContaining('"Regards, the EDI te'),
			}),
		]);
	});

	it('an interchange whose IEA is missing before the next ISA: both are read', () => {
		const text = fixture('batch-two-interchanges.edi').replace('IEA*1*000000201~\n', '');
		const reading = readX12(text);
		expect(reading.interchanges.map((i) => i.controlNumber)).toEqual(['000000201', '000000202']);
		expect(reading.errors).toEqual([
			expect.objectContaining({ segment: 'ISA', position: 9, interchange: 0 }),
		]);
	});

	it.each([
		['empty text', ''],
		['no ISA', 'GS*PO*A*B~'],
		['a space as element separator', 'ISA 00*'],
		['an ISA cut short', 'ISA*00*          *00*'],
	])('%s', (_, text) => {
		const reading = readX12(text);
		expect(reading.interchanges).toEqual([]);
		expect(reading.errors).toHaveLength(1);
		expect(reading.errors[0]).toMatchObject({ segment: 'ISA', position: 1 });
	});
});
