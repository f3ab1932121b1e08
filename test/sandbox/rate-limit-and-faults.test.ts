import { start, useSandbox } from './helpers';

const order855 = {
	type: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
	message: { purchaseOrderNumber: 'PO-1', status: 'accepted' },
};

describe('rate limit', () => {
	const s = useSandbox();
	afterEach(async () => {
		await s.raw.put('/_sandbox/config', { rateLimit: { requests: 100000, windowSeconds: 60 } });
	});

	it('puts the rate-limit headers on every service response', async () => {
		const responses = [
			await s.api.get('/v3/transactions'),
			await s.api.get('/v3/transactions?bad=1'),
			await s.api.get('/v3/transactions/424242/message'),
			await s.api.get('/v4/inbox'),
			await s.raw.get('/v3/transactions'),
		];
		expect(responses.map((r) => r.status)).toEqual([200, 400, 404, 200, 401]);
		for (const response of responses) {
			expect(response.headers['x-ratelimit-limit']).toBe('100000');
			expect(Number(response.headers['x-ratelimit-remaining'])).toBeLessThan(100000);
			expect(Number(response.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(1);
			expect(Number(response.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(60);
		}
		const remaining = responses.slice(0, 4).map((r) => Number(r.headers['x-ratelimit-remaining']));
		expect(remaining).toEqual([remaining[0], remaining[0] - 1, remaining[0] - 2, remaining[0] - 3]);
	});

	it('answers 429 rateLimitError with Retry-After over the limit, without processing the request', async () => {
		expect(
			(await s.raw.put('/_sandbox/config', { rateLimit: { requests: 3, windowSeconds: 60 } }))
				.status,
		).toBe(200);
		const statuses = [];
		for (let i = 0; i < 3; i++) statuses.push((await s.api.get('/v4/inbox')).status);
		expect(statuses).toEqual([200, 200, 200]);
		const limited = await s.api.post('/v4/transactions', order855);
		expect(limited.status).toBe(429);
		expect(limited.data.type).toBe('rateLimitError');
		const retryAfter = Number(limited.headers['retry-after']);
		expect(retryAfter).toBeGreaterThanOrEqual(1);
		expect(retryAfter).toBeLessThanOrEqual(60);
		expect(limited.headers['x-ratelimit-remaining']).toBe('0');
		expect(limited.headers['x-ratelimit-limit']).toBe('3');
		// Another key has its own window (and is refused for being wrong, not for being limited).
		expect((await s.raw.get('/v4/inbox', { headers: { 'service-api-key': 'other' } })).status).toBe(
			401,
		);
		await s.raw.put('/_sandbox/config', { rateLimit: null });
		const outbound = (await s.api.get('/v3/transactions?direction=outbound')).data;
		expect(outbound.meta.total).toBe(0);
	});

	it('sends no rate-limit headers and never 429 when limiting is off', async () => {
		await s.raw.put('/_sandbox/config', { rateLimit: null });
		const response = await s.api.get('/v4/inbox');
		expect(response.status).toBe(200);
		expect(response.headers['x-ratelimit-limit']).toBeUndefined();
		expect((await s.raw.put('/_sandbox/config', { rateLimit: { requests: 0 } })).status).toBe(400);
	});

	it('takes a rate limit option at start-up', async () => {
		const limited = await start({ rateLimit: { requests: 1, windowSeconds: 30 } });
		try {
			expect((await limited.api.get('/v4/inbox')).status).toBe(200);
			const second = await limited.api.get('/v4/inbox');
			expect(second.status).toBe(429);
			expect(second.headers['x-ratelimit-limit']).toBe('1');
		} finally {
			await limited.sandbox.stop();
		}
	});
});

describe('fault injection', () => {
	const s = useSandbox();
	afterEach(async () => {
		await s.raw.put('/_sandbox/faults', {});
	});

	it('errorRate answers 500/503 serverError without processing; admin calls are never affected', async () => {
		await s.raw.put('/_sandbox/faults', { errorRate: 1, seed: 3 });
		const statuses = new Set<number>();
		for (let i = 0; i < 12; i++) {
			const response = await s.api.post('/v4/transactions', order855);
			expect(response.data.type).toBe('serverError');
			statuses.add(response.status);
		}
		expect([...statuses].sort()).toEqual([500, 503]);
		expect((await s.raw.get('/_sandbox/scorecard')).status).toBe(200);
		await s.raw.put('/_sandbox/faults', {});
		expect((await s.api.get('/v3/transactions?direction=outbound')).data.meta.total).toBe(0);
	});

	it('rateLimitedRate answers 429 with Retry-After: 1 without processing', async () => {
		await s.raw.put('/_sandbox/faults', { rateLimitedRate: 1 });
		const response = await s.api.post('/v4/transactions', order855);
		expect(response.status).toBe(429);
		expect(response.data.type).toBe('rateLimitError');
		expect(response.headers['retry-after']).toBe('1');
		await s.raw.put('/_sandbox/faults', {});
		expect((await s.api.get('/v3/transactions?direction=outbound')).data.meta.total).toBe(0);
	});

	it('dropRate processes the request, then cuts the connection mid-response', async () => {
		await s.raw.put('/_sandbox/faults', { dropRate: 1 });
		const dropped = await s.api.post('/v4/transactions', order855).then(
			() => undefined,
			(error) => error,
		);
		expect(dropped).toBeDefined();
		expect(String(dropped.code ?? dropped.message)).toMatch(
			/ECONNRESET|aborted|socket hang up|ERR_BAD_RESPONSE/i,
		);
		await s.raw.put('/_sandbox/faults', {});
		// The create happened.
		expect((await s.api.get('/v3/transactions?direction=outbound')).data.meta.total).toBe(1);
		const log = (await s.raw.get('/_sandbox/requests')).data;
		expect(log[log.length - 2]).toMatchObject({
			method: 'POST',
			path: '/v4/transactions',
			status: 202,
			fault: 'drop',
		});
	});

	it('messageErrors makes chosen transactions’ messages answer 404 or 500 every time, and only theirs', async () => {
		const { firstId } = (
			await s.raw.post('/_sandbox/transactions', { count: 3, transactionType: '850' })
		).data;
		const put = await s.raw.put('/_sandbox/faults', {
			messageErrors: { [firstId]: 500, [firstId + 1]: 404 },
		});
		expect(put.status).toBe(200);
		const message = (id: number) => s.api.get(`/v3/transactions/${id}/message`);
		for (let i = 0; i < 2; i++) {
			expect((await message(firstId)).data).toMatchObject({ type: 'serverError' });
			expect((await message(firstId + 1)).status).toBe(404);
			expect((await message(firstId + 2)).status).toBe(200);
		}
		expect((await message(firstId)).status).toBe(500);
		const refused = await s.raw.put('/_sandbox/faults', { messageErrors: { abc: 503 } });
		expect(refused.status).toBe(400);
		expect(JSON.stringify(refused.data)).toMatch(
			/messageErrors must map transaction ids to 404 or 500/,
		);
	});

	it('latencyMs delays every service response', async () => {
		await s.raw.put('/_sandbox/faults', { latencyMs: 150 });
		const started = Date.now();
		expect((await s.api.get('/v4/inbox')).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(140);
	});

	it('replays the same faults for the same seed and request sequence', async () => {
		const run = async () => {
			await s.raw.put('/_sandbox/faults', { errorRate: 0.3, rateLimitedRate: 0.2, seed: 42 });
			const outcomes: number[] = [];
			for (let i = 0; i < 30; i++) outcomes.push((await s.api.get('/v4/inbox?limit=1')).status);
			return outcomes;
		};
		const first = await run();
		const second = await run();
		expect(second).toEqual(first);
		expect(new Set(first)).toEqual(new Set([200, 429, 500, 503]));
		await s.raw.put('/_sandbox/faults', { errorRate: 0.3, rateLimitedRate: 0.2, seed: 43 });
		const other: number[] = [];
		for (let i = 0; i < 30; i++) other.push((await s.api.get('/v4/inbox?limit=1')).status);
		expect(other).not.toEqual(first);
	});

	it('validates the fault configuration', async () => {
		for (const body of [
			{ errorRate: 2 },
			{ dropRate: -1 },
			{ latencyMs: 'slow' },
			{ seed: 1.5 },
			{ chaos: true },
		]) {
			expect((await s.raw.put('/_sandbox/faults', body)).status).toBe(400);
		}
	});

	it('takes a base latency option at start-up', async () => {
		const slow = await start({ latencyMs: 120 });
		try {
			const started = Date.now();
			await slow.api.get('/v4/inbox');
			expect(Date.now() - started).toBeGreaterThanOrEqual(110);
		} finally {
			await slow.sandbox.stop();
		}
	});
});
