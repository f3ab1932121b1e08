/**
 * Fault injection with a seeded PRNG, so a run replays: every service request draws the same
 * number of values whatever happens to it, hence the same seed and the same request sequence
 * give the same faults.
 */
export interface FaultConfig {
	errorRate?: number;
	rateLimitedRate?: number;
	/** The Retry-After of injected 429s (default 1 s); 0 lets long soak runs stay fast. */
	retryAfterSeconds?: number;
	dropRate?: number;
	latencyMs?: number;
	seed?: number;
	/** Transactions whose message always answers this status (a poison document): id → 404 or 500. */
	messageErrors?: Record<string, 404 | 500>;
}

export interface FaultDecision {
	/** Answer 500 or 503 without processing. */
	error?: 500 | 503;
	/** Answer 429 without processing. */
	rateLimited: boolean;
	/** Process, then cut the connection mid-response. */
	drop: boolean;
}

/** mulberry32: tiny, fast, good enough for test traffic, and deterministic. */
export function mulberry32(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const FIELDS = [
	'errorRate',
	'rateLimitedRate',
	'retryAfterSeconds',
	'dropRate',
	'latencyMs',
	'seed',
	'messageErrors',
] as const;

/** Checks a PUT /_sandbox/faults body; returns error messages keyed by field. */
export function validateFaultConfig(body: unknown): Array<{ ref: string; message: string }> {
	if (typeof body !== 'object' || body === null || Array.isArray(body))
		return [{ ref: 'body', message: 'body must be a JSON object' }];
	const errors: Array<{ ref: string; message: string }> = [];
	for (const [key, value] of Object.entries(body)) {
		if (!(FIELDS as readonly string[]).includes(key))
			errors.push({ ref: key, message: `property ${key} should not exist` });
		else if (key.endsWith('Rate') && !(typeof value === 'number' && value >= 0 && value <= 1))
			errors.push({ ref: key, message: `${key} must be a number from 0 to 1` });
		else if (
			key === 'latencyMs' &&
			!(Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 60000)
		)
			errors.push({ ref: key, message: 'latencyMs must be an integer from 0 to 60000' });
		else if (key === 'seed' && !Number.isInteger(value))
			errors.push({ ref: key, message: 'seed must be an integer' });
		else if (
			key === 'messageErrors' &&
			!(
				typeof value === 'object' &&
				value !== null &&
				!Array.isArray(value) &&
				Object.entries(value).every(
					([id, status]) => /^[1-9]\d*$/.test(id) && (status === 404 || status === 500),
				)
			)
		)
			errors.push({
				ref: key,
				message: 'messageErrors must map transaction ids to 404 or 500, e.g. { "3": 500 }',
			});
		else if (
			key === 'retryAfterSeconds' &&
			!(Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 3600)
		)
			errors.push({ ref: key, message: 'retryAfterSeconds must be an integer from 0 to 3600' });
	}
	return errors;
}

export class Faults {
	private config: FaultConfig = {};
	private random: () => number;

	constructor(private readonly defaultSeed: number) {
		this.random = mulberry32(defaultSeed);
	}

	/** Replaces the configuration and restarts the PRNG from the seed. `{}` clears. */
	set(config: FaultConfig): void {
		this.config = { ...config };
		this.random = mulberry32(config.seed ?? this.defaultSeed);
	}

	get current(): FaultConfig {
		return { ...this.config };
	}

	get latencyMs(): number | undefined {
		return this.config.latencyMs;
	}

	/** The status a transaction's message always answers, if it is made to fail. */
	messageError(id: number): 404 | 500 | undefined {
		return this.config.messageErrors?.[String(id)];
	}

	draw(): FaultDecision {
		const [a, b, c, d] = [this.random(), this.random(), this.random(), this.random()];
		const error = a < (this.config.errorRate ?? 0) ? (b < 0.5 ? 500 : 503) : undefined;
		const rateLimited = !error && c < (this.config.rateLimitedRate ?? 0);
		const drop = !error && !rateLimited && d < (this.config.dropRate ?? 0);
		return { error, rateLimited, drop };
	}
}
