/**
 * The trigger against a service that breaks the contract in ways the strict sandbox never does:
 * items without an id or a readable date, inbox deliveries listed twice, accepts that fail, and
 * bodies that are not a list at all. Asserted: what is emitted, what is warned, and the state after.
 */
import type { IDataObject } from 'n8n-workflow';

import { Poller } from '../../harness';
import { startHostileServer, type HostileServer } from '../hostile/server';
import { useWarnings } from './helpers';
import { useListService } from './listService';

const service = useListService();
const warnings = useWarnings();
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const ids = (items: Array<{ json: { id?: unknown } }> | null) =>
	(items ?? []).map((item) => item.json.id);

describe('transactions without a readable createdAt', () => {
	test('are emitted once and never move the cutoff: the next transactions still come through', async () => {
		service.arrive({ id: 1, createdAt: at(10) });
		const poller = service.poller();
		await poller.poll();
		service.arrive({ id: 2, createdAt: 'not a date' });
		expect(ids((await poller.poll()).items)).toEqual([2]);
		expect(warnings.join('\n')).toMatch(/transaction\(s\) 2 have no readable createdAt/);
		service.arrive({ id: 3, createdAt: at(1) }, { id: 4, createdAt: at(0) });
		expect(ids((await poller.poll()).items)).toEqual([3, 4]);
		expect(await poller.poll()).toEqual({ items: null });
	});

	test('stay remembered after the Late Arrival Window: a later search passing one emits only the late arrival, and resets nothing', async () => {
		service.arrive({ id: 1, createdAt: at(200) });
		const poller = service.poller({ options: { lateArrivalWindowMinutes: 10 } });
		await poller.poll();
		service.arrive({ id: 2, createdAt: 'not a date' });
		expect(ids((await poller.poll()).items)).toEqual([2]);
		service.arrive({ id: 3, createdAt: at(0) });
		expect(ids((await poller.poll()).items)).toEqual([3]);
		// A late arrival, dated inside the window, becomes visible behind the undated one.
		service.transactions.splice(2, 0, {
			id: 4,
			createdAt: at(5),
			direction: 'inbound',
			stream: 'test',
			transactionType: '850',
		});
		expect(ids((await poller.poll()).items)).toEqual([4]);
		expect(await poller.poll()).toEqual({ items: null });
		expect(warnings.join('\n')).not.toMatch(/reset/);
	});
});

describe('a createdAt in the future (beyond the clock-skew tolerance)', () => {
	const future = '2099-01-01T00:00:00.000Z';
	// The service lists newest first by createdAt: the future-dated one stays at the front.
	const arriveSorted = (...items: Array<{ id: number; createdAt: string }>) => {
		service.arrive(...items);
		service.transactions.sort(
			(a, b) => Date.parse(String(b.createdAt)) - Date.parse(String(a.createdAt)),
		);
	};
	const named = /transaction\(s\) 2 \(created 2099-01-01T00:00:00.000Z\) are dated in the future/;
	/** After it, nothing is stalled: a transaction dated now is emitted once, and nothing was reset. */
	const laterOnesComeThrough = async (poller: Poller) => {
		arriveSorted({ id: 3, createdAt: at(1) });
		expect(ids((await poller.poll()).items)).toEqual([3]);
		expect(await poller.poll()).toEqual({ items: null });
		expect(warnings.join('\n')).not.toMatch(/reset/);
	};

	test('arriving after activation: emitted once and named; the cutoff does not move, later ones still come through', async () => {
		arriveSorted({ id: 1, createdAt: at(10) });
		const poller = service.poller();
		await poller.poll();
		arriveSorted({ id: 2, createdAt: future });
		expect(ids((await poller.poll()).items)).toEqual([2]);
		expect(warnings.join('\n')).toMatch(named);
		expect(await poller.poll()).toEqual({ items: null });
		await laterOnesComeThrough(poller);
	});

	test('there at activation: backlog like the rest; later ones still come through, nothing is reset', async () => {
		arriveSorted({ id: 1, createdAt: at(10) }, { id: 2, createdAt: future });
		const poller = service.poller();
		expect(await poller.poll()).toEqual({ items: null });
		expect(warnings.join('\n')).toMatch(named);
		expect(await poller.poll()).toEqual({ items: null });
		await laterOnesComeThrough(poller);
	});

	test('in a full inbox at activation: the floor ignores it; a new delivery still comes through, nothing is reset', async () => {
		const delivery = (n: number, createdAt: string) => ({
			transactionId: n,
			stream: 'test',
			transactionType: '850',
			createdAt,
			delivery: { deliveryId: `d${n}` },
		});
		service.inbox = [
			...Array.from({ length: 99 }, (_, i) => delivery(i + 1, at(60))),
			delivery(100, future),
		];
		const poller = service.poller({ source: 'inbox' });
		expect(await poller.poll()).toEqual({ items: null });
		service.inbox = [...service.inbox.slice(50), delivery(101, at(0))];
		expect((await poller.poll()).items?.map((item) => item.json.transactionId)).toEqual([101]);
		expect(warnings.join('\n')).not.toMatch(/reset/);
	});
});

describe('inbox deliveries the contract does not foresee', () => {
	const delivery = (n: number, createdAt: string, deliveryId = `d${n}`) => ({
		transactionId: n,
		stream: 'test',
		transactionType: '850',
		createdAt,
		delivery: { deliveryId },
	});
	const transactions = (items: Array<{ json: { transactionId?: unknown } }> | null) =>
		(items ?? []).map((item) => item.json.transactionId);

	test('the same delivery listed twice in one answer: emitted once', async () => {
		const poller = service.poller({ source: 'inbox' });
		await poller.poll();
		service.inbox = [delivery(1, at(1)), delivery(1, at(1))];
		expect(transactions((await poller.poll()).items)).toEqual([1]);
		expect(await poller.poll()).toEqual({ items: null });
	});
});

describe('automatic acceptance when the service fails the accept', () => {
	let server: HostileServer | undefined;
	afterEach(async () => await server?.stop());

	test('the delivery is emitted once, the failure is logged, and the accept is tried again on the next poll', async () => {
		let inbox: IDataObject[] = [];
		let failAccepts = true;
		server = await startHostileServer((request, res) => {
			const send = (status: number, body: unknown): void => {
				res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
			};
			if (request.path === '/v4/inbox') return send(200, inbox);
			if (failAccepts) return send(500, { type: 'serverError', message: 'try later' });
			inbox = inbox.filter(
				(item) =>
					!request.path.includes(`/deliveries/${(item.delivery as IDataObject).deliveryId}/`),
			);
			send(200, { status: 'DELIVERED' });
		});
		const base = server.url;
		const item = (n: number) => ({
			transactionId: n,
			stream: 'test',
			transactionType: '850',
			createdAt: at(0),
			delivery: {
				deliveryId: `d${n}`,
				accept: { href: `${base}/v4/transactions/${n}/deliveries/d${n}/accept` },
			},
		});
		const poller = new Poller(
			{ baseUrl: base, apiToken: 'k' },
			{ source: 'inbox', stream: 'test', transactionTypes: [], acceptMode: 'auto', options: {} },
		);
		await poller.poll();
		inbox = [item(1), item(2)];
		expect((await poller.poll()).items?.map((emitted) => emitted.json.transactionId)).toEqual([
			1, 2,
		]);
		expect(warnings.join('\n')).toMatch(/accepting delivery d1 failed; retrying on the next poll/);
		failAccepts = false;
		expect(await poller.poll()).toEqual({ items: null });
		expect(inbox).toEqual([]);
		const accepts = server.requests
			.filter((request) => request.method === 'POST')
			.map((request) => request.path.split('/')[5]);
		expect(accepts.sort()).toEqual(['d1', 'd1', 'd2', 'd2']);
	});
});

describe.each([false, true])(
	'transactions without an id (Include Message %s)',
	(includeMessage) => {
		test('are named in a warning, never emitted, and block or reset nothing', async () => {
			service.arrive({ id: 1, createdAt: at(10) });
			const poller = service.poller({ includeMessage });
			await poller.poll();
			service.arrive({ createdAt: at(2), transactionType: '850' }, { id: 5, createdAt: at(1) });
			const first = await poller.poll();
			expect(first.error).toBeUndefined();
			expect(ids(first.items)).toEqual([5]);
			expect(warnings.join('\n')).toMatch(
				/1 inbound transaction\(s\) without an id were skipped \(created .*, type 850\)/,
			);
			service.arrive({ id: 6, createdAt: at(0) });
			expect(ids((await poller.poll()).items)).toEqual([6]);
			expect(await poller.poll()).toEqual({ items: null });
			expect(warnings.join('\n')).not.toMatch(/reset/);
		});

		test('one whose status changes later is still the same transaction: not emitted or counted again', async () => {
			service.arrive({ id: 1, createdAt: at(10) });
			const poller = service.poller({ includeMessage });
			await poller.poll();
			service.arrive({ createdAt: at(2), businessNumber: 'PO-7', status: 'DELIVERED' });
			await poller.poll();
			service.transactions[0].status = 'ACCEPTED';
			service.arrive({ id: 6, createdAt: at(0) });
			expect(ids((await poller.poll()).items)).toEqual([6]);
			expect(await poller.poll()).toEqual({ items: null });
			expect(warnings.join('\n')).not.toMatch(/reset/);
		});
	},
);

// The NodeApiError for such bodies is the transport's: the inbox's and the transaction list's
// (fetchTransactionPage), the same for Get Many.
const junk = [
	['an HTML page', 'text/html', '<html><body>Maintenance</body></html>'],
	['truncated JSON', 'application/json', '{"items":[{"id":1,'],
	['an empty body', 'application/json', ''],
	['null', 'application/json', 'null'],
	['{}', 'application/json', '{}'],
];

describe('a body that is not a transaction list or an inbox, at activation', () => {
	test.each(junk)(
		'%s: the poll fails, no state is recorded, and no backlog is emitted when the list comes back',
		async (_name, type, body) => {
			for (let i = 1; i <= 300; i++) service.arrive({ id: i, createdAt: at(60) });
			service.raw = { type, body };
			const poller = service.poller();
			const activation = await poller.poll();
			expect(activation.error?.constructor.name).toBe('NodeApiError');
			expect(poller.lastPollStaticData).toEqual({});
			service.raw = undefined;
			expect(await poller.poll()).toEqual({ items: null });
			service.arrive({ id: 301, createdAt: at(0) });
			expect(ids((await poller.poll()).items)).toEqual([301]);
		},
	);

	test.each(junk)('inbox, %s: the same', async (_name, type, body) => {
		const delivery = (n: number) => ({
			transactionId: n,
			stream: 'test',
			transactionType: '850',
			createdAt: at(60 - n),
			delivery: { deliveryId: `d${n}` },
		});
		service.inbox = [1, 2, 3].map(delivery);
		service.raw = { type, body };
		const poller = service.poller({ source: 'inbox' });
		expect((await poller.poll()).error?.constructor.name).toBe('NodeApiError');
		expect(poller.lastPollStaticData).toEqual({});
		service.raw = undefined;
		expect(await poller.poll()).toEqual({ items: null });
		service.inbox.push(delivery(4));
		expect((await poller.poll()).items?.map((item) => item.json.transactionId)).toEqual([4]);
	});
});
