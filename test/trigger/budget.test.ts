/**
 * The poll budget bounds a whole poll: a request that stalls ends when the budget does, not at
 * the credential's Timeout, and the poll keeps its state. Against a server that stops answering
 * after a first good poll.
 */
import { Poller } from '../../harness';
import { json, stallAfterHeaders, startHostileServer, type HostileServer } from '../hostile/server';
import { transactionList } from '../samples';

let server: HostileServer;
afterEach(async () => await server.stop());

const answers = {
	transactions: json(200, transactionList({ id: 1, transactionType: '850' })),
	inbox: json(200, []),
};

describe.each(['transactions', 'inbox'] as const)(
	'%s source, a request stalls mid-poll',
	(source) => {
		test('with a 3 s budget the poll fails at 3 s (not at the 30 s Timeout), keeps its state, and repeats nothing', async () => {
			server = await startHostileServer(answers[source]);
			const credentials = { baseUrl: server.url, apiToken: 'k', timeout: 30 };
			const poller = new Poller(
				credentials,
				{ source, stream: 'test', transactionTypes: [], includeMessage: false, options: {} },
				{ pollBudgetMs: 3000 },
			);
			expect(await poller.poll()).toEqual({ items: null });
			const state = poller.staticData;
			server.answer = stallAfterHeaders();
			const sent = server.requests.length;

			const { items, error } = await poller.poll();
			expect(items).toBeNull();
			expect(error?.message).toBe('The EDI Exchange service did not answer completely within 3 s');
			expect((error as { description?: string }).description).toContain('n8n’s poll budget');
			expect(poller.staticData).toEqual(state);
			expect(server.requests).toHaveLength(sent + 1);
		});
	},
);
