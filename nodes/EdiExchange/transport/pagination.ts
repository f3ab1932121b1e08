/**
 * Reads the transaction list page by page. Tolerates what the service may do beyond the contract:
 * a bare array instead of the envelope, string ids, a missing meta.
 */
import type { IDataObject } from 'n8n-workflow';

import { serviceRequest, type ServiceContext } from './request';

/** The service's largest page (contract: limit 1–100). */
export const PAGE_SIZE = 100;

export interface TransactionPage {
	items: IDataObject[];
	/** meta.total when the service reports it. */
	total?: number;
}

export function readTransactionPage(body: unknown): TransactionPage {
	if (Array.isArray(body)) return { items: body as IDataObject[] };
	const envelope = (body ?? {}) as { items?: unknown; meta?: { total?: unknown } };
	const items = Array.isArray(envelope.items) ? (envelope.items as IDataObject[]) : [];
	const total = Number(envelope.meta?.total);
	return { items, total: Number.isFinite(total) ? total : undefined };
}

export interface ListFilters {
	stream?: string;
	direction?: string;
}

export async function fetchTransactionPage(
	this: ServiceContext,
	filters: ListFilters,
	offset: number,
	limit: number,
	itemIndex?: number,
	/** See ServiceCall.deadline. */
	deadline?: number,
): Promise<TransactionPage> {
	const qs: IDataObject = { limit, offset };
	if (filters.stream) qs.stream = filters.stream;
	if (filters.direction) qs.direction = filters.direction;
	const { body } = await serviceRequest.call(this, { route: 'listTransactions', qs, itemIndex, deadline });
	return readTransactionPage(body);
}

/** A transaction's id as a stable key, whether the service sends it as a number or a string. */
export const transactionKey = (item: IDataObject): string => String(item.id ?? item.transactionId ?? '');

/**
 * Collects transactions that pass `keep` until `wanted` of them are found (Infinity: all) or the
 * list ends. Items that shift to a later page while paging (new arrivals at the front) are
 * output once.
 */
export async function collectTransactions(
	this: ServiceContext,
	filters: ListFilters,
	wanted: number,
	keep?: (item: IDataObject) => boolean,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const seen = new Set<string>();
	const found: IDataObject[] = [];
	for (let offset = 0; found.length < wanted; ) {
		// Without a client-side filter, ask for no more than is still wanted.
		const limit = keep ? PAGE_SIZE : Math.min(PAGE_SIZE, wanted - found.length);
		const page = await fetchTransactionPage.call(this, filters, offset, limit, itemIndex);
		offset += limit;
		const before = seen.size;
		for (const item of page.items) {
			const key = transactionKey(item);
			if (seen.has(key)) continue;
			seen.add(key);
			if ((!keep || keep(item)) && found.length < wanted) found.push(item);
		}
		// Without meta.total, a page with nothing new means the service ignores offset: stop there.
		const ended = page.total === undefined ? page.items.length < limit || seen.size === before : offset >= page.total;
		if (ended || page.items.length === 0) break;
	}
	return found;
}
