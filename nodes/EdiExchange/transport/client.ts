/**
 * The service client of one run: the action node's router, the trigger's poll and the resource
 * locator's search each create one and hand it to what they call. It resolves the credential once,
 * carries the run's pacer (items sent concurrently) and deadline (the trigger's poll budget), and
 * sends each call as a short loop around the pure decision in decision.ts.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INode,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import {
	decide,
	firstAttempt,
	timeLeft,
	type Attempt,
	type CallRules,
	type ExpectedBody,
	type Failure,
	type Outcome,
} from './decision';
import { DeadlineExceeded, withinDeadline } from './deadline';
import {
	connectionError,
	redirectError,
	serviceError,
	timeoutError,
	unexpectedBodyError,
} from './errors';
import type { Pacer } from './pacer';
import { redactor, type Redact } from './redact';
import { RETRY_POLICY, type RetryPolicy } from './retryPolicy';
import { normalizeBaseUrl, ROUTES, routePath, type Route, type RouteName } from './routes';

export type { ExpectedBody } from './decision';

export type ServiceContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

export const CREDENTIAL_TYPE = 'ediExchangeApi';

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
	/**
	 * True: the answer's body as the text it was sent as, not parsed (messages: see messages.ts),
	 * decoded as UTF-8; `latin1`: decoded as Latin-1 (Windows-1252), for partners that write it.
	 */
	responseText?: boolean | 'latin1';
}

export interface ServiceResponse<T = unknown> {
	statusCode: number;
	headers: IDataObject;
	body: T;
}

export interface ClientOptions {
	/** Items sent concurrently take turns here: a 429 makes the whole run slow down. */
	pacer?: Pacer;
	/**
	 * When a call starting now must have ended, retries and waits included (ms since the epoch): the
	 * trigger's poll budget. Without it, each request still ends within the credential's Timeout.
	 */
	deadline?: () => number;
	policy?: RetryPolicy;
}

/** What every call needs from the credential, besides the token n8n adds to each request. */
interface Credential {
	baseUrl: string;
	/** Undefined when the Base URL is not a usable http(s) address (reported per call, with its item). */
	origin?: string;
	timeoutMs: number;
	redact: Redact;
	/** Handed to n8n with each request, so that n8n does not read the credential again each time. */
	decrypted: ICredentialsDecrypted;
}

/** A network failure's code (from the cause axios wraps) and Node's message, for decide() and errors.ts. */
function lostConnection(error: unknown): Extract<Outcome, { kind: 'lost' }> {
	const e = error as {
		cause?: { code?: string; message?: string };
		code?: string;
		message?: string;
	};
	return {
		kind: 'lost',
		code: e.cause?.code ?? e.code ?? '',
		detail: e.cause?.message ?? e.message ?? 'unknown network error',
	};
}

export class ServiceClient {
	/**
	 * List filters the service refused in this run (400 naming them): later reads of the run apply
	 * them in the node without asking again (see listFilters.ts).
	 */
	readonly refusedFilters = new Set<string>();

	private credential?: Promise<Credential>;
	private readonly policy: RetryPolicy;
	private readonly kept = new Map<string, unknown>();

	constructor(
		private readonly context: ServiceContext,
		private readonly options: ClientOptions = {},
	) {
		this.policy = options.policy ?? RETRY_POLICY;
	}

	/** The node the run belongs to, for errors. */
	get node(): INode {
		return this.context.getNode();
	}

	/**
	 * What the operations keep for the rest of their run (Create: its documents read ahead and the
	 * send-once lookups), made on first use: the client lives exactly as long as the run.
	 */
	runState<T>(name: string, make: () => T): T {
		if (!this.kept.has(name)) this.kept.set(name, make());
		return this.kept.get(name) as T;
	}

	/** Sends one call: waits, retries and redirects as decide() says; every failure a NodeApiError. */
	async send<T = unknown>(call: ServiceCall): Promise<ServiceResponse<T>> {
		const route = ROUTES[call.route];
		const credential = await this.resolveCredential(call.itemIndex);
		const rules: CallRules = {
			route,
			retry: call.retry !== false,
			origin: this.checkedOrigin(credential, call.itemIndex),
			deadline: this.options.deadline?.() ?? Infinity,
			expect: call.expect,
		};
		const started = Date.now();
		let attempt = firstAttempt(this.address(call, credential.baseUrl));
		for (;;) {
			const window = timeLeft(Date.now(), rules.deadline, credential.timeoutMs);
			if (window.ms <= 0)
				throw this.error(
					{ kind: 'timeout', ms: Date.now() - started, limitedBy: 'deadline' },
					route,
					credential,
					call.itemIndex,
				);
			const outcome = await this.attempt(call, route, credential, attempt, window);
			const decision = decide(this.policy, rules, attempt, outcome, Date.now());
			if (outcome.kind === 'answer' && decision.action !== 'follow') {
				const redirected = decision.action === 'fail' && decision.failure.kind === 'redirect';
				if (!redirected) this.options.pacer?.observe(outcome.statusCode, outcome.headers);
			}
			switch (decision.action) {
				case 'done': {
					const { statusCode, headers, body } = outcome as Extract<Outcome, { kind: 'answer' }>;
					return { statusCode, headers, body: body as T };
				}
				case 'wait':
					await sleep(decision.ms);
					attempt = decision.next;
					break;
				case 'follow':
					attempt = decision.next;
					break;
				case 'fail':
					throw this.error(decision.failure, route, credential, call.itemIndex);
			}
		}
	}

	/** One request, within `window`; whatever happens comes back as an outcome, never thrown. */
	private async attempt(
		call: ServiceCall,
		route: Route,
		credential: Credential,
		attempt: Attempt,
		window: { ms: number; limitedBy: 'timeout' | 'deadline' },
	): Promise<Outcome> {
		const options: IHttpRequestOptions = {
			method: route.method,
			url: attempt.url,
			// A redirect's address carries its own query.
			qs: attempt.redirects ? undefined : call.qs,
			body: call.body,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			// Redirects are the node's to follow (redirects.ts): the client would carry the token along.
			disableFollowRedirect: true,
			...(call.responseText
				? {
						encoding: call.responseText === 'latin1' ? ('arraybuffer' as const) : ('text' as const),
					}
				: {}),
		};
		const { pacer } = this.options;
		await pacer?.acquire();
		try {
			const { statusCode, headers, body } = await withinDeadline(window.ms, async (abortSignal) => {
				// axios's timeout measures silence only; it ends the request where the signal cannot.
				const request = { ...options, abortSignal, timeout: window.ms };
				return (await this.context.helpers.httpRequestWithAuthentication.call(
					this.context,
					CREDENTIAL_TYPE,
					request,
					{ credentialsDecrypted: credential.decrypted },
				)) as IN8nHttpFullResponse;
			});
			return {
				kind: 'answer',
				statusCode,
				headers,
				body: call.responseText === 'latin1' ? latin1(body) : body,
			};
		} catch (error) {
			if (error instanceof DeadlineExceeded)
				return { kind: 'timedOut', ms: error.ms, limitedBy: window.limitedBy };
			return lostConnection(error);
		} finally {
			pacer?.release();
		}
	}

	/** The credential, read once per run (the first call's item names it in errors). */
	private async resolveCredential(itemIndex?: number): Promise<Credential> {
		this.credential ??= (async () => {
			const credentials = await this.context.getCredentials<
				ICredentialDataDecryptedObject & { baseUrl?: string; apiToken?: string; timeout?: number }
			>(CREDENTIAL_TYPE, itemIndex);
			const details = this.node.credentials?.[CREDENTIAL_TYPE];
			const baseUrl = normalizeBaseUrl(String(credentials.baseUrl ?? ''));
			const timeout = Number(credentials.timeout);
			const usable = /^https?:\/\/[^/]+/i.test(baseUrl) && URL.canParse(baseUrl);
			return {
				baseUrl,
				origin: usable ? new URL(baseUrl).origin : undefined,
				timeoutMs:
					(Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_SECONDS) * 1000,
				redact: redactor(credentials.apiToken),
				decrypted: {
					id: details?.id ?? '',
					name: details?.name ?? '',
					type: CREDENTIAL_TYPE,
					data: credentials,
				},
			};
		})();
		return await this.credential;
	}

	private checkedOrigin(credential: Credential, itemIndex?: number): string {
		if (credential.origin) return credential.origin;
		throw new NodeOperationError(
			this.node,
			`The credential’s Base URL "${credential.baseUrl}" is not a valid http(s) address`,
			{
				description:
					'Open the EDI Exchange API credential and enter the service address, e.g. https://api.example.com.',
				itemIndex,
			},
		);
	}

	/** The route's address, or the link the call gives, which must belong to the Base URL's origin. */
	private address(call: ServiceCall, baseUrl: string): string {
		if (!call.href) return baseUrl + routePath(call.route, call.params);
		// An absolute link, or one relative to the service's root (a variation the service may make).
		let link: URL | undefined;
		try {
			if (/^https?:\/\//i.test(call.href) || call.href.startsWith('/'))
				link = new URL(call.href, `${baseUrl}/`);
		} catch {
			// reported below
		}
		if (!link) {
			throw new NodeOperationError(this.node, `The link "${call.href}" is not a web address`, {
				description:
					'Use the delivery links of an inbox item as the service handed them out, or give the transaction and delivery ids instead.',
				itemIndex: call.itemIndex,
			});
		}
		// The token goes only to the service the credential names, never to a host a document supplied.
		if (link.origin !== new URL(baseUrl).origin) {
			throw new NodeOperationError(
				this.node,
				`The link ${call.href} does not belong to the service in the credential (${baseUrl})`,
				{
					description:
						'Use the delivery links of an inbox item read with this same credential, or give the transaction and delivery ids instead.',
					itemIndex: call.itemIndex,
				},
			);
		}
		return link.href;
	}

	/** The failure the decision named, as the error the user sees, with the token taken out. */
	private error(failure: Failure, route: Route, credential: Credential, itemIndex?: number) {
		const { redact } = credential;
		switch (failure.kind) {
			case 'service':
				return serviceError(this.node, route, {
					statusCode: failure.statusCode,
					body: redact(failure.body),
					attempts: failure.attempts,
					retryAfterMs: failure.retryAfterMs,
					baseUrl: credential.baseUrl,
					itemIndex,
				});
			case 'connection':
				return connectionError(this.node, route, {
					code: failure.code,
					detail: redact(failure.detail),
					attempts: failure.attempts,
					baseUrl: credential.baseUrl,
					itemIndex,
				});
			case 'redirect':
				return redirectError(
					this.node,
					route,
					redact(failure.redirect),
					credential.baseUrl,
					failure.redirects,
					this.policy.maxRedirects,
					itemIndex,
				);
			case 'timeout':
				return timeoutError(this.node, route, failure.ms, failure.limitedBy, itemIndex);
			case 'unexpectedBody':
				return unexpectedBodyError(this.node, failure.what, redact(failure.body), itemIndex);
		}
	}
}

/** Bytes as Latin-1 text (the WHATWG "latin1" label: Windows-1252, which Latin-1 files fit). */
function latin1(body: unknown): unknown {
	return body instanceof Uint8Array ? new TextDecoder('latin1').decode(body) : body;
}
