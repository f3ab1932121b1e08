/**
 * Errors say why a call failed in the words n8n's poller reads (n8n-workflow's `failure`: n8n 2.41
 * backs an activated trigger off for the time a rate limit or an outage asked, and stops polling
 * hard on a dead token). Through the engine, for the trigger's poll and for the action node.
 */
import { Poller, runNode } from '../../harness';
import { json, startHostileServer, type HostileServer } from './server';

let server: HostileServer;
afterEach(async () => await server.stop());

const answering = (status: number, headers: Record<string, string> = {}) =>
	startHostileServer(json(status, { type: 'someError', message: `answered ${status}` }, headers));

const pollError = async () => {
	const poller = new Poller(
		{ baseUrl: server.url, apiToken: 'secret-token-6f1d' },
		{
			source: 'transactions',
			stream: 'test',
			transactionTypes: [],
			includeMessage: true,
			options: {},
		},
		{ persistence: 'every-poll' },
	);
	const { error } = await poller.poll();
	return error as Error & { failure?: unknown };
};

test.each([
	[401, {}, { cause: 'credential-invalid' }],
	[403, {}, { cause: 'credential-invalid' }],
	[429, { 'retry-after': '900' }, { cause: 'rate-limited', retryAfterMs: 900_000 }],
	[503, { 'retry-after': '120' }, { cause: 'temporarily-unavailable', retryAfterMs: 120_000 }],
	[500, {}, { cause: 'temporarily-unavailable' }],
])(
	'the trigger’s poll answered %i (headers %j) fails with its failure',
	async (status, headers, failure) => {
		server = await answering(status, headers);
		const error = await pollError();
		expect(error).toBeDefined();
		expect(error.failure).toEqual(failure);
	},
);

test('a 404 declares no cause: n8n’s own backoff applies', async () => {
	server = await answering(404);
	expect((await pollError()).failure).toBeUndefined();
});

test('a connection that fails is temporarily unavailable', async () => {
	server = await answering(200);
	const url = server.url;
	await server.stop();
	server = await answering(200); // the afterEach stops this one
	const poller = new Poller(
		{ baseUrl: url, apiToken: 'secret-token-6f1d' },
		{
			source: 'transactions',
			stream: 'test',
			transactionTypes: [],
			includeMessage: true,
			options: {},
		},
		{ persistence: 'every-poll' },
	);
	const { error } = await poller.poll();
	expect((error as { failure?: unknown }).failure).toEqual({ cause: 'temporarily-unavailable' });
});

test('the action node’s error carries the cause too', async () => {
	server = await answering(401);
	const result = await runNode({
		parameters: { resource: 'transaction', operation: 'getMany', limit: 5 },
		credentials: { baseUrl: server.url, apiToken: 'secret-token-6f1d' },
	});
	expect(result.status).toBe('error');
	expect((result.error as { failure?: unknown }).failure).toEqual({ cause: 'credential-invalid' });
});
