/**
 * The trigger's promise under stress: every inbound transaction emitted exactly once, none of
 * other streams, directions or types, while transactions arrive in bursts (also while a poll is
 * paging, and late, dated before ones already emitted) and the service fails, rate-limits, lags
 * and drops connections. State goes through JSON between polls, as n8n stores it.
 */
import type { IDataObject } from 'n8n-workflow';

import { mulberry32 } from '../../sandbox/faults';
import { useSandbox, type Running } from '../sandbox/helpers';
import { idsOf, insert, isoSecondsAgo, makePoller, reset, setFaults, setOrder } from './helpers';

const POLLS = 220;
const ARRIVALS = 5000;
const FAULTS = {
	errorRate: 0.01,
	rateLimitedRate: 0.02,
	retryAfterSeconds: 0,
	dropRate: 0.008,
	latencyMs: 1,
};

/** Accepts a delivery as a workflow's Inbox → Accept would, through the faulty service, until it sticks. */
async function acceptUntilDone(running: Running, items: IDataObject[]): Promise<void> {
	await Promise.all(
		items.map(async (item) => {
			const path = new URL(((item.delivery as IDataObject).accept as IDataObject).href as string)
				.pathname;
			for (let attempt = 0; ; attempt++) {
				const res = await running.api.post(path, { note: 'processed' }).catch(() => undefined);
				if (res?.status === 200) return;
				if (attempt > 20) throw new Error(`could not accept ${path}`);
			}
		}),
	);
}

/** The soak of one source, under both list orders (one sandbox for the file). */
export function soak(source: 'transactions' | 'inbox'): void {
	const running = useSandbox({ sendInitialOrder: false, rateLimit: null });
	describe.each(['newest', 'oldest'] as const)(
		`soak: ${source} source, list served %s first`,
		(order) => {
			test(`${ARRIVALS}+ arrivals over ${POLLS} polls: each emitted exactly once`, async () => {
				await reset(running);
				await setOrder(running, order);
				const random = mulberry32(order === 'newest' ? 7 : 11);
				const pick = (n: number) => Math.floor(random() * n);
				const inbox = source === 'inbox';
				const poller = makePoller(running, {
					source,
					transactionTypes: inbox ? [] : ['850'],
					// Messages are fetched in the behaviour tests; here they would only multiply the requests.
					includeMessage: false,
					acceptMode: order === 'oldest' ? 'auto' : 'workflow',
				});

				// A backlog from before activation: never emitted.
				const backlog = await insert(running, { count: 300, createdAt: isoSecondsAgo(3600) });
				// In the inbox, an earlier workflow processed the backlog: otherwise it would hide everything.
				if (inbox)
					for (let i = 0; i < 3; i++)
						await acceptUntilDone(running, (await running.api.get('/v4/inbox?limit=100')).data);
				expect(await poller.poll()).toEqual({ items: null });
				await setFaults(running, { ...FAULTS, seed: pick(1000) });

				const expected = new Set<number>();
				const unwanted = new Set<number>(backlog);
				const emitted: number[] = [];
				let failedPolls = 0;

				const arrive = async (count: number) => {
					// Some become visible late, dated before transactions already emitted.
					const late = random() < 0.15;
					for (const id of await insert(running, {
						count,
						createdAt: late ? isoSecondsAgo(1 + pick(30)) : undefined,
					}))
						expected.add(id);
				};
				const noise = async () => {
					const kind = pick(4);
					const body =
						kind === 0
							? { count: 1 + pick(3), direction: 'outbound' as const }
							: kind === 1 && !inbox
								? { count: 1 + pick(3), stream: 'live' as const }
								: kind === 2 && !inbox
									? { count: 1 + pick(3), transactionType: '810' }
									: { count: 1, direction: 'outbound' as const, transactionType: '856' };
					for (const id of await insert(running, body)) unwanted.add(id);
				};

				for (let poll = 0; poll < POLLS; poll++) {
					const burst = expected.size < ARRIVALS ? pick(2 * Math.ceil(ARRIVALS / POLLS)) + 1 : 0;
					if (random() < 0.5) await noise();
					let result;
					if (burst && random() < 0.3) {
						// Arrivals while the poll is paging: offsets shift under it.
						const polling = poller.poll();
						await arrive(burst);
						result = await polling;
					} else {
						if (burst) await arrive(burst);
						result = await poller.poll();
					}
					if (result.error) failedPolls++;
					emitted.push(...idsOf(result.items));
					if (inbox && poller.parameters.acceptMode === 'workflow' && result.items)
						await acceptUntilDone(
							running,
							result.items.map((i) => i.json),
						);
				}

				// The service recovers; the trigger catches up.
				await setFaults(running, {});
				for (let poll = 0; poll < 20; poll++) {
					const result = await poller.poll();
					expect(result.error).toBeUndefined();
					emitted.push(...idsOf(result.items));
					if (inbox && poller.parameters.acceptMode === 'workflow' && result.items)
						await acceptUntilDone(
							running,
							result.items.map((i) => i.json),
						);
				}

				expect(expected.size).toBeGreaterThanOrEqual(ARRIVALS);
				const duplicates = emitted.filter((id, i) => emitted.indexOf(id) !== i);
				expect(duplicates).toEqual([]);
				expect(emitted.filter((id) => unwanted.has(id))).toEqual([]);
				expect(new Set(emitted)).toEqual(expected);
				// The faults were real: the request log shows every kind of them.
				const faults = new Set(
					((await running.raw.get('/_sandbox/requests')).data as Array<{ fault?: string }>).map(
						(r) => r.fault,
					),
				);
				expect([...faults].filter(Boolean).sort()).toEqual(
					expect.arrayContaining(['drop', 'rateLimited']),
				);
				expect(failedPolls).toBeLessThan(POLLS / 4);
				// A safety limit, not a speed check: about 40 s alone, past 120 s on a loaded 2-core machine.
			}, 360_000);
		},
	);
}
