/**
 * The X12 tables (x12/segmentTable.ts, x12/sets/) against what the writers write: every set the
 * 855, 856, 810 and 997 writers make of random orders passes the strict check of its table
 * (checkSet), and the check finds what a table forbids.
 */
import { fc } from '@fast-check/jest';

import { checkSet, readInterchange, TRANSACTION_SETS } from '../../../nodes/EdiExchange/x12';
import { fuzz } from '../../fuzz';
import { ORDER, writeOrder } from '../../x12Orders';

const setsOf = (text: string) => {
	const read = readInterchange(text);
	expect(read.problems).toEqual([]);
	return read.interchange!.groups.flatMap((group) => group.sets);
};

test('every set the writers make passes the strict check of its table', () => {
	let checked = 0;
	fc.assert(
		fc.property(ORDER, (order) => {
			for (const written of writeOrder(order).written)
				for (const set of setsOf(written.text)) {
					expect([written.kind, checkSet(set, TRANSACTION_SETS.get(set.type)!)]).toEqual([
						written.kind,
						[],
					]);
					checked++;
				}
		}),
		fuzz(40),
	);
	expect(checked).toBeGreaterThan(100);
});

describe('the strict check finds what the tables forbid', () => {
	const set = (...segments: string[][]) => ({
		type: '850',
		controlNumber: '0001',
		segments: [['ST', '850', '0001'], ...segments, ['SE', String(segments.length + 2), '0001']],
	});
	const BEG = ['BEG', '00', 'SA', 'PO-1', '', '20261122'];
	const PO1 = ['PO1', '1', '5', 'EA', '1.00', '', 'BP', 'X'];
	const check = (...segments: string[][]) =>
		checkSet(set(...segments), TRANSACTION_SETS.get('850')!);

	test.each([
		[[BEG, PO1], []],
		[[PO1], ['the 850 has no BEG']],
		[[BEG], ['the 850 has no PO1']],
		[[BEG, PO1, ['BAK', '00']], ['BAK (segment 4) has no place in the 850 here']],
		[[PO1, BEG], ['BEG (segment 3) has no place in the 850 here']],
		[
			[['BEG', '00', 'SA', 'P'.repeat(23), '', '20261122'], PO1],
			['BEG03 (segment 2) (purchase order number) is 23 long, X12 allows 1 to 22'],
		],
		[
			[['BEG', '00', 'SA', '', '', '20261122'], PO1],
			['BEG03 (segment 2) (purchase order number) is mandatory and empty'],
		],
		[
			[BEG, ['PO1', '1', 'five', 'EA']],
			['PO102 (segment 3) (quantity ordered) is "five", not of type R'],
		],
		[
			[BEG, PO1, ['CUR', 'BY', 'USD', '1.2']],
			['CUR (segment 4) has 3 elements, the table lists 2'],
		],
	])('%j → %j', (segments, problems) => {
		expect(check(...segments)).toEqual(problems);
	});
});

test('every loop of the set tables stands in one place: the reader keeps a loop’s place by its object', () => {
	type Def = { loop: string; content: readonly (Def | { segment: string })[] };
	const seen = new Map<Def, string>();
	const twice: string[] = [];
	const walk = (def: Def, path: string) => {
		if (seen.has(def)) twice.push(`${path} is also ${seen.get(def)}`);
		seen.set(def, path);
		for (const entry of def.content) if ('loop' in entry) walk(entry, `${path}/${entry.loop}`);
	};
	for (const [id, set] of TRANSACTION_SETS)
		for (const area of set.areas) walk(area as Def, `${id} ${area.loop}`);
	expect(twice).toEqual([]);
	expect(seen.size).toBeGreaterThan(60);
});
