/**
 * The limit: a bare HTTP loop with axios (the client underneath n8n's request helpers) sending
 * exactly the requests our nodes send for the same work, with no n8n in between: same page size,
 * same stop conditions, the same 4 message requests at a time, creates 50 at a time. Return All
 * stays the sequential loop (every page one after another): the figure our parallel pages beat.
 */
import axios, { type AxiosInstance } from 'axios';
import { Agent } from 'http';

import type { EdiCredentials } from '../../harness';

export const PAGE = 100;
/** Our trigger's MESSAGE_CONCURRENCY. */
export const MESSAGE_CONCURRENCY = 4;
/** Our Create's default Concurrency. */
export const CREATE_CONCURRENCY = 50;

interface Item {
	id: number;
	createdAt: string;
	[key: string]: unknown;
}

interface Page {
	items: Item[];
	meta: { total: number; offset: number; limit: number };
}

export class Limit {
	readonly http: AxiosInstance;

	/** `options.newConnections`: a new connection per request, as n8n's request helper opens one. */
	constructor(credentials: EdiCredentials, options: { newConnections?: boolean } = {}) {
		this.http = axios.create({
			baseURL: credentials.baseUrl,
			headers: { 'service-api-key': credentials.apiToken },
			timeout: 60_000,
			...(options.newConnections ? { httpAgent: new Agent({ keepAlive: false }) } : {}),
		});
	}

	async page(offset: number, limit: number, filters: Record<string, string> = {}): Promise<Page> {
		return (
			await this.http.get<Page>('/v3/transactions', { params: { limit, offset, ...filters } })
		).data;
	}

	/** Return All: every page, one after another, until offset ≥ meta.total (not parallel: the classic loop). */
	async listAll(): Promise<Item[]> {
		const all: Item[] = [];
		for (let offset = 0; ; offset += PAGE) {
			const page = await this.page(offset, PAGE);
			all.push(...page.items);
			if (offset + PAGE >= page.meta.total || page.items.length === 0) return all;
		}
	}

	async message(id: number): Promise<unknown> {
		return (await this.http.get(`/v3/transactions/${id}/message`)).data;
	}

	async create(body: unknown): Promise<{ id: number; status: string }> {
		return (await this.http.post('/v4/transactions', body)).data;
	}

	/** Creates `concurrency` at a time, as our node does by default (never retried). */
	async createEach(
		bodies: unknown[],
		concurrency = CREATE_CONCURRENCY,
	): Promise<Array<{ id: number; status: string }>> {
		const answers = new Array<{ id: number; status: string }>(bodies.length);
		let next = 0;
		const worker = async () => {
			while (next < bodies.length) {
				const index = next++;
				answers[index] = await this.create(bodies[index]);
			}
		};
		await Promise.all(Array.from({ length: Math.min(concurrency, bodies.length) }, worker));
		return answers;
	}

	/** The first `wanted` transactions, page after page (offset 0, 100, …), as a plain loop reads them. */
	async listFirst(wanted: number): Promise<Item[]> {
		const all: Item[] = [];
		for (let offset = 0; offset < wanted; offset += PAGE) {
			const page = await this.page(offset, Math.min(PAGE, wanted - offset));
			all.push(...page.items);
			if (page.items.length === 0) break;
		}
		return all;
	}
}

/**
 * The trigger's requests, bare: the first page tells the total; nothing new costs that one
 * request; otherwise pages from the newest end until the new ones are found, then (optionally)
 * their messages, 4 at a time. Assumes the list is served newest first (the sandbox's default).
 */
export class LimitPoller {
	private total = -1;
	private cutoff = 0;

	constructor(
		private readonly limit: Limit,
		private readonly withMessage: boolean,
	) {}

	async run(): Promise<unknown[]> {
		const filters = { stream: 'test', direction: 'inbound' };
		const first = await this.limit.page(0, PAGE, filters);
		const newest = (items: Item[]) =>
			Math.max(this.cutoff, ...items.map((item) => Date.parse(item.createdAt)));
		if (this.total < 0) {
			this.total = first.meta.total;
			this.cutoff = newest(first.items);
			return [];
		}
		const unaccounted = first.meta.total - this.total;
		if (unaccounted <= 0) return [];
		const found: Item[] = [];
		let page = first;
		for (let offset = 0; ;) {
			found.push(...page.items.filter((item) => Date.parse(item.createdAt) > this.cutoff));
			offset += PAGE;
			if (found.length >= unaccounted || offset >= first.meta.total) break;
			page = await this.limit.page(offset, PAGE, filters);
		}
		this.total = first.meta.total;
		this.cutoff = newest(found);
		if (!this.withMessage) return found;
		const out: unknown[] = new Array(found.length);
		let next = 0;
		const worker = async () => {
			while (next < found.length) {
				const index = next++;
				out[index] = { ...found[index], message: await this.limit.message(found[index].id) };
			}
		};
		await Promise.all(Array.from({ length: Math.min(MESSAGE_CONCURRENCY, found.length) }, worker));
		return out;
	}
}
