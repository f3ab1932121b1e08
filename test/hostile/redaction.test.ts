/**
 * A gateway that echoes the request's headers (the API token among them) in its error bodies:
 * the token appears nowhere in what the user sees, in either node, with or without Continue On Fail.
 */
import { Poller, runNode } from '../../harness';
import { createParameters, failure } from '../node/helpers';
import { echoHeaders, redirect, startHostileServer, type HostileServer } from './server';

const TOKEN = 'secret-token-a7c3e91b02/+=';
const credentials = () => ({ baseUrl: server.url, apiToken: TOKEN });
const getMessage = { resource: 'transaction', operation: 'getMessage', transactionId: '1' };
const create = createParameters({
	message: JSON.stringify({ purchaseOrderNumber: 'PO-1', status: 'accepted', lineItems: [] }),
});

let server: HostileServer;
beforeEach(async () => {
	server = await startHostileServer(echoHeaders(400));
});
afterEach(async () => await server.stop());

function expectNoToken(value: unknown) {
	const text = JSON.stringify(value);
	expect(text).not.toContain(TOKEN);
	expect(text).not.toContain(encodeURIComponent(TOKEN));
}

test.each([
	['Get Message, 400', getMessage, 400],
	['Create, 400', create, 400],
	['Get Message, 502 after retries', getMessage, 502],
])(
	'%s: the echoed token is redacted from message, description and details',
	async (_name, parameters, status) => {
		server.answer = echoHeaders(status);
		const result = await runNode({ parameters, credentials: credentials() });
		const error = failure(result);
		expect(server.withToken().length).toBeGreaterThanOrEqual(1);
		expect(error.message).toContain('gateway refused the request with headers');
		expect(error.message).toContain('[redacted]');
		expectNoToken(error);
		expectNoToken(result.run);
	},
);

test('Continue On Fail: the error item carries no token either', async () => {
	const result = await runNode({
		parameters: getMessage,
		credentials: credentials(),
		continueOnFail: true,
	});
	expect(result.items).toHaveLength(1);
	expect(String(result.items[0].json.error)).toContain('[redacted]');
	expectNoToken(result.items);
});

test('a redirect whose address carries the token (URL-encoded) is reported without it', async () => {
	server.answer = redirect(302, `http://127.0.0.1:9/login?key=${encodeURIComponent(TOKEN)}`);
	const result = await runNode({ parameters: getMessage, credentials: credentials() });
	const error = failure(result);
	expect(error.message).toContain('http://127.0.0.1:9/login?key=[redacted]');
	expectNoToken(error);
});

test('the trigger: a poll failing on an echoing gateway shows no token', async () => {
	const poller = new Poller(credentials(), {
		source: 'inbox',
		stream: 'test',
		transactionTypes: [],
		options: {},
	});
	const { items, error } = await poller.poll();
	expect(items).toBeNull();
	expect(error?.message).toContain('[redacted]');
	expectNoToken({
		message: error?.message,
		description: (error as { description?: string }).description,
		error,
	});
});
