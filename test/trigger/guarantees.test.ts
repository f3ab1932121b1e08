/**
 * The trigger's guarantees where the state or the timing is unusual: impossible or corrupt state
 * (reset, and said so), late arrivals dated before activation or before what a full inbox shows,
 * the Accept Note limit, and inbox redelivery. Through n8n's PollContext against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../sandbox/helpers';
import {
	acceptAll,
	clearRequests,
	idsOf,
	insert,
	isoSecondsAgo,
	makePoller,
	requests,
	reset,
	useWarnings,
} from './helpers';

const running = useSandbox({ sendInitialOrder: false, rateLimit: null });
const warnings = useWarnings();

beforeEach(async () => reset(running));

describe('impossible or corrupt state is detected, reset, and every reset is said', () => {
	const resetWarning =
		/stored state was reset because (.+)\. A new baseline is recorded now: inbound transactions that arrived since the last successful poll are taken for backlog/;

	test.each([
		[
			'a bad %-escape in the seen list',
			(s: any) => ({ ...s, seen: '%E0%A4%A:1' }),
			/the remembered id "%E0%A4%A:1" is not readable/,
		],
		[
			'a stored total above the list’s',
			(s: any) => ({ ...s, total: s.total + 50 }),
			/the stored count \(60\) is above the list's total \(10\)/,
		],
		[
			'a cutoff in the future',
			(s: any) => ({ ...s, cutoff: Date.now() + 30 * 86_400_000 }),
			/the stored cutoff .* is in the future/,
		],
		['a corrupt count', (s: any) => ({ ...s, total: 'x' }), /corrupt/],
	])('%s', async (_name, corrupt, why) => {
		await insert(running, { count: 10, createdAt: isoSecondsAgo(600) });
		const poller = makePoller(running, {});
		await poller.poll();
		poller.staticData = { state: corrupt(poller.staticData.state) };
		const resetPoll = await poller.poll();
		expect(resetPoll).toEqual({ items: null });
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toMatch(resetWarning);
		expect(warnings[0]).toMatch(why);
		// Not stalled: what arrives from now on is emitted, once.
		const wanted = await insert(running, { count: 2 });
		expect(idsOf((await poller.poll()).items)).toEqual(wanted);
		expect(await poller.poll()).toEqual({ items: null });
	});

	test('an inbox floor in the future is reset and said', async () => {
		const poller = makePoller(running, { source: 'inbox' });
		await poller.poll();
		poller.staticData = {
			state: { ...(poller.staticData.state as object), floor: Date.now() + 30 * 86_400_000 },
		};
		expect(await poller.poll()).toEqual({ items: null });
		expect(warnings.join('\n')).toMatch(
			/the stored floor .* is in the future\. A new baseline is recorded now: inbox deliveries/,
		);
		const wanted = await insert(running, { count: 2 });
		expect(idsOf((await poller.poll()).items)).toEqual(wanted);
	});

	test("an inbox emission time ahead of the clock (n8n's clock stepped back) is no reason to reset: what arrives meanwhile is emitted", async () => {
		const poller = makePoller(running, { source: 'inbox' });
		await poller.poll();
		await insert(running, { count: 1 });
		await poller.poll();
		const state = poller.staticData.state as { seen: Array<[string, number]> };
		state.seen[0][1] = Date.now() + 3_600_000;
		poller.staticData = { state };
		const wanted = await insert(running, { count: 2 });
		expect(idsOf((await poller.poll()).items)).toEqual(wanted);
		expect(await poller.poll()).toEqual({ items: null });
		expect(warnings).toEqual([]);
	});

	test('a change of the watched settings is a reset too, and said', async () => {
		const poller = makePoller(running, {});
		await poller.poll();
		poller.parameters = { ...poller.parameters, stream: 'live' };
		await poller.poll();
		expect(warnings.join('\n')).toMatch(/because the watched settings changed/);
	});
});

describe('late arrivals dated before activation', () => {
	test('within the Late Arrival Window they are emitted once; the backlog is not', async () => {
		const backlog = await insert(running, { count: 5, createdAt: isoSecondsAgo(120) });
		const poller = makePoller(running, {});
		expect(await poller.poll()).toEqual({ items: null });
		// Visible only now, but dated before the activation (and before the backlog's newest).
		const late = await insert(running, { count: 2, createdAt: isoSecondsAgo(300) });
		const { items } = await poller.poll();
		expect(idsOf(items)).toEqual(late);
		expect(idsOf(items).filter((id) => backlog.includes(id))).toEqual([]);
		expect(await poller.poll()).toEqual({ items: null });
		expect(warnings).toEqual([]);
	});
});

describe('inbox late arrivals: deliveries dated before what the inbox already shows', () => {
	const inboxNow = async () => (await running.api.get('/v4/inbox?limit=100')).data as IDataObject[];

	test('one pushes an emitted delivery behind the full window: that delivery is not emitted again when it comes back', async () => {
		const poller = makePoller(running, { source: 'inbox' });
		await poller.poll();
		const first = await insert(running, { count: 100 });
		expect(idsOf((await poller.poll()).items)).toEqual(first);
		// Oldest first: the late one takes the front, and the 100th slips out of sight.
		const late = await insert(running, { count: 1, createdAt: isoSecondsAgo(3600) });
		expect((await inboxNow()).map((item) => item.transactionId)).not.toContain(first[99]);
		expect(idsOf((await poller.poll()).items)).toEqual(late);
		// The workflow accepts the late one and ten more: the 100th is visible again.
		await acceptAll(running, (await inboxNow()).slice(0, 11));
		expect(await poller.poll()).toEqual({ items: null });
		const more = await insert(running, { count: 1 });
		expect(idsOf((await poller.poll()).items)).toEqual(more);
	});

	test('after an activation against a full inbox, once the backlog is cleared, one dated before that backlog is emitted', async () => {
		await insert(running, { count: 150, createdAt: isoSecondsAgo(600) });
		const poller = makePoller(running, { source: 'inbox' });
		expect(await poller.poll()).toEqual({ items: null });
		// Another workflow (Inbox → Accept) clears the backlog.
		await acceptAll(running, await inboxNow());
		await acceptAll(running, await inboxNow());
		expect(await poller.poll()).toEqual({ items: null });
		const late = await insert(running, { count: 1, createdAt: isoSecondsAgo(1200) });
		expect(idsOf((await poller.poll()).items)).toEqual(late);
		expect(await poller.poll()).toEqual({ items: null });
	});
});

describe('Accept Note', () => {
	test('longer than the service’s 240 characters: a clear error before anything is sent', async () => {
		const poller = makePoller(running, {
			source: 'inbox',
			acceptMode: 'auto',
			options: { acceptNote: 'x'.repeat(241) },
		});
		await clearRequests(running);
		const { error } = await poller.poll();
		expect(error?.message).toBe(
			'Accept Note is 241 characters long; the service accepts at most 240',
		);
		expect((error as { description?: string }).description).toMatch(
			/Shorten Options → Accept Note/,
		);
		expect(await requests(running)).toEqual([]);
	});
});

describe('inbox redelivery (Redeliver After)', () => {
	// 0.01 minutes: 600 ms, on the real clock. Once per timeout: a poll right after a redelivery
	// (well inside the timeout) gives nothing.
	const params = { source: 'inbox', options: { redeliverAfterMinutes: 0.01 } };
	const pause = () => new Promise((resolve) => setTimeout(resolve, 700));

	test('a delivery nobody accepts is emitted again after the timeout; an accepted one never comes back', async () => {
		const poller = makePoller(running, params);
		await poller.poll();
		const [kept, accepted] = await insert(running, { count: 2 });
		const first = await poller.poll();
		expect(idsOf(first.items)).toEqual([kept, accepted]);
		expect(await poller.poll()).toEqual({ items: null });
		await acceptAll(
			running,
			first.items!.filter((item) => item.json.transactionId === accepted).map((item) => item.json),
		);
		await pause();
		expect(idsOf((await poller.poll()).items)).toEqual([kept]);
		expect(await poller.poll()).toEqual({ items: null });
		await pause();
		expect(idsOf((await poller.poll()).items)).toEqual([kept]);
		expect(await poller.poll()).toEqual({ items: null });
	});

	test('0 turns it off', async () => {
		const poller = makePoller(running, { source: 'inbox', options: { redeliverAfterMinutes: 0 } });
		await poller.poll();
		await insert(running, { count: 1 });
		await poller.poll();
		await pause();
		expect(await poller.poll()).toEqual({ items: null });
	});
});

describe('the poll budget (getPollBudgetMs)', () => {
	test('with Include Message, a poll out of budget emits what it fetched and holds the rest: all once, over several polls', async () => {
		const poller = makePoller(running, { includeMessage: true }, { pollBudgetMs: 1 });
		await poller.poll();
		const wanted = await insert(running, { count: 30 });
		const perPoll: number[][] = [];
		for (let i = 0; i < 20 && perPoll.flat().length < wanted.length; i++)
			perPoll.push(idsOf((await poller.poll()).items));
		expect(perPoll.flat()).toEqual(wanted);
		expect(perPoll.length).toBeGreaterThan(1);
		expect(await poller.poll()).toEqual({ items: null });
	});
});
