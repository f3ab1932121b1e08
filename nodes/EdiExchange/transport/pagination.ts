/**
 * Reads the transaction list: one page, or many in parallel rounds pinned to the list as it was at
 * the first page (see listSnapshot.ts). Tolerates what the service may do beyond the contract: a
 * bare array instead of the envelope, string ids, a missing meta; refuses a body that is no list.
 */
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { ListSnapshot } from './listSnapshot';
import type { ExpectedBody, ServiceClient } from './client';

export { transactionKey } from './listSnapshot';

/** The service's largest page (contract: limit 1–100). */
export const PAGE_SIZE = 100;
/** Pages requested at once after the first, fewer when the rate limit runs low. */
export const PAGE_CONCURRENCY = 5;
/** Rounds in a row that may read nothing new before the read gives up (the list outruns it). */
const MAX_IDLE_ROUNDS = 3;

export interface TransactionPage {
	items: IDataObject[];
	/** meta.total when the service reports it. */
	total?: number;
	/** x-ratelimit-remaining when the service reports it. */
	remaining?: number;
}

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** The page in a list body (the envelope or a bare array of objects); undefined when it is none. */
export function readTransactionPage(body: unknown): TransactionPage | undefined {
	const items = Array.isArray(body) ? body : isObject(body) ? body.items : undefined;
	if (!Array.isArray(items) || !items.every(isObject)) return undefined;
	const total = Number(isObject(body) && isObject(body.meta) ? body.meta.total : undefined);
	return { items, total: Number.isFinite(total) && total >= 0 ? total : undefined };
}

/** An HTML page, cut-off JSON, an empty body, `null` or `{}` is an error, never an empty list. */
const TRANSACTION_LIST: ExpectedBody = {
	what: 'the transaction list',
	matches: (body) => readTransactionPage(body) !== undefined,
};

export interface ListFilters {
	stream?: string;
	direction?: string;
}

export async function fetchTransactionPage(
	client: ServiceClient,
	filters: ListFilters,
	offset: number,
	limit: number,
	itemIndex?: number,
): Promise<TransactionPage> {
	const qs: IDataObject = { limit, offset };
	if (filters.stream) qs.stream = filters.stream;
	if (filters.direction) qs.direction = filters.direction;
	const { body, headers } = await client.send({
		route: 'listTransactions',
		qs,
		itemIndex,
		expect: TRANSACTION_LIST,
	});
	const page = readTransactionPage(body)!;
	const remaining = Number(headers['x-ratelimit-remaining']);
	if (headers['x-ratelimit-remaining'] !== undefined && Number.isFinite(remaining))
		page.remaining = remaining;
	return page;
}

/**
 * Collects transactions that pass `keep` until `wanted` of them are found (Infinity: all) or the
 * list ends: each transaction that existed at the first page once, in list order, whatever
 * arrives meanwhile. After the first page, up to PAGE_CONCURRENCY pages are fetched at once.
 */
export async function collectTransactions(
	client: ServiceClient,
	filters: ListFilters,
	wanted: number,
	keep?: (item: IDataObject) => boolean,
	itemIndex?: number,
): Promise<IDataObject[]> {
	// Without a client-side filter, ask for no more than is wanted.
	const firstLimit = keep ? PAGE_SIZE : Math.min(PAGE_SIZE, wanted);
	const first = await fetchTransactionPage(client, filters, 0, firstLimit, itemIndex);
	// A total below what the first page holds is not believed: the list is read as if it had none.
	if (first.total !== undefined && first.total < first.items.length) first.total = undefined;
	const list = new ListSnapshot(first.total);
	list.add({ offset: 0, limit: firstLimit, ...first });

	const found: IDataObject[] = [];
	let scanned = 0;
	let remaining = first.remaining;
	let requests = 1;
	for (let idle = 0; ;) {
		const before = list.prefix;
		const target = keep ? list.end : Math.min(list.end, wanted);
		for (const item of list.itemsBetween(scanned, Math.min(before, target)))
			if (!keep || keep(item)) found.push(item);
		scanned = Math.min(before, target);
		if (scanned >= target || found.length >= wanted) break;

		// Without a total the list's end is unknown: one page at a time, as far as it goes.
		const width =
			first.total === undefined
				? 1
				: Math.max(1, Math.min(PAGE_CONCURRENCY, remaining ?? PAGE_CONCURRENCY));
		const round = list.nextRequests(keep ? Infinity : target, width, PAGE_SIZE);
		const pages = await Promise.all(
			round.map(async (r) => ({
				...r,
				...(await fetchTransactionPage(client, filters, r.offset, r.limit, itemIndex)),
			})),
		);
		requests += pages.length;
		remaining = pages.reduce<number | undefined>(
			(low, page) =>
				page.remaining === undefined ? low : Math.min(low ?? Infinity, page.remaining),
			undefined,
		);
		const fits = pages.map((page) => list.add(page)).every(Boolean);
		if (!fits && !list.tryOtherGrowth())
			throw offsetIgnored(client.node, list, requests, itemIndex);
		idle = list.prefix > before ? 0 : idle + 1;
		if (idle >= MAX_IDLE_ROUNDS) throw listOutran(client.node, requests, itemIndex);
	}
	// No copy when nothing is cut: a Return All's array is as large as its output.
	if (found.length > wanted) found.length = wanted;
	return found;
}

function offsetIgnored(
	node: INode,
	list: ListSnapshot,
	requests: number,
	itemIndex?: number,
): NodeApiError {
	const { offset = 0, keys = [] } = list.inconsistency ?? {};
	return new NodeApiError(node, { message: 'the list does not page by offset' } as JsonObject, {
		message: `The service’s transaction list does not page: the page at offset ${offset} repeated transactions already read at other offsets (${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''})`,
		description: `Get Many stopped after ${requests} requests rather than output some transactions twice or miss others. The service seems to ignore the offset parameter: check that the credential’s Base URL is the EDI Exchange API itself (a proxy may drop query parameters). A Limit of at most ${PAGE_SIZE} needs one page only.`,
		itemIndex,
	});
}

function listOutran(node: INode, requests: number, itemIndex?: number): NodeApiError {
	return new NodeApiError(
		node,
		{ message: 'the list moved faster than it could be read' } as JsonObject,
		{
			message: `The transaction list changed faster than it could be read: ${MAX_IDLE_ROUNDS} rounds of pages in a row brought nothing new`,
			description: `Get Many stopped after ${requests} requests. Run it again, or filter by Stream and Direction to read a smaller list.`,
			itemIndex,
		},
	);
}
