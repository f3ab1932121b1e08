/**
 * Reads the transaction list through any page fetcher: the first page, then rounds of pages in
 * parallel joined into one chain (see listSnapshot.ts). No requests of its own, so the model-based
 * test drives it over a simulated list; pagination.ts drives it over the service.
 */
import type { IDataObject } from 'n8n-workflow';

import { ListSnapshot, type Inconsistency } from './listSnapshot';

/** The service's largest page (contract: limit 1–100). */
export const PAGE_SIZE = 100;
/** Pages requested at once after the first, fewer when the rate limit runs low. */
export const PAGE_CONCURRENCY = 5;
/**
 * Rounds in a row that may add nothing to the chain (or, reading to the list's end, come no closer
 * to it) before the read gives up: the list outruns it.
 */
export const MAX_IDLE_ROUNDS = 3;

export interface FetchedPage {
	items: IDataObject[];
	/** meta.total when the service reports it. */
	total?: number;
	/** x-ratelimit-remaining when the service reports it. */
	remaining?: number;
}

export type FetchPage = (offset: number, limit: number) => Promise<FetchedPage>;

/** Why a read stopped without its answer: the service does not page, or the list outran the read. */
export interface ListUnreadable {
	reason: 'offsetIgnored' | 'outran';
	requests: number;
	inconsistency?: Inconsistency;
	/** How much the list grew during the read. */
	growth: number;
}

/**
 * Collects transactions that pass `keep` until `wanted` of them are found (Infinity: all) or the
 * list ends: each transaction present at the first page once, in list order, whatever arrives
 * meanwhile and wherever it lands. Throws the error `fail` makes when it cannot.
 */
export async function readList(
	fetchPage: FetchPage,
	fail: (why: ListUnreadable) => Error,
	wanted: number,
	keep?: (item: IDataObject) => boolean,
	concurrency = PAGE_CONCURRENCY,
): Promise<IDataObject[]> {
	// Without a client-side filter, ask for no more than is wanted.
	const firstLimit = keep ? PAGE_SIZE : Math.min(PAGE_SIZE, wanted);
	const first = await fetchPage(0, firstLimit);
	// A total below what the first page holds is not believed: the list is read as if it had none.
	if (first.total !== undefined && first.total < first.items.length) first.total = undefined;
	const list = new ListSnapshot({ offset: 0, limit: firstLimit, ...first });
	const growth = () => (list.latestTotal ?? 0) - (list.startTotal ?? 0);

	const found: IDataObject[] = [];
	let scanned = 0;
	let remaining = first.remaining;
	let requests = 1;
	const toTheEnd = keep !== undefined || wanted === Infinity;
	let closest = list.toEnd ?? Infinity;
	const unreadable = (reason: ListUnreadable['reason']) =>
		fail({ reason, requests, inconsistency: list.inconsistency, growth: growth() });
	if (list.inconsistency) throw unreadable('offsetIgnored');
	for (let idle = 0; ;) {
		const before = list.items.length;
		for (; scanned < before && found.length < wanted; scanned++)
			if (!keep || keep(list.items[scanned])) found.push(list.items[scanned]);
		if (found.length >= wanted || list.ended) break;

		// Without a total the list's end is unknown: one page at a time, as far as it goes.
		const width =
			first.total === undefined ? 1 : Math.max(1, Math.min(concurrency, remaining ?? concurrency));
		const round = list.nextRequests(keep ? Infinity : wanted, width, PAGE_SIZE);
		const pages = await Promise.all(
			round.map(async (r) => ({ ...r, ...(await fetchPage(r.offset, r.limit)) })),
		);
		requests += pages.length;
		remaining = pages.reduce<number | undefined>(
			(low, page) =>
				page.remaining === undefined ? low : Math.min(low ?? Infinity, page.remaining),
			undefined,
		);
		if (!list.add(pages)) throw unreadable('offsetIgnored');
		// Reading to the end, a round makes progress only if it comes closer to the end than ever:
		// a list growing at its end faster than the read would otherwise be chased for ever.
		const toEnd = list.toEnd;
		const closer = !toEnd || !toTheEnd || toEnd < closest;
		if (toEnd !== undefined) closest = Math.min(closest, toEnd);
		idle = (list.items.length > before && closer) || list.ended ? 0 : idle + 1;
		if (idle >= MAX_IDLE_ROUNDS) throw unreadable('outran');
	}
	// No copy when nothing is cut: a Return All's array is as large as its output.
	if (found.length > wanted) found.length = wanted;
	return found;
}
