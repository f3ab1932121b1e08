/**
 * An inbox answer that is not an inbox (HTML, cut-off JSON, an empty body, null, {}) is a clear
 * error in Inbox → Get Many and in the trigger's inbox source, never an empty inbox: the trigger
 * keeps no state from it and does not emit the backlog once the real inbox comes back. A Limit
 * outside 1–100 from an expression is refused before anything is sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { Poller, runNode } from '../../harness';
import { failure } from '../node/helpers';
import { json, raw, startHostileServer, type Answer, type HostileServer } from './server';

const inboxItem = (n: number): IDataObject => ({
	transactionId: n,
	transactionType: '850',
	stream: 'test',
	createdAt: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
	delivery: {
		deliveryId: `d-${n}`,
		status: 'PENDING',
		accept: { href: `/v4/transactions/${n}/deliveries/d-${n}/accept` },
	},
});
const INBOX = [1, 2, 3].map(inboxItem);

const NOT_AN_INBOX: Array<[string, Answer, string]> = [
	[
		'an HTML page',
		raw(200, 'text/html', '<html><body>Please sign in</body></html>'),
		'an HTML page beginning "<html><body>Please sign in</body></html>"',
	],
	[
		'cut-off JSON',
		raw(200, 'application/json', '[{"transactionId":1,"deli'),
		'text that is not JSON (or was cut off), beginning "[{\\"transactionId\\":1,\\"deli"',
	],
	['an empty body', raw(200, 'application/json', ''), 'an empty body'],
	['null', json(200, null), 'null'],
	['{}', json(200, {}), 'an empty object'],
	[
		'an object without items',
		json(200, { error: 'maintenance' }),
		'an object with the fields error',
	],
	['a list of non-objects', json(200, [1, 2]), 'a list of 2 entries that are not all objects'],
];

let server: HostileServer;
const credentials = () => ({ baseUrl: server.url, apiToken: 'secret-token-9c1f7e3a' });
afterEach(async () => await server.stop());

describe.each(NOT_AN_INBOX)('the inbox answered with %s', (_name, answer, described) => {
	test('Inbox → Get Many: a NodeApiError saying what came instead of the inbox', async () => {
		server = await startHostileServer(answer);
		const result = await runNode({
			parameters: { resource: 'inbox', operation: 'getMany', limit: 50 },
			credentials: credentials(),
		});
		const error = failure(result);
		expect(error.message).toBe(
			`The service answered with ${described} instead of the inbox (a list of inbox items)`,
		);
		expect(error.description).toContain('Base URL');
		expect((result.error as { httpCode?: string }).httpCode).toBe('200');
		expect(result.items).toEqual([]);
	});

	test('the trigger: the poll fails, keeps no state, and the backlog is not emitted when the inbox comes back', async () => {
		server = await startHostileServer(answer);
		const poller = new Poller(credentials(), {
			source: 'inbox',
			stream: 'test',
			transactionTypes: [],
			options: {},
		});
		const first = await poller.poll();
		expect(first.items).toBeNull();
		expect(first.error?.message).toBe(
			`The service answered with ${described} instead of the inbox (a list of inbox items)`,
		);
		expect(poller.lastPollStaticData).toEqual({});

		server.answer = json(200, INBOX);
		expect(await poller.poll()).toEqual({ items: null });
		server.answer = json(200, [...INBOX, inboxItem(4)]);
		const { items } = await poller.poll();
		expect(items?.map((item) => item.json.transactionId)).toEqual([4]);
	});
});

test('an envelope with items is still read', async () => {
	server = await startHostileServer(json(200, { items: INBOX }));
	const result = await runNode({
		parameters: { resource: 'inbox', operation: 'getMany', limit: 50 },
		credentials: credentials(),
	});
	expect(result.items.map((item) => item.json.transactionId)).toEqual([1, 2, 3]);
});

test('a service that ignores the limit: Get Many returns at most Limit items, the oldest', async () => {
	server = await startHostileServer(json(200, [1, 2, 3, 4, 5, 6, 7].map(inboxItem)));
	const result = await runNode({
		parameters: { resource: 'inbox', operation: 'getMany', limit: 5 },
		credentials: credentials(),
	});
	expect(server.requests.map((r) => r.query)).toEqual([{ limit: '5' }]);
	expect(result.items.map((item) => item.json.transactionId)).toEqual([1, 2, 3, 4, 5]);
});

describe('Inbox → Get Many’s Limit from an expression', () => {
	test.each([
		['={{ 0 }}', '0'],
		['={{ 101 }}', '101'],
		['={{ 2.5 }}', '2.5'],
		['={{ -1 }}', '-1'],
	])('%s is refused before sending, naming the range', async (limit, shown) => {
		server = await startHostileServer(json(200, INBOX));
		const result = await runNode({
			parameters: { resource: 'inbox', operation: 'getMany', limit },
			credentials: credentials(),
		});
		const error = failure(result);
		expect(error.message).toBe(`Limit must be a whole number from 1 to 100, not ${shown}`);
		expect(error.description).toContain('Nothing was sent');
		expect(server.requests).toEqual([]);
	});

	test('with Continue On Fail: the bad item fails alone, the good one is read', async () => {
		server = await startHostileServer(json(200, INBOX));
		const result = await runNode({
			parameters: { resource: 'inbox', operation: 'getMany', limit: '={{ $json.limit }}' },
			credentials: credentials(),
			input: [{ limit: 0 }, { limit: 2 }],
			continueOnFail: true,
		});
		expect(
			result.items.map((item) => [item.json.error ?? item.json.transactionId, item.pairedItem]),
		).toEqual([
			['Limit must be a whole number from 1 to 100, not 0', { item: 0 }],
			[1, { item: 1 }],
			[2, { item: 1 }],
		]);
		expect(server.requests.map((r) => r.query)).toEqual([{ limit: '2' }]);
	});
});
