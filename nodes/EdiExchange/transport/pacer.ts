import type { IDataObject } from 'n8n-workflow';

/**
 * How many requests of one node run may be under way: up to `max`, halved on each 429 (the
 * service's rate limit), grown back by one after as many successes in a row as the limit allows.
 * A request waits for its turn, a retry after a 429 included, so the node slows down as a whole.
 */
export class Pacer {
	limit: number;
	private active = 0;
	private successes = 0;
	private readonly waiting: Array<() => void> = [];

	constructor(readonly max: number) {
		this.limit = max;
	}

	async acquire(): Promise<void> {
		if (this.active < this.limit) {
			this.active++;
			return;
		}
		// The releasing request hands its place over (active stays counted).
		await new Promise<void>((resolve) => this.waiting.push(resolve));
	}

	release(): void {
		this.active--;
		this.wake();
	}

	/** What an answer says about the rate limit: a 429 slows down, a success may speed up. */
	observe(statusCode: number, headers: IDataObject): void {
		if (statusCode === 429) this.rateLimited();
		else if (statusCode < 400) this.succeeded();
		const remaining = Number(headers['x-ratelimit-remaining'] ?? NaN);
		if (Number.isFinite(remaining)) this.remaining(remaining);
	}

	rateLimited(): void {
		this.limit = Math.max(1, Math.floor(this.limit / 2));
		this.successes = 0;
	}

	/** The service's x-ratelimit-remaining: no more under way than the window still allows. */
	remaining(requests: number): void {
		if (requests < this.limit) this.limit = Math.max(1, requests);
	}

	succeeded(): void {
		if (++this.successes < this.limit) return;
		this.successes = 0;
		this.limit = Math.min(this.max, this.limit + 1);
		this.wake();
	}

	private wake(): void {
		while (this.active < this.limit && this.waiting.length) {
			this.active++;
			this.waiting.shift()!();
		}
	}
}
