/**
 * Transaction → Get Many (and the trigger, which reads the same list) against tiny servers that
 * break the contract: a 200 whose body is no transaction list, a list that ignores `offset`, items
 * sharing an id or lacking one.
 */
import type { IDataObject } from 'n8n-workflow';

import { Poller, runNode } from '../../harness';
import { json, raw, startHostileServer, type Answer, type HostileServer } from '../hostile/server';

const getMany = (extra: IDataObject) => ({
	resource: 'transaction',
	operation: 'getMany',
	...extra,
});
const transaction = (id: number | string | undefined, extra: IDataObject = {}): IDataObject => ({
	...(id === undefined ? {} : { id }),
	transactionType: '850',
	direction: 'inbound',
	stream: 'test',
	createdAt: '2026-11-22T10:00:00.000Z',
	...extra,
});

/** A list service over `items`, paging by offset and limit, reporting `total` (by default how many there are). */
const paged =
	(items: IDataObject[], total = items.length): Answer =>
	(request, res, hostile) => {
		const offset = Number(request.query.offset);
		json(200, {
			items: items.slice(offset, offset + Number(request.query.limit)),
			meta: { total },
		})(request, res, hostile);
	};

let server: HostileServer | undefined;
afterEach(async () => {
	await server?.stop();
	server = undefined;
});

async function runAgainst(answer: Answer, parameters: IDataObject) {
	server = await startHostileServer(answer);
	return await runNode({
		credentials: { baseUrl: server.url, apiToken: 'k' },
		parameters: getMany(parameters),
	});
}

describe('a 200 whose body is not a transaction list', () => {
	const bodies: Array<[string, Answer, RegExp]> = [
		[
			'an HTML page',
			raw(200, 'text/html', '<!doctype html><html><body>Sign in</body></html>'),
			/HTML page/,
		],
		[
			'truncated JSON',
			raw(200, 'application/json', '{"items":[{"id":1,"transactionType":"850"'),
			/not JSON/,
		],
		['an empty body', raw(200, 'application/json', ''), /empty body/],
		['null', json(200, null), /null/],
		['{}', json(200, {}), /an empty object/],
	];

	test.each(bodies)(
		'%s is a clear API error from Get Many, not 0 items',
		async (_name, answer, says) => {
			const result = await runAgainst(answer, { returnAll: true });
			expect(result.status).toBe('error');
			expect(result.error?.name).toBe('NodeApiError');
			expect(result.error?.message).toMatch(/instead of the transaction list/);
			expect(result.error?.message).toMatch(says);
			expect((result.error as Error & { description?: string }).description).toMatch(/Base URL/);
			expect(result.items).toEqual([]);
		},
	);

	test.each(bodies)(
		'%s fails the trigger’s poll and leaves its state as it was',
		async (_name, answer, says) => {
			server = await startHostileServer(json(200, { items: [transaction(1)], meta: { total: 1 } }));
			const poller = new Poller(
				{ baseUrl: server.url, apiToken: 'k' },
				{
					source: 'transactions',
					stream: 'test',
					transactionTypes: [],
					includeMessage: false,
					options: {},
				},
			);
			expect((await poller.poll()).error).toBeUndefined();
			const before = JSON.stringify(poller.staticData);
			server.answer = answer;
			const { error } = await poller.poll();
			expect(error?.constructor.name).toBe('NodeApiError');
			expect(error?.message).toMatch(says);
			expect(JSON.stringify(poller.lastPollStaticData)).toBe(before);
		},
	);
});

describe('a service that ignores offset', () => {
	const samePage =
		(total: number | undefined): Answer =>
		(request, res) => {
			// The first 100, whatever offset and limit say.
			const items = Array.from({ length: 100 }, (_, i) => transaction(i + 1));
			json(200, total === undefined ? items : { items, meta: { total } })(request, res, server!);
		};

	test.each([
		['with meta.total', 2_000],
		['with a bare array', undefined],
	])(
		'%s: Return All stops within one round of pages and says the service ignores offset',
		async (_name, total) => {
			const result = await runAgainst(samePage(total), { returnAll: true });
			expect(result.status).toBe('error');
			expect(result.error?.message).toMatch(
				/does not page: the page at offset \d+ repeated transactions already read/,
			);
			expect((result.error as Error & { description?: string }).description).toMatch(
				/ignore the offset parameter/,
			);
			expect(server!.requests.length).toBeLessThanOrEqual(6);
		},
	);

	test('Limit 150 stops after its second request', async () => {
		const result = await runAgainst(samePage(2_000), { returnAll: false, limit: 150 });
		expect(result.status).toBe('error');
		expect(result.error?.message).toMatch(/does not page/);
		expect(server!.requests.map((r) => r.query.offset)).toEqual(['0', '100']);
	});
});

test('items sharing an id and items without an id are all output, in list order', async () => {
	const items = [
		transaction(7, { transactionType: '855' }),
		transaction(undefined, { transactionType: '810' }),
		transaction(7, { transactionType: '856' }),
		transaction(undefined, { transactionType: '846' }),
		transaction(5),
	];
	const answer = paged(items);
	const all = await runAgainst(answer, { returnAll: true });
	expect(all.error).toBeUndefined();
	expect(all.items.map((i) => i.json)).toEqual(items);
	await server!.stop();

	// Read two at a time (Limit below the list), the same five come out.
	const limited = await runAgainst(answer, { returnAll: false, limit: 2 });
	expect(limited.items.map((i) => i.json)).toEqual(items.slice(0, 2));
});

describe('pages shorter than asked', () => {
	/** 250 transactions, newest first; `length` says how many items a page holds (the service's cap, say). */
	const shortPages = (
		length: (offset: number, limit: number) => number,
		total = true,
	): { items: IDataObject[]; answer: Answer } => {
		const items = Array.from({ length: 250 }, (_, i) => transaction(250 - i));
		const answer: Answer = (request, res, hostile) => {
			const offset = Number(request.query.offset);
			const page = items.slice(offset, offset + length(offset, Number(request.query.limit)));
			json(200, total ? { items: page, meta: { total: items.length } } : page)(
				request,
				res,
				hostile,
			);
		};
		return { items, answer };
	};
	const capAt50 = (_offset: number, limit: number) => Math.min(limit, 50);
	/** The first request at offset 100 gets 60 items, any later one a full page. */
	const cutOnceAt100 = () => {
		let cut = false;
		return (offset: number, limit: number) => {
			if (offset !== 100 || cut) return limit;
			cut = true;
			return 60;
		};
	};

	test.each([
		['a service that caps its pages at 50', () => capAt50],
		['one page cut short mid-list', cutOnceAt100],
	])(
		'%s: the total says more follow, so Return All reads on and outputs each transaction once',
		async (_name, length) => {
			const { items, answer } = shortPages(length());
			const result = await runAgainst(answer, { returnAll: true });
			expect(result.error).toBeUndefined();
			expect(result.items.map((i) => i.json)).toEqual(items);
		},
	);

	test('a service that caps its pages at 50: Limit 150 gives exactly the 150 newest', async () => {
		const { items, answer } = shortPages(capAt50);
		const result = await runAgainst(answer, { returnAll: false, limit: 150 });
		expect(result.items.map((i) => i.json)).toEqual(items.slice(0, 150));
		expect(server!.requests.map((r) => Number(r.query.offset)).sort((a, b) => a - b)).toEqual([
			0, 50, 100,
		]);
	});

	test('without a total (a bare array), a page shorter than asked is the end of the list', async () => {
		const { items, answer } = shortPages(capAt50, false);
		const result = await runAgainst(answer, { returnAll: true });
		expect(result.items.map((i) => i.json)).toEqual(items.slice(0, 50));
		expect(server!.requests).toHaveLength(1);
	});
});

test('ids 0 and "", transactionId instead of id, numbers and strings mixed across pages: each output once, in list order', async () => {
	const odd = (i: number): IDataObject =>
		i % 3 === 0
			? { transactionId: 1000 - i, transactionType: '850' }
			: transaction(i % 2 ? 1000 - i : String(1000 - i));
	const items = [...Array.from({ length: 248 }, (_, i) => odd(i)), transaction(''), transaction(0)];
	const answer = paged(items);
	const result = await runAgainst(answer, { returnAll: true });
	expect(result.error).toBeUndefined();
	expect(result.items.map((i) => i.json)).toEqual(items);
	expect(server!.requests).toHaveLength(3);
});

test('a meta.total below the items the first page holds (0, say) is not believed: the list is read to its end', async () => {
	const items = Array.from({ length: 250 }, (_, i) => transaction(250 - i));
	const answer = paged(items, 0);
	const all = await runAgainst(answer, { returnAll: true });
	expect(all.items.map((i) => i.json)).toEqual(items);
	await server!.stop();
	const limited = await runAgainst(answer, { returnAll: false, limit: 10 });
	expect(limited.items.map((i) => i.json)).toEqual(items.slice(0, 10));
});

test('identical items within one page (one listed twice, or items without ids alike in every field) are all output', async () => {
	const twice = (id: number, type: string) => [
		transaction(id),
		transaction(id),
		transaction(undefined, { transactionType: type }),
		transaction(undefined, { transactionType: type }),
	];
	// 150 transactions over two pages, each page with two pairs alike.
	const items = [
		...twice(8, '855'),
		...Array.from({ length: 142 }, (_, i) => transaction(1000 - i)),
		...twice(5, '810'),
	];
	const answer = paged(items);
	const result = await runAgainst(answer, { returnAll: true });
	expect(result.error).toBeUndefined();
	expect(result.items.map((i) => i.json)).toEqual(items);
});

describe('Return All and the rate limit', () => {
	/**
	 * 500 transactions, each answer reporting `remaining` requests left. Answers after the first
	 * are held until `together` requests wait, so the test sees how many the node sends at once.
	 */
	const paging = (remaining: number, together: number) => {
		const seen: number[] = [];
		const waiting: Array<() => void> = [];
		const answer: Answer = (request, res, hostile) => {
			const offset = Number(request.query.offset);
			const items = Array.from(
				{ length: Math.max(0, Math.min(Number(request.query.limit), 500 - offset)) },
				(_, i) => transaction(500 - offset - i),
			);
			const send = () =>
				json(200, { items, meta: { total: 500 } }, { 'x-ratelimit-remaining': String(remaining) })(
					request,
					res,
					hostile,
				);
			if (offset === 0) return send();
			waiting.push(send);
			seen.push(waiting.length);
			if (together > 1 && waiting.length >= together)
				waiting.splice(0).forEach((release) => release());
			// One at a time expected: answered a moment later, so requests sent together would be seen together.
			else if (together === 1)
				setTimeout(() => waiting.splice(0).forEach((release) => release()), 20);
		};
		return { answer, seen };
	};

	test('with the window nearly used up, pages are fetched one at a time', async () => {
		const { answer, seen } = paging(1, 1);
		const result = await runAgainst(answer, { returnAll: true });
		expect(result.items).toHaveLength(500);
		expect(seen).toEqual([1, 1, 1, 1]);
	});

	test('with room in the window, the pages after the first are fetched at once', async () => {
		const { answer, seen } = paging(1_000, 4);
		const result = await runAgainst(answer, { returnAll: true });
		expect(result.items.map((i) => i.json.id)).toEqual(
			Array.from({ length: 500 }, (_, i) => 500 - i),
		);
		expect(seen).toEqual([1, 2, 3, 4]);
	});
});
