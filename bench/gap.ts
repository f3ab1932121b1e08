/**
 * npm run bench:gap [-- --runs=7]: only the 0 ms rows where our node is measured against the bare
 * axios loop (Return All over 10,000 and 100,000, Create 1,000), ours and the loop alternating run
 * by run so that load from elsewhere on the machine falls on both alike. A third column runs the
 * same loop opening a new connection per request, as n8n's request helper does (it builds a new
 * http.Agent for every request): the part of the gap a node cannot close. About two minutes;
 * prints medians and ratios. The full table (npm run bench) stays the reference.
 */
import './lib/env';

import { runNode } from '../harness';
import { acknowledgment, ENVELOPE, SEND_ANYWAY } from './scenarios/actions';
import { Limit } from './lib/limit';
import { median } from './lib/measure';
import { isoSecondsAgo, startBenchSandbox } from './lib/sandbox';

const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
const RUNS = runsArg ? Number(runsArg.slice('--runs='.length)) : 7;
const CREATES = 1000;

async function time(run: () => Promise<unknown>): Promise<number> {
	const start = performance.now();
	await run();
	return performance.now() - start;
}

async function main(): Promise<void> {
	const sb = await startBenchSandbox();
	const limits = [new Limit(sb.credentials), new Limit(sb.credentials, { newConnections: true })];
	const rows: Array<{ row: string; ours: number; loop: number; fresh: number }> = [];
	/** Warm-up once each, then RUNS alternating rounds. */
	const compare = async (
		row: string,
		ours: () => Promise<void>,
		loop: (limit: Limit) => Promise<void>,
	) => {
		const runs = [ours, () => loop(limits[0]), () => loop(limits[1])];
		for (const run of runs) await run();
		const samples: number[][] = runs.map(() => []);
		for (let i = 0; i < RUNS; i++)
			for (const [j, run] of runs.entries()) samples[j].push(await time(run));
		const [o, l, f] = samples.map(median);
		rows.push({ row, ours: o, loop: l, fresh: f });
		process.stderr.write(`${row}: done\n`);
	};
	const expect = (what: string, got: number, wanted: number) => {
		if (got !== wanted) throw new Error(`${what}: ${got} items, expected ${wanted}`);
	};
	try {
		for (const size of [10_000, 100_000]) {
			await sb.reset();
			await sb.insert({ count: size, createdAt: isoSecondsAgo(3600) });
			await compare(
				`Return All over ${size.toLocaleString('en-US')}`,
				async () => {
					const result = await runNode({
						credentials: sb.credentials,
						parameters: { resource: 'transaction', operation: 'getMany', returnAll: true },
					});
					if (result.error) throw result.error;
					expect('ours', result.items.length, size);
				},
				async (limit) => expect('loop', (await limit.listAll()).length, size),
			);
		}
		await sb.reset();
		const messages = Array.from({ length: CREATES }, (_, i) => acknowledgment(i + 1));
		await compare(
			`Create ${CREATES.toLocaleString('en-US')}`,
			async () => {
				const result = await runNode({
					credentials: sb.credentials,
					input: messages.map((message) => ({ message })),
					// The same documents every run, as the loop sends them: no already-sent lookup.
					parameters: SEND_ANYWAY,
				});
				if (result.error) throw result.error;
				expect('ours', result.items.length, CREATES);
			},
			async (limit) =>
				expect(
					'loop',
					(await limit.createEach(messages.map((message) => ({ ...ENVELOPE, message })))).length,
					CREATES,
				),
		);
	} finally {
		await sb.stop();
	}
	process.stdout.write(`\n0 ms, medians of ${RUNS} alternating runs after 1 warm-up\n`);
	process.stdout.write(
		'| Row | ours ms | loop ms | ours÷loop | loop, new connection per request, ms | ours÷that |\n|---|---:|---:|---:|---:|---:|\n',
	);
	for (const { row, ours, loop, fresh } of rows)
		process.stdout.write(
			`| ${row} | ${ours.toFixed(0)} | ${loop.toFixed(0)} | ${(ours / loop).toFixed(2)}× | ${fresh.toFixed(0)} | ${(ours / fresh).toFixed(2)}× |\n`,
		);
}

main().catch((error) => {
	process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
	process.exitCode = 1;
});
