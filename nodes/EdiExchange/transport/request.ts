/**
 * The one request function: joins the credential's base URL and the route, authenticates through
 * n8n, retries only where that is safe, and maps every failure to a NodeApiError.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { pacers } from '../shared/concurrency';
import { DeadlineExceeded, withinDeadline } from './deadline';
import {
	connectionError,
	redirectError,
	serviceError,
	timeoutError,
	unexpectedBodyError,
} from './errors';
import { redactor, type Redact } from './redact';
import { mayFollow, MAX_REDIRECTS, readRedirect } from './redirects';
import { normalizeBaseUrl, ROUTES, routePath, type RouteName } from './routes';

export type ServiceContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

export const CREDENTIAL_TYPE = 'ediExchangeApi';

/** Retries of a safe request after a 5xx or a dropped connection, with exponential backoff. */
const MAX_RETRIES = 4;
const BACKOFF_MS = 250;
/** How often, and how long at most, a 429 is waited out (a 429 was not processed: safe to repeat). */
const MAX_RATE_LIMIT_WAITS = 5;
const MAX_RETRY_AFTER_SECONDS = 60;
/** The credential's Timeout when it has none: the longest one request may take, answer included. */
export const DEFAULT_TIMEOUT_SECONDS = 60;

export interface ServiceCall {
	route: RouteName;
	params?: Record<string, string | number>;
	qs?: IDataObject;
	body?: IDataObject;
	/**
	 * An absolute link the service handed out (an inbox delivery's accept or fail href). It replaces
	 * the route's path; the route still decides the method and whether a retry is safe.
	 */
	href?: string;
	itemIndex?: number;
	/** False: one attempt only (besides waiting out a 429), for callers that retry later anyway. */
	retry?: boolean;
	/** What a successful answer's body must be; anything else is an error that says what came instead. */
	expect?: ExpectedBody;
	/** True: the answer's body as the text it was sent as, not parsed (messages: see messages.ts). */
	responseText?: boolean;
	/**
	 * When the whole call, retries and waits included, must have ended (ms since the epoch): the
	 * trigger passes the end of its poll budget. Each request also ends within the credential's Timeout.
	 */
	deadline?: number;
}

export interface ExpectedBody {
	/** For the error: "the inbox (a list of inbox items)". */
	what: string;
	matches(body: unknown): boolean;
}

export interface ServiceResponse<T = unknown> {
	statusCode: number;
	headers: IDataObject;
	body: T;
}

/** What a call needs from the credential, besides the token n8n adds to each request. */
interface Target {
	url: string;
	baseUrl: string;
	timeoutMs: number;
	redact: Redact;
}

async function resolveTarget(this: ServiceContext, call: ServiceCall): Promise<Target> {
	const credentials = await this.getCredentials<{
		baseUrl?: string;
		apiToken?: string;
		timeout?: number;
	}>(CREDENTIAL_TYPE, call.itemIndex);
	const baseUrl = normalizeBaseUrl(String(credentials.baseUrl ?? ''));
	const timeout = Number(credentials.timeout);
	const target = {
		baseUrl,
		timeoutMs: (Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_SECONDS) * 1000,
		redact: redactor(credentials.apiToken),
	};
	if (!/^https?:\/\/[^/]+/i.test(baseUrl) || !URL.canParse(baseUrl)) {
		throw new NodeOperationError(
			this.getNode(),
			`The credential’s Base URL "${baseUrl}" is not a valid http(s) address`,
			{
				description:
					'Open the EDI Exchange API credential and enter the service address, e.g. https://api.example.com.',
				itemIndex: call.itemIndex,
			},
		);
	}
	if (!call.href) return { ...target, url: baseUrl + routePath(call.route, call.params) };
	// An absolute link, or one relative to the service's root (a variation the service may make).
	let link: URL | undefined;
	try {
		if (/^https?:\/\//i.test(call.href) || call.href.startsWith('/'))
			link = new URL(call.href, `${baseUrl}/`);
	} catch {
		// reported below
	}
	if (!link) {
		throw new NodeOperationError(this.getNode(), `The link "${call.href}" is not a web address`, {
			description:
				'Use the delivery links of an inbox item as the service handed them out, or give the transaction and delivery ids instead.',
			itemIndex: call.itemIndex,
		});
	}
	// The token goes only to the service the credential names, never to a host a document supplied.
	if (link.origin !== new URL(baseUrl).origin) {
		throw new NodeOperationError(
			this.getNode(),
			`The link ${call.href} does not belong to the service in the credential (${baseUrl})`,
			{
				description:
					'Use the delivery links of an inbox item read with this same credential, or give the transaction and delivery ids instead.',
				itemIndex: call.itemIndex,
			},
		);
	}
	return { ...target, url: link.href };
}

/** Retry-After in seconds: a number of seconds, or an HTTP date (RFC 9110 allows both); 1 if unreadable. */
export function retryAfterSeconds(value: unknown, now = Date.now()): number {
	const text = String(value ?? '').trim();
	if (/^\d+$/.test(text)) return Number(text);
	const at = Date.parse(text);
	return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : 1;
}

/** What a network failure means, in words, with the low-level code for whoever digs deeper. */
const NETWORK_FAILURES: Record<string, string> = {
	ECONNREFUSED: 'nothing answers at the Base URL',
	ENOTFOUND: 'the Base URL’s host name is unknown',
	EAI_AGAIN: 'the Base URL’s host name could not be looked up',
	ECONNRESET: 'the connection was closed before the answer was complete',
	ERR_BAD_RESPONSE: 'the connection was closed before the answer was complete',
	ECONNABORTED: 'the service took too long to answer',
	ETIMEDOUT: 'the service took too long to answer',
};

function networkReason(error: unknown): string {
	const e = error as {
		cause?: { code?: string; message?: string };
		code?: string;
		message?: string;
	};
	const code = e.cause?.code ?? e.code;
	if (code && NETWORK_FAILURES[code]) return `${NETWORK_FAILURES[code]} (${code})`;
	return code ?? e.cause?.message ?? e.message ?? 'unknown network error';
}

export async function serviceRequest<T = unknown>(
	this: ServiceContext,
	call: ServiceCall,
): Promise<ServiceResponse<T>> {
	const route = ROUTES[call.route];
	const target = await resolveTarget.call(this, call);
	const { redact } = target;
	const started = Date.now();
	const deadline = call.deadline ?? Infinity;
	const options: IHttpRequestOptions = {
		method: route.method,
		url: target.url,
		qs: call.qs,
		body: call.body,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// Redirects are the node's to follow (redirects.ts): the client would carry the token along.
		disableFollowRedirect: true,
		...(call.responseText ? { encoding: 'text' as const } : {}),
	};
	const retrySafely = route.idempotent && call.retry !== false;
	let failures = 0;
	let rateLimitWaits = 0;
	let redirects = 0;
	const mayRetry = () =>
		retrySafely && failures < MAX_RETRIES && Date.now() + BACKOFF_MS * 2 ** failures < deadline;
	const backOff = async () => await sleep(BACKOFF_MS * 2 ** failures++);
	for (;;) {
		const limitedBy = deadline - Date.now() < target.timeoutMs ? 'deadline' : 'timeout';
		const timeLeft = Math.min(target.timeoutMs, deadline - Date.now());
		if (timeLeft <= 0)
			throw timeoutError(this.getNode(), route, Date.now() - started, 'deadline', call.itemIndex);
		let response: IN8nHttpFullResponse;
		// Items sent concurrently take turns: a 429 makes the whole node run slow down.
		const pacer = pacers.get(this);
		await pacer?.acquire();
		try {
			response = await withinDeadline(timeLeft, async (abortSignal) => {
				// axios's timeout measures silence only; it ends the request where the signal cannot.
				const request = { ...options, abortSignal, timeout: timeLeft };
				return (await this.helpers.httpRequestWithAuthentication.call(
					this,
					CREDENTIAL_TYPE,
					request,
				)) as IN8nHttpFullResponse;
			});
		} catch (error) {
			pacer?.release();
			// A request that ran out of time is not repeated: the service is not answering.
			if (error instanceof DeadlineExceeded)
				throw timeoutError(this.getNode(), route, error.ms, limitedBy, call.itemIndex);
			if (mayRetry()) {
				await backOff();
				continue;
			}
			throw connectionError(
				this.getNode(),
				route,
				redact(networkReason(error)),
				failures + 1,
				call.itemIndex,
			);
		}
		pacer?.release();
		const { statusCode, headers, body } = response;
		const redirect = readRedirect(statusCode, headers, options.url);
		if (redirect) {
			if (redirects < MAX_REDIRECTS && mayFollow(route, redirect, new URL(target.baseUrl).origin)) {
				redirects++;
				// The new address carries its own query.
				Object.assign(options, { url: redirect.location, qs: undefined });
				continue;
			}
			throw redirectError(
				this.getNode(),
				route,
				redact(redirect),
				target.baseUrl,
				redirects,
				call.itemIndex,
			);
		}
		if (statusCode === 429) pacer?.rateLimited();
		else if (statusCode < 400) pacer?.succeeded();
		const remaining = Number(headers['x-ratelimit-remaining'] ?? NaN);
		if (Number.isFinite(remaining)) pacer?.remaining(remaining);
		if (statusCode === 429 && rateLimitWaits < MAX_RATE_LIMIT_WAITS) {
			const wait = retryAfterSeconds(headers['retry-after']);
			if (wait <= MAX_RETRY_AFTER_SECONDS && Date.now() + wait * 1000 < deadline) {
				rateLimitWaits++;
				await sleep(wait * 1000);
				continue;
			}
		}
		if (statusCode >= 500 && mayRetry()) {
			await backOff();
			continue;
		}
		if (statusCode >= 300)
			throw serviceError(
				this.getNode(),
				route,
				statusCode,
				redact(body),
				failures + 1,
				call.itemIndex,
			);
		if (call.expect && !call.expect.matches(body))
			throw unexpectedBodyError(this.getNode(), call.expect.what, redact(body), call.itemIndex);
		return { statusCode, headers, body: body as T };
	}
}
