/**
 * Build From Purchase Order takes the 850 in every shape its description names, each produced by
 * running our own operation against the sandbox (not typed by hand): the trigger's item, Get
 * Message's item, Inbox → Get Many's item, the bare document, the X12 850 as text, Get Message's
 * and the trigger's X12 item, and X12 → Convert's item. The reply's parties come from the item
 * when it names them; when it does not, the error says which fields to set.
 */
import type { IDataObject } from 'n8n-workflow';

import { Poller } from '../../harness';
import { failure, useNodeSandbox, type NodeSandbox } from '../node/helpers';

const json = useNodeSandbox({ sendInitialOrder: false });

const build855 = (sb: NodeSandbox, item: IDataObject, extra: IDataObject = {}) =>
	sb.run(
		{
			resource: 'transaction',
			operation: 'create',
			documentType: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
			stream: 'test',
			messageSource: 'build',
			purchaseOrder: '={{ $json }}',
			...extra,
		},
		{ input: [item] },
	);

/** The create that reached the sandbox: its parties and the PO it acknowledges. */
const sent = async (sb: NodeSandbox) => {
	const posts = (await sb.requests()).filter((r) => r.method === 'POST');
	expect(posts).toHaveLength(1);
	const { senderId, receiverId, message } = posts[0].body;
	return { senderId, receiverId, purchaseOrderNumber: message.purchaseOrderNumber };
};

const REPLY = { senderId: 'YOURCOMPANY', receiverId: 'DEMORETAIL' };

/** Builds an 855 from `item` (`extra`: more parameters): one create reached the sandbox, from us to the partner, for the PO. */
async function expectReply(
	sb: NodeSandbox,
	item: IDataObject,
	purchaseOrderNumber: unknown,
	extra: IDataObject = {},
) {
	await sb.clearRequests();
	const result = await build855(sb, item, extra);
	expect(result.error?.message).toBeUndefined();
	expect(await sent(sb)).toEqual({ ...REPLY, purchaseOrderNumber });
}

async function arrived(sb: NodeSandbox) {
	const order = await sb.admin('POST', '/partner/send-850');
	return order as { transactionId: number; purchaseOrderNumber: string };
}

async function getMessage(sb: NodeSandbox, transactionId: number): Promise<IDataObject> {
	const result = await sb.run({ resource: 'transaction', operation: 'getMessage', transactionId });
	expect(result.error?.message).toBeUndefined();
	return result.items[0].json;
}

async function triggerItem(sb: NodeSandbox): Promise<IDataObject> {
	const poller = new Poller(sb.credentials, {
		source: 'transactions',
		stream: 'test',
		transactionTypes: ['850'],
		includeMessage: true,
		options: {},
	});
	expect((await poller.poll()).items).toBeNull();
	const order = await arrived(sb);
	const { items } = await poller.poll();
	expect(items).toHaveLength(1);
	return { ...items![0].json, expected: order.purchaseOrderNumber };
}

describe('a JSON 850', () => {
	const sb = json;

	test('the trigger’s item: parties from the item', async () => {
		const { expected, ...item } = await triggerItem(sb);
		await expectReply(sb, item, expected);
	});

	test('Inbox → Get Many’s item (Simplify off): parties from the item', async () => {
		const order = await arrived(sb);
		const inbox = await sb.run({
			resource: 'inbox',
			operation: 'getMany',
			limit: 10,
			simplify: false,
		});
		const item = inbox.items.find((i) => i.json.transactionId === order.transactionId)!.json;
		await expectReply(sb, item, order.purchaseOrderNumber);
	});

	test('Get Message’s item (transactionId, format, message): built, parties from the fields', async () => {
		const order = await arrived(sb);
		const item = await getMessage(sb, order.transactionId);
		expect(Object.keys(item).sort()).toEqual(['format', 'message', 'transactionId']);
		await expectReply(sb, item, order.purchaseOrderNumber, REPLY);
	});

	test('Get Message’s item without Sender ID and Receiver ID: says which fields to set, nothing sent', async () => {
		const order = await arrived(sb);
		const item = await getMessage(sb, order.transactionId);
		await sb.clearRequests();
		const error = failure(await build855(sb, item));
		expect(error.message).toBe(
			'Sender ID and Receiver ID are empty, and the purchase order item does not name its parties',
		);
		expect(error.description).toBe(
			'An item from Get Message, or the bare 850, carries no sender or receiver. Set Sender ID to your trading ID (the 850’s receiver) and Receiver ID to the trading partner’s (the 850’s sender); or build from the trigger’s or Inbox → Get Many’s item, which name them.',
		);
		expect(await sb.requests()).toEqual([]);
	});

	test('the bare document (Get Message’s message): built, parties from the fields', async () => {
		const order = await arrived(sb);
		const { message } = await getMessage(sb, order.transactionId);
		await expectReply(sb, message as IDataObject, order.purchaseOrderNumber, REPLY);
	});

	test('only Receiver ID missing: names that one field', async () => {
		const order = await arrived(sb);
		const item = await getMessage(sb, order.transactionId);
		await sb.clearRequests();
		const error = failure(await build855(sb, item, { senderId: 'YOURCOMPANY' }));
		expect(error.message).toBe(
			'Receiver ID is empty, and the purchase order item does not name its parties',
		);
		expect(await sb.requests()).toEqual([]);
	});
});

describe('an X12 850', () => {
	const sb = json;
	beforeEach(async () => {
		await sb.admin('PUT', '/config', { inboundFormat: 'x12' });
	});

	test('the X12 text (Get Message’s message): parties from the interchange', async () => {
		const order = await arrived(sb);
		const { message } = await getMessage(sb, order.transactionId);
		expect(message).toMatch(/^ISA\*/);
		await expectReply(sb, { x12: message }, order.purchaseOrderNumber, {
			purchaseOrder: '={{ $json.x12 }}',
		});
	});

	test('Get Message’s X12 item (message and its document): parties from the interchange', async () => {
		const order = await arrived(sb);
		const item = await getMessage(sb, order.transactionId);
		expect(item).toMatchObject({
			format: 'x12',
			document: { purchaseOrderNumber: order.purchaseOrderNumber },
		});
		await expectReply(sb, item, order.purchaseOrderNumber);
	});

	test('Get Message’s X12 item with only its document left (message removed): parties from x12', async () => {
		const order = await arrived(sb);
		const { message: _text, ...item } = await getMessage(sb, order.transactionId);
		await expectReply(sb, item, order.purchaseOrderNumber);
	});

	test('X12 → Convert’s item (document and x12): parties from the interchange', async () => {
		const order = await arrived(sb);
		const { message } = await getMessage(sb, order.transactionId);
		const converted = await sb.run(
			{
				resource: 'x12',
				operation: 'convert',
				conversion: 'toDocuments',
				x12Content: '={{ $json.text }}',
			},
			{ input: [{ text: message }] },
		);
		expect(converted.error?.message).toBeUndefined();
		const item = converted.items[0].json;
		expect(item).toHaveProperty('document');
		await expectReply(sb, item, order.purchaseOrderNumber);
	});

	test('the trigger’s X12 item: parties from the item', async () => {
		const { expected, ...item } = await triggerItem(sb);
		expect(item.messageFormat).toBe('x12');
		await expectReply(sb, item, expected);
	});
});
