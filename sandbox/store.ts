/**
 * All transactions, with one sorted index per filter combination (stream × direction, each
 * including "any") and a sorted inbox of inbound transactions whose delivery is still open.
 * Every read is a page of an index: no read scans the whole store.
 */
import { compareTransactions, SortedIndex } from './sortedIndex';
import type { Direction, Stream, Transaction } from './types';

const ANY = '*';
const STREAMS = [ANY, 'test', 'live'];
const DIRECTIONS = [ANY, 'inbound', 'outbound'];
const indexKey = (stream: string, direction: string) => `${stream}/${direction}`;

export type NewTransaction = Omit<Transaction, 'id'>;

export class Store {
	private byId = new Map<number, Transaction>();
	private indexes = new Map<string, SortedIndex>();
	private inbox = new SortedIndex();
	nextId = 1;

	constructor() {
		for (const stream of STREAMS)
			for (const direction of DIRECTIONS)
				this.indexes.set(indexKey(stream, direction), new SortedIndex());
	}

	get size(): number {
		return this.byId.size;
	}

	get(id: number): Transaction | undefined {
		return this.byId.get(id);
	}

	add(fields: NewTransaction): Transaction {
		const transaction: Transaction = { id: this.nextId++, ...fields };
		this.byId.set(transaction.id, transaction);
		for (const index of this.indexesOf(transaction)) index.insert(transaction);
		if (this.isPending(transaction)) this.inbox.insert(transaction);
		return transaction;
	}

	/** Adds many transactions at once; `make` builds each (one object, no copies: 100k must be quick). */
	addMany(count: number, make: (id: number) => Transaction): Transaction[] {
		const batch: Transaction[] = new Array(count);
		for (let i = 0; i < count; i++) {
			const transaction = make(this.nextId++);
			batch[i] = transaction;
			this.byId.set(transaction.id, transaction);
		}
		this.indexBatch(batch);
		return batch;
	}

	/** Replaces the whole content (loading a saved state). */
	load(transactions: Transaction[], nextId: number): void {
		this.clear();
		for (const transaction of transactions) this.byId.set(transaction.id, transaction);
		this.indexBatch(transactions);
		let maxId = 0;
		for (const transaction of transactions) if (transaction.id > maxId) maxId = transaction.id;
		this.nextId = Math.max(nextId, maxId + 1);
	}

	clear(): void {
		this.byId.clear();
		for (const index of this.indexes.values()) index.clear();
		this.inbox.clear();
		this.nextId = 1;
	}

	all(): IterableIterator<Transaction> {
		return this.byId.values();
	}

	/**
	 * A page of the index of `filter`'s stream and direction. With `match` (the filters no index
	 * serves: business number, acknowledgment status) the index is walked in order and counted: the
	 * one read that scans, and only the transactions of its stream and direction.
	 */
	list(
		filter: { stream?: Stream; direction?: Direction; match?: (t: Transaction) => boolean },
		offset: number,
		limit: number,
		newestFirst: boolean,
	) {
		const index = this.indexes.get(indexKey(filter.stream ?? ANY, filter.direction ?? ANY))!;
		const { match } = filter;
		if (!match) return { items: index.page(offset, limit, newestFirst), total: index.length };
		const items: Transaction[] = [];
		let total = 0;
		const n = index.length;
		for (let i = 0; i < n; i++) {
			const transaction = index.at(newestFirst ? n - 1 - i : i);
			if (!match(transaction)) continue;
			if (total >= offset && items.length < limit) items.push(transaction);
			total++;
		}
		return { items, total };
	}

	/** Oldest first. */
	inboxPage(limit: number): Transaction[] {
		return this.inbox.page(0, limit, false);
	}

	/** Closes an inbound transaction's delivery; it leaves the inbox. */
	settle(transaction: Transaction, status: 'DELIVERED' | 'FAILED', note: string): void {
		if (!this.isPending(transaction)) return;
		this.inbox.remove(transaction);
		transaction.status = status;
		transaction.deliveryNote = note;
	}

	private indexBatch(transactions: Transaction[]): void {
		let sorted = transactions;
		for (let i = 1; i < transactions.length; i++) {
			if (compareTransactions(transactions[i - 1], transactions[i]) > 0) {
				sorted = [...transactions].sort(compareTransactions);
				break;
			}
		}
		const groups = new Map<SortedIndex, Transaction[]>();
		const pending: Transaction[] = [];
		for (const transaction of sorted) {
			for (const index of this.indexesOf(transaction)) {
				let list = groups.get(index);
				if (!list) groups.set(index, (list = []));
				list.push(transaction);
			}
			if (this.isPending(transaction)) pending.push(transaction);
		}
		for (const [index, list] of groups) index.insertSorted(list);
		this.inbox.insertSorted(pending);
	}

	private indexesOf(transaction: Transaction): SortedIndex[] {
		return [
			indexKey(ANY, ANY),
			indexKey(transaction.stream, ANY),
			indexKey(ANY, transaction.direction),
			indexKey(transaction.stream, transaction.direction),
		].map((key) => this.indexes.get(key)!);
	}

	private isPending(transaction: Transaction): boolean {
		return transaction.direction === 'inbound' && transaction.status === 'SENT';
	}
}
