/**
 * The partner's X12 860 through n8n's engine (the sandbox in the X12 inbound format, the
 * buyerChanges scenario): Get Message, the trigger (both sources), Inbox → Get Many and X12 →
 * Convert give it its `document`, and Apply Change takes that document as it takes the
 * structured 860 the same partner sends in the structured format: the same effective order.
 */
import type { IDataObject } from 'n8n-workflow';

import { Poller } from '../../harness';
import { useSandbox } from '../sandbox/helpers';
import { useNodeSandbox } from './helpers';

const sb = useNodeSandbox({ sendInitialOrder: false, inboundFormat: 'x12' });
/** The same partner in the structured format: its nth order and 860 are the X12 sandbox's nth. */
const structured = useSandbox({ sendInitialOrder: false });

const getMessage = async (id: number) =>
	(
		await sb.run({
			resource: 'transaction',
			operation: 'getMessage',
			transactionId: { __rl: true, mode: 'id', value: String(id) },
		})
	).items[0].json;

/** The partner's buyerChanges 850 and 860: their transaction ids in the X12 sandbox. */
async function sendScenario() {
	const sent = await sb.admin('POST', '/partner/send-850', { scenario: 'buyerChanges' });
	const { transactionIds } = await sb.admin('POST', '/partner/send-860', {
		purchaseOrderNumber: sent.purchaseOrderNumber,
	});
	return { sent, changeId: transactionIds[0] as number };
}

const applyChange = async (order: unknown, change: unknown) => {
	const result = await sb.run(
		{
			resource: 'transaction',
			operation: 'applyChange',
			changedOrder: '={{ $json.order }}',
			changes: '={{ $json.change }}',
		},
		{ input: [{ order, change } as IDataObject] },
	);
	expect(result.status).toBe('success');
	return result.items[0].json as any;
};

test('Get Message gives the X12 860 its document; Apply Change gives the effective order the structured 860 gives', async () => {
	const { sent, changeId } = await sendScenario();
	const order = await getMessage(sent.transactionId);
	const change = await getMessage(changeId);
	expect(change.message).toMatch(/^ISA\*.*BCH\*04\*/s);
	expect(change.x12).toMatchObject({ transactionType: '860' });
	expect((change.x12 as IDataObject).errors).toBeUndefined();
	expect(change.document).toMatchObject({
		purpose: 'change',
		purchaseOrderNumber: sent.purchaseOrderNumber,
		changeSequenceNumber: '001',
	});

	const fromX12 = await applyChange(order.document, change.document);
	// The structured partner's same order and 860, applied the same way.
	const s = await structured.raw.post('/_sandbox/partner/send-850', { scenario: 'buyerChanges' });
	const c = await structured.raw.post('/_sandbox/partner/send-860', {
		purchaseOrderNumber: s.data.purchaseOrderNumber,
	});
	const message = async (id: number) =>
		(await structured.api.get(`/v3/transactions/${id}/message`)).data;
	const fromStructured = await applyChange(
		await message(s.data.transactionId),
		await message(c.data.transactionIds[0]),
	);
	expect(fromX12.changeLog.map((e: any) => e.change)).toEqual([
		'changed',
		'changed',
		'deleted',
		'added',
	]);
	const lines = (r: any) =>
		r.effectiveOrder.lineItems.map((l: any) => ({
			purchaseOrderLineId: l.purchaseOrderLineId,
			quantity: l.quantity,
			unitCostPrice: l.unitCostPrice,
			productIds: { buyerItemNumber: String(l.productIds.buyerItemNumber) },
		}));
	expect(lines(fromX12)).toEqual(lines(fromStructured));
	expect(fromX12).toMatchObject({ status: fromStructured.status, applied: ['001'] });
});

test('Inbox → Get Many, both trigger sources and X12 → Convert give the X12 860 its document', async () => {
	const inbox = new Poller(sb.credentials, {
		source: 'inbox',
		stream: 'test',
		transactionTypes: [],
		acceptMode: 'workflow',
		options: {},
	});
	const list = new Poller(sb.credentials, {
		source: 'transactions',
		stream: 'test',
		transactionTypes: [],
		includeMessage: true,
		options: {},
	});
	await inbox.poll();
	await list.poll();
	const { sent, changeId } = await sendScenario();
	const isChange = (json: IDataObject) =>
		(json.document as IDataObject | undefined)?.changeSequenceNumber === '001' &&
		(json.document as IDataObject).purchaseOrderNumber === sent.purchaseOrderNumber;

	const got = await sb.run({ resource: 'inbox', operation: 'getMany', limit: 50, simplify: false });
	expect(got.items.filter((i) => isChange(i.json))).toHaveLength(1);
	for (const poller of [inbox, list]) {
		const { items } = await poller.poll();
		expect(items!.filter((i) => isChange(i.json))).toHaveLength(1);
	}
	const text = (await getMessage(changeId)).message as string;
	const converted = await sb.run({
		resource: 'x12',
		operation: 'convert',
		conversion: 'toDocuments',
		x12Content: text,
	});
	expect(converted.items.map((i) => isChange(i.json))).toEqual([true]);
});

const CHANGE_ACK = {
	resource: 'transaction',
	operation: 'create',
	documentType: '865_PURCHASE_ORDER_CHANGE_ACKNOWLEDGMENT',
	stream: 'test',
	messageSource: 'build',
	integrationPath: 'x12',
};

test.each([
	['the bare X12 860 text', '={{ $json.message }}'],
	['Get Message’s X12 item', '={{ $json }}'],
])(
	'the 865 built from %s is sent as X12 and accepted; Apply Change reads the X12 850 item and the bare 860 text',
	async (_what, field) => {
		const { sent, changeId } = await sendScenario();
		const order = await getMessage(sent.transactionId);
		const item = await getMessage(changeId);
		await sb.clearRequests();
		const run = await sb.run({ ...CHANGE_ACK, purchaseOrderChange: field }, { input: [item] });
		expect(run.error?.message).toBeUndefined();
		const posts = (await sb.requests()).filter((r) => r.method === 'POST');
		expect(posts.map((p) => p.path)).toEqual(['/v2/integration-payloads']);
		expect(posts[0].body.content).toContain(`BCA*00*AT*${sent.purchaseOrderNumber}*`);
		const card = await sb.admin('GET', '/scorecard');
		const entry = card.purchaseOrders.find(
			(e: IDataObject) => e.purchaseOrderNumber === sent.purchaseOrderNumber,
		);
		expect(entry['865']).toMatchObject({ state: 'accepted', reasons: [], path: 'x12' });

		// The 850 as Get Message's X12 item, the 860 as its bare text: both read with the node's readers.
		const fromText = await applyChange(order, item.message);
		const fromDocument = await applyChange(order.document, item.document);
		expect(fromText.effectiveOrder).toEqual(fromDocument.effectiveOrder);
		expect(fromText.applied).toEqual(['001']);
	},
);

test('X12 text holding no 860 in Purchase Order Change (860) or Changes (860) is refused naming the field; nothing is sent', async () => {
	const { sent } = await sendScenario();
	const order = await getMessage(sent.transactionId);
	await sb.clearRequests();
	const built = await sb.run(
		{ ...CHANGE_ACK, purchaseOrderChange: '={{ $json.message }}' },
		{ input: [order] },
	);
	expect(built.error?.message).toBe('The X12 purchase order change holds no 860: it holds 850');
	expect(built.error?.description).toMatch(/^Purchase Order Change \(860\) holds X12/);
	const applied = await sb.run(
		{
			resource: 'transaction',
			operation: 'applyChange',
			changedOrder: '={{ $json.document }}',
			changes: '={{ $json.message }}',
		},
		{ input: [order] },
	);
	expect(applied.error?.message).toBe(
		'Changes (860): The X12 purchase order change holds no 860: it holds 850',
	);
	expect((await sb.requests()).filter((r) => r.method === 'POST')).toEqual([]);
});
