/**
 * The set check (x12/setStructure.ts): hand-made broken 850s and 860s give each AK304 kind at the
 * position a 997 reports (ST is 1); every real 850 of ../shared/x12-public passes it (a check that
 * flagged real orders would make the 997 note errors a partner did not make).
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { readX12 } from '../../../nodes/EdiExchange/x12';
import { checkStructure } from '../../../nodes/EdiExchange/x12/setStructure';
import { SET_850, SET_860 } from '../../../nodes/EdiExchange/x12/sets';
import { inShared, needing } from '../../shared';

/** A set from its segments written `ID*…`, one per entry. */
const set = (type: string, lines: string[]) => ({
	type,
	controlNumber: '0001',
	segments: lines.map((line) => line.split('*')),
});

const ORDER = [
	'ST*850*0001',
	'BEG*00*SA*PO-1**20261122',
	'CUR*BY*USD',
	'REF*DP*011',
	'N1*ST*STORE 42',
	'N3*1 MAIN ST',
	'PO1*1*5*EA*1.00**UP*012345678905',
	'PID*F****GREEN',
	'PO1*2*5*EA*1.00**UP*012345678912',
	'CTT*2',
	'SE*11*0001',
];
const CHANGE = [
	'ST*860*0001',
	'BCH*04*SA*PO-1***20261122',
	'POC*1*QI*8*5*EA*1.00**UP*012345678905',
	'CTT*1',
	'SE*5*0001',
];

const found = (type: string, lines: string[]) =>
	checkStructure(set(type, lines), type === '850' ? SET_850 : SET_860).map((p) => [
		p.kind,
		p.segment,
		p.setPosition,
	]);

const withLines = (lines: string[], at: number, remove: number, ...add: string[]) => {
	const copy = [...lines];
	copy.splice(at, remove, ...add);
	return copy;
};

test('an 850 and an 860 in the standard order pass', () => {
	expect(found('850', ORDER)).toEqual([]);
	expect(found('860', CHANGE)).toEqual([]);
});

test.each([
	[
		'unexpected (2): an N3 with no N1',
		'850',
		withLines(ORDER, 4, 0, 'N3*X'),
		[['unexpectedSegment', 'N3', 5]],
	],
	[
		'mandatory missing (3): no BEG, where it belonged',
		'850',
		withLines(ORDER, 1, 1),
		[['mandatorySegmentMissing', 'BEG', 2]],
	],
	[
		'mandatory missing (3): no PO1 loop at all',
		'850',
		withLines(ORDER, 6, 3),
		[['mandatorySegmentMissing', 'PO1', 7]],
	],
	[
		'loop over its maximum (4): two CTT loops',
		'850',
		withLines(ORDER, 9, 0, 'CTT*2'),
		[['loopOverMaximum', 'CTT', 11]],
	],
	[
		'segment over its maximum use (5): two CUR',
		'850',
		withLines(ORDER, 2, 0, 'CUR*BY*USD'),
		[['segmentOverMaximumUse', 'CUR', 4]],
	],
	[
		'out of order (7): REF before CUR',
		'850',
		withLines(ORDER, 2, 2, 'REF*DP*011', 'CUR*BY*USD'),
		[['segmentOutOfOrder', 'CUR', 4]],
	],
	[
		'out of order (7): a header segment among the lines',
		'850',
		withLines(ORDER, 9, 0, 'BEG*00*SA*PO-1**20261122'),
		[['segmentOutOfOrder', 'BEG', 10]],
	],
	[
		'an 860 without BCH (3)',
		'860',
		withLines(CHANGE, 1, 1),
		[['mandatorySegmentMissing', 'BCH', 2]],
	],
	[
		'an 860 with BCH twice (5)',
		'860',
		withLines(CHANGE, 1, 0, CHANGE[1]),
		[['segmentOverMaximumUse', 'BCH', 3]],
	],
])('%s', (_, type, lines, expected) => {
	expect(found(type, lines)).toEqual(expected);
});

test('a segment the table does not hold at all is left alone (the tables list what retail sets use)', () => {
	expect(found('850', withLines(ORDER, 3, 0, 'ZZZ*1'))).toEqual([]);
});

const FOLDER = inShared('x12-public', '850');
needing(FOLDER).test(
	'every set of the public 850 files passes the set check, and readX12 says nothing of it',
	() => {
		let sets = 0;
		for (const file of readdirSync(FOLDER).filter((f) => f.endsWith('.edi'))) {
			const reading = readX12(readFileSync(join(FOLDER, file), 'utf8'));
			expect([file, reading.warnings.filter((w) => w.kind)]).toEqual([file, []]);
			for (const interchange of reading.interchanges)
				for (const group of interchange.groups)
					for (const one of group.sets) {
						sets++;
						expect([file, checkStructure(one, SET_850)]).toEqual([file, []]);
					}
		}
		expect(sets).toBe(25);
	},
);

test('readX12 places a structure problem at its segment in the interchange, after a segment outside any set too', () => {
	const isa =
		'ISA*00*          *00*          *ZZ*BUYERCO        *ZZ*SELLERCO       *261120*0915*U*00401*000000001*0*P*>';
	const second = withLines(ORDER, 9, 0, 'BEG*00*SA*PO-2**20261122').map((line) =>
		line.replace('0001', '0002').replace('SE*11', 'SE*12'),
	);
	const segments = [isa, 'GS*PO*BUYERCO*SELLERCO*20261122*0915*1*X*004010', ...ORDER];
	// A stray segment between the sets: the reader says it is outside a set, and counts it.
	segments.push('XYZ*1', ...second, 'GE*2*1', 'IEA*1*000000001');
	const reading = readX12(`${segments.join('~\n')}~\n`);
	const problem = reading.warnings.find((w) => w.kind === 'segmentOutOfOrder')!;
	expect(segments[problem.position - 1]).toBe('BEG*00*SA*PO-2**20261122');
	expect([problem.set, problem.setPosition]).toEqual([1, 10]);
});
