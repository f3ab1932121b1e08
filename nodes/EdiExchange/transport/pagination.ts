/**
 * Reads the transaction list: one page, or many in parallel rounds joined into one chain from the
 * first page's first item on (see listRead.ts and listSnapshot.ts). Tolerates what the service may do beyond the contract: a
 * bare array instead of the envelope, string ids, a missing meta; refuses a body that is no list.
 */
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ExpectedBody, ServiceClient } from './client';
import { asNodeError } from './errors';
import {
	filterQuery,
	passesRefused,
	refusedFilterOf,
	type ListFilters,
	type RefusableFilter,
} from './listFilters';
import {
	MAX_IDLE_ROUNDS,
	PAGE_CONCURRENCY,
	PAGE_SIZE,
	readList,
	type FetchedPage,
	type ListUnreadable,
} from './listRead';

export { transactionKey } from './listSnapshot';

export { PAGE_CONCURRENCY, PAGE_SIZE } from './listRead';

export type TransactionPage = FetchedPage;

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

export type { ListFilters } from './listFilters';

export async function fetchTransactionPage(
	client: ServiceClient,
	filters: ListFilters,
	offset: number,
	limit: number,
	itemIndex?: number,
): Promise<TransactionPage> {
	const qs: IDataObject = { limit, offset, ...filterQuery(filters, client.refusedFilters) };
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
 * list ends: each transaction present at the first page once, in list order, whatever arrives
 * meanwhile and wherever. After the first page, up to PAGE_CONCURRENCY pages are fetched at once.
 * A filter the service refuses (400 naming it) is applied here instead, `onRefused` told once.
 */
export async function collectTransactions(
	client: ServiceClient,
	filters: ListFilters,
	wanted: number,
	keep?: (item: IDataObject) => boolean,
	itemIndex?: number,
	onRefused?: (name: RefusableFilter) => void,
): Promise<IDataObject[]> {
	const refused = client.refusedFilters;
	for (;;) {
		const local = [...refused].some((name) => name in filters);
		const kept =
			keep || local
				? (item: IDataObject) =>
						(!keep || keep(item)) && (!local || passesRefused(item, filters, refused))
				: undefined;
		try {
			return await readList(
				async (offset, limit) =>
					await fetchTransactionPage(client, filters, offset, limit, itemIndex),
				(why) =>
					why.reason === 'offsetIgnored'
						? offsetIgnored(client.node, why, itemIndex)
						: listOutran(client.node, why, itemIndex),
				wanted,
				kept,
			);
		} catch (error) {
			const name = refusedFilterOf(error, filters, refused);
			if (!name) throw asNodeError(client.node, error);
			refused.add(name);
			onRefused?.(name);
		}
	}
}

const listKeys = (keys: string[]) =>
	`${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}`;

function offsetIgnored(
	node: INode,
	{ inconsistency, requests }: ListUnreadable,
	itemIndex?: number,
): NodeApiError {
	const { kind = 'repeated', offset = 0, keys = [] } = inconsistency ?? {};
	const what =
		kind === 'repeated'
			? `the page at offset ${offset} repeated transactions already read at other offsets (${listKeys(keys)})`
			: `the page at offset ${offset} lacked transaction ${listKeys(keys)}, which it must hold if the list only grows`;
	return new NodeApiError(node, { message: 'the list does not page by offset' } as JsonObject, {
		message: `The service’s transaction list does not page: ${what}`,
		description: `Get Many stopped after ${requests} requests rather than output some transactions twice or miss others. Transactions arriving while it reads do not cause this; the service seems to ignore the offset parameter: check that the credential’s Base URL is the EDI Exchange API itself (a proxy may drop query parameters). A Limit of at most ${PAGE_SIZE} needs one page only.`,
		itemIndex,
	});
}

function listOutran(
	node: INode,
	{ requests, growth }: ListUnreadable,
	itemIndex?: number,
): NodeApiError {
	return new NodeApiError(
		node,
		{ message: 'the list moved faster than it could be read' } as JsonObject,
		{
			message: `The transaction list changed faster than it could be read: it grew by ${growth} transactions during the read, and ${MAX_IDLE_ROUNDS} rounds of ${PAGE_CONCURRENCY} pages in a row could not find where the last transaction read had moved to`,
			description: `Get Many stopped after ${requests} requests rather than output some transactions twice or miss others. Run it again when fewer transactions arrive, or filter by Stream and Direction to read a smaller list.`,
			itemIndex,
		},
	);
}
