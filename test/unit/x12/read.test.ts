import { readInterchange } from '../../../nodes/EdiExchange/x12';
import { functionalIdFor, writeInterchange, type X12WriteInput } from '../../../sandbox/x12/write';

const date = new Date('2026-11-22T10:30:00.000Z');
const po = (n: string): string[][] => [
	['BEG', '00', 'SA', n, '', '20261122'],
	['PO1', '1', '5', 'EA', '101.00', '', 'IN', '10000002'],
	['CTT', '1'],
];
const input = (over: Partial<X12WriteInput> = {}): X12WriteInput => ({
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
	usage: 'T',
	controlNumber: 42,
	date,
	sets: [{ type: '850', segments: po('PO-1') }],
	...over,
});
const valid = () => writeInterchange(input());
const segmentsOf = (text: string) => text.split('~').filter((s) => s.trim() !== '');
const rebuild = (segments: string[]) => segments.join('~') + '~';
/** Replaces the segment whose text starts with `prefix`. */
const edit = (text: string, prefix: string, replacement: string) =>
	rebuild(segmentsOf(text).map((s) => (s.startsWith(prefix) ? replacement : s)));
const problemsOf = (text: string) => readInterchange(text).problems;

describe('writeInterchange → readInterchange', () => {
	it('round-trips a valid interchange with fixed-width ISA', () => {
		const text = valid();
		const isa = text.slice(0, text.indexOf('~') + 1);
		expect(isa).toHaveLength(106);
		expect(isa).toBe(
			'ISA*00*          *00*          *ZZ*YOURCOMPANY    *ZZ*DEMORETAIL     *261122*1030*^*00501*000000042*0*T*>~',
		);
		const { interchange, problems } = readInterchange(text);
		expect(problems).toEqual([]);
		expect(interchange).toMatchObject({
			separators: { element: '*', component: '>', repetition: '^', segment: '~' },
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			usage: 'T',
			controlNumber: '000000042',
			date: '261122',
			time: '1030',
		});
		expect(interchange!.groups).toHaveLength(1);
		const group = interchange!.groups[0];
		expect(group).toMatchObject({
			functionalId: 'PO',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			controlNumber: '42',
			version: '005010',
		});
		expect(group.sets).toEqual([
			{
				type: '850',
				controlNumber: '0001',
				segments: [['ST', '850', '0001'], ...po('PO-1'), ['SE', '5', '0001']],
			},
		]);
	});

	it('writes several sets with their own control numbers and counts', () => {
		const text = writeInterchange(
			input({ sets: [1, 2, 3].map((n) => ({ type: '850', segments: po(`PO-${n}`) })) }),
		);
		const { interchange, problems } = readInterchange(text);
		expect(problems).toEqual([]);
		expect(interchange!.groups[0].sets.map((s) => [s.controlNumber, s.segments[1][3]])).toEqual([
			['0001', 'PO-1'],
			['0002', 'PO-2'],
			['0003', 'PO-3'],
		]);
		expect(text).toContain('GE*3*42~IEA*1*000000042~');
	});

	it('tolerates line breaks after terminators and writes them on request', () => {
		const text = writeInterchange(input({ lineBreaks: true }));
		expect(text.split('\n')).toHaveLength(10); // nine segments and a final line break
		expect(problemsOf(text)).toEqual([]);
		expect(problemsOf(text.replace(/\n/g, '\r\n'))).toEqual([]);
	});

	it('reads other separators: | elements, : components, newline terminator', () => {
		const text = writeInterchange(
			input({ separators: { element: '|', component: ':', repetition: '', segment: '\n' } }),
		);
		expect(text.split('\n')[0]).toHaveLength(105);
		const { interchange, problems } = readInterchange(text);
		expect(problems).toEqual([]);
		expect(interchange!.separators).toEqual({
			element: '|',
			component: ':',
			repetition: '',
			segment: '\n',
		});
		expect(interchange!.isa[11]).toBe('U');
		expect(interchange!.groups[0].sets[0].segments[1]).toEqual(po('PO-1')[0]);
		expect(problemsOf(text.replace(/\n/g, '\r\n'))).toEqual([]);
	});

	it('maps functional identifiers and refuses unknown types and bad elements', () => {
		expect(['850', '855', '856', '810'].map(functionalIdFor)).toEqual(['PO', 'PR', 'SH', 'IN']);
		expect(() => functionalIdFor('123')).toThrow(/functional identifier/);
		expect(() =>
			writeInterchange(input({ sets: [{ type: '850', segments: [['BEG', 'a*b']] }] })),
		).toThrow(/separator/);
		expect(() => writeInterchange(input({ senderId: 'X'.repeat(16) }))).toThrow(/senderId/);
		expect(() =>
			writeInterchange(input({ sets: [{ type: '850', segments: [['ST', '850', '1']] }] })),
		).toThrow(/ST or SE/);
	});
});

describe('readInterchange envelope problems', () => {
	it('reports an ISA that is not 106 characters (a badly padded field)', () => {
		const text = valid().replace('YOURCOMPANY    ', 'YOURCOMPANY');
		const problems = problemsOf(text);
		expect(problems).toEqual(
			expect.arrayContaining([
				{
					segment: 'ISA',
					position: 1,
					message: 'ISA segment must be 106 characters including its terminator, found 102',
				},
				expect.objectContaining({
					segment: 'ISA',
					message: expect.stringMatching(/^ISA06 must be 15 characters wide, found 11/),
				}),
			]),
		);
		// The separators are still found by walking the ISA, so the rest is read.
		expect(readInterchange(text).interchange!.senderId).toBe('YOURCOMPANY');
	});

	it('reports text that does not start with ISA, or an incomplete ISA', () => {
		expect(problemsOf('GS*PO~')).toEqual([
			{
				segment: 'ISA',
				position: 1,
				message: 'the interchange must start with an ISA segment, found "GS*"',
			},
		]);
		expect(readInterchange('ISA*00*').interchange).toBeUndefined();
		expect(problemsOf('ISA*00*')[0].message).toMatch(/incomplete/);
	});

	it('reports bad separators', () => {
		const text = valid();
		// Component separator equal to the element separator.
		const sameComponent = text.slice(0, 104) + '*' + text.slice(105);
		expect(problemsOf(sameComponent)).toContainEqual({
			segment: 'ISA',
			position: 1,
			message: 'component separator (ISA16) must differ from the element separator, both are "*"',
		});
		// A letter as segment terminator cannot be read at all.
		const letter = text.replace(/~/g, 'A');
		expect(readInterchange(letter).interchange).toBeUndefined();
		expect(problemsOf(letter)[0].message).toMatch(/segment terminator/);
		// Alphanumeric element separator.
		expect(problemsOf('ISAX00')[0].message).toMatch(/element separator/);
	});

	it('reports ISA13 ≠ IEA02', () => {
		expect(problemsOf(edit(valid(), 'IEA', 'IEA*1*000000043'))).toEqual([
			{
				segment: 'IEA',
				position: 9,
				message: 'IEA02 (control number) must equal ISA13: expected "000000042", found "000000043"',
			},
		]);
	});

	it('reports GS06 ≠ GE02', () => {
		expect(problemsOf(edit(valid(), 'GE', 'GE*1*41'))).toEqual([
			{
				segment: 'GE',
				position: 8,
				message: 'GE02 (control number) must equal GS06: expected "42", found "41"',
			},
		]);
	});

	it('reports ST02 ≠ SE02', () => {
		expect(problemsOf(edit(valid(), 'SE', 'SE*5*0002'))).toEqual([
			{
				segment: 'SE',
				position: 7,
				message: 'SE02 (control number) must equal ST02: expected "0001", found "0002"',
			},
		]);
	});

	it('reports a wrong SE01 segment count', () => {
		expect(problemsOf(edit(valid(), 'SE', 'SE*4*0001'))).toEqual([
			{
				segment: 'SE',
				position: 7,
				message: 'SE01 (number of segments ST..SE inclusive) expected 5, found "4"',
			},
		]);
	});

	it('reports wrong GE01 and IEA01 counts', () => {
		const text = edit(edit(valid(), 'GE', 'GE*2*42'), 'IEA', 'IEA*3*000000042');
		expect(problemsOf(text)).toEqual([
			{
				segment: 'GE',
				position: 8,
				message: 'GE01 (number of transaction sets) expected 1, found "2"',
			},
			{
				segment: 'IEA',
				position: 9,
				message: 'IEA01 (number of functional groups) expected 1, found "3"',
			},
		]);
	});

	it('reports a missing SE', () => {
		const text = rebuild(segmentsOf(valid()).filter((s) => !s.startsWith('SE')));
		expect(problemsOf(text)).toEqual([
			{
				segment: 'SE',
				position: 7,
				message: 'transaction set 850 (ST02 0001, position 3) is not closed by SE; found GE',
			},
		]);
	});

	it('reports a missing GE', () => {
		const text = rebuild(segmentsOf(valid()).filter((s) => !s.startsWith('GE')));
		expect(problemsOf(text)).toEqual([
			{
				segment: 'GE',
				position: 8,
				message: 'functional group PO (GS06 42, position 2) is not closed by GE; found IEA',
			},
		]);
	});

	it('reports a missing IEA', () => {
		const text = rebuild(segmentsOf(valid()).filter((s) => !s.startsWith('IEA')));
		expect(problemsOf(text)).toEqual([
			{
				segment: 'IEA',
				position: 9,
				message: 'the interchange is not closed by IEA; found the end of the text',
			},
		]);
	});

	it('reports trailing content after IEA', () => {
		expect(problemsOf(valid() + 'XYZ*1~')).toEqual([
			{ segment: 'XYZ', position: 10, message: 'nothing may follow IEA, found "XYZ*1"' },
		]);
		expect(problemsOf(valid() + '\r\n')).toEqual([]);
	});

	it('reports a usage indicator other than T or P', () => {
		const text = valid();
		const bad = text.slice(0, 102) + 'X' + text.slice(103);
		expect(problemsOf(bad)).toEqual([
			{ segment: 'ISA', position: 1, message: 'ISA15 (usage indicator) must be T or P, found "X"' },
		]);
	});

	it('reports an unterminated last segment and segments outside a set', () => {
		expect(problemsOf(valid().replace(/~$/, ''))).toContainEqual(
			expect.objectContaining({ segment: 'IEA', message: 'segment IEA is not terminated by "~"' }),
		);
		const stray = edit(valid(), 'GE', 'REF*XX*1~GE*1*42');
		expect(problemsOf(stray)).toContainEqual(
			expect.objectContaining({
				segment: 'REF',
				position: 8,
				message: 'segment REF is outside a transaction set: expected ST, GE or IEA',
			}),
		);
	});

	it('checks each set in a multi-set interchange independently', () => {
		const text = writeInterchange(
			input({
				sets: [
					{ type: '850', segments: po('A') },
					{ type: '850', segments: po('B') },
				],
			}),
		);
		const broken = text.replace('SE*5*0002', 'SE*6*0002');
		expect(problemsOf(broken)).toEqual([
			{
				segment: 'SE',
				position: 12,
				message: 'SE01 (number of segments ST..SE inclusive) expected 5, found "6"',
			},
		]);
	});
});
