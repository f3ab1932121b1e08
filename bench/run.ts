/**
 * npm run bench [-- --quick] [-- --reimplementation] [-- --only=1,3]
 *
 * Runs every scenario against the sandbox on 127.0.0.1 (in-process), our nodes driven through
 * n8n's engine (the test harness over the compiled dist/), next to the hand-built n8n workflow and
 * the bare axios limit, at 0 ms and 20 ms sandbox latency; prints one table of medians and writes
 * bench/results/latest.json (or latest-quick.json with --quick).
 */
import './lib/env';

import { mkdirSync, writeFileSync } from 'fs';
import { cpus, totalmem } from 'os';
import { join } from 'path';
import { performance } from 'perf_hooks';

import type { Context, Plan, ScenarioResult } from './lib/context';
import { handBuilt, HISTORY_SIZE } from './lib/handBuilt';
import { Limit } from './lib/limit';
import { startBenchSandbox } from './lib/sandbox';
import { evaluateTargets, renderTable, type Machine } from './report';
import { createScenarios, returnAllScenarios } from './scenarios/actions';
import { createUnderPressure } from './scenarios/createUnderPressure';
import { inventoryFeed } from './scenarios/inventoryFeed';
import { limitUnderArrivals } from './scenarios/limitUnderArrivals';
import { orderToCash } from './scenarios/orderToCash';
import { outcomes } from './scenarios/outcomes';
import { arrivals, idlePolls } from './scenarios/polling';

const FULL: Plan = {
	quick: false,
	runs: 5,
	warmups: 1,
	cellBudgetMs: 30_000,
	minRuns: 1,
	idleSizes: [1_000, 10_000, 100_000],
	arrivals: { history: 100_000, count: 1_000 },
	returnAllSizes: [10_000, 100_000],
	returnAllSizesWithLatency: [10_000, 100_000],
	creates: 1_000,
	createsWithLatency: 100,
	limitUnderArrivals: { limit: 250, history: 10_000, perSecond: 200 },
	rateLimited: { creates: 150, requests: 100, windowSeconds: 10 },
	inventoryRows: 10_000,
	outcomes: { sent: 10_000, overdue: 40 },
	latencies: [0, 20],
};

const QUICK: Plan = {
	...FULL,
	quick: true,
	runs: 3,
	cellBudgetMs: 3_000,
	idleSizes: [500, 2_000],
	arrivals: { history: 2_000, count: 100 },
	returnAllSizes: [2_000],
	returnAllSizesWithLatency: [2_000],
	creates: 200,
	createsWithLatency: 20,
	limitUnderArrivals: { limit: 250, history: 2_000, perSecond: 200 },
	rateLimited: { creates: 30, requests: 20, windowSeconds: 2 },
	inventoryRows: 2_000,
	outcomes: { sent: 2_000, overdue: 20 },
};

function machine(): Machine {
	const cpu = cpus();
	return {
		cpu: cpu[0]?.model.trim() ?? 'unknown CPU',
		cores: cpu.length,
		memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
		node: process.version,
		platform: `${process.platform}-${process.arch}`,
	};
}

async function main(): Promise<void> {
	const args = process.argv.slice(2);
	const plan = args.includes('--quick') ? QUICK : FULL;
	const onlyArg = args.find((arg) => arg.startsWith('--only='));
	const only = onlyArg
		? onlyArg.slice('--only='.length).split(',').map(Number)
		: [1, 2, 3, 4, 5, 6, 7];
	const started = performance.now();
	const log = (message: string) =>
		process.stderr.write(
			`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`,
		);

	const sb = await startBenchSandbox();
	const hand = handBuilt(sb.credentials, {
		forceReimplementation: args.includes('--reimplementation'),
	});
	log(`hand-built baseline: ${hand.what}${hand.loadError ? ` — ${hand.loadError}` : ''}`);
	const ctx: Context = { sb, hand, limit: new Limit(sb.credentials), plan, latencyMs: 0, log };
	const results: ScenarioResult[] = [];
	try {
		if (only.includes(1) || only.includes(2)) {
			const sizes = [
				...new Set([...plan.idleSizes, ...(only.includes(2) ? [plan.arrivals.history] : [])]),
			].sort((a, b) => a - b);
			for (const size of sizes) {
				log(`scenario 1: idle poll over ${size}`);
				const pollers = await idlePolls(ctx, size, only.includes(1) ? results : []);
				if (only.includes(2) && size === plan.arrivals.history) {
					log(`scenario 2: arrivals over ${size}`);
					await arrivals(ctx, size, pollers, results);
				}
			}
		}
		if (only.includes(3)) {
			log('scenario 3: Get Many, Return All');
			await returnAllScenarios(ctx, results);
			log('scenario 3: Get Many, Limit under arrivals');
			await limitUnderArrivals(ctx, results);
		}
		if (only.includes(4)) {
			log('scenario 4: Create');
			await createScenarios(ctx, results);
			log('scenario 4: Create under a rate limit and under faults');
			await createUnderPressure(ctx, results);
		}
		if (only.includes(5)) {
			log('scenario 5: order to cash');
			await orderToCash(ctx, results);
		}
		if (only.includes(6)) {
			log('scenario 6: inventory feed');
			await inventoryFeed(ctx, results);
		}
		if (only.includes(7)) {
			log('scenario 7: outcomes of sent documents');
			await outcomes(ctx, results);
		}
	} finally {
		await sb.stop();
	}

	const durationS = (performance.now() - started) / 1000;
	const targets = evaluateTargets(results);
	const info = machine();
	const header = [
		`Run: ${plan.quick ? 'quick' : 'full'}, ${new Date().toISOString()}, ${durationS.toFixed(0)} s; medians of ${plan.runs} runs after ${plan.warmups} warm-up (at 20 ms the 0 ms runs of the same cell were the warm-up; fewer runs where noted); sandbox in-process on 127.0.0.1, latency per request 0 / 20 ms.`,
		`ours = this package's compiled nodes through n8n-core ${require('n8n-core/package.json').version} (WorkflowExecute / PollContext); hand-built = ${hand.what}${hand.real ? `, Remove Duplicates history size ${HISTORY_SIZE.toLocaleString('en-US')}, its store in memory` : ''}; limit = bare axios ${require('axios/package.json').version} loop sending the requests our node sends.`,
		'ms = wall time of one poll / run; peak heap = sampled used-heap growth over a GC’d baseline (bench/README.md); ratios: hand÷ours and ours÷limit of the same figure.',
	];
	const table = renderTable(results, targets, info, header);
	process.stdout.write(`\n${table}\n`);

	const dir = join(__dirname, 'results');
	mkdirSync(dir, { recursive: true });
	const file = join(dir, plan.quick ? 'latest-quick.json' : 'latest.json');
	writeFileSync(
		file,
		`${JSON.stringify({ machine: info, finishedAt: new Date().toISOString(), durationSeconds: Math.round(durationS), plan, handBuilt: { what: hand.what, real: hand.real, loadError: hand.loadError }, results, targets, table }, null, 2)}\n`,
	);
	log(`wrote ${file}`);
}

main().catch((error) => {
	process.stderr.write(`bench failed: ${(error as Error).stack ?? error}\n`);
	process.exit(1);
});
