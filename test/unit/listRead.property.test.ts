/**
 * Model-based test of Get Many's list read (fast-check, seeded): readList over a simulated list in
 * process, no HTTP. Before each page is served, transactions may be inserted at random places (the
 * newest end, the oldest end, both, or anywhere: late-visible ones land in the middle); concurrent
 * pages are served in a random order; concurrency 1–5, random Limits, with and without a type
 * filter. The guarantee checked on every run: no transaction twice; every transaction present when
 * the first page was served that the read covers is output (Return All: all of them; a Limit:
 * exactly that many when the list held as many, all present ones up to the last output); output in
 * list order. Past what the read can follow (hundreds inserted before each page), it may instead
 * give up saying the list outran it, never anything else. `FUZZ_RUNS` raises the number of runs (`FUZZ_RUNS=20000 npx jest listRead`),
 * `FUZZ_SEED` replays another seed.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import {
	readList,
	type FetchedPage,
	type ListUnreadable,
} from '../../nodes/EdiExchange/transport/listRead';
import { mulberry32 as random } from '../../sandbox/faults';
import { fuzz } from '../fuzz';

/** Runs at the default size (CI); FUZZ_RUNS overrides. */
export const DEFAULT_RUNS = 1_000;

const TYPES = ['850', '855', '810'];

type Where = 'front' | 'back' | 'ends' | 'anywhere';

interface Scenario {
	size: number;
	where: Where;
	/** Most transactions inserted before one page is served. */
	burst: number;
	/** Share of page serves that come with arrivals. */
	rate: number;
	concurrency: number;
	wanted: number;
	types?: string[];
	seed: number;
}

/** The simulated service: a list that only grows, pages served one at a time in a random order. */
function simulate(s: Scenario) {
	const rand = random(s.seed);
	let nextId = 1;
	const make = (): IDataObject => ({ id: nextId++, transactionType: TYPES[nextId % 3] });
	const list: IDataObject[] = Array.from({ length: s.size }, make);
	let atStart: IDataObject[] | undefined;
	const waiting: Array<{ offset: number; limit: number; resolve: (page: FetchedPage) => void }> =
		[];

	const arrive = () => {
		if (rand() >= s.rate) return;
		const count = 1 + Math.floor(rand() * s.burst);
		for (let i = 0; i < count; i++) {
			const where = s.where === 'ends' ? (rand() < 0.5 ? 'front' : 'back') : (s.where as Where);
			const at =
				where === 'front'
					? 0
					: where === 'back'
						? list.length
						: Math.floor(rand() * (list.length + 1));
			list.splice(at, 0, make());
		}
	};
	const serveOne = () => {
		const request = waiting.splice(Math.floor(rand() * waiting.length), 1)[0];
		arrive();
		atStart ??= [...list];
		const items = list.slice(request.offset, request.offset + request.limit);
		request.resolve({ items, total: list.length, remaining: 1_000 });
		if (waiting.length) queueMicrotask(serveOne);
	};
	const fetchPage = (offset: number, limit: number) =>
		new Promise<FetchedPage>((resolve) => {
			// Every request of a round is queued before the first is served: the order is the dice's.
			if (waiting.push({ offset, limit, resolve }) === 1) queueMicrotask(serveOne);
		});
	return { list, fetchPage, atStart: () => atStart ?? [] };
}

const SCENARIO: fc.Arbitrary<Scenario> = fc.record({
	size: fc.oneof(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 1_200 })),
	where: fc.constantFrom<Where>('front', 'back', 'ends', 'anywhere'),
	burst: fc.integer({ min: 1, max: 12 }),
	rate: fc.constantFrom(0, 0.3, 1),
	concurrency: fc.integer({ min: 1, max: 5 }),
	wanted: fc.oneof(fc.constant(Infinity), fc.integer({ min: 1, max: 700 })),
	types: fc.option(fc.subarray(TYPES, { minLength: 1 }), { nil: undefined }),
	seed: fc.integer(),
});

/** Reads the simulated list and checks the guarantee; returns the error instead if the read gave up. */
async function readAndCheck(s: Scenario): Promise<ListUnreadable | undefined> {
	const service = simulate(s);
	const keep = s.types
		? (item: IDataObject) => s.types!.includes(String(item.transactionType))
		: undefined;
	let unreadable: ListUnreadable | undefined;
	const output = await readList(
		service.fetchPage,
		(why) => {
			unreadable = why;
			return new Error(why.reason);
		},
		s.wanted,
		keep,
		s.concurrency,
	).catch((error: Error) => {
		if (!unreadable) throw error;
		return undefined;
	});
	if (!output) return unreadable;

	const ids = output.map((item) => item.id as number);
	expect(new Set(ids).size).toBe(ids.length);
	if (keep) expect(output.every(keep)).toBe(true);
	// In list order, and each one a transaction of the list.
	const place = new Map<unknown, number>(service.list.map((item, i) => [item.id, i]));
	const places = ids.map((id) => place.get(id)!);
	expect(places.every((p, i) => p !== undefined && (i === 0 || p > places[i - 1]))).toBe(true);

	const present = service.atStart().filter((item) => !keep || keep(item));
	const out = new Set<unknown>(ids);
	if (s.wanted === Infinity) {
		expect(present.filter((item) => !out.has(item.id))).toEqual([]);
		return undefined;
	}
	if (present.length >= s.wanted) expect(output).toHaveLength(s.wanted);
	else expect(output.length).toBeLessThanOrEqual(s.wanted);
	// Every one present at the start up to the last output is output: none skipped.
	const last = places.at(-1) ?? -1;
	expect(present.filter((item) => place.get(item.id)! <= last && !out.has(item.id))).toEqual([]);
	if (!keep && present.length) expect(ids[0]).toBe(present[0].id);
	return undefined;
}

test('every transaction present at the first page is output once, none twice, exact Limits, arrivals anywhere', async () => {
	await fc.assert(
		fc.asyncProperty(SCENARIO, async (s) => {
			expect(await readAndCheck(s)).toBeUndefined();
		}),
		{ seed: 22, ...fuzz(DEFAULT_RUNS) },
	);
});

test('a list that grows faster than the read can follow: the guarantee holds, or the read says the list outran it (never "does not page")', async () => {
	const flood = SCENARIO.chain((s) =>
		fc
			.record({ burst: fc.integer({ min: 50, max: 400 }) })
			.map((more) => ({ ...s, ...more, rate: 1 })),
	);
	await fc.assert(
		fc.asyncProperty(flood, async (s) => {
			const unreadable = await readAndCheck(s);
			if (unreadable) expect(unreadable.reason).toBe('outran');
		}),
		{ seed: 22, ...fuzz(DEFAULT_RUNS / 5) },
	);
});
