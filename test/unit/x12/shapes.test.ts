/**
 * The reader's classes kept alive across collections (x12/shapes.ts): one object of each, from
 * the sample read when the module loads, and nothing of what partners send.
 */
import { inspect } from 'util';

import { readInterchange } from '../../../nodes/EdiExchange/x12';
import { documentsFromX12 } from '../../../nodes/EdiExchange/x12Documents';
import { keptShapes } from '../../../nodes/EdiExchange/x12/shapes';
import { retail850 } from './fixtures';

/** Every class whose constructor calls keepShape. */
const READER_CLASSES = [
	'GroupLevel',
	'InterchangeWalk',
	'LoopTracker',
	'Open',
	'ProblemList',
	'Reader',
	'RememberedCheck',
	'Reports',
	'Segment',
	'SegmentSplitter',
	'SetChecks',
	'SetLevel',
	'StructureCheck',
];

describe('the reader classes kept across collections', () => {
	it('keeps one object of each reader class, from the sample read when the module loads', () => {
		expect(
			keptShapes()
				.map((kept) => kept.constructor.name)
				.sort(),
		).toEqual(READER_CLASSES);
	});

	it('keeps nothing of a partner’s text: the objects kept are still the sample’s', () => {
		const before = keptShapes();
		const text = retail850('PARTNER-PO-7731');
		const { documents } = documentsFromX12(text);
		expect(documents[0].document?.purchaseOrderNumber).toBe('PARTNER-PO-7731');
		expect(readInterchange(text).problems).toEqual([]);
		const after = keptShapes();
		expect(after).toHaveLength(before.length);
		after.forEach((kept, i) => expect(kept).toBe(before[i]));
		expect(inspect(after, { depth: Infinity })).not.toContain('PARTNER-PO-7731');
	});
});
