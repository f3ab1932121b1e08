/** Runs `task` over `inputs` with at most `concurrency` at a time, keeping the input order. */
export async function mapBounded<T, R>(
	inputs: T[],
	concurrency: number,
	task: (input: T) => Promise<R>,
): Promise<R[]> {
	return (await mapUntil(inputs, concurrency, task, () => false)) as R[];
}

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

/** The pacer of a node run, by its execution context: the request function takes its turns there. */
export const pacers = new WeakMap<object, Pacer>();

/**
 * Runs `task` over `inputs`, at most `width` at a time, keeping the input order. Once `stop()`
 * says so, nothing new starts; what is under way finishes. Inputs never started stay `undefined`.
 */
export async function mapUntil<T, R>(
	inputs: T[],
	width: number,
	task: (input: T) => Promise<R>,
	stop: () => boolean,
): Promise<Array<R | undefined>> {
	const results = new Array<R | undefined>(inputs.length);
	let next = 0;
	const worker = async () => {
		while (next < inputs.length && !stop()) {
			const index = next++;
			results[index] = await task(inputs[index]);
		}
	};
	await Promise.all(Array.from({ length: Math.min(width, inputs.length) }, worker));
	return results;
}
