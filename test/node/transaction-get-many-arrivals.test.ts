/**
 * Transaction → Get Many while transactions arrive at both ends of the list at once (issue #22's
 * recipe): 1,000 transactions, 60 ms per request, 9 new and 4 back-dated (an hour old, as when the
 * service finishes processing late) every ~40 ms once the first page was asked for. New ones land
 * at the newest end, back-dated ones at the oldest end; both list orders, Return All and Limit 250.
 */
import type { IDataObject } from 'n8n-workflow';

import { idsOf, sleepMs, useNodeSandbox } from './helpers';

const sb = useNodeSandbox();

const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function bulk(body: IDataObject): Promise<{ firstId: number; lastId: number }> {
	return await sb.admin('POST', '/transactions', {
		transactionType: '850',
		direction: 'inbound',
		stream: 'test',
		...body,
	});
}

const listRequests = async () =>
	(await sb.requests()).filter((r) => r.method === 'GET' && r.path === '/v3/transactions');

/** Starts arrivals once the node's first list request reached the server (the list it answers is then fixed). */
function arrivalsAfterFirstPage(): { stop(): Promise<number> } {
	let running = true;
	let rounds = 0;
	const loop = (async () => {
		while (running && (await listRequests()).length === 0) await sleepMs(2);
		const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
		while (running) {
			await Promise.all([bulk({ count: 9 }), bulk({ count: 4, createdAt: hourAgo() })]);
			rounds++;
			await sleepMs(40);
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

beforeEach(async () => {
	await bulk({ count: 1_000 }); // + the partner's start-up order: ids 1..1001, all present at the start
	await sb.admin('PUT', '/faults', { latencyMs: 60 });
	await sb.clearRequests();
});

describe.each(['newest', 'oldest'])('%s-first, arrivals at both ends', (order) => {
	beforeEach(async () => {
		await sb.admin('PUT', '/config', { order });
	});

	test('Return All: every transaction present at the start once, none twice', async () => {
		const arrivals = arrivalsAfterFirstPage();
		const result = await sb.run({ resource: 'transaction', operation: 'getMany', returnAll: true });
		expect(await arrivals.stop()).toBeGreaterThan(0);
		expect(result.error?.message).toBeUndefined();
		const ids = idsOf(result);
		expect(ids.length - new Set(ids).size).toBe(0); // duplicated
		const out = new Set(ids);
		expect(range(1, 1001).filter((id) => !out.has(id))).toEqual([]); // missing
	});

	test('Limit 250: exactly 250, the first of the list at the start, none twice', async () => {
		const arrivals = arrivalsAfterFirstPage();
		const result = await sb.run({
			resource: 'transaction',
			operation: 'getMany',
			returnAll: false,
			limit: 250,
		});
		expect(await arrivals.stop()).toBeGreaterThan(0);
		expect(result.error?.message).toBeUndefined();
		// Arrivals land before the first item (new ones newest-first, back-dated ones oldest-first) or
		// after the 250th: the 250 are exactly the first 250 present at the start.
		expect(idsOf(result)).toEqual(order === 'newest' ? range(752, 1001).reverse() : range(1, 250));
		expect((await listRequests()).length).toBeLessThanOrEqual(5);
	});
});
