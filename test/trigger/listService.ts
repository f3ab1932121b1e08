/**
 * A tiny service on 127.0.0.1 (port 0) that serves whatever a test puts in `transactions` (newest
 * first, with meta.total) and `inbox`, or a raw `body` instead: for what the sandbox, being
 * strict, never does (items without an id or a readable date, HTML or truncated JSON).
 */
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';
import type { IDataObject } from 'n8n-workflow';

import { Poller, type PollerOptions } from '../../harness';

export class ListService {
	transactions: IDataObject[] = [];

	inbox: IDataObject[] = [];

	/** When set, every request gets this body (a 200 with this content type) instead. */
	raw?: { body: string; type: string };

	private server?: Server;

	baseUrl = '';

	async start(): Promise<void> {
		this.server = createServer((req, res) => {
			const url = new URL(req.url ?? '/', 'http://x');
			const send = (body: unknown) =>
				res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
			const message = /^\/v3\/transactions\/([^/]+)\/message$/.exec(url.pathname);
			if (this.raw) res.writeHead(200, { 'content-type': this.raw.type }).end(this.raw.body);
			else if (url.pathname === '/v4/inbox') send(this.inbox);
			else if (message) send({ format: 'json', message: { of: message[1] } });
			else this.sendPage(url, send);
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	private sendPage(url: URL, send: (body: unknown) => void): void {
		const offset = Number(url.searchParams.get('offset') ?? 0);
		const limit = Number(url.searchParams.get('limit') ?? 100);
		send({
			items: this.transactions.slice(offset, offset + limit),
			meta: { total: this.transactions.length },
		});
	}

	async stop(): Promise<void> {
		await new Promise((resolve) => this.server?.close(resolve));
	}

	/** Adds inbound transactions at the newest end. */
	arrive(...items: IDataObject[]): void {
		this.transactions.unshift(
			...items
				.map((item) => ({ direction: 'inbound', stream: 'test', transactionType: '850', ...item }))
				.reverse(),
		);
	}

	poller(parameters: IDataObject = {}, options: PollerOptions = {}): Poller {
		return new Poller(
			{ baseUrl: this.baseUrl, apiToken: 'k' },
			{
				source: 'transactions',
				stream: 'test',
				transactionTypes: [],
				includeMessage: false,
				options: {},
				...parameters,
			},
			options,
		);
	}
}

/** One list service per describe block. */
export function useListService(): ListService {
	const service = new ListService();
	beforeAll(async () => service.start());
	afterAll(async () => service.stop());
	beforeEach(() => {
		service.transactions = [];
		service.inbox = [];
		service.raw = undefined;
	});
	return service;
}
