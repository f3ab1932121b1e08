/**
 * Servers that never finish answering: every request ends within the credential's Timeout, is
 * not repeated, and says so; the trigger emits nothing and keeps its state.
 */
import { Poller, runNode } from '../../harness';
import { createParameters, failure } from '../node/helpers';
import { dribble, startHostileServer, stallAfterHeaders, type HostileServer } from './server';

const TOKEN = 'secret-token-5d2e8a41c9';
const getMany = {
	resource: 'transaction',
	operation: 'getMany',
	returnAll: false,
	limit: 5,
	filters: {},
};
const create = createParameters({
	message: JSON.stringify({ purchaseOrderNumber: 'PO-1', status: 'accepted', lineItems: [] }),
	// The create's own failure: Send Anyway skips the already-sent lookup, which would meet the
	// same server first and fail saying nothing was sent (send-once.test.ts, error-causes.test.ts).
	options: { ifAlreadySent: 'sendAnyway' },
});

let server: HostileServer;
afterEach(async () => await server.stop());

test('Create against a server that dribbles a byte every 200 ms: ends at the Timeout, not sent again', async () => {
	server = await startHostileServer(dribble(200));
	const result = await runNode({
		parameters: create,
		credentials: { baseUrl: server.url, apiToken: TOKEN, timeout: 2 },
	});
	const error = failure(result);
	expect(error.message).toBe('The EDI Exchange service did not answer completely within 2 s');
	expect(error.description).toContain('may or may not have been processed');
	expect(error.description).toContain('NOT sent again');
	expect(result.items).toEqual([]);
	expect(server.requests.map((r) => r.method)).toEqual(['POST']);
});

test('Get Many against a server that stalls after its headers: ends at the Timeout, not repeated', async () => {
	server = await startHostileServer(stallAfterHeaders());
	const result = await runNode({
		parameters: getMany,
		credentials: { baseUrl: server.url, apiToken: TOKEN, timeout: 1 },
	});
	const error = failure(result);
	expect(error.message).toBe('The EDI Exchange service did not answer completely within 1 s');
	expect(error.description).toContain('raise the credential’s Timeout');
	expect(server.requests).toHaveLength(1);
});

test('with Continue On Fail, each item gets its own timeout error, paired to it', async () => {
	server = await startHostileServer(stallAfterHeaders());
	const result = await runNode({
		parameters: {
			resource: 'transaction',
			operation: 'getMessage',
			transactionId: '={{ $json.id }}',
		},
		credentials: { baseUrl: server.url, apiToken: TOKEN, timeout: 1 },
		input: [{ id: 1 }, { id: 2 }],
		continueOnFail: true,
	});
	expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
		['The EDI Exchange service did not answer completely within 1 s', { item: 0 }],
		['The EDI Exchange service did not answer completely within 1 s', { item: 1 }],
	]);
	expect(server.requests.map((r) => r.path)).toEqual([
		'/v3/transactions/1/message',
		'/v3/transactions/2/message',
	]);
});

describe.each(['transactions', 'inbox'])(
	'the trigger (%s source) against a server that stalls after its headers',
	(source) => {
		const parameters = {
			source,
			stream: 'test',
			transactionTypes: [],
			includeMessage: false,
			options: {},
		};

		test('a poll ends at the Timeout, is not repeated, emits nothing and keeps no state', async () => {
			server = await startHostileServer(stallAfterHeaders());
			const poller = new Poller({ baseUrl: server.url, apiToken: TOKEN, timeout: 1 }, parameters);
			const { items, error } = await poller.poll();
			expect(items).toBeNull();
			expect(error?.message).toBe('The EDI Exchange service did not answer completely within 1 s');
			expect(poller.lastPollStaticData).toEqual({});
			expect(server.requests).toHaveLength(1);
		});
	},
);
