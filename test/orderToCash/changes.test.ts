/**
 * Builders follow the effective order (850 + its 860s) through n8n's engine, against the demo
 * partner's buyerChanges and cancellation scenarios: the 856 and 810 built after the partner's
 * 860 (given as Changes (860), or as Apply Change's effective order) are accepted; a cancelled
 * order is refused naming the 860, and nothing is sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { failure, useNodeSandbox } from '../node/helpers';
import { buildParameters } from './order';

const sb = useNodeSandbox({ sendInitialOrder: false });
const PARTIES = { senderId: 'YOURCOMPANY', receiverId: 'DEMORETAIL' };

const message = async (id: number) =>
	(
		await sb.run({
			resource: 'transaction',
			operation: 'getMessage',
			transactionId: { __rl: true, mode: 'id', value: String(id) },
		})
	).items[0].json as IDataObject;

const entryOf = async (number: string) =>
	(await sb.admin('GET', '/scorecard')).purchaseOrders.find(
		(p: IDataObject) => p.purchaseOrderNumber === number,
	);

/** Builds and sends one document; returns the sent message. */
async function create(documentType: string, input: IDataObject, extra: IDataObject = {}) {
	const result = await sb.run(buildParameters(documentType, { ...PARTIES, ...extra }), {
		input: [input],
	});
	expect(result.status).toBe('success');
	return result.items[0].json.message as IDataObject;
}

test.each([
	['as Changes (860) beside the 850', false],
	['as the effective order from Apply Change', true],
])(
	'buyerChanges: the 855 before the 860, then the 856 and 810 built with it %s, all accepted',
	async (_how, viaApplyChange) => {
		const sent = await sb.admin('POST', '/partner/send-850', { scenario: 'buyerChanges' });
		const po = await message(sent.transactionId);
		const ack = await create('855_PURCHASE_ORDER_ACKNOWLEDGMENT', { po });
		const scorecard = await entryOf(sent.purchaseOrderNumber);
		expect(scorecard['860'].state).toBe('sent');
		const change = (await message(scorecard['860'].sent[0].transactionId)).message;
		let input: IDataObject = { po, ack, change };
		let extra: IDataObject = { purchaseOrderChanges: '={{ $json.change }}' };
		if (viaApplyChange) {
			const applied = await sb.run(
				{
					resource: 'transaction',
					operation: 'applyChange',
					changedOrder: '={{ $json.po }}',
					changes: '={{ $json.change }}',
				},
				{ input: [input] },
			);
			input = { ...input, po: applied.items[0].json.effectiveOrder as IDataObject };
			extra = {};
		}
		const asn = await create('856_SHIP_NOTICE_MANIFEST', input, extra);
		await create('810_INVOICE', { ...input, asn }, extra);
		const entry = await entryOf(sent.purchaseOrderNumber);
		expect([entry['855'], entry['856'], entry['810']]).toEqual([
			expect.objectContaining({ state: 'accepted', reasons: [] }),
			expect.objectContaining({ state: 'accepted', reasons: [] }),
			expect.objectContaining({ state: 'accepted', reasons: [] }),
		]);
	},
);

test('the builders without the 860 ship and bill the unchanged order, and the partner rejects it', async () => {
	const sent = await sb.admin('POST', '/partner/send-850', { scenario: 'buyerChanges' });
	const po = await message(sent.transactionId);
	const ack = await create('855_PURCHASE_ORDER_ACKNOWLEDGMENT', { po });
	await create('856_SHIP_NOTICE_MANIFEST', { po, ack });
	const entry = await entryOf(sent.purchaseOrderNumber);
	expect(entry['856'].state).toBe('rejected');
	expect(entry['856'].reasons).toEqual(
		expect.arrayContaining([expect.stringContaining("deleted by the partner's 860 (change 001)")]),
	);
});

test('sellerChanges: an 855 rejecting, backordering and repricing lines, then the 856 and 810 that follow it, all accepted', async () => {
	const sent = await sb.admin('POST', '/partner/send-850', { scenario: 'sellerChanges' });
	const po = await message(sent.transactionId);
	const ack = await create(
		'855_PURCHASE_ORDER_ACKNOWLEDGMENT',
		{ po },
		{
			acknowledgmentLines: {
				line: [
					{ purchaseOrderLineId: '1', status: 'rejected' },
					{ purchaseOrderLineId: '2', status: 'accepted', unitCostPrice: '1.23' },
					{ purchaseOrderLineId: '3', status: 'backordered' },
				],
			},
		},
	);
	expect((ack.lineItems as any[])[1].actions[0]).toMatchObject({
		status: 'accepted',
		unitCostPrice: '1.23',
	});
	const asn = await create('856_SHIP_NOTICE_MANIFEST', { po, ack });
	const invoice = await create('810_INVOICE', { po, ack, asn });
	const billed = (invoice.lineItems as any[]).map((l) => [l.purchaseOrderLineId, l.unitPrice]);
	expect(billed[0]).toEqual(['2', '1.23']);
	expect(billed.map(([id]) => id)).not.toContain('1');
	expect(billed.map(([id]) => id)).not.toContain('3');
	const entry = await entryOf(sent.purchaseOrderNumber);
	expect([entry.scenario, entry['855'].state, entry['856'].state, entry['810'].state]).toEqual([
		'sellerChanges',
		'accepted',
		'accepted',
		'accepted',
	]);
});

test('cancellation: Build From Purchase Order refuses the cancelled order naming the 860, nothing sent', async () => {
	const sent = await sb.admin('POST', '/partner/send-850', { scenario: 'cancellation' });
	const { transactionIds } = await sb.admin('POST', '/partner/send-860', {
		purchaseOrderNumber: sent.purchaseOrderNumber,
	});
	const po = await message(sent.transactionId);
	const change = (await message(transactionIds[0])).message;
	await sb.clearRequests();
	for (const documentType of ['856_SHIP_NOTICE_MANIFEST', '810_INVOICE']) {
		const result = await sb.run(
			buildParameters(documentType, { ...PARTIES, purchaseOrderChanges: '={{ $json.change }}' }),
			{ input: [{ po, change }] },
		);
		expect(failure(result).message).toMatch(
			new RegExp(
				`^Purchase order ${sent.purchaseOrderNumber} was cancelled by its 860 \\(change 001 of \\d{4}-\\d{2}-\\d{2}\\): nothing may be acknowledged, shipped or billed for it$`,
			),
		);
	}
	expect(await sb.requests()).toEqual([]);
});

test.each([
	[
		'an unknown change code',
		(change: any) => ({ ...change, lineItems: [{ ...change.lineItems[0], changeReason: 'ZZ' }] }),
		'"changes[0].lineItems[0].changeReason" is "ZZ"',
	],
	[
		'a line matching nothing',
		(change: any) => ({
			...change,
			lineItems: [{ ...change.lineItems[1], purchaseOrderLineId: '77' }],
		}),
		'changes[0].lineItems[0] changes line "77"',
	],
])(
	'Build From Purchase Order given an 860 with %s refuses it naming the field; nothing is sent on any path',
	async (_what, spoil, expected) => {
		const sent = await sb.admin('POST', '/partner/send-850', { scenario: 'buyerChanges' });
		const { transactionIds } = await sb.admin('POST', '/partner/send-860', {
			purchaseOrderNumber: sent.purchaseOrderNumber,
		});
		const po = await message(sent.transactionId);
		const change = spoil((await message(transactionIds[0])).message);
		await sb.clearRequests();
		for (const integrationPath of ['structured', 'x12', 'serviceJson'])
			for (const documentType of ['856_SHIP_NOTICE_MANIFEST', '810_INVOICE']) {
				const result = await sb.run(
					buildParameters(documentType, {
						...PARTIES,
						integrationPath,
						purchaseOrderChanges: '={{ $json.change }}',
					}),
					{ input: [{ po, change }] },
				);
				expect(failure(result).message).toContain(expected);
			}
		expect(await sb.requests()).toEqual([]);
	},
);
