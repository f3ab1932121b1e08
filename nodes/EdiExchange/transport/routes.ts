/**
 * THE versioned routing table: every operation of the service with its API version, method and
 * path, as the service specifies them (docs/contract.md). No other file spells a version prefix.
 */
export interface Route {
	version: 'v2' | 'v3' | 'v4';
	method: 'GET' | 'POST';
	/** Path after the version, with `{name}` placeholders. */
	path: string;
	/**
	 * Whether repeating the request after a lost answer is harmless. The service has no idempotency
	 * key, so a create or a payload submission that timed out may have happened: never repeat those.
	 * Accepting or failing a delivery twice is a no-op on the service.
	 */
	idempotent: boolean;
}

export const ROUTES = {
	listTransactions: { version: 'v3', method: 'GET', path: '/transactions', idempotent: true },
	getMessage: {
		version: 'v3',
		method: 'GET',
		path: '/transactions/{id}/message',
		idempotent: true,
	},
	getAcknowledgment: {
		version: 'v3',
		method: 'GET',
		path: '/transactions/{id}/acknowledgment',
		idempotent: true,
	},
	createTransaction: { version: 'v4', method: 'POST', path: '/transactions', idempotent: false },
	listInbox: { version: 'v4', method: 'GET', path: '/inbox', idempotent: true },
	acceptDelivery: {
		version: 'v4',
		method: 'POST',
		path: '/transactions/{transactionId}/deliveries/{deliveryId}/accept',
		idempotent: true,
	},
	failDelivery: {
		version: 'v4',
		method: 'POST',
		path: '/transactions/{transactionId}/deliveries/{deliveryId}/fail',
		idempotent: true,
	},
	submitIntegrationPayload: {
		version: 'v2',
		method: 'POST',
		path: '/integration-payloads',
		idempotent: false,
	},
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof ROUTES;

/** `/v3/transactions/42/message` for `getMessage` with `{ id: 42 }`. */
export function routePath(name: RouteName, params: Record<string, string | number> = {}): string {
	const { version, path } = ROUTES[name];
	const filled = path.replace(/\{(\w+)\}/g, (_, key: string) => {
		if (params[key] === undefined)
			throw new Error(`Route ${name} needs the path parameter "${key}"`);
		return encodeURIComponent(String(params[key]));
	});
	return `/${version}${filled}`;
}

/**
 * What users often paste along with the credential's base URL, taken off in this order: trailing
 * slashes and a trailing version segment (`https://api.example.com/v3/` → `https://api.example.com`).
 */
const BASE_URL_TRAILERS = [/\/+$/, /\/v\d+$/i];

export function normalizeBaseUrl(baseUrl: string): string {
	return BASE_URL_TRAILERS.reduce((url, trailer) => url.replace(trailer, ''), baseUrl.trim());
}

/**
 * The same normalisation as an n8n expression, for the credential's test request (which n8n
 * sends itself, so it cannot call normalizeBaseUrl): `={{$credentials.baseUrl.trim().replace(…)}}`.
 */
export const NORMALIZED_BASE_URL_EXPRESSION = `={{$credentials.baseUrl.trim()${BASE_URL_TRAILERS.map(
	(trailer) => `.replace(${String(trailer)}, "")`,
).join('')}}}`;
