/**
 * Timing, request counting and memory sampling of one run, and medians over runs.
 *
 * Memory method: before a measured run the heap is collected (a forced full GC, twice) and the
 * baseline taken; during the run `v8.getHeapStatistics().used_heap_size` and `process.memoryUsage.rss()`
 * are sampled every 5 ms (and once more at the end, with the run's output still referenced); the
 * figure is the peak minus the baseline. Heap growth includes garbage not yet collected, which is
 * what a process must have room for. RSS does not shrink back within a process, so RSS growth is
 * only meaningful in a fresh process: the bench measures it in a child process per approach.
 */
import { performance } from 'perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'v8';
import { runInNewContext } from 'vm';

import type { BenchSandbox } from './sandbox';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export function collectGarbage(): void {
	gc();
	gc();
}

export interface Sample {
	ms: number;
	requests: number;
	/** Items the run emitted or output. */
	items: number;
	/** Items that came out twice (Get Many under arrivals). */
	duplicates?: number;
	/** Items that failed (Create under a rate limit or injected faults). */
	failed?: number;
	/** Peak heap growth (MB). */
	heapMB?: number;
	/** Peak RSS growth (MB). */
	rssMB?: number;
}

const MB = 1024 * 1024;

export class MemorySampler {
	private heap0 = 0;
	private rss0 = 0;
	private heapPeak = 0;
	private rssPeak = 0;
	private timer?: NodeJS.Timeout;

	start(): void {
		collectGarbage();
		this.heap0 = this.heapPeak = getHeapStatistics().used_heap_size;
		this.rss0 = this.rssPeak = process.memoryUsage.rss();
		this.timer = setInterval(() => this.sample(), 5);
	}

	sample(): void {
		this.heapPeak = Math.max(this.heapPeak, getHeapStatistics().used_heap_size);
		this.rssPeak = Math.max(this.rssPeak, process.memoryUsage.rss());
	}

	stop(): { heapMB: number; rssMB: number } {
		this.sample();
		clearInterval(this.timer);
		return { heapMB: (this.heapPeak - this.heap0) / MB, rssMB: (this.rssPeak - this.rss0) / MB };
	}
}

/** One measured run: the request log cleared before, counted after; memory sampled on demand. */
/** What a run reports: the items it output, or those with the duplicates and failures among them. */
export type Outcome = number | { items: number; duplicates?: number; failed?: number };

export async function timed(
	sb: BenchSandbox,
	run: () => Promise<Outcome>,
	options: { memory?: boolean } = {},
): Promise<Sample> {
	await sb.clearRequests();
	const sampler = options.memory ? new MemorySampler() : undefined;
	sampler?.start();
	const start = performance.now();
	const outcome = await run();
	const ms = performance.now() - start;
	const memory = sampler?.stop();
	const requests = await sb.requestCount();
	return {
		ms,
		requests,
		...(typeof outcome === 'number' ? { items: outcome } : outcome),
		...(memory ? { heapMB: memory.heapMB } : {}),
	};
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export type Approach = 'ours' | 'handBuilt' | 'limit';

export interface Cell {
	approach: Approach;
	/** What ran, e.g. "n8n HTTP Request 4.2 + Split Out + Remove Duplicates 2". */
	what: string;
	runs: number;
	warmups: number;
	ms: number;
	requests: number;
	items: number;
	heapMB?: number;
	rssMB?: number;
	duplicates?: number;
	failed?: number;
	/** Derived rate (documents per second) where the scenario reports one. */
	perSecond?: number;
	samples: Sample[];
	note?: string;
}

export function cellOf(
	approach: Approach,
	what: string,
	samples: Sample[],
	warmups: number,
	note?: string,
): Cell {
	if (!samples.length) throw new Error(`no samples for ${approach}`);
	const pick = (key: keyof Sample) => {
		const values = samples.map((s) => s[key]).filter((v): v is number => typeof v === 'number');
		return values.length ? median(values) : undefined;
	};
	return {
		approach,
		what,
		runs: samples.length,
		warmups,
		ms: pick('ms')!,
		requests: pick('requests')!,
		items: pick('items')!,
		heapMB: pick('heapMB'),
		duplicates: pick('duplicates'),
		failed: pick('failed'),
		samples,
		...(note ? { note } : {}),
	};
}

/** How many measured runs fit in `budgetMs` given a warm-up that took `warmupMs` (between min and max). */
export function runsWithin(budgetMs: number, warmupMs: number, min: number, max: number): number {
	return Math.max(min, Math.min(max, Math.floor(budgetMs / Math.max(warmupMs, 1))));
}
