/**
 * Runs of the property-based tests: a short default so `npm test` stays quick, FUZZ_RUNS for long
 * runs (`FUZZ_RUNS=10000 npx jest property`); FUZZ_SEED replays a failure fast-check reported.
 * `share` scales FUZZ_RUNS for costly properties (1 MB inputs run a hundredth as often).
 */
export function fuzz(defaultRuns: number, share = 1): { numRuns: number; seed?: number } {
	const runs = Number(process.env.FUZZ_RUNS);
	const seed = Number(process.env.FUZZ_SEED);
	const numRuns =
		Number.isInteger(runs) && runs > 0 ? Math.max(1, Math.round(runs * share)) : defaultRuns;
	return process.env.FUZZ_SEED && Number.isInteger(seed) ? { numRuns, seed } : { numRuns };
}
