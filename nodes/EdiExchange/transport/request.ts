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

import { connectionError, serviceError } from './errors';
import { normalizeBaseUrl, ROUTES, routePath, type RouteName } from './routes';

export type ServiceContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

export const CREDENTIAL_TYPE = 'ediExchangeApi';

/** Retries of a safe request after a 5xx or a dropped connection, with exponential backoff. */
const MAX_RETRIES = 4;
const BACKOFF_MS = 250;
/** How often, and how long at most, a 429 is waited out (a 429 was not processed: safe to repeat). */
const MAX_RATE_LIMIT_WAITS = 5;
const MAX_RETRY_AFTER_SECONDS = 60;
const TIMEOUT_MS = 60_000;

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
}

export interface ServiceResponse<T = unknown> {
	statusCode: number;
	headers: IDataObject;
	body: T;
}

async function targetUrl(this: ServiceContext, call: ServiceCall): Promise<string> {
	const credentials = await this.getCredentials<{ baseUrl?: string }>(CREDENTIAL_TYPE, call.itemIndex);
	const baseUrl = normalizeBaseUrl(String(credentials.baseUrl ?? ''));
	if (!/^https?:\/\/[^/]+/i.test(baseUrl) || !URL.canParse(baseUrl)) {
		throw new NodeOperationError(this.getNode(), `The credential’s Base URL "${baseUrl}" is not a valid http(s) address`, {
			description: 'Open the EDI Exchange API credential and enter the service address, e.g. https://api.example.com.',
			itemIndex: call.itemIndex,
		});
	}
	if (!call.href) return baseUrl + routePath(call.route, call.params);
	// An absolute link, or one relative to the service's root (a variation the service may make).
	let link: URL | undefined;
	try {
		if (/^https?:\/\//i.test(call.href) || call.href.startsWith('/')) link = new URL(call.href, `${baseUrl}/`);
	} catch {
		// reported below
	}
	if (!link) {
		throw new NodeOperationError(this.getNode(), `The link "${call.href}" is not a web address`, {
			description: 'Use the delivery links of an inbox item as the service handed them out, or give the transaction and delivery ids instead.',
			itemIndex: call.itemIndex,
		});
	}
	// The token goes only to the service the credential names, never to a host a document supplied.
	if (link.origin !== new URL(baseUrl).origin) {
		throw new NodeOperationError(this.getNode(), `The link ${call.href} does not belong to the service in the credential (${baseUrl})`, {
			description: 'Use the delivery links of an inbox item read with this same credential, or give the transaction and delivery ids instead.',
			itemIndex: call.itemIndex,
		});
	}
	return link.href;
}

function retryAfterSeconds(headers: IDataObject): number {
	const seconds = Number(headers['retry-after']);
	return Number.isFinite(seconds) && seconds >= 0 ? seconds : 1;
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
	const e = error as { cause?: { code?: string; message?: string }; code?: string; message?: string };
	const code = e.cause?.code ?? e.code;
	if (code && NETWORK_FAILURES[code]) return `${NETWORK_FAILURES[code]} (${code})`;
	return code ?? e.cause?.message ?? e.message ?? 'unknown network error';
}

export async function serviceRequest<T = unknown>(this: ServiceContext, call: ServiceCall): Promise<ServiceResponse<T>> {
	const route = ROUTES[call.route];
	const options: IHttpRequestOptions = {
		method: route.method,
		url: await targetUrl.call(this, call),
		qs: call.qs,
		body: call.body,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: TIMEOUT_MS,
	};
	const retrySafely = route.idempotent && call.retry !== false;
	let failures = 0;
	let rateLimitWaits = 0;
	for (let attempt = 1; ; attempt++) {
		let response: IN8nHttpFullResponse;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, options)) as IN8nHttpFullResponse;
		} catch (error) {
			if (retrySafely && failures < MAX_RETRIES) {
				await sleep(BACKOFF_MS * 2 ** failures++);
				continue;
			}
			throw connectionError(this.getNode(), route, networkReason(error), attempt, call.itemIndex);
		}
		const { statusCode, headers, body } = response;
		if (statusCode === 429 && rateLimitWaits < MAX_RATE_LIMIT_WAITS) {
			const wait = retryAfterSeconds(headers);
			if (wait <= MAX_RETRY_AFTER_SECONDS) {
				rateLimitWaits++;
				await sleep(wait * 1000);
				continue;
			}
		}
		if (statusCode >= 500 && retrySafely && failures < MAX_RETRIES) {
			await sleep(BACKOFF_MS * 2 ** failures++);
			continue;
		}
		if (statusCode >= 400) throw serviceError(this.getNode(), route, statusCode, body, attempt, call.itemIndex);
		return { statusCode, headers, body: body as T };
	}
}
