import { useSandbox } from './helpers';

describe('authentication', () => {
	const s = useSandbox();

	it('answers 401 authenticationError without a key', async () => {
		const response = await s.raw.get('/v3/transactions');
		expect(response.status).toBe(401);
		expect(response.data).toEqual({ type: 'authenticationError', message: expect.any(String) });
	});

	it('answers 401 with a wrong key, and never echoes the key', async () => {
		const key = 'wrong-key-SECRET-4711';
		for (const path of ['/v3/transactions', '/v4/inbox', '/v3/transactions/1/message']) {
			const response = await s.raw.get(path, { headers: { 'service-api-key': key } });
			expect(response.status).toBe(401);
			expect(response.data.type).toBe('authenticationError');
			expect(JSON.stringify(response.data)).not.toContain('SECRET');
			expect(JSON.stringify(response.headers)).not.toContain('SECRET');
		}
		const created = await s.raw.post(
			'/v4/transactions',
			{},
			{ headers: { 'service-api-key': key } },
		);
		expect(created.status).toBe(401);
	});

	it('accepts the right key', async () => {
		expect((await s.api.get('/v3/transactions')).status).toBe(200);
	});

	it('admin calls take no key', async () => {
		expect((await s.raw.get('/_sandbox/scorecard')).status).toBe(200);
	});
});

describe('error format and request validation', () => {
	const s = useSandbox();

	it('rejects unknown query parameters with "property <name> should not exist"', async () => {
		for (const path of [
			'/v3/transactions?transactionType=850',
			'/v4/inbox?stream=test',
			'/v3/transactions/1/message?x=1',
		]) {
			const response = await s.api.get(path);
			expect(response.status).toBe(400);
			expect(response.data.type).toBe('argumentError');
			expect(response.data.errors[0]).toMatchObject({ ref: path.split('?')[1].split('=')[0] });
			expect(response.data.errors[0].message).toBe(
				`property ${path.split('?')[1].split('=')[0]} should not exist`,
			);
		}
		const post = await s.api.post('/v4/transactions?dryRun=true', {});
		expect(post.data.errors[0].message).toBe('property dryRun should not exist');
	});

	it.each([
		['limit=0', 'limit'],
		['limit=101', 'limit'],
		['limit=abc', 'limit'],
		['limit=1.5', 'limit'],
		['offset=-1', 'offset'],
		['offset=x', 'offset'],
		['stream=prod', 'stream'],
		['direction=in', 'direction'],
		['limit=5&limit=6', 'limit'],
	])('rejects %s naming %s in ref', async (query, ref) => {
		const response = await s.api.get(`/v3/transactions?${query}`);
		expect(response.status).toBe(400);
		expect(response.data).toMatchObject({ type: 'argumentError', errors: [{ ref }] });
		expect(response.data.message).toEqual(expect.any(String));
	});

	it('rejects a bad inbox limit', async () => {
		const response = await s.api.get('/v4/inbox?limit=500');
		expect(response.status).toBe(400);
		expect(response.data.errors[0].ref).toBe('limit');
	});

	it.each(['abc', '0', '-3', '1.5', '1e3'])('rejects the path id %s with 400', async (id) => {
		const response = await s.api.get(`/v3/transactions/${id}/message`);
		expect(response.status).toBe(400);
		expect(response.data).toMatchObject({ type: 'argumentError', errors: [{ ref: 'id' }] });
	});

	it('answers 404 notFoundError for an unknown id and an unknown route', async () => {
		const unknown = await s.api.get('/v3/transactions/999999/message');
		expect(unknown.status).toBe(404);
		expect(unknown.data.type).toBe('notFoundError');
		for (const [method, path] of [
			['get', '/v2/transactions'],
			['get', '/v4/transactions'],
			['post', '/v3/transactions'],
			['get', '/v3/transactions/'],
			['get', '/nothing'],
		] as const) {
			const response = await s.api.request({
				method,
				url: path,
				data: method === 'post' ? {} : undefined,
			});
			expect(response.status).toBe(404);
			expect(response.data.type).toBe('notFoundError');
		}
	});

	it('rejects malformed JSON with 400', async () => {
		const response = await s.api.post('/v4/transactions', '{"type": ', {
			headers: { 'content-type': 'application/json' },
		});
		expect(response.status).toBe(400);
		expect(response.data.type).toBe('argumentError');
		expect(response.data.errors[0].ref).toBe('body');
	});

	it('rejects a body that is not declared as application/json', async () => {
		const response = await s.api.post('/v4/transactions', 'type=850', {
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
		});
		expect(response.status).toBe(400);
		expect(response.data.errors[0].ref).toBe('Content-Type');
	});

	it('answers 413 payloadTooLargeError for a body over 5 MiB', async () => {
		const big = JSON.stringify({ format: 'x12', content: 'x'.repeat(5 * 1024 * 1024) });
		const response = await s.api.post('/v2/integration-payloads', big, {
			headers: { 'content-type': 'application/json' },
			maxBodyLength: Infinity,
		});
		expect(response.status).toBe(413);
		expect(response.data.type).toBe('payloadTooLargeError');
		// Just under the limit is read (and then judged on its content).
		const fits = await s.api.post(
			'/v2/integration-payloads',
			JSON.stringify({ format: 'x12', content: 'x'.repeat(5 * 1024 * 1024 - 40) }),
			{
				headers: { 'content-type': 'application/json' },
				maxBodyLength: Infinity,
			},
		);
		expect(fits.status).toBe(202);
		expect(fits.data.status).toBe('FAILED');
	});
});
