/** What every scenario gets, and what it gives back. */
import type { HandBuilt } from './handBuilt';
import type { Limit } from './limit';
import type { Cell } from './measure';
import type { BenchSandbox } from './sandbox';

export interface Plan {
	quick: boolean;
	/** Measured runs per cell (after the warm-up). */
	runs: number;
	warmups: number;
	/** A slow cell gets fewer runs (at least `minRuns`) to stay within this time. */
	cellBudgetMs: number;
	minRuns: number;
	idleSizes: number[];
	arrivals: { history: number; count: number };
	returnAllSizes: number[];
	/** Return All sizes also run at 20 ms (1,000 pages × 20 ms = 20 s a run at 100,000). */
	returnAllSizesWithLatency: number[];
	creates: number;
	/** Fewer creates at 20 ms (100 at 50 at a time; the hand-built workflow sends all at once). */
	createsWithLatency: number;
	/** Get Many with a Limit while transactions arrive: the limit, the history, arrivals per second. */
	limitUnderArrivals: { limit: number; history: number; perSecond: number };
	/** Create under the sandbox's rate limit: documents, and the limit (requests per window). */
	rateLimited: { creates: number; requests: number; windowSeconds: number };
	/** Scenario 6: stock rows in the one inventory feed (846). */
	inventoryRows: number;
	/** Scenario 7: documents sent within the outcome window, and how many of them are overdue. */
	outcomes: { sent: number; overdue: number };
	latencies: number[];
}

export interface Context {
	sb: BenchSandbox;
	hand: HandBuilt;
	limit: Limit;
	plan: Plan;
	latencyMs: number;
	log(message: string): void;
}

export type Metric = 'ms' | 'requests' | 'heapMB' | 'rssMB' | 'perSecond' | 'duplicates' | 'failed';

export interface ScenarioResult {
	/** e.g. "idle-100000". */
	id: string;
	scenario: 1 | 2 | 3 | 4 | 5 | 6 | 7;
	title: string;
	latencyMs: number;
	/** Which figures the table shows for this scenario, in order. */
	metrics: Metric[];
	ours: Cell;
	handBuilt?: Cell;
	limit?: Cell;
	notes: string[];
}
