/** Fixed-window rate limiting per API key, windows aligned to the epoch. */
import type { RateLimitConfig } from './types';

export interface RateLimitState {
	limit: number;
	remaining: number;
	/** Seconds until the window resets (at least 1). */
	reset: number;
	allowed: boolean;
}

export class RateLimiter {
	private windows = new Map<string, { start: number; count: number }>();

	constructor(private config: RateLimitConfig | null) {}

	get current(): RateLimitConfig | null {
		return this.config ? { ...this.config } : null;
	}

	/** New limits start with fresh windows. */
	configure(config: RateLimitConfig | null): void {
		this.config = config ? { ...config } : null;
		this.windows.clear();
	}

	/** Counts one request for `key`; null when limiting is off. */
	consume(key: string, now = Date.now()): RateLimitState | null {
		if (!this.config) return null;
		const windowMs = this.config.windowSeconds * 1000;
		const start = Math.floor(now / windowMs) * windowMs;
		let window = this.windows.get(key);
		if (!window || window.start !== start) {
			window = { start, count: 0 };
			this.windows.set(key, window);
		}
		window.count++;
		return {
			limit: this.config.requests,
			remaining: Math.max(0, this.config.requests - window.count),
			reset: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
			allowed: window.count <= this.config.requests,
		};
	}
}

/** Checks a `{ requests, windowSeconds }` value. */
export function isRateLimitConfig(value: unknown): value is RateLimitConfig {
	if (typeof value !== 'object' || value === null) return false;
	const { requests, windowSeconds } = value as Record<string, unknown>;
	return (
		Number.isInteger(requests) &&
		(requests as number) >= 1 &&
		typeof windowSeconds === 'number' &&
		windowSeconds > 0 &&
		windowSeconds <= 86400 &&
		Object.keys(value).every((k) => k === 'requests' || k === 'windowSeconds')
	);
}
