import { checkEnvelope } from '../../sandbox/x12/envelope';
import { extractTransactionSet } from '../../sandbox/x12/extract';
import { writeInterchange, type X12WriteInput } from '../../sandbox/x12/write';

/** The sandbox's own envelope check, apart from the node's reader: what the service accepts and refuses. */
const date = new Date('2026-11-22T10:30:00.000Z');
const po = (n: string): string[][] => [
	['BEG', '00', 'SA', n, '', '20261122'],
	['PO1', '1', '5', 'EA', '101.00'],
	['CTT', '1'],
];
const write = (over: Partial<X12WriteInput> = {}) =>
	writeInterchange({
		senderId: 'YOURCOMPANY',
		receiverId: 'DEMORETAIL',
		usage: 'T',
		controlNumber: 42,
		date,
		sets: [
			{ type: '850', segments: po('A') },
			{ type: '850', segments: po('B') },
		],
		...over,
	});
const problemsOf = (text: string) =>
	checkEnvelope(text).problems.map(({ segment, position }) => [segment, position]);

describe('checkEnvelope', () => {
	it('reads a valid interchange: parties, usage, one entry per ST set', () => {
		const { interchange, problems } = checkEnvelope(write({ usage: 'P' }));
		expect(problems).toEqual([]);
		expect(interchange).toMatchObject({
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			usage: 'P',
			separators: { element: '*', component: '>', repetition: '^', segment: '~' },
		});
		expect(interchange!.groups).toHaveLength(1);
		expect(
			interchange!.groups[0].sets.map((s) => [s.type, s.segments.length, s.segments[1][3]]),
		).toEqual([
			['850', 5, 'A'],
			['850', 5, 'B'],
		]);
	});

	it('accepts a newline as the segment terminator, other separators, line breaks after terminators and CRLF', () => {
		const newline = write({ separators: { element: '|', component: ':', segment: '\n' } });
		expect(newline).toContain('\nGS|PO|');
		expect(problemsOf(newline)).toEqual([]);
		expect(checkEnvelope(newline).interchange!.groups[0].sets).toHaveLength(2);
		expect(problemsOf(write({ lineBreaks: true }))).toEqual([]);
		expect(problemsOf(write({ lineBreaks: true }).replace(/\n/g, '\r\n'))).toEqual([]);
		expect(problemsOf(newline.replace(/\n/g, '\r\n'))).toEqual([]);
	});

	// Positions: ISA 1, GS 2, ST 3, BEG 4, PO1 5, CTT 6, SE 7, ST 8, BEG 9, PO1 10, CTT 11, SE 12, GE 13, IEA 14.
	const broken: Array<[string, (t: string) => string, Array<[string, number]>]> = [
		['not an ISA', (t) => `GS${t.slice(2)}`, [['ISA', 1]]],
		[
			'ISA one character short',
			(t) => t.replace('YOURCOMPANY    ', 'YOURCOMPANY   '),
			[['ISA', 1]],
		],
		[
			'ISA element widths wrong but length right',
			(t) => t.replace('*ZZ*YOURCOMPANY    *', '*Z*YOURCOMPANY     *'),
			[['ISA', 1]],
		],
		['ISA15 neither T nor P', (t) => t.replace('*0*T*>~', '*0*X*>~'), [['ISA', 1]]],
		['truncated before the end of the ISA', (t) => t.slice(0, 80), [['ISA', 1]]],
		['ISA13 ≠ IEA02', (t) => t.replace('IEA*1*000000042', 'IEA*1*000000043'), [['IEA', 14]]],
		['IEA01 wrong', (t) => t.replace('IEA*1*', 'IEA*2*'), [['IEA', 14]]],
		['GS06 ≠ GE02', (t) => t.replace('GE*2*42', 'GE*2*41'), [['GE', 13]]],
		['GE01 wrong', (t) => t.replace('GE*2*42', 'GE*3*42'), [['GE', 13]]],
		['ST02 ≠ SE02', (t) => t.replace('SE*5*0002', 'SE*5*0007'), [['SE', 12]]],
		['SE01 wrong', (t) => t.replace('SE*5*0001', 'SE*6*0001'), [['SE', 7]]],
		['ST01 not a set code', (t) => t.replace('ST*850*0001', 'ST*85*0001'), [['ST', 3]]],
		['SE missing (next ST comes)', (t) => t.replace('SE*5*0001~', ''), [['SE', 7]]],
		['SE missing (GE comes)', (t) => t.replace('SE*5*0002~', ''), [['SE', 12]]],
		['GE missing', (t) => t.replace('GE*2*42~', ''), [['GE', 13]]],
		['IEA missing', (t) => t.replace('IEA*1*000000042~', ''), [['IEA', 14]]],
		['last segment unterminated', (t) => t.slice(0, -1), [['IEA', 14]]],
		['trailing segment after IEA', (t) => `${t}XX*1~`, [['XX', 15]]],
		['a second interchange after IEA', (t) => t + t.slice(0, 106), [['ISA', 15]]],
		['no group at all', (t) => t.slice(0, 106) + 'IEA*0*000000042~', [['GS', 2]]],
		[
			'a trailing element separator on IEA',
			(t) => t.replace('IEA*1*000000042~', 'IEA*1*000000042*~'),
			[['IEA', 14]],
		],
		[
			'a trailing element separator on SE',
			(t) => t.replace('SE*5*0001~', 'SE*5*0001*~'),
			[['SE', 7]],
		],
		['a segment without its id', (t) => t.replace('PO1*', '*'), [['(no id)', 5]]],
		['a lower-case segment id', (t) => t.replace('CTT*', 'ctt*'), [['ctt', 6]]],
	];
	it.each(broken)('reports %s at its segment and position', (_name, breakIt, expected) => {
		expect(problemsOf(breakIt(write()))).toEqual(expected);
	});

	it('explains each problem with the expected and the found value', () => {
		const { problems } = checkEnvelope(
			write().replace('SE*5*0001', 'SE*6*0001').replace('GE*2*42', 'GE*2*41'),
		);
		expect(problems.map((p) => p.message)).toEqual([
			'SE01 is "6" but the set has 5 segments (ST to SE)',
			'GE02 is "41" but GS06 is "42"',
		]);
	});
});

describe('extractTransactionSet', () => {
	it('wraps one set of a multi-set interchange in its own envelope with counts of 1', () => {
		const text = write();
		const second = extractTransactionSet(checkEnvelope(text).interchange!, 0, 1);
		expect(second.startsWith(text.slice(0, 106))).toBe(true);
		expect(second).toContain('ST*850*0002~BEG*00*SA*B**20261122~');
		expect(second).not.toContain('BEG*00*SA*A*');
		expect(second.endsWith('SE*5*0002~GE*1*42~IEA*1*000000042~')).toBe(true);
		expect(problemsOf(second)).toEqual([]);
		expect(() => extractTransactionSet(checkEnvelope(text).interchange!, 0, 2)).toThrow();
	});

	it('keeps the original separators', () => {
		const text = write({
			sets: [{ type: '850', segments: po('A') }],
			separators: { element: '|', segment: '\n' },
		});
		expect(extractTransactionSet(checkEnvelope(text).interchange!, 0, 0)).toBe(text);
	});
});
