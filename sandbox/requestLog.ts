/** The log of service requests, for tests that check what a client actually sent. Never holds the key. */

export interface RequestLogEntry {
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	status: number;
	/** Whether the request carried the valid API key (the key itself is never logged). */
	authenticated: boolean;
	/** Parsed JSON body, when there was one of at most 64 KiB. */
	body?: unknown;
	bodyBytes?: number;
	/** Set when fault injection answered or cut this request. */
	fault?: 'error' | 'rateLimited' | 'drop';
	at: string;
}

const MAX_ENTRIES = 10_000;
const MAX_LOGGED_BODY = 64 * 1024;

export class RequestLog {
	private entries: RequestLogEntry[] = [];

	add(entry: Omit<RequestLogEntry, 'at'>): void {
		const logged: RequestLogEntry = { ...entry, at: new Date().toISOString() };
		if (logged.bodyBytes !== undefined && logged.bodyBytes > MAX_LOGGED_BODY) delete logged.body;
		if (logged.body === undefined) delete logged.body;
		this.entries.push(logged);
		if (this.entries.length > MAX_ENTRIES)
			this.entries.splice(0, this.entries.length - MAX_ENTRIES);
	}

	list(): RequestLogEntry[] {
		return [...this.entries];
	}

	clear(): number {
		const count = this.entries.length;
		this.entries = [];
		return count;
	}
}

export function queryObject(search: URLSearchParams): Record<string, string | string[]> {
	const query: Record<string, string | string[]> = {};
	for (const [name, value] of search) {
		const previous = query[name];
		query[name] =
			previous === undefined
				? value
				: Array.isArray(previous)
					? [...previous, value]
					: [previous, value];
	}
	return query;
}
