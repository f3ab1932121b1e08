/**
 * Scenarios 1 and 2, which share their set-up: the pollers are activated once over a history
 * and then measured at each latency (state carries over, as on a running instance).
 *
 * 1. Idle poll (nothing new) over a history of N inbound transactions.
 * 2. Arrivals: 1,000 new inbound transactions over the largest history, emitted without and with
 *    their messages. Each round inserts 1,000; every approach taking part in the round emits
 *    exactly those. The slow hand-built workflow takes part in the first round(s) only, all of
 *    them before the other approaches' further rounds (so it never meets a backlog).
 */
import { Poller } from '../../harness';
import type { Context, ScenarioResult } from '../lib/context';
import type { HandBuilt, PollRun } from '../lib/handBuilt';
import { LimitPoller } from '../lib/limit';
import { cellOf, timed, type Cell, type Sample } from '../lib/measure';
import { isoSecondsAgo } from '../lib/sandbox';

export const TRIGGER_PARAMETERS = {
	source: 'transactions',
	stream: 'test',
	transactionTypes: [],
	includeMessage: false,
	options: {},
};

/** A cell slower than this gets fewer runs (the budget's worth, at least one), and no extra warm-up after another latency's runs. */
export const SLOW_MS = 10_000;

interface Repeated {
	samples: Sample[];
	warmups: number;
	note?: string;
}

/**
 * Warm-up, then the measured runs. `warmedMs`: this code already ran in this process (the same
 * cell at another latency, or a first execution that recorded the history) and took about that
 * long; it then serves as the warm-up.
 */
export async function repeat(
	ctx: Context,
	once: () => Promise<Sample>,
	warmedMs?: number,
	warmedBy?: string,
): Promise<Repeated> {
	const { plan } = ctx;
	let estimate = warmedMs;
	let warmups = 0;
	if (estimate === undefined) {
		for (; warmups < plan.warmups; warmups++) estimate = (await once()).ms;
	}
	const runsFor = (ms: number) =>
		ms > SLOW_MS
			? Math.max(plan.minRuns, Math.min(plan.runs, Math.floor(plan.cellBudgetMs / ms)))
			: plan.runs;
	let runs = runsFor(estimate ?? 0);
	const samples: Sample[] = [];
	for (let i = 0; i < runs; i++) {
		samples.push(await once());
		// An estimate carried from another latency can be far off (pages fetched in parallel): the first run says.
		if (i === 0) runs = runsFor(samples[0].ms);
	}
	const slow = runs < plan.runs;
	const note = slow
		? `slow: warm-up was ${warmedBy ?? 'one run'}; ${runs} run${runs > 1 ? 's' : ''} (about ${(samples[0].ms / 1000).toFixed(0)} s each)`
		: undefined;
	return { samples, warmups, note };
}

const expectCount = (what: string, items: unknown[] | null | undefined, wanted: number) => {
	const got = items?.length ?? 0;
	if (got !== wanted) throw new Error(`${what}: emitted ${got} items, expected ${wanted}`);
	return got;
};

const OURS = 'EDI Exchange Trigger via PollContext';
const LIMIT_IDLE = 'axios: the first page only';

interface Pollers {
	ours: Poller;
	hand: ReturnType<HandBuilt['poller']>;
	limit: LimitPoller;
	/** The hand-built idle figure at each latency: how slow it is there. */
	handIdleMs: Map<number, number>;
}

async function idleAt(
	ctx: Context,
	history: number,
	pollers: Pollers,
	handWarmedMs: number | undefined,
	handWarmedBy: string,
	previous?: ScenarioResult,
): Promise<ScenarioResult> {
	const { sb, hand } = ctx;
	ctx.log(`  idle poll, history ${history}, ${ctx.latencyMs} ms`);
	const ours = await repeat(
		ctx,
		() =>
			timed(sb, async () => {
				const { items, error } = await pollers.ours.poll();
				if (error) throw error;
				return expectCount('ours', items, 0);
			}),
		previous?.ours.ms,
	);
	const handBuilt = await repeat(
		ctx,
		() =>
			timed(sb, async () => expectCount('hand-built', (await pollers.hand.run(false)).items, 0)),
		handWarmedMs,
		handWarmedBy,
	);
	const limit = await repeat(
		ctx,
		() => timed(sb, async () => expectCount('limit', await pollers.limit.run(), 0)),
		previous?.limit?.ms,
	);
	const handCell = cellOf(
		'handBuilt',
		hand.what,
		handBuilt.samples,
		handBuilt.warmups,
		handBuilt.note,
	);
	pollers.handIdleMs.set(ctx.latencyMs, handCell.ms);
	return {
		id: `idle-${history}`,
		scenario: 1,
		title: `1. Idle poll, history ${history.toLocaleString('en-US')}`,
		latencyMs: ctx.latencyMs,
		metrics: ['requests', 'ms'],
		ours: cellOf('ours', OURS, ours.samples, ours.warmups),
		handBuilt: handCell,
		limit: cellOf('limit', LIMIT_IDLE, limit.samples, limit.warmups),
		notes: [],
	};
}

/** Scenario 1 at every latency for one history size; returns the pollers for scenario 2. */
export async function idlePolls(
	ctx: Context,
	history: number,
	results: ScenarioResult[],
): Promise<Pollers> {
	const { sb, hand, limit, plan } = ctx;
	await sb.reset();
	await sb.setLatency(0);
	ctx.latencyMs = 0;
	await sb.insert({ count: history, createdAt: isoSecondsAgo(3600) });
	const pollers: Pollers = {
		ours: new Poller(sb.credentials, TRIGGER_PARAMETERS),
		hand: hand.poller(`hand-built-${history}`),
		limit: new LimitPoller(limit, false),
		handIdleMs: new Map(),
	};
	const activation = await pollers.ours.poll();
	if (activation.error) throw activation.error;
	await pollers.limit.run();
	// The hand-built workflow's first execution records the whole history (every id is new).
	ctx.log(`  hand-built: first execution over ${history}`);
	const first = await timed(sb, async () =>
		expectCount('hand-built first execution', (await pollers.hand.run(false)).items, history),
	);
	let warmedMs: number | undefined = first.ms;
	let warmedBy = 'its first execution (recording the history)';
	let previous: ScenarioResult | undefined;
	for (const latencyMs of plan.latencies) {
		await sb.setLatency(latencyMs);
		ctx.latencyMs = latencyMs;
		previous = await idleAt(ctx, history, pollers, warmedMs, warmedBy, previous);
		results.push(previous);
		// At the next latency: the same pages, each that much slower.
		const next = plan.latencies[plan.latencies.indexOf(latencyMs) + 1] ?? latencyMs;
		warmedMs = pollers.handIdleMs.get(latencyMs)! + (history / 100) * (next - latencyMs);
		warmedBy = `its ${latencyMs} ms runs`;
	}
	return pollers;
}

/** Scenario 2, over the history `pollers` were activated on. */
export async function arrivals(
	ctx: Context,
	history: number,
	pollers: Pollers,
	results: ScenarioResult[],
): Promise<void> {
	const { sb, limit, plan } = ctx;
	const { count } = plan.arrivals;
	await sb.setLatency(0);
	const withMessage = new Poller(sb.credentials, { ...TRIGGER_PARAMETERS, includeMessage: true });
	const activation = await withMessage.poll();
	if (activation.error) throw activation.error;
	const limitWithMessage = new LimitPoller(limit, true);
	await limitWithMessage.run();

	type Key = 'ours' | 'oursMessage' | 'limit' | 'limitMessage' | 'hand' | 'handMessage';
	const samples = new Map<number, Record<Key, Sample[]>>();
	const empty = (): Record<Key, Sample[]> => ({
		ours: [],
		oursMessage: [],
		limit: [],
		limitMessage: [],
		hand: [],
		handMessage: [],
	});
	for (const latencyMs of plan.latencies) samples.set(latencyMs, empty());
	// The first latency's rounds warm up; later latencies run the same code again.
	const warmupsAt = (latencyMs: number) => (latencyMs === plan.latencies[0] ? plan.warmups : 0);

	const round = async (latencyMs: number, withHand: boolean) => {
		const into = samples.get(latencyMs)!;
		await sb.setLatency(0);
		await sb.insert({ count });
		await sb.setLatency(latencyMs);
		const poll = (poller: Poller) => async () => {
			const { items, error } = await poller.poll();
			if (error) throw error;
			return expectCount('ours', items, count);
		};
		into.ours.push(await timed(sb, poll(pollers.ours)));
		into.oursMessage.push(await timed(sb, poll(withMessage)));
		into.limit.push(
			await timed(sb, async () => expectCount('limit', await pollers.limit.run(), count)),
		);
		into.limitMessage.push(
			await timed(sb, async () => expectCount('limit', await limitWithMessage.run(), count)),
		);
		if (!withHand) return;
		let run: PollRun | undefined;
		const sample = await timed(sb, async () => {
			run = await pollers.hand.run(true);
			return expectCount('hand-built', run.items, count);
		});
		into.handMessage.push(sample);
		if (run?.untilDeduplicatedMs === undefined)
			throw new Error('hand-built: no run data to derive the figure without messages');
		// The same execution up to Remove Duplicates: its list requests, its time.
		into.hand.push({
			ms: run.untilDeduplicatedMs,
			requests: sample.requests - count,
			items: count,
		});
	};

	// The hand-built rounds first, at every latency, so that it never meets a backlog.
	const handRounds = new Map<number, number>();
	for (const latencyMs of plan.latencies) {
		const estimate = (pollers.handIdleMs.get(latencyMs) ?? 0) + count; // + its message requests, roughly
		const slow = estimate > SLOW_MS;
		// A slow hand-built workflow runs one round at the first latency only: at the others, a
		// round costs its idle poll there (measured above) plus its message requests.
		const k = !slow
			? plan.runs
			: latencyMs === plan.latencies[0]
				? Math.max(plan.minRuns, Math.min(plan.runs, Math.floor(plan.cellBudgetMs / estimate)))
				: 0;
		handRounds.set(latencyMs, k);
		ctx.log(
			`  arrivals of ${count} over ${history}, ${latencyMs} ms: ${k} round(s) with the hand-built workflow`,
		);
		for (let i = 0; i < k; i++) await round(latencyMs, true);
	}
	for (const latencyMs of plan.latencies) {
		ctx.log(`  arrivals of ${count} over ${history}, ${latencyMs} ms: the other rounds`);
		for (let i = handRounds.get(latencyMs)!; i < warmupsAt(latencyMs) + plan.runs; i++)
			await round(latencyMs, false);
	}

	for (const latencyMs of plan.latencies) {
		const s = samples.get(latencyMs)!;
		const warmups = warmupsAt(latencyMs);
		const measured = (list: Sample[]) => list.slice(warmups);
		const k = handRounds.get(latencyMs)!;
		const handNote = `warm-up was its idle polls; ${k} round${k > 1 ? 's' : ''}`;
		const cells = (
			ours: Sample[],
			hand: Sample[],
			bare: Sample[],
			what: string,
			message: boolean,
		): [Cell, Cell | undefined, Cell] => [
			cellOf('ours', OURS + (message ? ', Include Message on' : ''), measured(ours), warmups),
			k
				? cellOf(
						'handBuilt',
						message
							? `${ctx.hand.what} → HTTP Request per item (message)`
							: `${ctx.hand.what} (the same executions, up to Remove Duplicates)`,
						hand,
						0,
						handNote,
					)
				: undefined,
			cellOf('limit', what, measured(bare), warmups),
		];
		for (const message of [false, true]) {
			const [ours, handBuilt, bare] = message
				? cells(
						s.oursMessage,
						s.handMessage,
						s.limitMessage,
						'axios: the same list pages + message requests, 4 at a time',
						true,
					)
				: cells(s.ours, s.hand, s.limit, 'axios: the same list pages', false);
			results.push({
				id: `arrivals-${message ? 'message' : 'plain'}`,
				scenario: 2,
				title: `2. Arrivals: ${count.toLocaleString('en-US')} new over ${history.toLocaleString('en-US')}, ${message ? 'with' : 'without'} includeMessage`,
				latencyMs,
				metrics: ['requests', 'ms'],
				ours,
				handBuilt,
				limit: bare,
				notes: handBuilt
					? []
					: [
							`hand-built not run at ${latencyMs} ms (one execution ≈ ${((pollers.handIdleMs.get(latencyMs) ?? 0) / 1000).toFixed(0)} s): it reads the whole list like its idle poll at ${latencyMs} ms above (${(pollers.handIdleMs.get(latencyMs) ?? 0).toLocaleString('en-US', { maximumFractionDigits: 0 })} ms, ${(history / 100).toLocaleString('en-US')} requests), then Remove Duplicates${message ? ` and ${count} message requests` : ''}`,
						],
			});
		}
	}
}
