/**
 * How hard a call tries, as data: the decision (decision.ts) reads it, the loop (client.ts)
 * never spells a number. Retrying is only ever for routes that are safe to repeat (routes.ts).
 */
export interface RetryPolicy {
	/** Retries of a safe request after a 5xx or a dropped connection. */
	maxRetries: number;
	/** The first retry's wait; each further retry waits twice as long. */
	backoffMs: number;
	/** How often a 429 is waited out (a 429 was not processed: safe to repeat, even a create). */
	maxRateLimitWaits: number;
	/** A Retry-After longer than this is reported at once instead of waited out. */
	maxRetryAfterSeconds: number;
	/** Redirects followed in a row before giving up (see redirects.ts for which ones). */
	maxRedirects: number;
}

export const RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
	maxRetries: 4,
	backoffMs: 250,
	maxRateLimitWaits: 5,
	maxRetryAfterSeconds: 60,
	maxRedirects: 5,
});
