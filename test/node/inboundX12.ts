/**
 * Until the sandbox takes any inbound X12 (it serves the partner's 850s and 860s), a small local
 * service plays the retailer's side: its transaction 7 is the X12 interchange given, served as
 * application/edi-x12, listed on the second list call (the trigger's first poll only sets its
 * cursor). One at a time per test file; stopped after each test.
 */
import type { IDataObject } from 'n8n-workflow';

import { Poller } from '../../harness';
import { json, raw, startHostileServer, type HostileServer } from '../hostile/server';
import { transactionList } from '../samples';

export interface InboundX12 {
	/** Starts serving `x12` (stopping what was served before): the credential to reach it. */
	serve(x12: string | Buffer): Promise<{ baseUrl: string; apiToken: string }>;
	/** The server's requests, while it runs. */
	server(): HostileServer;
}

export function useInboundX12(): InboundX12 {
	let inbound: HostileServer | undefined;
	afterEach(async () => {
		await inbound?.stop();
		inbound = undefined;
	});
	return {
		async serve(x12) {
			const list = transactionList();
			await inbound?.stop(); // a test may serve twice
			inbound = await startHostileServer((request, res, self) =>
				(request.path === '/v3/transactions'
					? json(200, self.requests.length > 1 ? list : { items: [], meta: { total: 0 } })
					: raw(200, 'application/edi-x12', x12))(request, res, self),
			);
			return { baseUrl: inbound.url, apiToken: 'secret-token-x12' };
		},
		server: () => inbound!,
	};
}

/** The trigger on the transaction list with Include Message on, polling the service `credentials` reach. */
export const includeMessagePoller = (
	credentials: { baseUrl: string; apiToken: string },
	options: IDataObject = {},
): Poller =>
	new Poller(credentials, {
		source: 'transactions',
		stream: 'test',
		transactionTypes: [],
		includeMessage: true,
		options,
	});
