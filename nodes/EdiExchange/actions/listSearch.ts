/** "From List" of the Transaction resource locator: recent transactions, newest first, searchable. */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { typeLabel } from '../documents/registry';
import { typeCodeOf } from '../shared/typeCode';
import { ServiceClient } from '../transport/client';
import { fetchTransactionPage, PAGE_SIZE, transactionKey } from '../transport/pagination';

/** A search reads at most this many pages for one answer; scrolling down asks for the next ones. */
const PAGES_PER_SEARCH = 5;
/** Enough matches to fill the list: stop reading pages. */
const ENOUGH = 20;

/** "1042 · 850 Purchase Order · inbound · PO-1042 · test · 2026-11-22 10:30" */
function entry(item: IDataObject): INodeListSearchItems {
	const created =
		typeof item.createdAt === 'string' ? item.createdAt.slice(0, 16).replace('T', ' ') : '';
	const parts = [
		transactionKey(item),
		typeLabel(typeCodeOf(item.transactionType)),
		item.direction,
		item.businessNumber,
		item.stream,
		created,
	];
	return {
		name: parts.filter((part) => part !== undefined && part !== null && part !== '').join(' · '),
		value: transactionKey(item),
	};
}

export async function searchTransactions(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const words = (filter ?? '').toLowerCase().split(/\s+/).filter(Boolean);
	const matches = (result: INodeListSearchItems) =>
		words.every((word) => result.name.toLowerCase().includes(word));
	const results: INodeListSearchItems[] = [];
	let offset = Number(paginationToken) || 0;
	const client = new ServiceClient(this);
	for (let pages = 0; pages < PAGES_PER_SEARCH; pages++) {
		const page = await fetchTransactionPage(client, {}, offset, PAGE_SIZE);
		offset += PAGE_SIZE;
		results.push(...page.items.map(entry).filter(matches));
		const more = page.total === undefined ? page.items.length === PAGE_SIZE : offset < page.total;
		if (!more) return { results };
		if (results.length >= ENOUGH) break;
	}
	return { results, paginationToken: String(offset) };
}
