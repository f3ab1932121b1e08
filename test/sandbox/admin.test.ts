import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { start, useSandbox } from './helpers';

describe('request log', () => {
	const s = useSandbox();

	it('logs service requests oldest first, with bodies and whether the key was valid, never the key', async () => {
		await s.raw.delete('/_sandbox/requests');
		await s.api.get('/v3/transactions?limit=2&stream=test');
		await s.raw.get('/v4/inbox', { headers: { 'service-api-key': 'not-the-key-XYZZY' } });
		await s.api.post('/v2/integration-payloads', { format: 'json' });
		await s.raw.get('/_sandbox/scorecard');
		const log = (await s.raw.get('/_sandbox/requests')).data;
		expect(log).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: '/v3/transactions',
				query: { limit: '2', stream: 'test' },
				status: 200,
				authenticated: true,
			}),
			expect.objectContaining({
				method: 'GET',
				path: '/v4/inbox',
				query: {},
				status: 401,
				authenticated: false,
			}),
			expect.objectContaining({
				method: 'POST',
				path: '/v2/integration-payloads',
				status: 400,
				body: { format: 'json' },
			}),
		]);
		const text = JSON.stringify(log);
		expect(text).not.toContain(s.sandbox.apiKey);
		expect(text).not.toContain('XYZZY');
		expect((await s.raw.delete('/_sandbox/requests')).data).toEqual({ cleared: 3 });
		expect((await s.raw.get('/_sandbox/requests')).data).toEqual([]);
	});

	it('answers 404 for unknown admin calls', async () => {
		expect((await s.raw.get('/_sandbox/nothing')).status).toBe(404);
	});
});

describe('demo partner and reset', () => {
	const s = useSandbox({ seed: 5, partnerIntervalMs: 40 });

	it('starts with the seed and one partner order, sends more on its timer and on send-850', async () => {
		const sent = await s.raw.post('/_sandbox/partner/send-850');
		expect(sent.status).toBe(201);
		expect(sent.data).toEqual({
			transactionId: expect.any(Number),
			purchaseOrderNumber: expect.any(String),
		});
		await new Promise((resolve) => setTimeout(resolve, 250));
		const scorecard = (await s.raw.get('/_sandbox/scorecard')).data;
		// Start-up order + send-850 + timer orders; bulk (seed) orders are not on the scorecard.
		expect(scorecard.purchaseOrders.length).toBeGreaterThanOrEqual(3);
		expect(scorecard.purchaseOrders).toContainEqual(
			expect.objectContaining({
				purchaseOrderNumber: sent.data.purchaseOrderNumber,
				transactionId: sent.data.transactionId,
				'855': { state: 'missing', reasons: [] },
				'856': { state: 'missing', reasons: [] },
				'810': { state: 'missing', reasons: [] },
			}),
		);
		const inbound = (await s.api.get('/v3/transactions?direction=inbound&stream=test')).data.meta
			.total;
		// The timer keeps running between the two reads.
		expect(inbound - 5).toBeGreaterThanOrEqual(scorecard.purchaseOrders.length);
		expect(inbound - 5).toBeLessThanOrEqual(scorecard.purchaseOrders.length + 3);
	});

	it('resets to the start-up state', async () => {
		await s.raw.put('/_sandbox/config', {
			order: 'oldest',
			rateLimit: { requests: 1000, windowSeconds: 10 },
			inboundFormat: 'x12',
			acknowledgments: { delaySeconds: 5, withErrors: ['855'] },
		});
		await s.raw.put('/_sandbox/faults', { latencyMs: 5 });
		await s.raw.post('/_sandbox/transactions', {
			count: 50,
			transactionType: '856',
			direction: 'outbound',
			stream: 'live',
		});
		const reset = await s.raw.post('/_sandbox/reset');
		expect(reset.status).toBe(200);
		const list = (await s.api.get('/v3/transactions')).data;
		expect(list.meta.total).toBeGreaterThanOrEqual(6);
		expect(list.meta.total).toBeLessThanOrEqual(8); // the partner's timer may have sent one since
		expect(list.items[list.items.length - 1].id).toBe(1);
		expect((await s.raw.get('/_sandbox/config')).data).toEqual({
			order: 'newest',
			rateLimit: { requests: 100000, windowSeconds: 60 },
			inboundFormat: 'json',
			acknowledgments: { delaySeconds: 0, silentFor: [], withErrors: [], windowMinutes: 1440 },
		});
		expect((await s.raw.get('/_sandbox/faults')).data).toEqual({});
		const log = (await s.raw.get('/_sandbox/requests')).data;
		expect(log).toHaveLength(1);
	});
});

describe('persistence', () => {
	const dir = mkdtempSync(join(tmpdir(), 'edi-sandbox-'));
	const dataFile = join(dir, 'state.json');
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	it('keeps transactions, deliveries and the scorecard across a restart', async () => {
		const first = await start({ dataFile, seed: 3 });
		const inbox = (await first.api.get('/v4/inbox')).data;
		expect(inbox).toHaveLength(4);
		await first.api.post(inbox[0].delivery.accept.href, { note: 'done' });
		const created = (
			await first.api.post('/v4/transactions', {
				type: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
				senderId: 'YOURCOMPANY',
				receiverId: 'DEMORETAIL',
				message: { purchaseOrderNumber: inbox[3].message.purchaseOrderNumber, status: 'accepted' },
			})
		).data;
		const before = (await first.api.get('/v3/transactions?limit=100')).data;
		const scorecard = (await first.raw.get('/_sandbox/scorecard')).data;
		await first.sandbox.stop();
		expect(existsSync(dataFile)).toBe(true);
		expect(readdirSync(dir)).toEqual(['state.json']);
		expect(JSON.parse(readFileSync(dataFile, 'utf8')).version).toBe(1);

		const second = await start({ dataFile, seed: 3 });
		try {
			// The same list, its links pointing at the new port; the partner's answer kept.
			const moved = JSON.stringify(before).replaceAll(
				`:${first.sandbox.port}/`,
				`:${second.sandbox.port}/`,
			);
			expect((await second.api.get('/v3/transactions?limit=100')).data).toEqual(JSON.parse(moved));
			expect(before.items.find((i: any) => i.id === created.id)).toMatchObject({
				acknowledgmentStatus: 'REJECTED',
				acknowledgment: { href: expect.stringContaining(`/${created.id}/acknowledgment`) },
			});
			expect((await second.api.get('/v4/inbox')).data).toEqual(
				inbox.slice(1).map((i: any) => ({
					...i,
					delivery: {
						...i.delivery,
						...Object.fromEntries(
							['href', 'accept', 'fail'].map((k) => [
								k,
								k === 'href'
									? i.delivery.href.replace(`:${first.sandbox.port}`, `:${second.sandbox.port}`)
									: {
											href: i.delivery[k].href.replace(
												`:${first.sandbox.port}`,
												`:${second.sandbox.port}`,
											),
										},
							]),
						),
					},
				})),
			);
			expect((await second.raw.get('/_sandbox/scorecard')).data).toEqual(scorecard);
			expect(scorecard.purchaseOrders[0]['855']).toMatchObject({
				state: 'rejected',
				transactionId: created.id,
			});
			// New ids continue after the saved ones.
			const next = (await second.raw.post('/_sandbox/partner/send-850')).data;
			expect(next.transactionId).toBe(created.id + 1);
			expect(next.purchaseOrderNumber).not.toBe(inbox[3].message.purchaseOrderNumber);
		} finally {
			await second.sandbox.stop();
		}
		const third = await start({ dataFile });
		try {
			expect((await third.api.get('/v3/transactions')).data.meta.total).toBe(before.meta.total + 1);
		} finally {
			await third.sandbox.stop();
		}
	});
});

describe('Resend 850 with a purchase order of the caller', () => {
	const s = useSandbox();
	const order = {
		purchaseOrderNumber: 'PO-REPLAY-7',
		purchaseOrderDate: '2026-11-20',
		lineItems: [
			{
				purchaseOrderLineId: '1',
				quantity: { value: '2' },
				productIds: { buyerItemNumber: 'X-1' },
			},
		],
	};

	it('sends exactly that 850, scored like the partner’s own; sent again it is a new transaction of the same PO', async () => {
		const first = await s.raw.post('/_sandbox/partner/send-850', { message: order });
		expect(first.status).toBe(201);
		expect(first.data.purchaseOrderNumber).toBe('PO-REPLAY-7');
		const message = await s.api.get(`/v3/transactions/${first.data.transactionId}/message`);
		expect(message.data).toEqual(order);
		const again = await s.raw.post('/_sandbox/partner/send-850', { message: order });
		expect(again.data.transactionId).toBeGreaterThan(first.data.transactionId);
		const card = (await s.raw.get('/_sandbox/scorecard')).data.purchaseOrders;
		expect(
			card.filter((o: { purchaseOrderNumber: string }) => o.purchaseOrderNumber === 'PO-REPLAY-7'),
		).toEqual([
			expect.objectContaining({
				transactionId: again.data.transactionId,
				'855': expect.objectContaining({ state: 'missing' }),
			}),
		]);
	});

	it.each([
		[{ message: 'PO' }, 'message must be a structured 850 (a JSON object)'],
		[
			{ message: { ...order, purchaseOrderNumber: '' } },
			'message.purchaseOrderNumber must be a non-empty string',
		],
		[{ message: { ...order, lineItems: [] } }, 'message.lineItems must be a non-empty list'],
		[
			{ message: { ...order, lineItems: [{ quantity: 1 }] } },
			'message.lineItems[0] must be an object with a purchaseOrderLineId',
		],
	])('refuses %j, naming the field', async (body, text) => {
		const res = await s.raw.post('/_sandbox/partner/send-850', body);
		expect(res.status).toBe(400);
		expect(JSON.stringify(res.data)).toContain(text);
	});

	it('without a body the partner sends a new order of its own, as before', async () => {
		const res = await s.raw.post('/_sandbox/partner/send-850');
		expect(res.status).toBe(201);
		expect(res.data.purchaseOrderNumber).toMatch(/^PO-\d+$/);
	});
});
