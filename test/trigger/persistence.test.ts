/**
 * The trigger under n8n 2.41's two ways of persisting its state, simulated faithfully by the
 * harness (see harness/poll.ts): default (saved at activation and after emitting polls, in memory
 * otherwise) and durable cursors (a cursor row the activation poll never commits). Activation,
 * scheduled polls, restarts (SIGTERM and SIGKILL alike: nothing is saved on the way out) and
 * re-activation: every inbound document emitted exactly once, no backlog.
 */
import type { Persistence, Poller } from '../../harness';
import { useSandbox } from '../sandbox/helpers';
import { acceptAll, idsOf, insert, isoSecondsAgo, makePoller, reset, useWarnings } from './helpers';

const running = useSandbox({ sendInitialOrder: false, rateLimit: null });
const warnings = useWarnings();

beforeEach(async () => reset(running));

type Source = 'transactions' | 'inbox';

function harnessFor(persistence: Persistence, source: Source) {
	const poller: Poller = makePoller(
		running,
		{ source, options: { redeliverAfterMinutes: 0 } },
		{ persistence },
	);
	const emitted: number[] = [];
	const take = async (result: Awaited<ReturnType<Poller['poll']>>) => {
		expect(result.error).toBeUndefined();
		emitted.push(...idsOf(result.items));
		// The workflow ends with Inbox → Accept.
		if (source === 'inbox' && result.items)
			await acceptAll(
				running,
				result.items.map((item) => item.json),
			);
	};
	return {
		poller,
		emitted,
		activate: async () => take(await poller.activate()),
		poll: async () => take(await poller.poll()),
		/** n8n stops and starts again: in default mode it activates (one poll); with durable cursors it just goes on. */
		restart: async () => {
			poller.restart();
			if (persistence === 'default') await take(await poller.activate());
		},
	};
}

describe.each(['default', 'durable'] as const)('persistence: %s', (persistence) => {
	describe.each(['transactions', 'inbox'] as const)('%s source', (source) => {
		test('first activation: what arrives before the first scheduled poll is emitted, the backlog never', async () => {
			const backlog = await insert(running, { count: 20, createdAt: isoSecondsAgo(600) });
			if (source === 'inbox')
				await acceptAll(running, (await running.api.get('/v4/inbox?limit=100')).data);
			const t = harnessFor(persistence, source);
			await t.activate();
			const early = await insert(running, { count: 5 });
			await t.poll();
			const later = await insert(running, { count: 3 });
			await t.poll();
			await t.poll();
			expect(t.emitted).toEqual([...early, ...later]);
			expect(t.emitted.filter((id) => backlog.includes(id))).toEqual([]);
			expect(warnings).toEqual([]);
		});

		test('a crash right after activation loses nothing', async () => {
			const t = harnessFor(persistence, source);
			await t.activate();
			const early = await insert(running, { count: 8 });
			await t.restart();
			await t.poll();
			await t.poll();
			expect(t.emitted).toEqual(early);
		});

		test('steady polls, empty polls, restarts and re-activation: each exactly once', async () => {
			const t = harnessFor(persistence, source);
			await t.activate();
			const expected: number[] = [];
			const steps = [
				'poll',
				'poll',
				'restart',
				'poll',
				'activate',
				'poll',
				'restart',
				'restart',
				'poll',
				'poll',
			] as const;
			for (const [i, step] of steps.entries()) {
				// Some steps see nothing new (nothing saved by default), some see documents of another type.
				if (i % 3 !== 2) expected.push(...(await insert(running, { count: 1 + i })));
				else await insert(running, { count: 2, direction: 'outbound' });
				await t[step]();
			}
			await t.poll();
			expect(t.emitted).toEqual(expected);
		});
	});
});

describe('the window n8n leaves open in default mode', () => {
	test('dying between starting the execution and saving repeats that one poll’s items, and nothing else', async () => {
		const poller = makePoller(running, {}, { persistence: 'default' });
		await poller.activate();
		const before = await insert(running, { count: 2 });
		expect(idsOf((await poller.poll()).items)).toEqual(before);
		const caught = await insert(running, { count: 3 });
		expect(idsOf((await poller.pollAndDieBeforeSave()).items)).toEqual(caught);
		const after = await insert(running, { count: 2 });
		// n8n starts again and activates: the unsaved poll's items come again, once.
		expect(idsOf((await poller.activate()).items)).toEqual([...caught, ...after]);
		expect(await poller.poll()).toEqual({ items: null });
	});
});
