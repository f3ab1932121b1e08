/**
 * The transaction-list cursor, as pure functions. The list can be served newest or oldest first,
 * and shifts while it is read; transactions are never deleted, so `meta.total` only grows and says
 * how many unaccounted transactions there are to find. The search reads from the newest end,
 * skips what is accounted for, and stops once all are found or it passes the cutoff.
 */
import type { IDataObject } from 'n8n-workflow';

import { transactionKey } from '../transport/pagination';
import { CLOCK_SKEW_MS, newListState, type ListState } from './state';

export type ListOrder = 'newest' | 'oldest';

/** The item's createdAt in ms; NaN when unreadable (such an item is never taken for an old one). */
export const createdAtMs = (item: IDataObject): number => Date.parse(String(item.createdAt ?? ''));

/**
 * Whether a createdAt lies beyond the clock-skew tolerance ahead of `now`: such a date is
 * emitted like any other but never moves the cutoff (one transaction dated 2099 would otherwise
 * put every later one behind it, and the stored cutoff in the future).
 */
export const beyondNow = (ms: number, now: number): boolean => ms > now + CLOCK_SKEW_MS;

/** The newest of `dates` (ms) the cutoff may move to: neither unreadable (NaN) nor beyond `now`. */
export const newestTrusted = (dates: number[], now: number): number =>
	maxOf(dates.filter((ms) => !Number.isNaN(ms) && !beyondNow(ms, now)));

/** Whether the item is dated at or before `instant`: false for an unreadable date. */
export const datedBy = (item: IDataObject, instant: number): boolean =>
	createdAtMs(item) <= instant;

/** For ordering only: an unreadable date sorts as the newest. */
const sortMs = (item: IDataObject): number => {
	const ms = createdAtMs(item);
	return Number.isNaN(ms) ? Infinity : ms;
};

const idNumber = (item: IDataObject): number => Number(transactionKey(item));

/** Compares by createdAt, then id: the list's own sort key. */
export function compareTransactions(a: IDataObject, b: IDataObject): number {
	return (
		sortMs(a) - sortMs(b) ||
		idNumber(a) - idNumber(b) ||
		transactionKey(a).localeCompare(transactionKey(b)) ||
		0
	);
}

/** FNV-1a: a short, stable fingerprint of a text. */
function fingerprint(text: string): string {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++)
		hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
	return hash.toString(36);
}

/** What identifies a transaction besides its id: fields the service never changes once it is created. */
const STABLE_FIELDS = [
	'createdAt',
	'transactionType',
	'direction',
	'stream',
	'senderId',
	'receiverId',
	'businessNumber',
];

/**
 * The key a transaction is remembered by: its id, or for one without an id a fingerprint of its
 * stable fields (not its status), so it is accounted for once and never blocks or resets anything.
 */
export const itemKey = (item: IDataObject): string =>
	transactionKey(item) ||
	`~noid:${fingerprint(JSON.stringify(STABLE_FIELDS.map((field) => item[field] ?? null)))}`;

export const hasId = (item: IDataObject): boolean => transactionKey(item) !== '';

/** The largest of `values` (-Infinity for none), without spreading them onto the call stack. */
export function maxOf(values: Iterable<number>): number {
	let max = -Infinity;
	for (const value of values) if (value > max) max = value;
	return max;
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
export function* pagesFromNewest(
	order: ListOrder,
	total: number,
	pageSize: number,
): Generator<{ offset: number; limit: number }> {
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
		this.known = new Set(state.seen.map(([key]) => key));
	}

	/** Reads one page (in any order); the caller decides from `found` and `passedCutoff` whether to go on. */
	read(items: IDataObject[]): void {
		const newestFirst = [...items].sort((a, b) => compareTransactions(b, a));
		for (const item of newestFirst) {
			if (datedBy(item, this.state.cutoff)) {
				this.passedCutoff = true;
				continue;
			}
			const key = itemKey(item);
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
 * The date stored for a transaction without a readable createdAt: the latest JavaScript can
 * represent, so the cutoff never passes it. Forgotten, such a transaction would look new to a
 * later search (emitted twice, its count overshooting the list's).
 */
export const UNDATED = 8_640_000_000_000_000;

/** Seen entries for `items`: each under its key, with its date, or UNDATED. */
export function seenEntries(items: IDataObject[]): Array<[string, number]> {
	return items.map((item): [string, number] => {
		const ms = createdAtMs(item);
		return [itemKey(item), Number.isNaN(ms) ? UNDATED : ms];
	});
}

const newestDated = (items: IDataObject[], now: number): number =>
	newestTrusted(items.map(createdAtMs), now);

/**
 * Entries dated beyond `now` (undated ones, a date like 2099) are never reached by the cutoff:
 * the latest `maxSeen` of them are kept, the earliest remembered are forgotten.
 */
function capAhead(
	seen: Array<[string, number]>,
	maxSeen: number,
	now: number,
): Array<[string, number]> {
	let drop = seen.filter(([, ms]) => beyondNow(ms, now)).length - maxSeen;
	return drop > 0 ? seen.filter(([, ms]) => !(beyondNow(ms, now) && drop-- > 0)) : seen;
}

/**
 * Keeps at most `maxSeen` dated entries: the cutoff rises to the newest of those it forgets.
 * Entries dated beyond `now` stay (the cutoff never reaches them) until their date is no longer
 * ahead, at most `maxSeen` of them.
 */
function bounded(
	seen: Array<[string, number]>,
	cutoff: number,
	maxSeen: number,
	now: number,
): { cutoff: number; seen: Array<[string, number]> } {
	const dated = seen.map(([, ms]) => ms).filter((ms) => !beyondNow(ms, now));
	if (dated.length > maxSeen) {
		const sorted = dated.sort((a, b) => a - b);
		cutoff = Math.max(cutoff, sorted[sorted.length - maxSeen - 1]);
	}
	return {
		cutoff,
		seen: capAhead(
			seen.filter(([, ms]) => ms > cutoff),
			maxSeen,
			now,
		),
	};
}

/**
 * The state after a successful poll that accounted for `found`. The cutoff moves only after a
 * complete search, and never past a transaction that is still to be found.
 */
export function advance(
	state: ListState,
	found: IDataObject[],
	outcome: Outcome,
	lateWindowMs: number,
	maxSeen: number,
	now: number,
): ListState {
	const newest = Math.max(
		newestTrusted(
			state.seen.map(([, ms]) => ms),
			now,
		),
		newestDated(found, now),
	);
	const seen = [...state.seen, ...seenEntries(found)];
	if (!outcome.complete || newest === -Infinity)
		return newListState(
			state.key,
			state.total + found.length + outcome.missing,
			state.cutoff,
			capAhead(seen, maxSeen, now),
		);
	const next = bounded(seen, Math.max(state.cutoff, newest - lateWindowMs), maxSeen, now);
	return newListState(
		state.key,
		state.total + found.length + outcome.missing,
		next.cutoff,
		next.seen,
	);
}

/**
 * The baseline at activation: everything listed is accounted for, and what was read inside the
 * Late Arrival Window (newest end first) is remembered, so a transaction that becomes visible
 * later dated inside the window is still told apart from the backlog. `complete` is false when
 * paging stopped before the window's end (budget or maxSeen): the cutoff then stays at the oldest read.
 */
export function baselineState(
	key: string,
	total: number,
	items: IDataObject[],
	complete: boolean,
	lateWindowMs: number,
	maxSeen: number,
	now: number,
): ListState {
	const newest = newestDated(items, now);
	if (newest === -Infinity)
		return newListState(key, total, -1, capAhead(seenEntries(items), maxSeen, now));
	const oldestRead = -maxOf(
		items
			.map(createdAtMs)
			.filter((ms) => !Number.isNaN(ms))
			.map((ms) => -ms),
	);
	const cutoff = complete ? newest - lateWindowMs : Math.max(newest - lateWindowMs, oldestRead);
	const next = bounded(seenEntries(items), cutoff, maxSeen, now);
	return newListState(key, total, next.cutoff, next.seen);
}
