/**
 * The transaction list read from its first item on, from pages fetched in any order while
 * transactions arrive anywhere in it. Pure: no requests, unit-testable.
 *
 * What a page proves: its items stood next to each other, in this order, when it was served, and
 * `meta.total` then was the list's size. Transactions are never deleted and keep their order, so:
 * - two pages served at the same total saw the same list: their positions line up exactly;
 * - between totals T1 ≤ T2 an item can only have moved back, by at most T2 − T1 positions;
 * - two items once seen side by side at or after the first page have nothing between them that
 *   existed at the first page (whatever lies between them now arrived later).
 * The read keeps one chain of items, each proven next to the one before, from the first page's
 * first item on: a page joins it where it holds the chain's last item (found by id within the
 * positions it can have moved to) or, at the same total, starts right after it. Every transaction
 * present at the first page lies on that chain once; one that arrived during the read is on it
 * only where it landed inside the part not yet read. Where the list ends, `ended` says.
 */
import type { IDataObject } from 'n8n-workflow';

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

/**
 * Pages that contradict an offset-paged list that only grows: a page `repeated` transactions read
 * from other pages, or `lacked` one where it must have stood.
 */
export interface Inconsistency {
	kind: 'repeated' | 'lacked';
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

/** The chain's last item: where it stood, and at which total (undefined: the service sends none). */
interface Frontier {
	position: number;
	total?: number;
	item?: IDataObject;
}

type Relation = { from: number } | 'gap' | 'behind' | 'misfit';

/** Pages kept for joining later, at most: older ones are read again if needed. */
const MAX_PENDING = 20;

export class ListSnapshot {
	/** The chain, in list order. */
	readonly items: IDataObject[] = [];
	/** The list's end was read: nothing followed the chain's last item when it was served. */
	ended = false;
	inconsistency?: Inconsistency;
	/** The total at the first page, and the largest seen since. */
	readonly startTotal?: number;
	latestTotal?: number;
	/** How much the total grew over the last round of pages: the overlap the next round needs. */
	private roundGrowth = 0;
	private frontier: Frontier = { position: -1 };
	/** The chain index of the first item read under each identity. */
	private byKey = new Map<unknown, number>();
	/** Pages that could not join the chain yet (a gap before them). */
	private pending: ListPage[] = [];

	constructor(first: ListPage) {
		this.startTotal = first.total;
		this.latestTotal = first.total;
		this.frontier.total = first.total;
		this.add([first]);
	}

	/**
	 * How many transactions followed the chain's last one when it was read (undefined without a
	 * total): a read to the list's end makes progress only while this shrinks.
	 */
	get toEnd(): number | undefined {
		const { position, total } = this.frontier;
		return total === undefined ? undefined : total - position - 1;
	}

	/** Records a round of pages. Returns false when they contradict each other (see `inconsistency`). */
	add(pages: ListPage[]): boolean {
		const before = this.latestTotal;
		// A total below what the page shows is not believed, nor any once the first page's was not.
		for (const page of pages)
			if (
				this.items.length > 0 &&
				(this.startTotal === undefined ||
					(page.items.length > 0 && (page.total ?? 0) < page.offset + page.items.length))
			)
				page.total = undefined;
		for (const page of pages)
			if (page.total !== undefined && page.total > (this.latestTotal ?? -1))
				this.latestTotal = page.total;
		this.roundGrowth = (this.latestTotal ?? 0) - (before ?? this.latestTotal ?? 0);
		this.pending.push(...pages);
		this.pending.sort((a, b) => a.offset - b.offset);
		for (let joined = true; joined && !this.ended;) {
			joined = false;
			for (const page of [...this.pending]) {
				const relation = this.relate(page);
				if (relation === 'gap') continue;
				this.pending.splice(this.pending.indexOf(page), 1);
				if (relation === 'misfit') return this.misfit('lacked', page, [this.frontier.item!]);
				if (relation === 'behind') continue;
				if (!this.join(page, relation.from)) return false;
				joined = true;
			}
		}
		if (this.pending.length > MAX_PENDING)
			this.pending.splice(0, this.pending.length - MAX_PENDING);
		return true;
	}

	/**
	 * The next requests, at most `width`, to bring the chain to `wanted` items (Infinity: to the
	 * list's end), each at most `pageSize` long. While the list stands still they start right after
	 * the chain's last item, back to back; once it moves, the first starts where that item stood
	 * (it can only have moved back) and each overlaps the one before by the growth of a round.
	 */
	nextRequests(wanted: number, width: number, pageSize: number): PageRequest[] {
		if (this.ended) return [];
		const need = wanted - this.items.length;
		const { position, total } = this.frontier;
		const requests: PageRequest[] = [];
		const still = total === undefined || (this.latestTotal === total && this.roundGrowth === 0);
		if (still) {
			const end = total ?? Infinity;
			for (let k = 0; k < width && k * pageSize < need; k++) {
				const offset = position + 1 + k * pageSize;
				if (offset >= end) break;
				requests.push({ offset, limit: Math.min(pageSize, need - k * pageSize) });
			}
			return requests;
		}
		// The chain's last item is now somewhere in [position, position + moved].
		const moved = (this.latestTotal ?? total) - total;
		const step = Math.max(1, pageSize - 1 - this.roundGrowth);
		for (let k = 0; k < width; k++) {
			const offset = position + k * step;
			// Past the list's end as far as it could have grown by the answer: nothing to read there.
			if (k > 0 && offset >= (this.latestTotal ?? Infinity) + this.roundGrowth) break;
			requests.push({ offset, limit: pageSize });
			if (offset + pageSize - 1 - (position + moved) >= need) break;
		}
		return requests;
	}

	/** How a page relates to the chain's last item: joins it (from which index on), lies before it, or after a gap. */
	private relate(page: ListPage): Relation {
		const { position, total, item } = this.frontier;
		const { offset, items } = page;
		const last = offset + items.length - 1;
		const sameList = page.total === undefined || total === undefined || page.total === total;
		// An empty page where the chain's next item would stand in the same list: the list ends there.
		// Served at another total, it only says how long the list was then.
		if (!items.length) return !sameList ? 'behind' : offset <= position + 1 ? { from: 0 } : 'gap';
		if (sameList) {
			// The same list: positions line up exactly.
			const at = position - offset;
			if (at < -1) return 'gap';
			if (at >= items.length) return 'behind';
			if (at >= 0 && item && !sameTransaction(items[at], item)) return 'misfit';
			return { from: at + 1 };
		}
		const moved = (page.total ?? 0) - (total ?? 0);
		// Where the chain's last item stood when this page was served (if it existed then).
		const low = moved > 0 ? position : position + moved;
		const high = moved > 0 ? position + moved : position;
		if (high < offset) return 'gap';
		if (low > last) return 'behind';
		for (let i = Math.max(low, offset); i <= Math.min(high, last); i++)
			if (sameTransaction(items[i - offset], item!)) return { from: i - offset + 1 };
		// Served later, the page covered every place the item could be, and it was not there.
		if (moved > 0 && low >= offset && high <= last) return 'misfit';
		return 'gap';
	}

	/** Adds a page's items from `from` on to the chain. */
	private join(page: ListPage, from: number): boolean {
		const { offset, items, total } = page;
		const start = this.items.length;
		const repeated: IDataObject[] = [];
		for (let i = from; i < items.length; i++) {
			const item = items[i];
			const key = identity(item);
			const earlier = this.byKey.get(key);
			// The same transaction again from another page: the service repeats pages whatever the
			// offset (two items merely sharing an id are both kept, and so are items alike within one page).
			if (
				earlier !== undefined &&
				earlier < start &&
				JSON.stringify(this.items[earlier]) === JSON.stringify(item)
			)
				repeated.push(item);
			if (earlier === undefined) this.byKey.set(key, this.items.length);
			this.items.push(item);
		}
		if (repeated.length) return this.misfit('repeated', page, repeated);
		if (items.length)
			this.frontier = { position: offset + items.length - 1, total, item: items.at(-1) };
		// Nothing followed the last item when the page was served: the list's end.
		if (
			!items.length ||
			(total === undefined ? items.length < page.limit : offset + items.length >= total)
		)
			this.ended = true;
		return true;
	}

	private misfit(kind: Inconsistency['kind'], page: ListPage, items: IDataObject[]): false {
		const keys = items.map((item) => String(identity(item)));
		this.inconsistency = { kind, offset: page.offset, keys };
		return false;
	}
}
