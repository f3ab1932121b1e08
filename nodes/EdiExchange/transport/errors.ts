/**
 * Turns the service's answers and network failures into errors that say what happened and how to
 * fix it. Built from the service's error body only: never from the request, which carries the token.
 */
import type { Failure, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { tryParseJson } from '../shared/json';
import { connectionLoss } from './decision';
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

/**
 * A 404 on a route without an id (Get Many, Create, Inbox, Submit) means nothing is at that
 * address at all: the Base URL's path is wrong (…/api on a service at the root), not an id.
 */
function describeNotFound(route: Route, baseUrl: string): string {
	if (route.path.includes('{')) return HINTS[404];
	const { origin, pathname } = new URL(baseUrl);
	const path = pathname.replace(/\/+$/, '');
	return path
		? `The Base URL ends in the path ${path}, and the service has nothing there: its routes begin at its root. Set the credential’s Base URL to ${origin} (without ${path}).`
		: `The service at ${origin} has no ${route.method} ${route.path} for this API version. Check that the credential’s Base URL is the EDI Exchange service’s address, with the path it lives under if it has one.`;
}

export interface ServiceFailure {
	statusCode: number;
	body: unknown;
	attempts: number;
	/** What the service asked to wait (Retry-After), for n8n's poll backoff. */
	retryAfterMs?: number;
	/** The credential's Base URL (normalised), for hints about the address. */
	baseUrl: string;
	itemIndex?: number;
}

export function serviceError(
	node: INode,
	route: Route,
	{ statusCode, body, attempts, retryAfterMs, baseUrl, itemIndex }: ServiceFailure,
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
	const description =
		statusCode >= 500
			? describeServerError(route, attempts)
			: statusCode === 404
				? describeNotFound(route, baseUrl)
				: HINTS[statusCode];
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

/** What a network failure means, in words, with the low-level code for whoever digs deeper. */
const NETWORK_FAILURES: Record<string, string> = {
	ECONNREFUSED: 'nothing answers at the Base URL',
	ENOTFOUND: 'the Base URL’s host name is unknown',
	EAI_AGAIN: 'the Base URL’s host name could not be looked up',
	EHOSTUNREACH: 'the Base URL’s host cannot be reached',
	ENETUNREACH: 'the Base URL’s host cannot be reached',
	ECONNRESET: 'the connection was closed before the answer was complete',
	ERR_BAD_RESPONSE: 'the connection was closed before the answer was complete',
	ECONNABORTED: 'the service took too long to answer',
	ETIMEDOUT: 'the service took too long to answer',
};

const SELF_SIGNED = ['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN'];
const OUT_OF_DATE: Record<string, string> = {
	CERT_HAS_EXPIRED: 'has expired',
	CERT_NOT_YET_VALID: 'is not valid yet',
	CERT_REVOKED: 'was revoked',
};
const TRUST_FIX =
	'Use the service’s address whose certificate a public authority issued, or make n8n trust your certificate authority (NODE_EXTRA_CA_CERTS on the n8n server, then restart n8n).';

/** A TLS or protocol failure in words: what is wrong, and what has to change. */
function describeTls(
	code: string,
	detail: string,
	baseUrl: string,
): { message: string; fix: string } {
	const service = `The EDI Exchange service’s certificate at ${baseUrl}`;
	if (/wrong version number|packet length too long|http request/i.test(detail)) {
		const plain = baseUrl.replace(/^https:/i, 'http:');
		return {
			message: `The EDI Exchange service at ${baseUrl} does not speak HTTPS (${code}: wrong version number)`,
			fix: `The Base URL begins with https://, but the service at that port answers in plain HTTP. If it is plain HTTP (as the sandbox is), set the credential’s Base URL to ${plain}; otherwise check the port.`,
		};
	}
	if (SELF_SIGNED.includes(code))
		return {
			message: `${service} is self-signed, so n8n does not trust it (${code})`,
			fix: TRUST_FIX,
		};
	if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
		const names = /cert's altnames: (.+)$/.exec(detail)?.[1];
		return {
			message: `The EDI Exchange service’s certificate is not issued for ${new URL(baseUrl).hostname}, the Base URL’s host (${code})`,
			fix: `${names ? `It names ${names}. ` : ''}Set the Base URL to a host name the certificate is issued for: usually the service’s public name, not an IP address or an internal alias.`,
		};
	}
	if (OUT_OF_DATE[code])
		return {
			message: `${service} ${OUT_OF_DATE[code]} (${code})`,
			fix: 'Only the service can renew its certificate; if n8n’s clock is wrong, correct it.',
		};
	if (code.startsWith('UNABLE_TO_') || code.startsWith('CERT_'))
		return {
			message: `${service} is issued by an authority n8n does not trust (${code})`,
			fix: TRUST_FIX,
		};
	return {
		message: `The TLS connection to the EDI Exchange service at ${baseUrl} failed (${code}: ${detail})`,
		fix: 'Check that the Base URL’s scheme (https:// or http://) and port are the service’s.',
	};
}

export interface ConnectionFailure {
	/** Node's code for the failure (ECONNREFUSED, EPROTO); empty when it gave none. */
	code: string;
	/** Node's message for it, with the token taken out. */
	detail: string;
	attempts: number;
	baseUrl: string;
	itemIndex?: number;
}

const NOT_SENT =
	'The request never reached the service, so nothing was sent: running it again is safe.';
const NOT_RETRIED = 'Not retried: trying again cannot help.';

export function connectionError(
	node: INode,
	route: Route,
	{ code, detail, attempts, baseUrl, itemIndex }: ConnectionFailure,
): NodeApiError {
	const loss = connectionLoss(code);
	let message: string;
	let fix: string;
	if (loss.tls) {
		({ message, fix } = describeTls(code, detail, baseUrl));
		fix = `${fix} ${NOT_RETRIED}`;
	} else {
		const reason = NETWORK_FAILURES[code] ? `${NETWORK_FAILURES[code]} (${code})` : code || detail;
		message = `The connection to the EDI Exchange service failed: ${reason}`;
		const check = 'Check the credential’s Base URL and that the service is reachable.';
		fix = !loss.retryable
			? `${NOT_RETRIED} ${check}`
			: route.idempotent
				? `Retried ${attempts - 1} times. ${check}`
				: check;
	}
	const description = route.idempotent
		? fix
		: loss.reached
			? describeServerError(route, attempts)
			: `${NOT_SENT} ${fix}`;
	const error = new NodeApiError(
		node,
		{ message: code || detail },
		{
			message,
			description,
			itemIndex,
			// A TLS failure waits for the user (the Base URL or the certificate has to change).
			failure: { cause: loss.tls ? 'configuration-invalid' : 'temporarily-unavailable' },
		},
	);
	// NodeApiError swaps a message holding a code it knows (ECONNREFUSED) for its own generic words.
	error.message = message;
	return error;
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

/** An error passed on as n8n's: the node errors as they are, anything else wrapped. */
export const asNodeError = (node: INode, error: unknown): NodeApiError | NodeOperationError =>
	error instanceof NodeApiError || error instanceof NodeOperationError
		? error
		: new NodeOperationError(node, error as Error);
