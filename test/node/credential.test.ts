/** The credential's test request, run the way n8n's "Test credential" button runs it. */
import { testCredential } from '../../harness';
import { failure, shape, useNodeSandbox } from './helpers';

const sb = useNodeSandbox();
const WRONG_TOKEN = 'not-the-key-7c41e0b2';

test('the right token passes, with one cheap authenticated read', async () => {
	const result = await testCredential(sb.credentials);
	expect(result.status).toBe('success');
	expect(result.error).toBeUndefined();
	const requests = await sb.requests();
	expect(requests.map(shape)).toEqual([
		{ method: 'GET', path: '/v3/transactions', query: { limit: '1' } },
	]);
	expect(requests[0].authenticated).toBe(true);
});

test.each(['/', '/v3', '/v3/'])('a base URL ending in %j passes too', async (suffix) => {
	const result = await testCredential({ ...sb.credentials, baseUrl: sb.baseUrl + suffix });
	expect(result.status).toBe('success');
	expect((await sb.requests()).map((r) => r.path)).toEqual(['/v3/transactions']);
});

test('a wrong token fails, saying the key was refused, without showing the token', async () => {
	const result = await testCredential({ ...sb.credentials, apiToken: WRONG_TOKEN });
	const error = failure(result);
	expect(error.message).toBe('Authorization failed - please check your credentials');
	expect(error.description).toBe('invalid API key in the service-api-key header');
	expect(error.serialized).not.toContain(WRONG_TOKEN);
	expect(JSON.stringify(result.run)).not.toContain(WRONG_TOKEN);
	// n8n's declarative request path repeats a request once after a 401 (its pre-authentication retry).
	const requests = await sb.requests();
	expect(requests.length).toBeGreaterThanOrEqual(1);
	expect(
		requests.every((r) => r.status === 401 && !r.authenticated && r.path === '/v3/transactions'),
	).toBe(true);
});

test('a missing token fails, saying the key is missing', async () => {
	const result = await testCredential({ ...sb.credentials, apiToken: '' });
	const error = failure(result);
	expect(error.message).toBe('Authorization failed - please check your credentials');
	expect(error.description).toBe('missing service-api-key header');
	expect(new Set((await sb.requests()).map((r) => r.status))).toEqual(new Set([401]));
});
