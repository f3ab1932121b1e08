/**
 * The transaction list as it was when a read began, rebuilt from pages fetched in any order while
 * transactions arrive. Each page reports `meta.total`; transactions are never deleted, so the
 * growth since the first page says how far the list moved: arrivals at the front (newest first)
 * shift every older item back by that much, arrivals at the back shift nothing. Each item is placed
 * at the position it had at the start; the positions read tell which offsets are still missing.
 * Pure: no requests, unit-testable.
 */
import type { IDataObject } from 'n8n-workflow';

/** Where arrivals land. The contract's newest-first list grows at the front. */
export type GrowsAt = 'front' | 'back';

export interface ListPage {
	offset: number;
	limit: number;
	items: IDataObject[];
	total?: number;
}

export interface PageRequest {
	offset: number;
	limit: number;
}

/** Why the pages read do not fit together under either way the list can grow. */
export interface Inconsistency {
	offset: number;
	keys: string[];
}

/** A transaction's id as a stable key, whether the service sends it as a number or a string. */
export const transactionKey = (item: IDataObject): string =>
	String(item.id ?? item.transactionId ?? '');

/**
 * An item's identity for comparing readings: its id as sent (no string made per item: a Return All
 * holds one per transaction), or all of it when it has none.
 */
const identity = (item: IDataObject): unknown =>
	item.id ?? item.transactionId ?? JSON.stringify(item);

/** Whether two readings are the same transaction, whether its id came as a number or a string. */
const sameTransaction = (a: IDataObject, b: IDataObject): boolean =>
	String(identity(a)) === String(identity(b));

export class ListSnapshot {
	/** Items by their position at the start (dense from 0: an array holds them in the least memory). */
	private items: IDataObject[] = [];
	/** The position of the first item read under each identity. */
	private byKey = new Map<unknown, number>();
	/** Covered position intervals [start, end), sorted and merged. */
	private covered: Array<[number, number]> = [];
	private readonly pages: ListPage[] = [];
	private growsAt: GrowsAt = 'front';
	/** The largest total seen: how far the list has moved since the first page. */
	private latestTotal: number;
	private totalAtLastRound: number;
	/** Where the list ends at the start; unknown (Infinity) until a total or a short page says. */
	end: number;
	inconsistency?: Inconsistency;

	constructor(private readonly startTotal: number | undefined) {
		this.end = startTotal ?? Infinity;
		this.latestTotal = startTotal ?? 0;
		this.totalAtLastRound = this.latestTotal;
	}

	/** Records a page. Returns false when it does not fit what was read (see `inconsistency`). */
	add(page: ListPage): boolean {
		this.pages.push(page);
		if (page.total !== undefined && page.total > this.latestTotal) this.latestTotal = page.total;
		return this.place(page);
	}

	/** After a misfit: re-reads every page under the other way of growing; false if that fails too. */
	tryOtherGrowth(): boolean {
		if (this.growsAt === 'back' || this.startTotal === undefined) return false;
		this.growsAt = 'back';
		this.items = [];
		this.byKey = new Map();
		this.covered = [];
		this.end = this.startTotal;
		this.inconsistency = undefined;
		return this.pages.every((page) => this.place(page));
	}

	/** How many positions from the start are read without a gap. */
	get prefix(): number {
		const first = this.covered[0];
		return first && first[0] <= 0 ? first[1] : 0;
	}

	/** The items at positions [from, upTo), in list order. */
	*itemsBetween(from: number, upTo: number): Generator<IDataObject> {
		for (let position = from; position < upTo; position++) {
			const item = this.items[position];
			if (item) yield item;
		}
	}

	/**
	 * The next requests, at most `width`, for the unread positions before `target`, each at most
	 * `pageSize` long. Offsets allow for the list's growth so far; limits add room for the growth
	 * expected until the answer (the last round's), so a page still covers its positions.
	 */
	nextRequests(target: number, width: number, pageSize: number): PageRequest[] {
		const shift = this.shift(this.latestTotal);
		const room = this.growsAt === 'front' ? this.latestTotal - this.totalAtLastRound : 0;
		this.totalAtLastRound = this.latestTotal;
		const requests: PageRequest[] = [];
		target = Math.min(target, this.end);
		let from = this.prefix;
		for (const [start, stop] of [...this.covered, [Infinity, Infinity] as [number, number]]) {
			if (stop <= from) continue;
			for (
				let position = from;
				position < Math.min(start, target) && requests.length < width;
				position += pageSize
			) {
				const length = Math.min(pageSize, Math.min(start, target) - position);
				// A page that reaches the list's end asks for a full page: whatever moved past the end still comes.
				const reachesEnd = position + length >= this.end;
				requests.push({
					offset: position + shift,
					limit: reachesEnd ? pageSize : Math.min(pageSize, length + 2 * room),
				});
			}
			from = Math.max(from, stop);
			if (from >= target || requests.length >= width) break;
		}
		return requests;
	}

	private shift(total: number | undefined): number {
		if (this.growsAt === 'back' || this.startTotal === undefined || total === undefined) return 0;
		return Math.max(0, total - this.startTotal);
	}

	private place(page: ListPage): boolean {
		const start = page.offset - this.shift(page.total);
		const stop = start + page.items.length;
		// The list ends at an empty page, or at a short one when no total says more follow: a service
		// may hold its pages under the limit asked (its largest page is its own), and is then read on.
		if (!page.items.length || (page.total === undefined && page.items.length < page.limit))
			this.end = Math.min(this.end, stop);

		const misfits: string[] = [];
		page.items.forEach((item, i) => {
			const position = start + i;
			if (position < 0 || position >= this.end) return; // arrived after the read began
			const there = this.items[position];
			if (there) {
				// The same position read twice must hold the same transaction.
				if (!sameTransaction(there, item)) misfits.push(String(identity(item)));
				return;
			}
			const key = identity(item);
			const earlier = this.byKey.get(key);
			// The same transaction at a position another page held: a repeated page (two items merely
			// sharing an id are both kept, and so are items alike within one page, as the service sent them).
			const elsewhere = earlier !== undefined && (earlier < start || earlier >= stop);
			if (elsewhere && JSON.stringify(this.items[earlier]) === JSON.stringify(item))
				misfits.push(String(key));
			if (earlier === undefined) this.byKey.set(key, position);
			this.items[position] = item;
		});
		if (page.items.length) this.cover(start, stop);
		if (misfits.length) this.inconsistency = { offset: page.offset, keys: misfits };
		return misfits.length === 0;
	}

	private cover(start: number, stop: number): void {
		const from = Math.max(0, start);
		const to = Math.min(stop, this.end);
		if (to <= from) return;
		const merged: Array<[number, number]> = [];
		let next: [number, number] = [from, to];
		for (const interval of this.covered) {
			if (interval[1] < next[0]) merged.push(interval);
			else if (interval[0] > next[1]) {
				merged.push(next);
				next = interval;
			} else next = [Math.min(interval[0], next[0]), Math.max(interval[1], next[1])];
		}
		merged.push(next);
		this.covered = merged;
	}
}
