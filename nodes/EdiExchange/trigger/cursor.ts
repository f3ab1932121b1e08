/**
 * The transaction-list cursor, as pure functions. The list can be served newest or oldest first,
 * and shifts while it is read; transactions are never deleted, so `meta.total` only grows and says
 * how many unaccounted transactions there are to find. The search reads from the newest end,
 * skips what is accounted for, and stops once all are found or it passes the cutoff.
 */
import type { IDataObject } from 'n8n-workflow';

import { transactionKey } from '../transport/pagination';
import type { ListState } from './state';

export type ListOrder = 'newest' | 'oldest';

export const createdAtMs = (item: IDataObject): number => {
	const ms = Date.parse(String(item.createdAt ?? ''));
	// A transaction without a readable date is never taken for an old one.
	return Number.isFinite(ms) ? ms : Number.MAX_SAFE_INTEGER;
};

const idNumber = (item: IDataObject): number => Number(transactionKey(item));

/** Compares by createdAt, then id: the list's own sort key. */
export function compareTransactions(a: IDataObject, b: IDataObject): number {
	return createdAtMs(a) - createdAtMs(b) || idNumber(a) - idNumber(b) || transactionKey(a).localeCompare(transactionKey(b));
}

/** Which end of the list is the newest, read off one page (a page of one cannot tell: newest). */
export function detectOrder(items: IDataObject[]): ListOrder {
	for (let i = 1; i < items.length; i++) {
		const c = compareTransactions(items[i - 1], items[i]);
		if (c !== 0) return c > 0 ? 'newest' : 'oldest';
	}
	return 'newest';
}

/** The offsets and limits that read a list of `total` from its newest end, `pageSize` at a time. */
export function* pagesFromNewest(order: ListOrder, total: number, pageSize: number): Generator<{ offset: number; limit: number }> {
	if (order === 'newest') {
		for (let offset = 0; offset < total; offset += pageSize) yield { offset, limit: pageSize };
		return;
	}
	for (let end = total; end > 0; end -= pageSize) {
		const offset = Math.max(0, end - pageSize);
		yield { offset, limit: end - offset };
	}
}

/** Collects unaccounted transactions from pages read newest end first. */
export class Search {
	readonly found: IDataObject[] = [];

	/** Set once an item at or before the cutoff was read: everything further is accounted for. */
	passedCutoff = false;

	private readonly known: Set<string>;

	constructor(private readonly state: ListState) {
		this.known = new Set(state.seen.map(([id]) => id));
	}

	/** Reads one page (in any order) and reports whether the search may go on. */
	read(items: IDataObject[]): void {
		const newestFirst = [...items].sort((a, b) => compareTransactions(b, a));
		for (const item of newestFirst) {
			if (createdAtMs(item) <= this.state.cutoff) {
				this.passedCutoff = true;
				continue;
			}
			const key = transactionKey(item);
			if (this.known.has(key)) continue;
			this.known.add(key);
			this.found.push(item);
		}
	}
}

export interface Outcome {
	/** Transactions accounted for by this poll that were not found (late beyond the cutoff). */
	missing: number;
	/** Whether every unaccounted transaction was found or given up on: the cutoff may move. */
	complete: boolean;
}

/**
 * The state after a successful poll that accounted for `found`. The cutoff moves only after a
 * complete search, and never past a transaction that is still to be found.
 */
export function advance(state: ListState, found: IDataObject[], outcome: Outcome, lateWindowMs: number, maxSeen: number): ListState {
	const seen: Array<[string, number]> = [...state.seen, ...found.map((item): [string, number] => [transactionKey(item), createdAtMs(item)])];
	let cutoff = state.cutoff;
	if (outcome.complete && seen.length) {
		const newest = Math.max(...seen.map(([, ms]) => ms));
		cutoff = Math.max(cutoff, newest - lateWindowMs);
		// Bounded bookkeeping: past maxSeen, the oldest entries go and the cutoff rises to them.
		const sorted = seen.map(([, ms]) => ms).sort((a, b) => a - b);
		if (sorted.length > maxSeen) cutoff = Math.max(cutoff, sorted[sorted.length - maxSeen - 1]);
	}
	return {
		...state,
		total: state.total + found.length + outcome.missing,
		cutoff,
		seen: seen.filter(([, ms]) => ms > cutoff),
	};
}
