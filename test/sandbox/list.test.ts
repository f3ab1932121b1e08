import { useSandbox } from './helpers';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('GET /v3/transactions', () => {
	const s = useSandbox({ sendInitialOrder: false });
	let ids: { inboundTest: number[]; outboundTest: number[]; inboundLive: number[] };

	beforeAll(async () => {
		const bulk = async (body: object) => (await s.raw.post('/_sandbox/transactions', body)).data;
		const a = await bulk({
			count: 4,
			transactionType: '850',
			direction: 'inbound',
			stream: 'test',
		});
		const b = await bulk({
			count: 3,
			transactionType: '855',
			direction: 'outbound',
			stream: 'test',
		});
		const c = await bulk({
			count: 2,
			transactionType: '850',
			direction: 'inbound',
			stream: 'live',
		});
		const range = (r: { firstId: number; lastId: number }) =>
			Array.from({ length: r.lastId - r.firstId + 1 }, (_, i) => r.firstId + i);
		ids = { inboundTest: range(a), outboundTest: range(b), inboundLive: range(c) };
	});

	it('answers the list envelope with the default limit of 25 and every item field', async () => {
		const response = await s.api.get('/v3/transactions');
		expect(response.status).toBe(200);
		expect(response.headers['content-type']).toMatch(/^application\/json/);
		expect(response.data.meta).toEqual({ limit: 25, offset: 0, total: 9 });
		expect(response.data.items).toHaveLength(9);
		const item = response.data.items.find((i: any) => i.id === ids.inboundTest[0]);
		expect(item).toEqual({
			id: ids.inboundTest[0],
			transactionType: '850',
			direction: 'inbound',
			stream: 'test',
			createdAt: expect.stringMatching(ISO_MS),
			businessNumber: expect.stringMatching(/^PO-/),
			senderId: 'DEMORETAIL',
			receiverId: 'YOURCOMPANY',
			status: 'SENT',
		});
	});

	it('rule 1: meta.limit reflects the given limit', async () => {
		for (const limit of [1, 2, 100]) {
			const response = await s.api.get(`/v3/transactions?limit=${limit}`);
			expect(response.data.meta.limit).toBe(limit);
			expect(response.data.items).toHaveLength(Math.min(limit, 9));
		}
	});

	it('rule 2: stream, direction and limit combine; total counts the matches', async () => {
		const both = await s.api.get('/v3/transactions?stream=test&direction=inbound&limit=3');
		expect(both.data.meta).toEqual({ limit: 3, offset: 0, total: 4 });
		expect(
			both.data.items.every((i: any) => i.stream === 'test' && i.direction === 'inbound'),
		).toBe(true);
		expect(both.data.items).toHaveLength(3);
		const outbound = await s.api.get('/v3/transactions?direction=outbound');
		expect(outbound.data.items.map((i: any) => i.id).sort()).toEqual([...ids.outboundTest].sort());
		const live = await s.api.get('/v3/transactions?stream=live');
		expect(live.data.meta.total).toBe(2);
		const none = await s.api.get('/v3/transactions?stream=live&direction=outbound');
		expect(none.data).toEqual({ items: [], meta: { limit: 25, offset: 0, total: 0 } });
	});

	it('orders newest first by createdAt then id, and pages with offset', async () => {
		const all = (await s.api.get('/v3/transactions?limit=100')).data.items.map((i: any) => i.id);
		expect(all).toEqual(
			[...ids.inboundLive, ...ids.outboundTest, ...ids.inboundTest].sort((a, b) => b - a),
		);
		const page = await s.api.get('/v3/transactions?limit=3&offset=3');
		expect(page.data.meta).toEqual({ limit: 3, offset: 3, total: 9 });
		expect(page.data.items.map((i: any) => i.id)).toEqual(all.slice(3, 6));
		const beyond = await s.api.get('/v3/transactions?offset=50');
		expect(beyond.data.items).toEqual([]);
		expect(beyond.data.meta.total).toBe(9);
	});

	it('switches to oldest first through PUT /_sandbox/config', async () => {
		expect((await s.raw.put('/_sandbox/config', { order: 'oldest' })).status).toBe(200);
		const oldest = (await s.api.get('/v3/transactions?limit=4&offset=1')).data.items.map(
			(i: any) => i.id,
		);
		expect(oldest).toEqual([
			ids.inboundTest[1],
			ids.inboundTest[2],
			ids.inboundTest[3],
			ids.outboundTest[0],
		]);
		await s.raw.put('/_sandbox/config', { order: 'newest' });
		expect((await s.raw.put('/_sandbox/config', { order: 'sideways' })).status).toBe(400);
	});

	it('places back-dated inserts at their createdAt, behind newer items', async () => {
		const at = '2020-01-01T00:00:00.000Z';
		const late = (
			await s.raw.post('/_sandbox/transactions', {
				count: 2,
				transactionType: '810',
				direction: 'outbound',
				stream: 'test',
				createdAt: at,
			})
		).data;
		expect(late.firstId).toBeGreaterThan(ids.inboundLive[1]);
		const all = (await s.api.get('/v3/transactions?limit=100')).data.items;
		expect(all.slice(-2).map((i: any) => [i.id, i.createdAt])).toEqual([
			[late.lastId, at],
			[late.firstId, at],
		]);
		expect(all[0].id).toBe(ids.inboundLive[1]);
		await s.raw.put('/_sandbox/config', { order: 'oldest' });
		const oldest = (await s.api.get('/v3/transactions?limit=2')).data.items.map((i: any) => i.id);
		expect(oldest).toEqual([late.firstId, late.lastId]);
		await s.raw.put('/_sandbox/config', { order: 'newest' });
	});
});

describe('bulk-inserted transactions', () => {
	const s = useSandbox({ sendInitialOrder: false });

	it.each(['850', '855', '856', '810', '846', '860'])(
		'list the business number their %s message carries',
		async (transactionType) => {
			await s.raw.post('/_sandbox/transactions', {
				count: 2,
				transactionType,
				direction: 'outbound',
				stream: 'test',
			});
			const [item] = (await s.api.get('/v3/transactions?limit=1')).data.items;
			const message = (await s.api.get(`/v3/transactions/${item.id}/message`)).data;
			const field =
				(
					{ '856': 'shipmentId', '810': 'invoiceNumber', '846': 'reportNumber' } as Record<
						string,
						string
					>
				)[transactionType] ?? 'purchaseOrderNumber';
			expect(item.businessNumber).toBe(message[field]);
		},
	);
});

describe('bulk insert at scale', () => {
	const s = useSandbox({ sendInitialOrder: false });

	it('inserts 100,000 transactions and pages anywhere in them', async () => {
		const inserted = await s.raw.post('/_sandbox/transactions', {
			count: 100000,
			transactionType: '850',
			direction: 'inbound',
			stream: 'test',
		});
		expect(inserted.status).toBe(201);
		expect(inserted.data).toEqual({ inserted: 100000, firstId: 1, lastId: 100000 });
		const deep = await s.api.get(
			'/v3/transactions?limit=100&offset=99950&stream=test&direction=inbound',
		);
		expect(deep.data.meta).toEqual({ limit: 100, offset: 99950, total: 100000 });
		expect(deep.data.items.map((i: any) => i.id)).toEqual(
			Array.from({ length: 50 }, (_, i) => 50 - i),
		);
		// Their messages are generated on read and carry distinct purchase order numbers.
		const first = (await s.api.get('/v3/transactions/1/message')).data;
		const last = (await s.api.get('/v3/transactions/100000/message')).data;
		expect(first.purchaseOrderNumber).not.toBe(last.purchaseOrderNumber);
		expect(deep.data.items[49].businessNumber).toBe(first.purchaseOrderNumber);
		// Each inbound one has an inbox delivery; the inbox reads oldest first.
		const inbox = await s.api.get('/v4/inbox?limit=100');
		expect(inbox.data).toHaveLength(100);
		expect(inbox.data[0]).toMatchObject({ transactionId: 1, message: first });
		// A back-dated batch of the same size merges in behind all of them.
		const past = '2001-01-01T00:00:00.000Z';
		const more = await s.raw.post('/_sandbox/transactions', {
			count: 100000,
			transactionType: '850',
			direction: 'inbound',
			stream: 'live',
			createdAt: past,
		});
		expect(more.data).toEqual({ inserted: 100000, firstId: 100001, lastId: 200000 });
		const at = async (offset: number) =>
			(await s.api.get(`/v3/transactions?limit=1&offset=${offset}`)).data;
		expect((await at(99999)).items[0].id).toBe(1);
		expect((await at(100000)).items[0]).toMatchObject({ id: 200000, createdAt: past });
		expect((await at(199999)).items[0].id).toBe(100001);
		expect((await at(0)).meta.total).toBe(200000);
		// The inbox (oldest first) now starts with the back-dated ones.
		expect((await s.api.get('/v4/inbox?limit=1')).data[0].transactionId).toBe(100001);
	});

	it('validates bulk requests', async () => {
		for (const body of [
			{ count: 0 },
			{ count: 5, transactionType: '999' },
			{ count: 5, direction: 'up' },
			{ count: 5, createdAt: 'yesterday' },
			{ count: 5, colour: 'red' },
		]) {
			const response = await s.raw.post('/_sandbox/transactions', body);
			expect(response.status).toBe(400);
			expect(response.data.type).toBe('argumentError');
		}
	});
});
