/**
 * What to do after one attempt of a call, as one pure function of the route, the attempt so far
 * and its outcome: wait and send again, follow a redirect, fail, or done. No clock, no I/O: the
 * caller passes `now`, and the loop in client.ts carries the decision out.
 */
import type { IDataObject } from 'n8n-workflow';

import { mayFollow, readRedirect, type Redirect } from './redirects';
import type { RetryPolicy } from './retryPolicy';
import type { Route } from './routes';

/** What a successful answer's body must be; anything else is an error that says what came instead. */
export interface ExpectedBody {
	/** For the error: "the inbox (a list of inbox items)". */
	what: string;
	matches(body: unknown): boolean;
}

/** The call as the decision sees it: what may be repeated, where, and until when. */
export interface CallRules {
	route: Route;
	/** False: one attempt only (besides waiting out a 429), for callers that retry later anyway. */
	retry: boolean;
	/** The origin of the credential's Base URL: redirects elsewhere are never followed. */
	origin: string;
	/** When the whole call must have ended (ms since the epoch); Infinity: only each request's Timeout. */
	deadline: number;
	expect?: ExpectedBody;
}

/** The attempt about to be made, or just made. */
export interface Attempt {
	/** Where it goes: the route's address, or where a redirect pointed. */
	url: string;
	/** 5xx answers and lost connections so far (each retried once). */
	failures: number;
	rateLimitWaits: number;
	redirects: number;
}

export type Outcome =
	| { kind: 'answer'; statusCode: number; headers: IDataObject; body: unknown }
	/** No answer: the connection failed or broke off; `code` as Node gives it (ECONNREFUSED, EPROTO). */
	| { kind: 'lost'; code: string; detail: string }
	/** No complete answer within `ms`, the credential's Timeout or the caller's deadline. */
	| { kind: 'timedOut'; ms: number; limitedBy: TimeLimit };

export type TimeLimit = 'timeout' | 'deadline';

/** Why a call failed, with what its error needs (errors.ts words it). */
export type Failure =
	| {
			kind: 'service';
			statusCode: number;
			body: unknown;
			attempts: number;
			/** What the service asked to wait (Retry-After) on a 429 or 503, for n8n's poll backoff. */
			retryAfterMs?: number;
	  }
	| { kind: 'connection'; code: string; detail: string; attempts: number }
	| { kind: 'redirect'; redirect: Redirect; redirects: number }
	| { kind: 'timeout'; ms: number; limitedBy: TimeLimit }
	| { kind: 'unexpectedBody'; what: string; body: unknown };

export type Decision =
	| { action: 'wait'; ms: number; next: Attempt }
	| { action: 'follow'; next: Attempt }
	| { action: 'fail'; failure: Failure }
	| { action: 'done' };

export const firstAttempt = (url: string): Attempt => ({
	url,
	failures: 0,
	rateLimitWaits: 0,
	redirects: 0,
});

/** Retry-After in seconds: a number of seconds, or an HTTP date (RFC 9110 allows both); 1 if unreadable. */
export function retryAfterSeconds(value: unknown, now: number): number {
	const text = String(value ?? '').trim();
	if (/^\d+$/.test(text)) return Number(text);
	const at = Date.parse(text);
	return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : 1;
}

/**
 * How long the next request may take: the credential's Timeout, or less where the call's deadline
 * comes first (then `limitedBy` says so, for the error). At 0 or less, nothing is sent.
 */
export function timeLeft(
	now: number,
	deadline: number,
	timeoutMs: number,
): { ms: number; limitedBy: TimeLimit } {
	const untilDeadline = deadline - now;
	return untilDeadline < timeoutMs
		? { ms: untilDeadline, limitedBy: 'deadline' }
		: { ms: timeoutMs, limitedBy: 'timeout' };
}

/** What a lost connection's code says about the request (errors.ts words it). */
export interface ConnectionLoss {
	/** Whether the request can have reached the service: not when refused, unknown or in the TLS handshake. */
	reached: boolean;
	/** Whether sending again soon can help: not for TLS, a protocol mismatch or an unknown host name. */
	retryable: boolean;
	/** A TLS or protocol failure: the Base URL or the service's certificate has to change. */
	tls: boolean;
}

/** TLS and protocol failures: https:// on a plain-http port (EPROTO), certificates n8n does not accept. */
const TLS_CODES: readonly string[] = [
	'EPROTO',
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'ERR_TLS_CERT_ALTNAME_INVALID',
	'CERT_HAS_EXPIRED',
	'CERT_NOT_YET_VALID',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'CERT_UNTRUSTED',
	'CERT_SIGNATURE_FAILURE',
	'CERT_REVOKED',
];
/** Failures before a connection existed: nothing was sent. */
const NOT_CONNECTED: readonly string[] = [
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
];

export function connectionLoss(code: string): ConnectionLoss {
	if (TLS_CODES.includes(code) || code.startsWith('ERR_SSL_'))
		return { reached: false, retryable: false, tls: true };
	// A host name that does not exist will not exist a second later either (EAI_AGAIN may pass).
	if (NOT_CONNECTED.includes(code))
		return { reached: false, retryable: code !== 'ENOTFOUND', tls: false };
	return { reached: true, retryable: true, tls: false };
}

export function decide(
	policy: RetryPolicy,
	call: CallRules,
	attempt: Attempt,
	outcome: Outcome,
	now: number,
): Decision {
	const backoff = policy.backoffMs * 2 ** attempt.failures;
	const retry = (): Decision | undefined =>
		call.route.idempotent &&
		call.retry &&
		attempt.failures < policy.maxRetries &&
		now + backoff < call.deadline
			? { action: 'wait', ms: backoff, next: { ...attempt, failures: attempt.failures + 1 } }
			: undefined;
	const attempts = attempt.failures + 1;

	// A request that ran out of time is not repeated: the service is not answering.
	if (outcome.kind === 'timedOut')
		return {
			action: 'fail',
			failure: { kind: 'timeout', ms: outcome.ms, limitedBy: outcome.limitedBy },
		};
	if (outcome.kind === 'lost') {
		const { code, detail } = outcome;
		return (
			(connectionLoss(code).retryable ? retry() : undefined) ?? {
				action: 'fail',
				failure: { kind: 'connection', code, detail, attempts },
			}
		);
	}

	const { statusCode, headers, body } = outcome;
	const redirect = readRedirect(statusCode, headers, attempt.url);
	if (redirect) {
		if (attempt.redirects < policy.maxRedirects && mayFollow(call.route, redirect, call.origin))
			return {
				action: 'follow',
				next: { ...attempt, url: redirect.location, redirects: attempt.redirects + 1 },
			};
		return {
			action: 'fail',
			failure: { kind: 'redirect', redirect, redirects: attempt.redirects },
		};
	}
	if (statusCode === 429 && attempt.rateLimitWaits < policy.maxRateLimitWaits) {
		const wait = retryAfterSeconds(headers['retry-after'], now);
		if (wait <= policy.maxRetryAfterSeconds && now + wait * 1000 < call.deadline)
			return {
				action: 'wait',
				ms: wait * 1000,
				next: { ...attempt, rateLimitWaits: attempt.rateLimitWaits + 1 },
			};
	}
	if (statusCode >= 500) {
		const again = retry();
		if (again) return again;
	}
	if (statusCode >= 300) {
		const asked =
			headers['retry-after'] !== undefined && (statusCode === 429 || statusCode === 503);
		const retryAfterMs = asked ? retryAfterSeconds(headers['retry-after'], now) * 1000 : undefined;
		return {
			action: 'fail',
			failure: { kind: 'service', statusCode, body, attempts, ...(asked ? { retryAfterMs } : {}) },
		};
	}
	if (call.expect && !call.expect.matches(body))
		return { action: 'fail', failure: { kind: 'unexpectedBody', what: call.expect.what, body } };
	return { action: 'done' };
}
