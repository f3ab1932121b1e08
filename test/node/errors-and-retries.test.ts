/**
 * What a user sees when the service refuses or fails: 401 without the token, 404, 429 waited out,
 * safe requests retried through 5xx and dropped connections, creates never sent twice, and
 * Continue On Fail with pairedItem over mixed good and bad items.
 */
import type { IDataObject } from 'n8n-workflow';

import { SAMPLE_855 } from '../samples';
import { failure, useNodeSandbox } from './helpers';

const sb = useNodeSandbox();

const WRONG_TOKEN = 'wrong-token-5f3c9a7e1d2b';
const getMessage = (transactionId = '1') => ({
	resource: 'transaction',
	operation: 'getMessage',
	transactionId,
});
const create = {
	resource: 'transaction',
	operation: 'create',
	documentType: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
	message: JSON.stringify(SAMPLE_855),
};
const NOT_RESENT = 'It was NOT sent again, because the service has no idempotency key';

describe('authentication', () => {
	test('a wrong token: an error pointing at the credential, never showing the token, not retried', async () => {
		const result = await sb.run(getMessage(), { credentials: { apiToken: WRONG_TOKEN } });
		const error = failure(result);
		expect(error.message).toBe(
			'invalid API key in the service-api-key header [authenticationError]',
		);
		expect(error.description).toContain(
			'Open the EDI Exchange API credential and paste the API Token again',
		);
		expect((result.error as any).httpCode).toBe('401');
		expect(error.serialized).not.toContain(WRONG_TOKEN);
		expect(JSON.stringify(result.run)).not.toContain(WRONG_TOKEN);
		expect((await sb.requests()).map((r) => [r.status, r.authenticated])).toEqual([[401, false]]);
	});

	test('a wrong token with Continue On Fail: the error item has no token either', async () => {
		const result = await sb.run(create, {
			credentials: { apiToken: WRONG_TOKEN },
			continueOnFail: true,
		});
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toEqual(
			expect.objectContaining({
				error: 'invalid API key in the service-api-key header [authenticationError]',
				httpCode: '401',
			}),
		);
		expect(String(result.items[0].json.description)).toContain('EDI Exchange API credential');
		expect(JSON.stringify(result.items)).not.toContain(WRONG_TOKEN);
		expect(await sb.requests()).toHaveLength(1);
	});

	test('an empty token: the service says the key is missing', async () => {
		const error = failure(await sb.run(getMessage(), { credentials: { apiToken: '' } }));
		expect(error.message).toBe('missing service-api-key header [authenticationError]');
		expect(error.description).toContain('EDI Exchange API credential');
	});
});

test('an unknown transaction id: a 404 error with a hint, not retried', async () => {
	const result = await sb.run(getMessage('999'));
	const error = failure(result);
	expect(error.message).toBe('transaction 999 not found [notFoundError]');
	expect(error.description).toContain('Check the transaction id');
	expect((result.error as any).httpCode).toBe('404');
	expect((await sb.requests()).map((r) => r.status)).toEqual([404]);
});

describe('rate limit (429)', () => {
	test('2 requests a second, 5 items: the node waits Retry-After and every item succeeds', async () => {
		await sb.admin('PUT', '/config', { rateLimit: { requests: 2, windowSeconds: 1 } });
		const result = await sb.run(
			{ resource: 'transaction', operation: 'getMessage', transactionId: '={{ $json.id }}' },
			{ input: [1, 1, 1, 1, 1].map((id) => ({ id })) },
		);
		expect(result.status).toBe('success');
		expect(result.items.map((i) => [i.json.transactionId, i.json.format, i.pairedItem])).toEqual(
			[0, 1, 2, 3, 4].map((item) => [1, 'json', { item }]),
		);
		const statuses = (await sb.requests()).map((r) => r.status);
		expect(statuses.filter((s) => s === 200)).toHaveLength(5);
		expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
		expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
		// Every 429 was followed by a success: a 429 ends nothing.
		expect(statuses[statuses.length - 1]).toBe(200);
		expect(statuses.slice(0, 2)).toEqual([200, 200]);
	});

	test('a create answered 429 is repeated (a 429 was not processed), and is created once', async () => {
		// Seeded: the already-sent lookup passes, the first POST is answered 429 (a fixed window
		// could let both creates through).
		await sb.admin('PUT', '/faults', { rateLimitedRate: 0.5, retryAfterSeconds: 1, seed: 17 });
		// Two documents (two PO numbers): the same one twice would be refused as already sent.
		const result = await sb.run(
			{ ...create, message: '={{ $json.doc }}' },
			{
				input: ['PO-1', 'PO-2'].map((purchaseOrderNumber) => ({
					doc: { ...SAMPLE_855, purchaseOrderNumber },
				})),
			},
		);
		await sb.admin('PUT', '/faults', {});
		expect(result.status).toBe('success');
		expect(result.items.map((i) => i.json.status)).toEqual(['ACCEPTED', 'ACCEPTED']);
		const posts = (await sb.requests()).filter((r) => r.method === 'POST');
		expect(posts.filter((r) => r.status === 202)).toHaveLength(2);
		expect(posts.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(1);
		const outbound = await sb.run({
			resource: 'transaction',
			operation: 'getMany',
			returnAll: true,
			filters: { direction: 'outbound' },
		});
		expect(outbound.items).toHaveLength(2);
	});
});

describe('server errors and dropped connections', () => {
	test('reads are retried through injected 500/503 answers and dropped connections, and succeed', async () => {
		await sb.admin('PUT', '/faults', { errorRate: 0.35, dropRate: 0.35, seed: 4 });
		const result = await sb.run(
			{ resource: 'transaction', operation: 'getMessage', transactionId: '1' },
			{ input: [{}, {}, {}] },
		);
		expect(result.status).toBe('success');
		expect(result.items.map((i) => [i.json.transactionId, i.json.format])).toEqual([
			[1, 'json'],
			[1, 'json'],
			[1, 'json'],
		]);
		const requests = await sb.requests();
		const faults = requests.map((r) => r.fault ?? 'ok');
		expect(faults).toContain('error');
		expect(faults).toContain('drop');
		expect(faults.filter((f) => f === 'ok')).toHaveLength(3);
		expect(
			requests.every((r) => r.method === 'GET' && r.path === '/v3/transactions/1/message'),
		).toBe(true);
	});

	test('a read that keeps failing: retried 4 times, then an error saying so', async () => {
		await sb.admin('PUT', '/faults', { errorRate: 1, seed: 3 });
		const error = failure(await sb.run(getMessage()));
		expect(error.message).toMatch(
			/^(internal server error|service temporarily unavailable) \(injected fault\) \[serverError\]$/,
		);
		expect(error.description).toBe(
			'The service failed to answer (retried 4 times). Try again later.',
		);
		expect(await sb.requests()).toHaveLength(5);
	});

	test('Return All pages through faults without losing or repeating a transaction', async () => {
		await sb.admin('POST', '/transactions', { count: 250, transactionType: '850' });
		await sb.admin('PUT', '/faults', { errorRate: 0.35, dropRate: 0.35, seed: 4 });
		const result = await sb.run({ resource: 'transaction', operation: 'getMany', returnAll: true });
		expect(result.status).toBe('success');
		const ids = result.items.map((i) => Number(i.json.id)).sort((a, b) => a - b);
		expect(ids).toEqual(Array.from({ length: 251 }, (_, i) => i + 1));
	});

	test('creates under injected faults, sent concurrently, are never sent twice; each failed item says it was not resent', async () => {
		await sb.admin('PUT', '/faults', { errorRate: 0.25, dropRate: 0.25, seed: 1 });
		const N = 10;
		// Each item's own PO number tells its request apart, whatever order they reach the server in.
		const input = Array.from({ length: N }, (_, i) => ({
			message: { ...SAMPLE_855, purchaseOrderNumber: `PO-${i}` },
		}));
		const result = await sb.run(
			{ ...create, messageSource: 'field', messageField: 'message' },
			{ continueOnFail: true, input },
		);
		expect(result.status).toBe('success');
		expect(result.items.map((i) => i.pairedItem)).toEqual(
			Array.from({ length: N }, (_, item) => ({ item })),
		);
		const logged = (await sb.requests()).filter(
			(r) => r.method === 'POST' && r.path === '/v4/transactions',
		);
		expect(logged).toHaveLength(N);
		// A request answered with an injected 5xx was never read (no body in the log): those are the items not found by number.
		const read = new Map(
			logged.filter((r) => r.body).map((r) => [r.body.message.purchaseOrderNumber as string, r]),
		);
		const unread = logged.filter((r) => !r.body);
		expect(read.size + unread.length).toBe(N);
		expect(unread.every((r) => r.fault === 'error')).toBe(true);
		const posts = input.map((_, i) => read.get(`PO-${i}`) ?? { fault: 'error' as const });
		const faulted = posts.map((r) => r.fault !== undefined);
		expect(posts.some((r) => r.fault === 'error') && posts.some((r) => r.fault === 'drop')).toBe(
			true,
		);
		// Request i is item i's only request: item i failed exactly when its request met a fault.
		expect(result.items.map((i) => 'error' in i.json)).toEqual(faulted);
		for (const item of result.items.filter((i) => 'error' in i.json)) {
			expect(item.json.description).toContain(NOT_RESENT);
		}
		// A dropped connection is told in words, with the low-level code.
		result.items.forEach((item, i) => {
			if (posts[i].fault === 'drop') {
				expect(item.json.error).toBe(
					'The connection to the EDI Exchange service failed: the connection was closed before the answer was complete (ERR_BAD_RESPONSE)',
				);
			}
		});
		for (const item of result.items.filter((i) => !('error' in i.json))) {
			expect(item.json).toEqual(
				expect.objectContaining({ status: 'ACCEPTED', id: expect.any(Number) }),
			);
		}
	});

	test('a submitted payload is not sent twice either', async () => {
		await sb.admin('PUT', '/faults', { errorRate: 1 });
		const result = await sb.run(
			{
				resource: 'integrationPayload',
				operation: 'submit',
				format: 'json',
				senderId: 'YOURCOMPANY',
				receiverId: 'DEMORETAIL',
				segments: '[["BAK","00","AC","PO-1","20261122"]]',
			},
			{ continueOnFail: true },
		);
		expect(result.items[0].json.description).toContain(NOT_RESENT);
		expect(await sb.requests()).toHaveLength(1);
	});
});

describe('Continue On Fail and pairedItem over mixed items', () => {
	const ids = ['1', 'abc', '999', '2', ''];
	const input = ids.map((id) => ({ id }) as IDataObject);
	const params = {
		resource: 'transaction',
		operation: 'getMessage',
		transactionId: '={{ $json.id }}',
	};

	beforeEach(async () => {
		await sb.admin('POST', '/partner/send-850'); // transaction 2
		await sb.clearRequests();
	});

	test('with Continue On Fail: one output item per input item, each paired with its own', async () => {
		const result = await sb.run(params, { input, continueOnFail: true });
		expect(result.status).toBe('success');
		expect(result.items.map((i) => i.pairedItem)).toEqual(
			[0, 1, 2, 3, 4].map((item) => ({ item })),
		);
		const json = result.items.map((i) => i.json);
		expect(json[0]).toEqual(expect.objectContaining({ transactionId: 1, format: 'json' }));
		expect(json[1]).toEqual(
			expect.objectContaining({ error: 'The transaction ID "abc" is not a positive whole number' }),
		);
		expect(json[2]).toEqual(
			expect.objectContaining({
				error: 'transaction 999 not found [notFoundError]',
				httpCode: '404',
			}),
		);
		expect(json[3]).toEqual(expect.objectContaining({ transactionId: 2, format: 'json' }));
		expect(json[4]).toEqual(
			expect.objectContaining({ error: 'The transaction ID "" is not a positive whole number' }),
		);
		// The bad ids never reached the server.
		expect((await sb.requests()).map((r) => r.path)).toEqual([
			'/v3/transactions/1/message',
			'/v3/transactions/999/message',
			'/v3/transactions/2/message',
		]);
	});

	test('without it: the run stops at the first bad item, naming it', async () => {
		const result = await sb.run(params, { input });
		const error = failure(result);
		expect(error.message).toBe('The transaction ID "abc" is not a positive whole number');
		expect((result.error as any).context.itemIndex).toBe(1);
		expect((await sb.requests()).map((r) => r.path)).toEqual(['/v3/transactions/1/message']);
	});

	test('Accept with Continue On Fail: the good deliveries are accepted, the bad item is reported, pairing kept', async () => {
		const inbox = await sb.run({ resource: 'inbox', operation: 'getMany', limit: 10 });
		const [first, second] = inbox.items;
		const result = await sb.run(
			{ resource: 'inbox', operation: 'accept', note: 'ok' },
			{ input: [first, { json: { transactionId: 5 } }, second], continueOnFail: true },
		);
		expect(result.items.map((i) => [i.json.status ?? i.json.error, i.pairedItem])).toEqual([
			['DELIVERED', { item: 0 }],
			['The input item has no delivery.accept.href', { item: 1 }],
			['DELIVERED', { item: 2 }],
		]);
	});
});
