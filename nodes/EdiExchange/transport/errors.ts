/**
 * Turns the service's answers and network failures into errors that say what happened and how to
 * fix it. Built from the service's error body only: never from the request, which carries the token.
 */
import type { Failure, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { tryParseJson } from '../shared/json';
import type { Redirect } from './redirects';
import type { Route } from './routes';

interface ServiceErrorBody {
	type?: string;
	message?: string;
	errors?: Array<{ type?: string; ref?: string; message?: string }>;
}

const HINTS: Record<number, string> = {
	400: 'The service refused the request’s parameters or body. Correct the fields named above.',
	401: 'The service did not accept the API token. Open the EDI Exchange API credential and paste the API Token again (portal: Settings → API Credentials), and check that the Base URL points at the right service.',
	403: 'The API token is valid but not allowed to do this. Check the account’s permissions in the portal.',
	404: 'Nothing exists at this id. Check the transaction id (a number from Transaction → Get Many or the trigger) or the delivery link.',
	409: 'This delivery already has the opposite outcome (accepted or failed); a delivery’s outcome cannot be changed.',
	413: 'The request body is larger than the service accepts (5 MiB). Send smaller documents or split the interchange.',
	429: 'The service’s rate limit was still exceeded after waiting and retrying. Run fewer items at once (e.g. with Loop Over Items and a Wait node) or try again later.',
};

const NOT_RESENT =
	'It was NOT sent again, because the service has no idempotency key and a repeat could create a duplicate document: check Transaction → Get Many before sending it again.';

function describeServerError(route: Route, attempts: number): string {
	if (route.idempotent) {
		return `The service failed to answer (retried ${attempts - 1} times). Try again later.`;
	}
	return `The service failed while handling this request, so it may or may not have been processed. ${NOT_RESENT}`;
}

export function serviceError(
	node: INode,
	route: Route,
	statusCode: number,
	body: unknown,
	attempts: number,
	itemIndex?: number,
	retryAfterMs?: number,
): NodeApiError {
	// An error body read as text (see ServiceCall.responseText) is JSON more often than not.
	if (typeof body === 'string') body = tryParseJson(body) ?? body;
	const error: ServiceErrorBody =
		body && typeof body === 'object' ? (body as ServiceErrorBody) : {};
	const details = (error.errors ?? [])
		.map((e) => (e.ref ? `${e.ref}: ${e.message ?? e.type ?? 'invalid'}` : (e.message ?? '')))
		.filter(Boolean);
	const message = [
		error.message ?? `The service answered with status ${statusCode}`,
		...details,
	].join(' — ');
	const description = statusCode >= 500 ? describeServerError(route, attempts) : HINTS[statusCode];
	return new NodeApiError(
		node,
		(typeof body === 'object' && body ? body : { message }) as JsonObject,
		{
			httpCode: String(statusCode),
			message: error.type ? `${message} [${error.type}]` : message,
			description,
			itemIndex,
			failure: failureOf(statusCode, retryAfterMs),
		},
	);
}

/**
 * Why the call failed, in the words n8n's poller understands (n8n-workflow's Failure): a dead
 * token waits for the user (n8n stops polling hard), a rate limit or an outage for the time the
 * service asked. Other answers say nothing, and n8n's own backoff applies.
 */
export function failureOf(statusCode: number, retryAfterMs?: number): Failure | undefined {
	if (statusCode === 401 || statusCode === 403) return { cause: 'credential-invalid' };
	const wait = retryAfterMs !== undefined && retryAfterMs > 0 ? { retryAfterMs } : {};
	if (statusCode === 429) return { cause: 'rate-limited', ...wait };
	if (statusCode >= 500) return { cause: 'temporarily-unavailable', ...wait };
	return undefined;
}

export function connectionError(
	node: INode,
	route: Route,
	reason: string,
	attempts: number,
	itemIndex?: number,
): NodeApiError {
	return new NodeApiError(
		node,
		{ message: reason },
		{
			message: `The connection to the EDI Exchange service failed: ${reason}`,
			description: route.idempotent
				? `Retried ${attempts - 1} times. Check the credential’s Base URL and that the service is reachable.`
				: describeServerError(route, attempts),
			itemIndex,
			failure: { cause: 'temporarily-unavailable' },
		},
	);
}

/** A redirect the node did not follow (see redirects.ts), saying where the service pointed. */
export function redirectError(
	node: INode,
	route: Route,
	redirect: Redirect,
	baseUrl: string,
	hops: number,
	/** Redirects followed before giving up (the retry policy's maxRedirects). */
	maxHops: number,
	itemIndex?: number,
): NodeApiError {
	const home = new URL(baseUrl).origin;
	const there = new URL(redirect.location).origin;
	const moved = `If the service has moved, set the credential’s Base URL to ${there} once you have checked that this address belongs to the service.`;
	let description: string;
	if (!route.idempotent) {
		description = `The document may not have been sent: a create or a payload submission is never sent to another address or repeated. ${moved} ${NOT_RESENT}`;
	} else if (there !== home) {
		description = `The API token is sent only to the credential’s Base URL (${home}), never to another address. ${moved}`;
	} else if (hops >= maxHops) {
		description = `The service kept redirecting (${hops} times in a row). Check the credential’s Base URL.`;
	} else {
		description = `Following it would turn this ${route.method} into a different request. Check the credential’s Base URL; running this again is safe.`;
	}
	return new NodeApiError(
		node,
		{ message: `redirect ${redirect.status} to ${redirect.location}` },
		{
			httpCode: String(redirect.status),
			message: `The EDI Exchange service redirected the request to ${redirect.location} (status ${redirect.status}), which the node does not follow`,
			description,
			itemIndex,
			// Polling again cannot help: the Base URL has to change.
			failure: { cause: 'configuration-invalid' },
		},
	);
}

/**
 * A request that did not finish in time (see deadline.ts); never repeated. `limit` says whose
 * limit ran out: the credential's Timeout, or a deadline the caller set (the trigger's poll budget).
 */
export function timeoutError(
	node: INode,
	route: Route,
	ms: number,
	limit: 'timeout' | 'deadline',
	itemIndex?: number,
): NodeApiError {
	const seconds = Math.max(1, Math.round(ms / 1000));
	const fix =
		limit === 'timeout'
			? 'Check that the service answers at the credential’s Base URL; for a slow connection, raise the credential’s Timeout.'
			: 'The time this call was given ran out (for the trigger: n8n’s poll budget); the next poll tries again.';
	return new NodeApiError(
		node,
		{ message: `no complete answer within ${seconds} s` },
		{
			message: `The EDI Exchange service did not answer completely within ${seconds} s`,
			description: route.idempotent
				? `The request was not repeated. ${fix}`
				: `The service did not finish answering, so the request may or may not have been processed. ${NOT_RESENT}`,
			itemIndex,
		},
	);
}

/** A body that is not what the contract promises, in a few words, for an error message. */
export function describeBody(body: unknown): string {
	if (body === undefined || body === '') return 'an empty body';
	if (body === null) return 'null';
	if (typeof body === 'string') {
		const start = JSON.stringify(body.trim().slice(0, 80));
		return /^\s*</.test(body)
			? `an HTML page beginning ${start}`
			: `text that is not JSON (or was cut off), beginning ${start}`;
	}
	if (Array.isArray(body)) return `a list of ${body.length} entries that are not all objects`;
	if (typeof body === 'object') {
		const keys = Object.keys(body);
		return keys.length
			? `an object with the fields ${keys.slice(0, 5).join(', ')}`
			: 'an empty object';
	}
	return `the value ${JSON.stringify(body)}`;
}

/** A successful answer whose body is not what the contract promises (see ServiceCall.expect). */
export function unexpectedBodyError(
	node: INode,
	what: string,
	body: unknown,
	itemIndex?: number,
): NodeApiError {
	const got = describeBody(body);
	return new NodeApiError(
		node,
		{ message: `unexpected answer: ${got}` },
		{
			httpCode: '200',
			message: `The service answered with ${got} instead of ${what}`,
			description:
				'Nothing was output or recorded. Check the credential’s Base URL: something other than the EDI Exchange service (a proxy, a login page) may be answering there. If the answer was cut off, running again helps.',
			itemIndex,
		},
	);
}
