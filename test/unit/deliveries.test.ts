import { inboxBaseline, planInbox } from '../../nodes/EdiExchange/trigger/deliveries';
import type { TriggerSettings } from '../../nodes/EdiExchange/trigger/settings';
import { watchKey } from '../../nodes/EdiExchange/trigger/state';
import { mulberry32 } from '../../sandbox/faults';

const MINUTE = 60_000;
const settings = (over: Partial<TriggerSettings> = {}): TriggerSettings => ({
	source: 'inbox',
	stream: 'test',
	types: [],
	includeMessage: false,
	splitLines: false,
	acceptMode: 'workflow',
	acceptNote: 'n',
	maxItemsPerPoll: 1000,
	outcomeStatuses: [],
	outcomeWindowMs: 0,
	lateWindowMs: 0,
	redeliverAfterMs: 60 * MINUTE,
	duplicates: 'off',
	duplicateWindowMs: 0,
	encoding: 'utf8',
	key: watchKey('inbox', 'test', [], ''),
	...over,
});
const delivery = (n: number) => ({
	transactionId: n,
	stream: 'test',
	transactionType: '850',
	createdAt: new Date(Date.UTC(2026, 10, 23, 10, n)).toISOString(),
	delivery: { deliveryId: `d${n}` },
});
const ids = (items: Array<{ transactionId?: unknown }>) => items.map((item) => item.transactionId);

describe('planInbox: redelivery, a visibility timeout on an injected clock', () => {
	test('an emitted delivery still in the inbox is emitted again once per timeout', () => {
		let state = inboxBaseline(settings(), [], 0);
		const inbox = [delivery(1), delivery(2)];
		const emittedAt: number[] = [];
		// One poll a minute for three hours; the clock starts at 0.
		for (let minute = 0; minute <= 180; minute++) {
			const plan = planInbox(settings(), state, inbox, minute * MINUTE);
			if (ids(plan.emit).includes(1)) emittedAt.push(minute);
			state = plan.next;
		}
		expect(emittedAt).toEqual([0, 60, 120, 180]);
	});

	test('an accepted delivery (gone from the inbox) never comes back; backlog is never redelivered', () => {
		const backlog = delivery(1);
		let state = inboxBaseline(settings(), [backlog], 0);
		let plan = planInbox(settings(), state, [backlog, delivery(2)], 0);
		expect(ids(plan.emit)).toEqual([2]);
		state = plan.next;
		plan = planInbox(settings(), state, [backlog], 61 * MINUTE);
		expect(plan.emit).toEqual([]);
		plan = planInbox(settings(), plan.next, [backlog, delivery(2)], 200 * MINUTE);
		expect(ids(plan.emit)).toEqual([2]);
	});

	test('off with 0, and with automatic acceptance', () => {
		for (const over of [{ redeliverAfterMs: 0 }, { acceptMode: 'auto' as const }]) {
			const first = planInbox(
				settings(over),
				inboxBaseline(settings(over), [], 0),
				[delivery(1)],
				0,
			);
			expect(planInbox(settings(over), first.next, [delivery(1)], 600 * MINUTE).emit).toEqual([]);
		}
	});

	test('deliveries without an id are reported, never emitted, and do not count as stuck', () => {
		const { emit, idless, stuck } = planInbox(
			settings(),
			inboxBaseline(settings(), [], 0),
			[{ transactionId: 9 }, delivery(1)],
			0,
		);
		expect(ids(emit)).toEqual([1]);
		expect(ids(idless)).toEqual([9]);
		expect(stuck).toBe(false);
	});
});

describe('planInbox: a full inbox, oldest first by createdAt, with late arrivals dated before what is visible', () => {
	// Left to the workflow: a slow workflow accepts what was emitted, a little each minute. Automatic:
	// most of the trigger's accepts fail. Either way the inbox hovers around its 100.
	const cases = [1, 2, 3].flatMap((seed) => [
		['workflow', seed],
		['auto', seed],
	]) as Array<['workflow' | 'auto', number]>;
	test.each(cases)(
		'acceptance %s: every delivery is emitted exactly once, and the seen list stays small (seed %i)',
		(acceptMode, seed) => {
			const random = mulberry32(seed);
			type Pending = { n: number; createdAt: number };
			const item = ({ n, createdAt }: Pending) => ({
				transactionId: n,
				stream: 'test',
				transactionType: '850',
				createdAt: new Date(createdAt).toISOString(),
				delivery: { deliveryId: `d${n}` },
			});
			let inbox: Pending[] = [];
			let next = 1;
			let clock = Date.UTC(2026, 10, 23);
			const s = settings({ redeliverAfterMs: 0, acceptMode, maxItemsPerPoll: 1000 });
			let state = inboxBaseline(s, [], clock);
			const emitted = new Map<number, number>();
			let largestSeen = 0;
			const poll = (acceptShare: number) => {
				const plan = planInbox(s, state, inbox.slice(0, 100).map(item), clock);
				for (const json of plan.emit)
					emitted.set(
						json.transactionId as number,
						(emitted.get(json.transactionId as number) ?? 0) + 1,
					);
				if (!plan.stuck) state = plan.next;
				largestSeen = Math.max(largestSeen, state.seen.length);
				const accepted = new Set(
					plan.accept.filter(() => random() < acceptShare).map((json) => json.transactionId),
				);
				inbox = inbox.filter(({ n }) => !accepted.has(n));
			};
			const workflowAccepts = (share: number) => {
				if (acceptMode === 'workflow')
					inbox = inbox.filter(({ n }) => !(emitted.has(n) && random() < share));
			};
			// A fifth of arrivals are dated up to an hour back.
			for (let step = 0; step < 400; step++) {
				clock += MINUTE;
				for (let k = Math.floor(random() * 8); k > 0; k--) {
					const createdAt = random() < 0.2 ? clock - Math.floor(random() * 60) * MINUTE : clock;
					inbox.push({ n: next++, createdAt });
				}
				inbox.sort((a, b) => a.createdAt - b.createdAt || a.n - b.n);
				poll(0.04);
				workflowAccepts(0.04);
			}
			// Then nothing arrives, and every accept succeeds until the inbox is empty.
			for (let round = 0; round < 2000 && inbox.length; round++) {
				clock += MINUTE;
				poll(1);
				workflowAccepts(1);
			}
			expect(inbox).toEqual([]);
			expect(emitted.size).toBe(next - 1);
			expect([...emitted.values()].filter((count) => count !== 1)).toEqual([]);
			expect(largestSeen).toBeLessThan(150);
		},
	);
});
