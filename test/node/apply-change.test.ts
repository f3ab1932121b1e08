/**
 * Transaction → Apply Change (860) through n8n's engine: the partner's 850 and its 860 (from the
 * buyerChanges scenario, read from the sandbox as a workflow would) give the effective order and
 * a change log; refusals name the field; the operation sends nothing.
 */
import type { IDataObject } from 'n8n-workflow';

import { failure, useNodeSandbox } from './helpers';

const sb = useNodeSandbox({ sendInitialOrder: false });

/** The partner's 850 and its 860 for a buyerChanges order, as Get Message reads them. */
async function orderAndChange(): Promise<{ order: IDataObject; change: IDataObject }> {
	const sent = await sb.admin('POST', '/partner/send-850', { scenario: 'buyerChanges' });
	const { transactionIds } = await sb.admin('POST', '/partner/send-860', {
		purchaseOrderNumber: sent.purchaseOrderNumber,
	});
	const message = async (id: number) =>
		(
			await sb.run({
				resource: 'transaction',
				operation: 'getMessage',
				transactionId: { __rl: true, mode: 'id', value: String(id) },
			})
		).items[0].json.message as IDataObject;
	return { order: await message(sent.transactionId), change: await message(transactionIds[0]) };
}

const applyChange = (extra: IDataObject) => ({
	resource: 'transaction',
	operation: 'applyChange',
	...extra,
});

test('gives the effective order and the change log of the partner’s 860, sending nothing', async () => {
	const { order, change } = await orderAndChange();
	await sb.clearRequests();
	const result = await sb.run(
		applyChange({ changedOrder: '={{ $json.order }}', changes: '={{ $json.change }}' }),
		{ input: [{ order, change }] },
	);
	expect(result.status).toBe('success');
	expect(await sb.requests()).toEqual([]);
	const out = result.items[0].json as any;
	const changed = (change.lineItems as any[]).map((l) => l.changeReason);
	expect(changed).toEqual(['quantityChange', 'priceChange', 'deleteItem', 'addItem']);
	expect(out).toMatchObject({
		purchaseOrderNumber: order.purchaseOrderNumber,
		status: 'open',
		applied: ['001'],
		alreadyApplied: [],
	});
	expect(out.changeLog.map((e: any) => e.change)).toEqual([
		'changed',
		'changed',
		'deleted',
		'added',
	]);
	const lines = order.lineItems as any[];
	const ids = out.effectiveOrder.lineItems.map((l: any) => l.purchaseOrderLineId);
	expect(ids).toEqual([
		...lines.slice(0, -1).map((l) => l.purchaseOrderLineId),
		(change.lineItems as any[])[3].purchaseOrderLineId,
	]);
	expect(out.effectiveOrder.lineItems[0].unitCostPrice).toBe('9.95');

	// The effective order given back with the same 860: nothing changes.
	const again = await sb.run(
		applyChange({ changedOrder: '={{ $json.effectiveOrder }}', changes: '={{ $json.change }}' }),
		{ input: [{ effectiveOrder: out.effectiveOrder, change }] },
	);
	expect(again.items[0].json).toMatchObject({
		effectiveOrder: out.effectiveOrder,
		applied: [],
		alreadyApplied: ['001'],
		changeLog: [],
	});
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
		'changes[0].lineItems[0] changes line "77" (priceChange: price change), which is not on purchase order',
	],
	[
		'an 860 for another order',
		(change: any) => ({ ...change, purchaseOrderNumber: 'PO-ELSEWHERE' }),
		'changes[0] is a change to purchase order PO-ELSEWHERE',
	],
])('refuses %s, naming the field, and sends nothing', async (_what, spoil, expected) => {
	const { order, change } = await orderAndChange();
	await sb.clearRequests();
	const result = await sb.run(
		applyChange({ changedOrder: '={{ $json.order }}', changes: '={{ $json.change }}' }),
		{ input: [{ order, change: spoil(change) }] },
	);
	const { message, description } = failure(result);
	expect(message).toContain(`Cannot apply the change: `);
	expect(message).toContain(expected);
	expect(description).toContain('Nothing was changed or sent.');
	expect(await sb.requests()).toEqual([]);
});
