/**
 * Scenario 3, Limit: Get Many with a Limit of 250 while new transactions keep arriving at the
 * front of the list (a steady stream of bulk inserts). Every approach must output exactly 250;
 * the figures are its requests, its time and how many items it output twice.
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../harness';
import type { Context, ScenarioResult } from '../lib/context';
import { cellOf, timed } from '../lib/measure';
import { isoSecondsAgo, type BenchSandbox } from '../lib/sandbox';
import { repeat } from './polling';

const TICK_MS = 50;

/** Inserts transactions at about `perSecond` until stopped; tells the rate it achieved. */
function keepArriving(sb: BenchSandbox, perSecond: number): { stop(): Promise<number> } {
	let running = true;
	let inserted = 0;
	const started = Date.now();
	const loop = (async () => {
		while (running) {
			const count = Math.ceil((perSecond * TICK_MS) / 1000);
			await sb.insert({ count });
			inserted += count;
			await new Promise((resolve) => setTimeout(resolve, TICK_MS));
		}
	})();
	return {
		stop: async () => {
			running = false;
			await loop;
			return inserted / ((Date.now() - started) / 1000);
		},
	};
}

/** The first `wanted` ids, checked to be that many; the figure is how many of them repeat. */
function outcome(what: string, items: IDataObject[], wanted: number) {
	const ids = items.slice(0, wanted).map((item) => String(item.id));
	if (ids.length !== wanted) throw new Error(`${what}: ${ids.length} items, expected ${wanted}`);
	return { items: ids.length, duplicates: ids.length - new Set(ids).size };
}

export async function limitUnderArrivals(ctx: Context, results: ScenarioResult[]): Promise<void> {
	const { sb, hand, limit, plan } = ctx;
	const { limit: wanted, history, perSecond } = plan.limitUnderArrivals;
	const pages = Math.ceil(wanted / 100);
	for (const latencyMs of plan.latencies) {
		await sb.reset();
		await sb.setLatency(latencyMs);
		ctx.latencyMs = latencyMs;
		await sb.insert({ count: history, createdAt: isoSecondsAgo(3600) });
		ctx.log(`  Limit ${wanted} while ~${perSecond}/s arrive, ${latencyMs} ms`);
		const arrivals = keepArriving(sb, perSecond);
		let rate = 0;
		try {
			const ours = await repeat(ctx, () =>
				timed(sb, async () => {
					const result = await runNode({
						credentials: sb.credentials,
						parameters: {
							resource: 'transaction',
							operation: 'getMany',
							returnAll: false,
							limit: wanted,
							filters: {},
						},
					});
					if (result.error) throw result.error;
					return outcome(
						'ours',
						result.items.map((item) => item.json),
						wanted,
					);
				}),
			);
			const handBuilt = await repeat(ctx, () =>
				timed(sb, async () =>
					outcome(
						'hand-built',
						(await hand.listPages(pages)).map((item) => item.json),
						wanted,
					),
				),
			);
			const bare = await repeat(ctx, () =>
				timed(sb, async () =>
					outcome('limit', (await limit.listFirst(wanted)) as IDataObject[], wanted),
				),
			);
			rate = await arrivals.stop();
			results.push({
				id: 'limit-arrivals',
				scenario: 3,
				title: `3. Get Many, Limit ${wanted} while transactions arrive`,
				latencyMs,
				metrics: ['requests', 'ms', 'duplicates'],
				ours: cellOf(
					'ours',
					`EDI Exchange: Transaction → Get Many, Limit ${wanted}`,
					ours.samples,
					ours.warmups,
				),
				handBuilt: cellOf(
					'handBuilt',
					hand.real
						? `n8n-nodes-base: HTTP Request 4.2 (pagination, Max Pages ${pages}) → Split Out, first ${wanted}`
						: hand.what,
					handBuilt.samples,
					handBuilt.warmups,
				),
				limit: cellOf(
					'limit',
					`axios: offsets 0, 100, 200 one after another`,
					bare.samples,
					bare.warmups,
				),
				notes: [
					`${Math.round(rate)} transactions/s arrived at the front of the list while the runs read it (over ${history.toLocaleString('en-US')})`,
				],
			});
		} finally {
			if (!rate) await arrivals.stop();
		}
	}
}
