/**
 * Parameters as n8n hands them over: an expression (or an AI agent's $fromAI) can give any JSON type.
 * Each is read with the field's declared type: an object where text belongs is refused naming the
 * field (never sent as "[object Object]"), "false" is false, "850" is a list of one, "5" is 5.
 * Through the engine against the sandbox; each case failed before the readers.
 */
import type { IDataObject } from 'n8n-workflow';

import { Poller, type RunResult } from '../../harness';
import { createParameters, interchange, useNodeSandbox } from './helpers';

const sb = useNodeSandbox();

const posts = async () => (await sb.requests()).filter((r) => r.method === 'POST');

/** The partner's 850 as Inbox → Get Many emits it (with its message); requests cleared after. */
async function inboxItem(): Promise<IDataObject> {
	await sb.admin('POST', '/partner/send-850');
	const inbox = await sb.run({
		resource: 'inbox',
		operation: 'getMany',
		limit: 10,
		simplify: false,
	});
	await sb.clearRequests();
	return inbox.items[0].json as IDataObject;
}

/** The run failed with exactly this message, and nothing was sent. */
async function refused(result: RunResult, message: string) {
	expect(result.status).toBe('error');
	expect(result.error?.message).toBe(message);
	expect(await posts()).toEqual([]);
}

const order = {
	transactionId: 7,
	senderId: 'DEMORETAIL',
	receiverId: 'YOURCOMPANY',
	message: {
		purchaseOrderNumber: 'PO-77',
		purchaseOrderDate: '2026-11-20',
		lineItems: [
			{
				purchaseOrderLineId: '1',
				quantity: { value: '4', unitOfMeasure: 'each' },
				unitCostPrice: '2.50',
				productIds: { buyerItemNumber: 'A-1' },
			},
		],
		charges: [{ type: 'freight', amount: '25.00' }],
	},
};

test('Create: a Sender ID that resolves to an object is refused naming the field, and nothing is sent', async () => {
	const result = await sb.run(
		{
			resource: 'transaction',
			operation: 'create',
			documentType: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
			stream: 'test',
			senderId: '={{ $json.sender }}',
			receiverId: 'DEMORETAIL',
			messageSource: 'json',
			message: '={{ $json.message }}',
		},
		{ input: [{ sender: { id: 'YOURCOMPANY' }, message: { purchaseOrderNumber: 'PO-1' } }] },
	);
	await refused(result, 'Sender ID must be text, not an object: {"id":"YOURCOMPANY"}');
});

test('Build 810: Carry Over Charges and Allowances "false" (text from an expression) leaves the freight out', async () => {
	const result = await sb.run(
		{
			resource: 'transaction',
			operation: 'create',
			documentType: '810_INVOICE',
			stream: 'test',
			messageSource: 'build',
			purchaseOrder: '={{ $json.po }}',
			documentOptions: {
				invoiceDate: '2026-11-23',
				carryChargesAndAllowances: '={{ $json.carry }}',
			},
		},
		{ input: [{ po: order, carry: 'false' }] },
	);
	expect(result.status).toBe('success');
	const [sent] = await posts();
	expect(sent.body.message.invoiceTotal).toBe('10.00');
	expect(sent.body.message.charges ?? []).toEqual([]);
});

test('Get Many: Return All "false" with Limit 1 returns one transaction', async () => {
	await sb.admin('POST', '/transactions', {
		count: 5,
		transactionType: '850',
		direction: 'inbound',
		stream: 'test',
	});
	const result = await sb.run({
		resource: 'transaction',
		operation: 'getMany',
		returnAll: '={{ "false" }}',
		limit: 1,
	});
	expect(result.status).toBe('success');
	expect(result.items).toHaveLength(1);
});

test('Get Many: Transaction Types "850" (one value, as $fromAI gives it) filters, no TypeError', async () => {
	await sb.admin('POST', '/transactions', {
		count: 3,
		transactionType: '850',
		direction: 'inbound',
		stream: 'test',
	});
	await sb.admin('POST', '/transactions', {
		count: 2,
		transactionType: '810',
		direction: 'inbound',
		stream: 'test',
	});
	const result = await sb.run({
		resource: 'transaction',
		operation: 'getMany',
		returnAll: true,
		filters: { transactionTypes: '={{ "850" }}' },
	});
	expect(result.status).toBe('success');
	expect(new Set(result.items.map((i) => i.json.transactionType))).toEqual(new Set(['850']));
});

test('Options → Concurrency "5" (text) is 5; "lots" is refused showing what arrived', async () => {
	const run = (concurrency: string) =>
		sb.run(
			{
				resource: 'transaction',
				operation: 'create',
				documentType: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
				stream: 'test',
				senderId: 'YOURCOMPANY',
				receiverId: 'DEMORETAIL',
				messageSource: 'json',
				message: '{"purchaseOrderNumber":"PO-1","status":"accepted","lineItems":[]}',
				options: { concurrency },
			},
			{ input: [{}] },
		);
	expect((await run('={{ "5" }}')).error?.message ?? '').not.toMatch(/Concurrency/);
	expect((await run('={{ "lots" }}')).error?.message).toBe(
		'Options → Concurrency must be a whole number from 1 to 100, not "lots"',
	);
});

test('Inbox → Accept: a Note that resolves to an object is refused naming the field; nothing is recorded', async () => {
	const item = await inboxItem();
	const result = await sb.run(
		{
			resource: 'inbox',
			operation: 'accept',
			deliverySource: 'inputItem',
			note: '={{ $json.note }}',
		},
		{ input: [{ ...item, note: { text: 'done' } }] },
	);
	await refused(result, 'Note must be text, not an object: {"text":"done"}');
});

test('trigger: Transaction Types "850" (one value) watches 850s, no TypeError', async () => {
	const poller = new Poller(sb.credentials, {
		source: 'transactions',
		stream: 'test',
		transactionTypes: '={{ "850" }}',
		includeMessage: false,
		options: {},
	});
	expect((await poller.poll()).error).toBeUndefined();
	await sb.admin('POST', '/transactions', {
		count: 2,
		transactionType: '810',
		direction: 'inbound',
		stream: 'test',
	});
	await sb.admin('POST', '/transactions', {
		count: 1,
		transactionType: '850',
		direction: 'inbound',
		stream: 'test',
	});
	const { items, error } = await poller.poll();
	expect(error).toBeUndefined();
	expect(items?.map((i) => i.json.transactionType)).toEqual(['850']);
});

test('Inbox → Accept twice: the second says the delivery was already accepted, with the note that stands', async () => {
	const item = await inboxItem();
	const accept = (note: string) =>
		sb.run(
			{ resource: 'inbox', operation: 'accept', deliverySource: 'inputItem', note },
			{ input: [item] },
		);
	const first = await accept('Into the ERP');
	expect(first.items[0].json).not.toHaveProperty('alreadyRecorded');
	const second = await accept('Again');
	expect(second.items[0].json).toMatchObject({
		status: 'DELIVERED',
		note: 'Into the ERP',
		alreadyRecorded: true,
		hint: 'This delivery was already delivered before, with the note "Into the ERP": that outcome stands, and this note was not recorded.',
	});
});

test('Create: a Stream that is not one of its options is refused listing them; nothing is sent', async () => {
	const result = await sb.run(
		createParameters({
			stream: '={{ $json.stream }}',
			messageSource: 'json',
			message: '{"purchaseOrderNumber":"PO-1","status":"accepted","lineItems":[]}',
		}),
		{ input: [{ stream: 'prod' }] },
	);
	await refused(result, 'Stream must be one of "test", "live", not "prod"');
});

test('Acknowledge: a bad Options → Control Number fails only its item, named; the next item is built', async () => {
	const result = await sb.run(
		{
			resource: 'x12',
			operation: 'acknowledge',
			x12Content: interchange(),
			send: false,
			options: { controlNumber: '={{ $json.cn }}' },
		},
		{ input: [{ cn: 'lots' }, { cn: '7' }], continueOnFail: true },
	);
	expect(result.status).toBe('success');
	expect(result.items.map((i) => i.json.error ?? i.json.interchangeControlNumber)).toEqual([
		'Options → Control Number must be a whole number from 0 to 999999999, not "lots"',
		'000000007',
	]);
});

test('trigger: Options → Max Items per Poll "many" is refused naming the option before any request', async () => {
	const poller = new Poller(sb.credentials, {
		source: 'transactions',
		stream: 'test',
		options: { maxItemsPerPoll: '={{ "many" }}' },
	});
	const { error } = await poller.poll();
	expect(error?.message).toBe(
		'Options → Max Items per Poll must be a whole number 1 or more, not "many"',
	);
	expect(await sb.requests()).toEqual([]);
});

test('Inbox → Accept: a Note given as {{ $now }} (a date, not text) is recorded as its ISO text', async () => {
	const item = await inboxItem();
	const result = await sb.run(
		{ resource: 'inbox', operation: 'accept', deliverySource: 'inputItem', note: '={{ $now }}' },
		{ input: [item] },
	);
	expect(result.status).toBe('success');
	const [sent] = await posts();
	expect(sent.body.note).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}(Z|[+-]\d\d:\d\d)$/);
});
