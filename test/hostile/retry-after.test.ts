/** Retry-After as an HTTP date (RFC 9110 allows a date or seconds) is read as the date it names. */
import { runNode } from '../../harness';
import { retryAfterSeconds } from '../../nodes/EdiExchange/transport/decision';
import { failure } from '../node/helpers';
import { json, startHostileServer, type HostileServer } from './server';

const getMessage = { resource: 'transaction', operation: 'getMessage', transactionId: '1' };
const MESSAGE = { purchaseOrderNumber: 'PO-1' };

let server: HostileServer;
afterEach(async () => await server.stop());

/** Answers 429 with this Retry-After to the first request, the message afterwards. */
const limitedOnce = (retryAfter: string) =>
	startHostileServer((request, res, self) =>
		(self.requests.length === 1
			? json(429, { type: 'rateLimitError', message: 'slow down' }, { 'retry-after': retryAfter })
			: json(200, MESSAGE))(request, res, self),
	);

test('a date ten minutes ahead is too long to wait: the 429 is reported at once, not retried every second', async () => {
	server = await limitedOnce(new Date(Date.now() + 10 * 60_000).toUTCString());
	const result = await runNode({
		parameters: getMessage,
		credentials: { baseUrl: server.url, apiToken: 'secret-token-6f1d' },
	});
	const error = failure(result);
	expect(error.message).toBe('slow down [rateLimitError]');
	expect(server.requests).toHaveLength(1);
});

test('retryAfterSeconds reads seconds, HTTP dates, and falls back to 1 second', () => {
	const now = Date.parse('2026-11-23T12:00:00Z');
	expect(retryAfterSeconds('0', now)).toBe(0);
	expect(retryAfterSeconds('120', now)).toBe(120);
	expect(retryAfterSeconds('Mon, 23 Nov 2026 12:00:30 GMT', now)).toBe(30);
	expect(retryAfterSeconds('Mon, 23 Nov 2026 11:59:00 GMT', now)).toBe(0);
	expect(retryAfterSeconds('soon', now)).toBe(1);
	expect(retryAfterSeconds(undefined, now)).toBe(1);
});
