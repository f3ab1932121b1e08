import { createServer } from 'http';
import type { AddressInfo } from 'net';

import { Poller } from '../../harness';
import { useSandbox } from '../sandbox/helpers';
import {
	clearRequests,
	idsOf,
	insert,
	isoSecondsAgo,
	makePoller,
	requests,
	reset,
	setFaults,
	setOrder,
	acceptAll,
} from './helpers';

const running = useSandbox({ sendInitialOrder: false, rateLimit: null });

beforeEach(async () => reset(running));

describe('transactions source', () => {
	test('first activation over a large history emits nothing; an idle poll over 100,000 transactions costs one request', async () => {
		await insert(running, { count: 100_000, createdAt: isoSecondsAgo(3600) });
		const poller = makePoller(running, {});
		expect(await poller.poll()).toEqual({ items: null });
		await clearRequests(running);
		expect(await poller.poll()).toEqual({ items: null });
		const log = await requests(running);
		expect(log.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v3/transactions']);
	});

	test('emits each new inbound transaction once, with its message, and only of the watched stream, direction and types', async () => {
		const poller = makePoller(running, { transactionTypes: ['850'], includeMessage: true });
		await insert(running, { count: 5 });
		await poller.poll();
		const wanted = await insert(running, { count: 3 });
		await insert(running, { count: 2, transactionType: '810' });
		await insert(running, { count: 2, stream: 'live' });
		await insert(running, { count: 2, direction: 'outbound' });
		const { items } = await poller.poll();
		expect(idsOf(items)).toEqual(wanted);
		expect(items![0].json).toMatchObject({
			transactionType: '850',
			direction: 'inbound',
			stream: 'test',
			messageFormat: 'json',
		});
		expect(items![0].json.message).toMatchObject({
			purchaseOrderNumber: expect.any(String),
			lineItems: expect.any(Array),
		});
		expect(await poller.poll()).toEqual({ items: null });
	});

	test('finding k new ones costs about k / 100 list requests', async () => {
		const poller = makePoller(running, {});
		await insert(running, { count: 1000 });
		await poller.poll();
		const wanted = await insert(running, { count: 250 });
		await clearRequests(running);
		const { items } = await poller.poll();
		expect(idsOf(items).sort((a, b) => a - b)).toEqual(wanted);
		expect((await requests(running)).length).toBe(3);
	});

	test('works the same when the list is served oldest first', async () => {
		await setOrder(running, 'oldest');
		const poller = makePoller(running, {});
		await insert(running, { count: 420 });
		await poller.poll();
		const wanted = await insert(running, { count: 130 });
		const { items } = await poller.poll();
		expect(idsOf(items)).toEqual(wanted);
		expect(await poller.poll()).toEqual({ items: null });
	});

	test('catches transactions that become visible late, dated before ones already emitted', async () => {
		const poller = makePoller(running, {});
		await poller.poll();
		const first = await insert(running, { count: 3 });
		expect(idsOf((await poller.poll()).items)).toEqual(first);
		const late = await insert(running, { count: 2, createdAt: isoSecondsAgo(30) });
		expect(idsOf((await poller.poll()).items)).toEqual(late);
	});

	test('Max Items per Poll holds the position: the rest follow on the next polls, none skipped', async () => {
		const poller = makePoller(running, { options: { maxItemsPerPoll: 40 } });
		await poller.poll();
		const wanted = await insert(running, { count: 100 });
		const got = [
			...idsOf((await poller.poll()).items),
			...idsOf((await poller.poll()).items),
			...idsOf((await poller.poll()).items),
		];
		expect(got).toEqual(wanted);
		expect(await poller.poll()).toEqual({ items: null });
	});

	test('Max Items per Poll counts what a poll emits: transactions of other types passed over do not hold the wanted one back', async () => {
		const poller = makePoller(running, {
			transactionTypes: ['860'],
			options: { maxItemsPerPoll: 1 },
		});
		await poller.poll();
		await insert(running, { count: 3, transactionType: '850' });
		const [first, second] = await insert(running, { count: 2, transactionType: '860' });
		expect(idsOf((await poller.poll()).items)).toEqual([first]);
		expect(idsOf((await poller.poll()).items)).toEqual([second]);
		expect(await poller.poll()).toEqual({ items: null });
	});

	test('a poll out of budget holds its position', async () => {
		const poller = makePoller(running, {}, { pollBudgetMs: 1 });
		await poller.poll();
		const wanted = await insert(running, { count: 450 });
		const got: number[] = [];
		for (let i = 0; i < 10 && got.length < wanted.length; i++)
			got.push(...idsOf((await poller.poll()).items));
		expect(got.sort((a, b) => a - b)).toEqual(wanted);
	});

	test('a failing poll changes no state, and the next poll recovers everything', async () => {
		const poller = makePoller(running, { includeMessage: true });
		await poller.poll();
		const before = poller.staticData;
		const wanted = await insert(running, { count: 30 });
		await setFaults(running, { errorRate: 1 });
		const failed = await poller.poll();
		expect(failed.error?.constructor.name).toBe('NodeApiError');
		expect((failed.error as { description?: string }).description).toMatch(/retried 4 times/);
		expect(poller.lastPollStaticData).toEqual(before);
		await setFaults(running, {});
		expect(idsOf((await poller.poll()).items)).toEqual(wanted);
	});

	test('message requests that fail for a passing reason hold their transactions: the next poll emits them with their messages, each once', async () => {
		const poller = makePoller(running, { includeMessage: true });
		await poller.poll();
		const wanted = await insert(running, { count: 5 });
		// The list request is answered normally; every message request after it fails.
		await setFaults(running, { latencyMs: 200 });
		const polling = poller.poll();
		await new Promise((resolve) => setTimeout(resolve, 100));
		await setFaults(running, { errorRate: 1 });
		const failed = await polling;
		expect(failed.error).toBeUndefined();
		expect(failed.items).toBeNull();
		await setFaults(running, {});
		const { items } = await poller.poll();
		expect(idsOf(items)).toEqual(wanted);
		expect(items!.every((item) => item.json.messageFormat === 'json')).toBe(true);
		expect((await poller.poll()).items).toBeNull();
	});

	test('manual mode returns the newest matching transaction and touches no state', async () => {
		const poller = makePoller(running, { transactionTypes: ['850'], includeMessage: true });
		await insert(running, { count: 3 });
		await poller.poll();
		const state = poller.staticData;
		const [newest] = (await insert(running, { count: 1 })).slice(-1);
		await insert(running, { count: 1, transactionType: '810' });
		const { items } = await poller.poll('manual');
		expect(idsOf(items)).toEqual([newest]);
		expect(items![0].json.message).toBeDefined();
		expect(poller.lastPollStaticData).toEqual(state);
		// The transaction shown as a test event is still emitted once activated.
		expect(idsOf((await poller.poll()).items)).toEqual([newest]);
	});

	test('manual mode with nothing to show says how to get a test event', async () => {
		const { error } = await makePoller(running, { transactionTypes: ['850'] }).poll('manual');
		expect(error?.message).toBe('No 850 transaction on the test stream yet');
		expect((error as { description?: string }).description).toMatch(
			/Resend 850.*\/_sandbox\/partner\/send-850/,
		);
	});

	test('a change of the watched settings starts a new baseline, emitting no backlog', async () => {
		const poller = makePoller(running, { transactionTypes: ['850'] });
		await poller.poll();
		await insert(running, { count: 4, transactionType: '810' });
		poller.parameters = { ...poller.parameters, transactionTypes: ['810'] };
		expect(await poller.poll()).toEqual({ items: null });
		const wanted = await insert(running, { count: 2, transactionType: '810' });
		expect(idsOf((await poller.poll()).items)).toEqual(wanted);
	});

	test('a corrupt or old state resets safely: no backlog, then new ones', async () => {
		const poller = makePoller(running, {});
		await insert(running, { count: 10 });
		poller.staticData = { state: { v: 0, total: 'x' } };
		expect(await poller.poll()).toEqual({ items: null });
		const wanted = await insert(running, { count: 2 });
		expect(idsOf((await poller.poll()).items)).toEqual(wanted);
	});

	test('Start From backfills what was created since that date', async () => {
		await insert(running, { count: 5, createdAt: isoSecondsAgo(7200) });
		const recent = await insert(running, { count: 3, createdAt: isoSecondsAgo(60) });
		const poller = makePoller(running, { options: { startFrom: isoSecondsAgo(600) } });
		expect(await poller.poll()).toEqual({ items: null });
		expect(idsOf((await poller.poll()).items)).toEqual(recent);
	});

	test('an unreadable Start From is refused before anything is sent, and no state is recorded', async () => {
		const poller = makePoller(running, { options: { startFrom: 'x' } });
		await clearRequests(running);
		const { error } = await poller.poll();
		expect(error?.message).toBe('Start From (x) is not a date');
		expect((error as { description?: string }).description).toMatch(/date picker/);
		expect(await requests(running)).toEqual([]);
		expect(poller.lastPollStaticData).toEqual({});
	});

	test('the API token appears in no emitted item and no error', async () => {
		const poller = makePoller(running, { includeMessage: true });
		await poller.poll();
		await insert(running, { count: 3 });
		const { items } = await poller.poll();
		expect(JSON.stringify(items)).not.toContain(running.sandbox.apiKey);
		const wrong = makePoller(
			{ ...running, sandbox: { ...running.sandbox, apiKey: 'secret-token-never-shown' } },
			{},
		);
		const { error } = await wrong.poll();
		expect(error?.message).toMatch(/token|credential|api key/i);
		expect(
			JSON.stringify({
				message: error?.message,
				description: (error as { description?: string }).description,
				error,
			}),
		).not.toContain('secret-token-never-shown');
	});
});

describe('inbox source', () => {
	const inboxParams = (extra = {}) => ({ source: 'inbox', ...extra });

	test('emits each delivery once although unaccepted deliveries stay in the inbox', async () => {
		const poller = makePoller(running, inboxParams({ transactionTypes: ['850'] }));
		await insert(running, { count: 2 });
		expect(await poller.poll()).toEqual({ items: null });
		const wanted = await insert(running, { count: 3 });
		await insert(running, { count: 1, transactionType: '810' });
		await insert(running, { count: 1, stream: 'live' });
		const { items } = await poller.poll();
		expect(idsOf(items)).toEqual(wanted);
		expect(items![0].json.delivery).toMatchObject({ status: 'SENT' });
		expect(await poller.poll()).toEqual({ items: null });
	});

	test('automatic accept empties the inbox of what was emitted', async () => {
		const poller = makePoller(running, inboxParams({ acceptMode: 'auto' }));
		await poller.poll();
		const wanted = await insert(running, { count: 4 });
		expect(idsOf((await poller.poll()).items)).toEqual(wanted);
		expect((await running.api.get('/v4/inbox')).data).toEqual([]);
	});

	test('automatic accept never accepts the backlog: only what was emitted, and the backlog stays in the inbox', async () => {
		const backlog = await insert(running, { count: 3 });
		const poller = makePoller(running, inboxParams({ acceptMode: 'auto' }));
		expect(await poller.poll()).toEqual({ items: null });
		const wanted = await insert(running, { count: 2 });
		expect(idsOf((await poller.poll()).items)).toEqual(wanted);
		expect(await poller.poll()).toEqual({ items: null });
		const accepted = (await requests(running)).filter(
			(r) => r.method === 'POST' && r.path.endsWith('/accept'),
		);
		expect(accepted).toHaveLength(2);
		expect(
			((await running.api.get('/v4/inbox')).data as Array<{ transactionId: number }>).map(
				(item) => item.transactionId,
			),
		).toEqual(backlog);
	});

	test('a full inbox of emitted but unaccepted deliveries is reported with the cause and the fix', async () => {
		const poller = makePoller(running, inboxParams());
		await poller.poll();
		await insert(running, { count: 150 });
		expect(idsOf((await poller.poll()).items)).toHaveLength(100);
		const { error } = await poller.poll();
		expect(error?.message).toMatch(/^The inbox is full/);
		expect((error as { description?: string }).description).toMatch(/Inbox → Accept/);
		// Once the workflow accepts, the hidden deliveries come through.
		await acceptAll(running, (await running.api.get('/v4/inbox?limit=100')).data);
		expect(idsOf((await poller.poll()).items)).toHaveLength(50);
	});

	test('manual mode shows the newest matching delivery and touches no state', async () => {
		const poller = makePoller(running, inboxParams());
		await insert(running, { count: 2 });
		await poller.poll();
		const state = poller.staticData;
		const newest = (await insert(running, { count: 2 })).pop();
		expect(idsOf((await poller.poll('manual')).items)).toEqual([newest]);
		expect(poller.lastPollStaticData).toEqual(state);
	});
});

describe('a service that differs from the contract', () => {
	test('a list without meta.total beyond one page: a clear error naming the way out, and no state', async () => {
		const page = Array.from({ length: 100 }, (_, i) => ({
			id: i + 1,
			transactionType: '850',
			direction: 'inbound',
			stream: 'test',
			createdAt: '2026-11-22T10:00:00.000Z',
		}));
		const server = createServer((_req, res) =>
			res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page)),
		);
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const { port } = server.address() as AddressInfo;
			const poller = new Poller(
				{ baseUrl: `http://127.0.0.1:${port}`, apiToken: 'k' },
				{
					source: 'transactions',
					stream: 'test',
					transactionTypes: [],
					includeMessage: false,
					options: {},
				},
			);
			const { error } = await poller.poll();
			expect(error?.message).toBe(
				'The transaction list did not report meta.total, which the Transactions source needs to find new transactions',
			);
			expect((error as { description?: string }).description).toMatch(
				/Trigger On to New Inbox Document/,
			);
			expect(poller.lastPollStaticData).toEqual({});
		} finally {
			server.close();
		}
	});
});
