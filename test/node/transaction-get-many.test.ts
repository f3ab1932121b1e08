/**
 * Transaction → Get Many: Return All over several pages fetched in parallel (also while
 * transactions arrive, at either end of the list), Limit asking for no more than needed and
 * finishing under arrivals, the client-side type filter paging on, the server-side filters, and
 * oldest-first order.
 */
import type { IDataObject } from 'n8n-workflow';

import { idsOf, sleepMs, useNodeSandbox, type LoggedRequest } from './helpers';

const sb = useNodeSandbox();

const getMany = (extra: IDataObject) => ({
	resource: 'transaction',
	operation: 'getMany',
	...extra,
});
const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);
const descending = (ids: number[]) => [...ids].sort((a, b) => b - a);
const listQueries = (requests: LoggedRequest[]) =>
	requests.filter((r) => r.method === 'GET' && r.path === '/v3/transactions').map((r) => r.query);
/** Pages after the first are fetched in parallel: compared in offset order. */
const byOffset = (queries: IDataObject[]) =>
	[...queries].sort((a, b) => Number(a.offset) - Number(b.offset));

async function bulk(body: IDataObject): Promise<{ firstId: number; lastId: number }> {
	return await sb.admin('POST', '/transactions', {
		transactionType: '850',
		direction: 'inbound',
		stream: 'test',
		...body,
	});
}

/** Resolves once the node's first list request reached the server (its answer is still delayed). */
async function firstPageRequested(): Promise<void> {
	for (let i = 0; i < 400; i++) {
		if (listQueries(await sb.requests()).length > 0) return;
		await sleepMs(5);
	}
	throw new Error('the node never asked for the first page');
}

describe('Return All', () => {
	test('returns every one of 261 transactions exactly once, in 100-item pages', async () => {
		await bulk({ count: 260 }); // + the partner's start-up order = ids 1..261
		const result = await sb.run(getMany({ returnAll: true }));
		expect(result.status).toBe('success');
		expect(idsOf(result)).toEqual(descending(range(1, 261)));
		expect(result.items[0].json).toEqual(
			expect.objectContaining({
				id: 261,
				transactionType: '850',
				direction: 'inbound',
				stream: 'test',
				createdAt: expect.any(String),
			}),
		);
		expect(byOffset(listQueries(await sb.requests()))).toEqual([
			{ limit: '100', offset: '0' },
			{ limit: '100', offset: '100' },
			{ limit: '100', offset: '200' },
		]);
	});

	test('new transactions arriving while it pages shift the pages, yet no id repeats and none present at the start is missed', async () => {
		await bulk({ count: 260 });
		await sb.admin('PUT', '/faults', { latencyMs: 250 });
		const running = sb.run(getMany({ returnAll: true }));
		await firstPageRequested();
		// 40 newer transactions land at the front: every later page moves by 40.
		const arrived = await bulk({ count: 40 });
		const result = await running;
		expect(result.status).toBe('success');
		const ids = idsOf(result);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids).toEqual(expect.arrayContaining(range(1, 261)));
		// Only what existed when the read began, in list order.
		expect(ids).toEqual(descending(range(1, 261)));
		expect(arrived.firstId).toBe(262);
		// The list's end, moved back by the 40 arrivals, was read where it moved to.
		const offsets = listQueries(await sb.requests()).map((q) => Number(q.offset));
		expect(offsets.some((offset) => offset > 260 && offset < 301)).toBe(true);
	});

	test.each([
		['newest', 'at the front'],
		['oldest', 'at the end'],
	])(
		'%s-first, while transactions keep arriving %s, each one present at the first page comes out once, in order',
		async (order) => {
			await sb.admin('PUT', '/config', { order });
			await bulk({ count: 950 });
			await sb.admin('PUT', '/faults', { latencyMs: 20 });
			const arrivals = keepArriving({ count: 5 });
			const result = await sb.run(getMany({ returnAll: true }));
			const arrived = await arrivals.stop();
			expect(result.status).toBe('success');
			expect(arrived).toBeGreaterThan(0);
			// Ids 1..n with n the newest at the first page: none repeats, none missing, later arrivals not mixed in.
			const ids = idsOf(result);
			const newest = Math.max(...ids);
			expect(ids).toEqual(order === 'newest' ? descending(range(1, newest)) : range(1, newest));
			expect(newest).toBeGreaterThanOrEqual(951);
			expect(newest).toBeLessThan(951 + 5 * arrived);
		},
	);

	test('oldest-first, with back-dated transactions appearing at the front while it pages, also returns each one present at the start once', async () => {
		await sb.admin('PUT', '/config', { order: 'oldest' });
		await bulk({ count: 260 });
		await sb.admin('PUT', '/faults', { latencyMs: 250 });
		const running = sb.run(getMany({ returnAll: true }));
		await firstPageRequested();
		await bulk({ count: 40, createdAt: '2020-01-01T00:00:00.000Z' });
		const result = await running;
		expect(result.status).toBe('success');
		const ids = idsOf(result);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids).toEqual(expect.arrayContaining(range(1, 261)));
	});

	test('oldest-first order returns everything, oldest first', async () => {
		await sb.admin('PUT', '/config', { order: 'oldest' });
		await bulk({ count: 150 });
		const result = await sb.run(getMany({ returnAll: true }));
		expect(result.status).toBe('success');
		expect(idsOf(result)).toEqual(range(1, 151));
	});
});

describe('Limit', () => {
	beforeEach(async () => {
		await bulk({ count: 260 });
		await sb.clearRequests();
	});

	test('returns exactly that many, the newest, in one request of that size', async () => {
		const result = await sb.run(getMany({ returnAll: false, limit: 30 }));
		expect(idsOf(result)).toEqual(descending(range(232, 261)));
		expect(listQueries(await sb.requests())).toEqual([{ limit: '30', offset: '0' }]);
	});

	test('over one page: a full page, then only the rest', async () => {
		const result = await sb.run(getMany({ returnAll: false, limit: 150 }));
		expect(idsOf(result)).toEqual(descending(range(112, 261)));
		expect(listQueries(await sb.requests())).toEqual([
			{ limit: '100', offset: '0' },
			{ limit: '50', offset: '100' },
		]);
	});

	test('more than exist: all of them, and it stops at the end of the list', async () => {
		const result = await sb.run(getMany({ returnAll: false, limit: 500 }));
		expect(idsOf(result)).toEqual(descending(range(1, 261)));
		expect(byOffset(listQueries(await sb.requests()))).toEqual([
			{ limit: '100', offset: '0' },
			{ limit: '100', offset: '100' },
			{ limit: '100', offset: '200' },
		]);
	});

	test('Limit 250 while transactions keep arriving: exactly the 250 newest at the start, in at most 5 requests', async () => {
		await sb.admin('PUT', '/faults', { latencyMs: 20 });
		const arrivals = keepArriving({ count: 5 });
		const result = await sb.run(getMany({ returnAll: false, limit: 250 }));
		expect(await arrivals.stop()).toBeGreaterThan(0);
		expect(result.status).toBe('success');
		const ids = idsOf(result);
		// 250, no repeats, newest first and without a gap: the newest 250 when the read began.
		expect(ids).toHaveLength(250);
		expect(ids).toEqual(descending(range(ids[249], ids[0])));
		expect(listQueries(await sb.requests()).length).toBeLessThanOrEqual(5);
	});

	test('oldest-first order: the oldest ones', async () => {
		await sb.admin('PUT', '/config', { order: 'oldest' });
		const result = await sb.run(getMany({ returnAll: false, limit: 5 }));
		expect(idsOf(result)).toEqual([1, 2, 3, 4, 5]);
	});
});

describe('Transaction Types filter (client-side)', () => {
	test('Limit keeps paging until enough matching transactions are found, deep in the list', async () => {
		const invoices = await bulk({ count: 3, transactionType: '810', direction: 'outbound' }); // ids 2..4, older
		await bulk({ count: 350 }); // ids 5..354, newer: the 810s sit at offsets 350..352
		await sb.clearRequests();
		const result = await sb.run(
			getMany({ returnAll: false, limit: 2, filters: { transactionTypes: ['810'] } }),
		);
		expect(result.status).toBe('success');
		expect(idsOf(result)).toEqual([invoices.lastId, invoices.lastId - 1]);
		expect(result.items.every((i) => i.json.transactionType === '810')).toBe(true);
		// The type never reaches the server (it would refuse an unknown parameter); paging stops once 2 are found.
		expect(byOffset(listQueries(await sb.requests()))).toEqual(
			['0', '100', '200', '300'].map((offset) => ({ limit: '100', offset })),
		);
	});

	test('Return All returns every matching transaction of several types and no other', async () => {
		await bulk({ count: 3, transactionType: '810', direction: 'outbound' }); // 2..4
		await bulk({ count: 120 }); // 5..124
		await bulk({ count: 2, transactionType: '856', direction: 'outbound' }); // 125..126
		await bulk({ count: 90, transactionType: '855', direction: 'outbound' }); // 127..216
		const result = await sb.run(
			getMany({ returnAll: true, filters: { transactionTypes: ['810', '856'] } }),
		);
		expect(idsOf(result)).toEqual([126, 125, 4, 3, 2]);
	});
});

describe('server-side filters', () => {
	test('stream and direction reach the server and only matching transactions come out', async () => {
		await bulk({ count: 5, transactionType: '810', direction: 'outbound', stream: 'live' }); // 2..6
		await bulk({ count: 4, transactionType: '850', direction: 'inbound', stream: 'live' }); // 7..10
		await bulk({ count: 3, transactionType: '855', direction: 'outbound', stream: 'test' }); // 11..13
		await sb.clearRequests();
		const result = await sb.run(
			getMany({ returnAll: true, filters: { stream: 'live', direction: 'outbound' } }),
		);
		expect(idsOf(result)).toEqual([6, 5, 4, 3, 2]);
		expect(
			result.items.every((i) => i.json.stream === 'live' && i.json.direction === 'outbound'),
		).toBe(true);
		expect(listQueries(await sb.requests())).toEqual([
			{ limit: '100', offset: '0', stream: 'live', direction: 'outbound' },
		]);

		const inboundTest = await sb.run(
			getMany({ returnAll: false, limit: 10, filters: { stream: 'test', direction: 'inbound' } }),
		);
		expect(idsOf(inboundTest)).toEqual([1]);
	});
});

test('each input item runs its own query, and each output item is paired with its input item', async () => {
	await bulk({ count: 4, transactionType: '810', direction: 'outbound' }); // 2..5
	const result = await sb.run(getMany({ returnAll: false, limit: '={{ $json.n }}' }), {
		input: [{ n: 2 }, { n: 1 }],
	});
	expect(result.items.map((i) => [i.json.id, i.pairedItem])).toEqual([
		[5, { item: 0 }],
		[4, { item: 0 }],
		[5, { item: 1 }],
	]);
});

/** Inserts `count` inbound transactions every few milliseconds until stopped; resolves how many rounds ran. */
function keepArriving(body: IDataObject): { stop(): Promise<number> } {
	let running = true;
	let rounds = 0;
	const loop = (async () => {
		while (running) {
			await bulk(body);
			rounds++;
			await sleepMs(5);
		}
	})();
	return {
		stop: async () => {
			running = false;
			await loop;
			return rounds;
		},
	};
}
