/**
 * Transactions kept sorted by (createdAt, id) ascending, so a page at any offset, read from either
 * end, costs O(limit). Appends (the usual case: new transactions are the newest) are O(1);
 * back-dated inserts binary-search their place; a back-dated batch is merged in one pass.
 */
import type { Transaction } from './types';

export function compareTransactions(a: Transaction, b: Transaction): number {
	return a.createdAt - b.createdAt || a.id - b.id;
}

export class SortedIndex {
	private items: Transaction[] = [];

	get length(): number {
		return this.items.length;
	}

	/** Position counted from the oldest. */
	at(index: number): Transaction {
		return this.items[index];
	}

	/** A page: `offset` and `limit` counted from the newest or the oldest end. */
	page(offset: number, limit: number, newestFirst: boolean): Transaction[] {
		const page: Transaction[] = [];
		const n = this.items.length;
		for (let i = offset; i < offset + limit && i < n; i++) {
			page.push(this.items[newestFirst ? n - 1 - i : i]);
		}
		return page;
	}

	insert(transaction: Transaction): void {
		const last = this.items[this.items.length - 1];
		if (!last || compareTransactions(last, transaction) <= 0) {
			this.items.push(transaction);
			return;
		}
		this.items.splice(this.lowerBound(transaction), 0, transaction);
	}

	/** Inserts a batch that is itself sorted. */
	insertSorted(batch: Transaction[]): void {
		if (batch.length === 0) return;
		const last = this.items[this.items.length - 1];
		if (!last || compareTransactions(last, batch[0]) <= 0) {
			for (const transaction of batch) this.items.push(transaction);
			return;
		}
		const merged: Transaction[] = new Array(this.items.length + batch.length);
		let i = 0;
		let j = 0;
		let k = 0;
		while (i < this.items.length && j < batch.length) {
			merged[k++] =
				compareTransactions(this.items[i], batch[j]) <= 0 ? this.items[i++] : batch[j++];
		}
		while (i < this.items.length) merged[k++] = this.items[i++];
		while (j < batch.length) merged[k++] = batch[j++];
		this.items = merged;
	}

	remove(transaction: Transaction): boolean {
		const index = this.lowerBound(transaction);
		if (this.items[index] !== transaction) return false;
		this.items.splice(index, 1);
		return true;
	}

	clear(): void {
		this.items = [];
	}

	/** First position whose item is not before `transaction`. */
	private lowerBound(transaction: Transaction): number {
		let low = 0;
		let high = this.items.length;
		while (low < high) {
			const mid = (low + high) >>> 1;
			if (compareTransactions(this.items[mid], transaction) < 0) low = mid + 1;
			else high = mid;
		}
		return low;
	}
}
