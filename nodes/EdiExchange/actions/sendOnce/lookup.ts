/**
 * Send once, the lookup: the outbound transactions that may be earlier sends of a run's documents.
 * One list request per up to 5 business numbers of a stream (the contract's `businessNumber`
 * filter), the numbers of the run's documents asked together; where the service refuses the
 * filter, one bounded scan per stream of its latest outbound transactions instead. It also keeps
 * the run's own sends, which a list read before them cannot show.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ServiceClient } from '../../transport/client';
import { refusedFilterOf } from '../../transport/listFilters';
import { fetchTransactionPage, type ListFilters, PAGE_SIZE } from '../../transport/pagination';
import { keyText, type SendKey } from './decide';

/** The contract's most business numbers in one filter. */
export const NUMBERS_PER_REQUEST = 5;

/** A list read up to the lookback: what it found, and whether it reached the list's end. */
interface Read {
	items: IDataObject[];
	complete: boolean;
}

export class SentLookup {
	/** Set once the service refused the filter: the run scans instead (and says so). */
	refusedFilter = false;
	/** Scans that stopped at the lookback before the list's end, by stream. */
	readonly cutShort = new Set<string>();
	/** The execution hint already given about scanning, so it is given once. */
	hinted = '';
	/** Business numbers of the run's documents not asked about yet, per stream. */
	private readonly waiting = new Map<string, Set<string>>();
	private readonly asked = new Map<string, Promise<IDataObject[]>>();
	private readonly scans = new Map<string, Promise<Read>>();
	private readonly sends = new Map<string, Promise<IDataObject[]>>();

	constructor(
		private readonly client: ServiceClient,
		/** Options → Already-Sent Lookback: the most transactions one read goes through. */
		readonly lookback: number,
	) {}

	/** The keys of the run's documents, so that their numbers are asked about together. */
	expect(keys: SendKey[]): void {
		for (const key of keys) {
			const waiting = this.waiting.get(key.stream) ?? new Set<string>();
			this.waiting.set(key.stream, waiting);
			if (!this.asked.has(`${key.stream}\u0000${key.businessNumber}`))
				waiting.add(key.businessNumber);
		}
	}

	/** Outbound transactions of the key's stream that may be earlier sends of it. */
	async find(key: SendKey, itemIndex: number): Promise<IDataObject[]> {
		// A number holding a comma cannot be asked for in a comma-separated filter.
		if (this.refusedFilter || key.businessNumber.includes(','))
			return (await this.scan(key.stream, itemIndex)).items;
		const asked = this.asked.get(`${key.stream}\u0000${key.businessNumber}`);
		return await (asked ?? this.ask(key, itemIndex));
	}

	/** One request for this number and up to 4 others of the run waiting on the same stream. */
	private async ask(key: SendKey, itemIndex: number): Promise<IDataObject[]> {
		const waiting = this.waiting.get(key.stream) ?? new Set<string>();
		waiting.delete(key.businessNumber);
		const others = [...waiting].filter((n) => !n.includes(',')).slice(0, NUMBERS_PER_REQUEST - 1);
		const numbers = [key.businessNumber, ...others];
		for (const n of others) waiting.delete(n);
		const filters: ListFilters = {
			direction: 'outbound',
			stream: key.stream,
			businessNumber: numbers,
		};
		const request = this.read(filters, itemIndex).then(
			(read) => read.items,
			async (error: unknown) => {
				// A 400 naming businessNumber: the service does not take the filter.
				if (refusedFilterOf(error, filters, new Set()) !== 'businessNumber') throw error;
				this.refusedFilter = true;
				return (await this.scan(key.stream, itemIndex)).items;
			},
		);
		for (const n of numbers) this.asked.set(`${key.stream}\u0000${n}`, request);
		return await request;
	}

	/** The stream's latest outbound transactions, up to the lookback: once per run and stream. */
	private async scan(stream: string, itemIndex: number): Promise<Read> {
		let scan = this.scans.get(stream);
		if (!scan) {
			scan = this.read({ direction: 'outbound', stream }, itemIndex).then((read) => {
				if (!read.complete) this.cutShort.add(stream);
				return read;
			});
			this.scans.set(stream, scan);
		}
		return await scan;
	}

	/** Pages of the list from its start until it ends or the lookback is read. */
	private async read(filters: ListFilters, itemIndex: number): Promise<Read> {
		const items: IDataObject[] = [];
		for (;;) {
			const limit = Math.min(PAGE_SIZE, this.lookback - items.length);
			if (limit <= 0) return { items, complete: false };
			const page = await fetchTransactionPage(this.client, filters, items.length, limit, itemIndex);
			items.push(...page.items);
			// meta.total says where the list ends; without it, a page shorter than asked for.
			const ended =
				page.items.length === 0 ||
				(page.total !== undefined ? items.length >= page.total : page.items.length < limit);
			if (ended) return { items, complete: true };
		}
	}

	/**
	 * Holds the key for one item of the run: waits until the earlier items holding it have sent (or
	 * failed), and hands over their sends. `release` with this item's own send, or nothing.
	 */
	async hold(
		key: SendKey,
	): Promise<{ earlier: IDataObject[]; release: (sent?: IDataObject) => void }> {
		const name = keyText(key);
		const before = this.sends.get(name) ?? Promise.resolve([]);
		let release: (sent?: IDataObject) => void = () => {};
		const mine = new Promise<IDataObject | undefined>((resolve) => (release = resolve));
		this.sends.set(
			name,
			mine.then(async (sent) => [...(await before), ...(sent ? [sent] : [])]),
		);
		return { earlier: await before, release };
	}
}
