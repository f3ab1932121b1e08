/** Inbox → Get Many, Accept and Fail: from the input item's links or by ids, repeats and conflicts. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { failure, jsonOf, shape, useNodeSandbox } from './helpers';

const sb = useNodeSandbox();

interface InboxItem {
	transactionId: number;
	transactionType: string;
	message?: IDataObject;
	delivery: {
		deliveryId: string;
		status: string;
		href: string;
		accept: { href: string };
		fail: { href: string };
	};
}

async function readInbox(extra: IDataObject = {}): Promise<INodeExecutionData[]> {
	const result = await sb.run({ resource: 'inbox', operation: 'getMany', limit: 50, ...extra });
	expect(result.status).toBe('success');
	return result.items;
}
const inboxIds = async () =>
	(await readInbox()).map((i) => (i.json as unknown as InboxItem).transactionId);

const byIds = (operation: 'accept' | 'fail', item: InboxItem, note: string) => ({
	resource: 'inbox',
	operation,
	deliverySource: 'ids',
	transactionId: String(item.transactionId),
	deliveryId: item.delivery.deliveryId,
	note,
});

beforeEach(async () => {
	// The start-up order (1) and two more from the partner (2, 3).
	await sb.admin('POST', '/partner/send-850');
	await sb.admin('POST', '/partner/send-850');
	await sb.clearRequests();
});

test('Get Many returns the open deliveries, oldest first, with their links and messages', async () => {
	const items = await readInbox({ simplify: false });
	const inbox = items.map((i) => i.json as unknown as InboxItem);
	expect(inbox.map((i) => i.transactionId)).toEqual([1, 2, 3]);
	for (const item of inbox) {
		expect(item.transactionType).toBe('850');
		expect(item.message).toEqual(
			expect.objectContaining({ purchaseOrderNumber: expect.any(String) }),
		);
		expect(item.delivery.accept.href).toBe(
			`${sb.baseUrl}/v4/transactions/${item.transactionId}/deliveries/${item.delivery.deliveryId}/accept`,
		);
		expect(item.delivery.fail.href).toBe(
			`${sb.baseUrl}/v4/transactions/${item.transactionId}/deliveries/${item.delivery.deliveryId}/fail`,
		);
	}
	expect((await sb.requests()).map(shape)).toEqual([
		{ method: 'GET', path: '/v4/inbox', query: { limit: '50' } },
	]);
});

test('Get Many with a Limit and Simplify: that many, without the messages', async () => {
	const items = await readInbox({ limit: 2, simplify: true });
	expect(items.map((i) => i.json.transactionId)).toEqual([1, 2]);
	expect(
		items.every(
			(i) =>
				!('message' in i.json) && typeof (i.json.delivery as IDataObject).deliveryId === 'string',
		),
	).toBe(true);
	expect((await sb.requests())[0].query).toEqual({ limit: '2' });
});

test.each([
	[1.1, 'leaves the messages out', false],
	[1, 'keeps the messages (as version 1 workflows were saved)', true],
])('Simplify left at its default in version %s %s', async (typeVersion, _what, withMessages) => {
	const result = await sb.run(
		{ resource: 'inbox', operation: 'getMany', limit: 50 },
		{ typeVersion },
	);
	expect(result.items.map((i) => i.json.transactionId)).toEqual([1, 2, 3]);
	expect(result.items.map((i) => 'message' in i.json)).toEqual([
		withMessages,
		withMessages,
		withMessages,
	]);
});

test('a simplified inbox item given to Build From Purchase Order: an error saying to turn Simplify off, nothing sent', async () => {
	const [item] = await readInbox({ limit: 1 });
	await sb.clearRequests();
	const result = await sb.run(
		{
			resource: 'transaction',
			operation: 'create',
			documentType: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
			messageSource: 'build',
		},
		{ input: [item.json] },
	);
	const { message, description } = failure(result);
	expect(message).toBe('The purchase order item has no message: it was read without its document');
	expect(description).toMatch(/Turn Simplify off in Inbox → Get Many/);
	expect(await sb.requests()).toEqual([]);
});

test('Accept from the input items’ links: each delivery accepted with the note, and it leaves the inbox', async () => {
	const items = await readInbox({ limit: 2 });
	await sb.clearRequests();
	const result = await sb.run(
		{ resource: 'inbox', operation: 'accept', note: 'Booked' },
		{ input: items },
	);
	expect(result.status).toBe('success');
	const inbox = items.map((i) => i.json as unknown as InboxItem);
	expect(jsonOf(result)).toEqual(
		inbox.map((i) => ({
			deliveryId: i.delivery.deliveryId,
			transactionId: i.transactionId,
			status: 'DELIVERED',
			note: 'Booked',
		})),
	);
	expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	const requests = await sb.requests();
	expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(
		inbox.map((i) => `POST ${new URL(i.delivery.accept.href).pathname}`),
	);
	expect(requests.map((r) => r.body)).toEqual([{ note: 'Booked' }, { note: 'Booked' }]);
	expect(await inboxIds()).toEqual([3]);
});

test('Fail from the input item’s link, with the default note', async () => {
	const [item] = await readInbox({ limit: 1 });
	const result = await sb.run({ resource: 'inbox', operation: 'fail' }, { input: [item] });
	expect(jsonOf(result)).toEqual([
		expect.objectContaining({
			transactionId: 1,
			status: 'FAILED',
			note: 'Could not be processed by the n8n workflow',
		}),
	]);
	expect(await inboxIds()).toEqual([2, 3]);
});

test('a delivery link relative to the service’s root is followed on the credential’s service', async () => {
	const [item] = await readInbox({ limit: 1 });
	const delivery = (item.json as unknown as InboxItem).delivery;
	const relative = new URL(delivery.accept.href).pathname;
	await sb.clearRequests();
	const result = await sb.run(
		{ resource: 'inbox', operation: 'accept', note: 'ok' },
		{ input: [{ delivery: { accept: { href: relative } } }] },
	);
	expect(jsonOf(result)).toEqual([
		expect.objectContaining({ transactionId: 1, status: 'DELIVERED' }),
	]);
	expect((await sb.requests()).map((r) => `${r.method} ${r.path} ${r.authenticated}`)).toEqual([
		`POST ${relative} true`,
	]);
});

test('Accept by ids', async () => {
	const second = (await readInbox())[1].json as unknown as InboxItem;
	const result = await sb.run(byIds('accept', second, 'Booked as SO-2'));
	expect(jsonOf(result)).toEqual([
		{
			deliveryId: second.delivery.deliveryId,
			transactionId: 2,
			status: 'DELIVERED',
			note: 'Booked as SO-2',
		},
	]);
	expect(await inboxIds()).toEqual([1, 3]);
});

test('accepting an accepted delivery again is fine and answers the first outcome', async () => {
	const first = (await readInbox())[0].json as unknown as InboxItem;
	expect((await sb.run(byIds('accept', first, 'first'))).status).toBe('success');
	const again = await sb.run(byIds('accept', first, 'second'));
	expect(again.status).toBe('success');
	expect(jsonOf(again)).toEqual([
		{
			deliveryId: first.delivery.deliveryId,
			transactionId: 1,
			status: 'DELIVERED',
			note: 'first',
			alreadyRecorded: true,
			hint: 'This delivery was already delivered before, with the note "first": that outcome stands, and this note was not recorded.',
		},
	]);
});

test('accepting a failed delivery: a 409 error saying the outcome cannot change', async () => {
	const first = (await readInbox())[0].json as unknown as InboxItem;
	expect((await sb.run(byIds('fail', first, 'bad'))).status).toBe('success');
	const error = failure(await sb.run(byIds('accept', first, 'retry')));
	expect(error.message).toBe(
		`delivery ${first.delivery.deliveryId} is already FAILED; it cannot be accepted [conflictError]`,
	);
	expect(error.description).toBe(
		'This delivery already has the opposite outcome (accepted or failed); a delivery’s outcome cannot be changed.',
	);
	expect((await sb.requests()).map((r) => r.status)).toEqual([200, 200, 409]);
});

test('an unknown delivery id: a 404 error', async () => {
	const first = (await readInbox())[0].json as unknown as InboxItem;
	const error = failure(
		await sb.run(
			byIds(
				'accept',
				{ ...first, delivery: { ...first.delivery, deliveryId: 'no-such-delivery' } },
				'x',
			),
		),
	);
	expect(error.message).toBe(
		'delivery no-such-delivery not found for transaction 1 [notFoundError]',
	);
});

test('a note over 240 characters is refused before sending; exactly 240 is sent', async () => {
	const first = (await readInbox())[0].json as unknown as InboxItem;
	await sb.clearRequests();
	const error = failure(await sb.run(byIds('accept', first, 'n'.repeat(241))));
	expect(error.message).toBe('The note is 241 characters long; the service accepts at most 240');
	expect(await sb.requests()).toEqual([]);
	const ok = await sb.run(byIds('accept', first, 'n'.repeat(240)));
	expect(ok.status).toBe('success');
	expect((await sb.requests())[0].body).toEqual({ note: 'n'.repeat(240) });
});
