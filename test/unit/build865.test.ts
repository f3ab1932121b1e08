/**
 * buildChangeAcknowledgment (the 865) from the contract's example 860: every changed line
 * answered, decisions as data, and refusals naming the option's field.
 */
import { readFileSync } from 'fs';

import { buildChangeAcknowledgment, DocumentError } from '../../nodes/EdiExchange/documents';
import { write865 } from '../../nodes/EdiExchange/x12Documents';
import { inShared, needing } from '../shared';

const EXAMPLE = inShared('spec', 'documents', 'create-860-po-change.json');
const withExample = needing(EXAMPLE);
const change = () => JSON.parse(readFileSync(EXAMPLE, 'utf8'));

withExample.test('accepts every line of the 860 by default, a deleted line as deleted', () => {
	const reply = buildChangeAcknowledgment(change(), { acknowledgmentDate: '2024-01-16' });
	expect(reply).toMatchObject({
		purchaseOrderNumber: 'PO-2024-001234',
		changeSequenceNumber: '001',
		status: 'accepted',
		dates: { purchaseOrderDate: '2024-01-10', acknowledgmentDate: '2024-01-16' },
	});
	expect(
		(reply.lineItems as any[]).map((l) => [l.purchaseOrderLineId, l.changeReason, l.status]),
	).toEqual([
		['001', 'changeToItem', 'accepted'],
		['002', 'addItem', 'accepted'],
		['003', 'deleteItem', 'deleted'],
	]);
	expect(write865(reply).map((s) => s.slice(0, 3).join('*'))).toEqual([
		'BCA*00*AT',
		'POC*001*CA',
		'ACK*IA*150',
		'POC*002*AI',
		'ACK*IA*75',
		'POC*003*DI',
		'ACK*ID',
		'CTT*3*225',
	]);
});

withExample.test(
	'a rejected line carries its reason; some rejected is acceptedWithChanges, all rejected is rejected',
	() => {
		const one = buildChangeAcknowledgment(change(), {
			lines: [{ purchaseOrderLineId: '002', status: 'rejected', reason: 'Discontinued' }],
		});
		expect(one.status).toBe('acceptedWithChanges');
		expect((one.lineItems as any[])[1]).toMatchObject({
			status: 'rejected',
			reason: 'Discontinued',
		});
		const all = buildChangeAcknowledgment(change(), {
			lines: ['001', '002', '003'].map((id) => ({
				purchaseOrderLineId: id,
				status: 'rejected' as const,
			})),
		});
		expect(all.status).toBe('rejected');
	},
);

withExample.describe('decisions', () => {
	test.each([
		[
			{ purchaseOrderLineId: '009', status: 'accepted' },
			'names line 009',
			'lines[0].purchaseOrderLineId',
		],
		[{ purchaseOrderLineId: '001', status: 'maybe' }, '"maybe"', 'lines[0].status'],
		[
			{ purchaseOrderLineId: '001', status: 'accepted', reason: 'x' },
			'a reason only on a rejected line',
			'lines[0].reason',
		],
	])('refuses the decision %j, naming the field', (decision, text, path) => {
		let error: unknown;
		try {
			buildChangeAcknowledgment(change(), { lines: [decision as any] });
		} catch (e) {
			error = e;
		}
		expect(error).toBeInstanceOf(DocumentError);
		expect((error as DocumentError).message).toContain(text);
		expect((error as DocumentError).path).toBe(path);
	});
});

withExample.test('refuses an 860 line with an unknown change reason, naming it', () => {
	const spoiled = change();
	spoiled.message.lineItems[0].changeReason = 'ZZ';
	expect(() => buildChangeAcknowledgment(spoiled)).toThrow('"lineItems[0].changeReason"');
});

withExample.test(
	'an 860 cancelling the whole order names no line: its 865 is the BCA alone',
	() => {
		const cancellation = { ...change().message, purpose: 'cancellation', lineItems: [] };
		const reply = buildChangeAcknowledgment(cancellation);
		expect(reply).toMatchObject({ status: 'accepted', lineItems: [] });
		expect(write865(reply).map((s) => s.slice(0, 3).join('*'))).toEqual(['BCA*00*AT']);
		expect(() => write865({ ...reply, lineItems: 'none' })).toThrow(/"lineItems" is not a list/);
	},
);
