import { exampleDocument, useSandbox } from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /v4/inbox and delivery accept/fail', () => {
	const s = useSandbox({ sendInitialOrder: false });
	const orders: Array<{ transactionId: number; purchaseOrderNumber: string }> = [];

	beforeAll(async () => {
		for (let i = 0; i < 3; i++) orders.push((await s.raw.post('/_sandbox/partner/send-850')).data);
	});

	it('answers a bare array, oldest first, shaped like the example inbox item', async () => {
		const response = await s.api.get('/v4/inbox');
		expect(response.status).toBe(200);
		expect(Array.isArray(response.data)).toBe(true);
		expect(response.data.map((i: any) => i.transactionId)).toEqual(
			orders.map((o) => o.transactionId),
		);
		const [example] = exampleDocument('inbox-items.json') as unknown as any[];
		const item = response.data[0];
		expect(Object.keys(item).sort()).toEqual(Object.keys(example).sort());
		expect(Object.keys(item.delivery).sort()).toEqual(Object.keys(example.delivery).sort());
		const base = s.sandbox.baseUrl;
		expect(item).toEqual({
			integrationPayloadId: expect.stringMatching(UUID),
			transactionId: orders[0].transactionId,
			transactionType: '850',
			senderId: 'DEMORETAIL',
			receiverId: 'YOURCOMPANY',
			stream: 'test',
			createdAt: expect.stringMatching(/\.\d{3}Z$/),
			message: expect.objectContaining({ purchaseOrderNumber: orders[0].purchaseOrderNumber }),
			delivery: {
				deliveryId: expect.stringMatching(UUID),
				status: 'SENT',
				href: `${base}/v4/transactions/${orders[0].transactionId}/deliveries/${item.delivery.deliveryId}`,
				accept: {
					href: `${base}/v4/transactions/${orders[0].transactionId}/deliveries/${item.delivery.deliveryId}/accept`,
				},
				fail: {
					href: `${base}/v4/transactions/${orders[0].transactionId}/deliveries/${item.delivery.deliveryId}/fail`,
				},
			},
		});
	});

	it('honours limit (default 30, 1–100) and builds hrefs from the Host header', async () => {
		const one = await s.api.get('/v4/inbox?limit=1');
		expect(one.data).toHaveLength(1);
		const viaLocalhost = await s.api.get(`http://localhost:${s.sandbox.port}/v4/inbox?limit=1`);
		expect(
			viaLocalhost.data[0].delivery.href.startsWith(
				`http://localhost:${s.sandbox.port}/v4/transactions/`,
			),
		).toBe(true);
		expect((await s.api.get('/v4/inbox?limit=0')).status).toBe(400);
		expect((await s.api.get('/v4/inbox?offset=1')).status).toBe(400);
	});

	it('keeps an item until accepted; repeat accept is a no-op; fail after accept is 409', async () => {
		const item = (await s.api.get('/v4/inbox')).data[0];
		expect((await s.api.get('/v4/inbox')).data[0].transactionId).toBe(item.transactionId);
		const accepted = await s.api.post(item.delivery.accept.href, { note: 'imported as SO-1' });
		expect(accepted.status).toBe(200);
		expect(accepted.data).toEqual({
			deliveryId: item.delivery.deliveryId,
			transactionId: item.transactionId,
			status: 'DELIVERED',
			note: 'imported as SO-1',
		});
		const inbox = (await s.api.get('/v4/inbox')).data.map((i: any) => i.transactionId);
		expect(inbox).not.toContain(item.transactionId);
		const again = await s.api.post(item.delivery.accept.href, { note: 'second time' });
		expect(again.status).toBe(200);
		expect(again.data).toEqual(accepted.data);
		const contradiction = await s.api.post(item.delivery.fail.href, { note: 'too late' });
		expect(contradiction.status).toBe(409);
		expect(contradiction.data.type).toBe('conflictError');
		const listed = (
			await s.api.get('/v3/transactions?direction=inbound&limit=100')
		).data.items.find((i: any) => i.id === item.transactionId);
		expect(listed.status).toBe('DELIVERED');
	});

	it('fails a delivery; repeat fail is a no-op; accept after fail is 409', async () => {
		const item = (await s.api.get('/v4/inbox')).data[0];
		const failed = await s.api.post(item.delivery.fail.href, { note: 'unknown items' });
		expect(failed.status).toBe(200);
		expect(failed.data).toMatchObject({ status: 'FAILED', note: 'unknown items' });
		expect((await s.api.post(item.delivery.fail.href, { note: 'x' })).status).toBe(200);
		const contradiction = await s.api.post(item.delivery.accept.href, { note: 'x' });
		expect(contradiction.status).toBe(409);
		expect(contradiction.data.type).toBe('conflictError');
		expect((await s.api.get('/v4/inbox')).data.map((i: any) => i.transactionId)).toEqual([
			orders[2].transactionId,
		]);
	});

	it('requires a note of at most 240 characters', async () => {
		const item = (await s.api.get('/v4/inbox')).data[0];
		for (const body of [undefined, {}, { note: 5 }, { note: 'x'.repeat(241) }]) {
			const response = await s.api.post(item.delivery.accept.href, body);
			expect(response.status).toBe(400);
			expect(response.data).toMatchObject({ type: 'argumentError', errors: [{ ref: 'note' }] });
		}
		expect((await s.api.post(item.delivery.accept.href, { note: 'x'.repeat(240) })).status).toBe(
			200,
		);
	});

	it('answers 404 for an unknown transaction or delivery, 400 for a bad id', async () => {
		const [transaction] = orders;
		const path = (id: string | number, delivery: string) =>
			`/v4/transactions/${id}/deliveries/${delivery}/accept`;
		expect((await s.api.post(path(99999, 'nope'), { note: 'x' })).status).toBe(404);
		expect(
			(
				await s.api.post(path(transaction.transactionId, '00000000-0000-4000-8000-000000000000'), {
					note: 'x',
				})
			).data.type,
		).toBe('notFoundError');
		expect((await s.api.post(path('abc', 'nope'), { note: 'x' })).status).toBe(400);
		expect(
			(
				await s.api.post(`/v4/transactions/${transaction.transactionId}/deliveries/x/approve`, {
					note: 'x',
				})
			).status,
		).toBe(404);
		// An outbound transaction has no delivery to accept.
		const outbound = (
			await s.raw.post('/_sandbox/transactions', {
				count: 1,
				transactionType: '855',
				direction: 'outbound',
				stream: 'test',
			})
		).data;
		expect((await s.api.post(path(outbound.firstId, 'x'), { note: 'x' })).status).toBe(404);
	});
});

describe('a large inbox', () => {
	const s = useSandbox({ sendInitialOrder: false, seed: 100000 });

	it('reads and settles cheaply over 100,000 pending items', async () => {
		const first = (await s.api.get('/v4/inbox?limit=100')).data;
		expect(first).toHaveLength(100);
		expect(first[0].transactionId).toBe(1);
		// Settle out of order: an item in the middle and the first one.
		const middle = (await s.api.get('/v3/transactions?limit=1&offset=50000')).data.items[0];
		expect(middle.status).toBe('SENT');
		for (const item of [first[50], first[0]])
			expect((await s.api.post(item.delivery.accept.href, { note: 'ok' })).status).toBe(200);
		const next = (await s.api.get('/v4/inbox?limit=100')).data.map((i: any) => i.transactionId);
		expect(next[0]).toBe(2);
		expect(next).not.toContain(first[50].transactionId);
		expect(next).toHaveLength(100);
	});
});
