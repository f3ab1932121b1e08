/**
 * Output → One Item per Line: the partner's 850 as one item per line, through the engine against
 * the sandbox, from Get Message, Inbox → Get Many and the trigger.
 */
import type { IDataObject } from 'n8n-workflow';

import { Poller } from '../../harness';
import { useNodeSandbox } from './helpers';

const sb = useNodeSandbox();

/** The partner's current 850 as the service stores it. */
async function partnerOrder(transactionId: number): Promise<IDataObject> {
	const result = await sb.run({
		resource: 'transaction',
		operation: 'getMessage',
		transactionId: String(transactionId),
	});
	return result.items[0].json.message as IDataObject;
}

test('Get Message: one item per line, header fields beside each line, every input item paired', async () => {
	await sb.admin('POST', '/partner/send-850');
	const order = await partnerOrder(1);
	const lines = order.lineItems as IDataObject[];
	const lines2 = (await partnerOrder(2)).lineItems as IDataObject[];
	const result = await sb.run(
		{
			resource: 'transaction',
			operation: 'getMessage',
			transactionId: '={{ $json.id }}',
			output: 'lines',
		},
		{ input: [{ id: 1 }, { id: 2 }] },
	);
	expect(result.status).toBe('success');
	expect(result.items).toHaveLength(lines.length + lines2.length);
	expect(result.items.map((i) => i.pairedItem)).toEqual([
		...lines.map(() => ({ item: 0 })),
		...lines2.map(() => ({ item: 1 })),
	]);
	const first = result.items[0].json;
	const line0 = lines[0];
	expect(first).toMatchObject({
		transactionId: '1',
		purchaseOrderNumber: order.purchaseOrderNumber,
		purchaseOrderDate: order.purchaseOrderDate,
		lineNumber: 1,
		lineCount: lines.length,
		purchaseOrderLineId: String(line0.purchaseOrderLineId),
		quantity: String((line0.quantity as IDataObject).value),
	});
	for (const [name, value] of Object.entries(line0.productIds as IDataObject))
		expect(first[name]).toBe(String(value));
	expect(typeof first.unitCostPrice === 'string' || first.unitCostPrice === null).toBe(true);
	expect(result.items[lines.length].json.transactionId).toBe('2');
});

test('Inbox → Get Many: one item per line with the delivery id; Simplify on keeps one item per document', async () => {
	await sb.admin('POST', '/partner/send-850');
	const whole = await sb.run({
		resource: 'inbox',
		operation: 'getMany',
		limit: 10,
		simplify: false,
	});
	const split = await sb.run({
		resource: 'inbox',
		operation: 'getMany',
		limit: 10,
		simplify: false,
		output: 'lines',
	});
	const count = whole.items.reduce(
		(n, i) => n + ((i.json.message as IDataObject).lineItems as unknown[]).length,
		0,
	);
	expect(split.items).toHaveLength(count);
	const delivery = whole.items[0].json.delivery as IDataObject;
	expect(split.items[0].json).toMatchObject({
		transactionId: '1',
		deliveryId: delivery.deliveryId,
		senderId: 'DEMORETAIL',
		receiverId: 'YOURCOMPANY',
	});
	const simplified = await sb.run({
		resource: 'inbox',
		operation: 'getMany',
		limit: 10,
		simplify: true,
		output: 'lines',
	});
	expect(simplified.items).toHaveLength(whole.items.length);
});

test('trigger: an arriving 850 leaves as its lines, once; Output does not reset what was emitted', async () => {
	const credentials = sb.credentials;
	const poller = new Poller(credentials, {
		source: 'transactions',
		stream: 'test',
		transactionTypes: ['850'],
		includeMessage: true,
		output: 'lines',
		options: {},
	});
	expect((await poller.poll()).items).toBeNull();
	await sb.admin('POST', '/partner/send-850');
	const { items } = await poller.poll();
	const order = await partnerOrder(2);
	const lines = order.lineItems as IDataObject[];
	expect(items).toHaveLength(lines.length);
	expect(items!.map((i) => i.json.purchaseOrderLineId)).toEqual(
		lines.map((l) => String(l.purchaseOrderLineId)),
	);
	expect(items![0].json).toMatchObject({
		transactionId: '2',
		senderId: 'DEMORETAIL',
		purchaseOrderNumber: order.purchaseOrderNumber,
	});
	poller.parameters.output = 'document';
	expect((await poller.poll()).items).toBeNull();
});
