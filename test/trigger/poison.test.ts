/**
 * A poison document: an inbound transaction whose message cannot be read (500 every time, or 404)
 * never holds back the others (issue #22). Through the engine against the sandbox, whose
 * `messageErrors` fault makes one transaction's message fail: the others are emitted at once, each
 * once; the poison one once, without its message, marked with messageError (at once for a 404,
 * after MESSAGE_ATTEMPTS polls for a 500), and named in a warning.
 */
import type { IDataObject } from 'n8n-workflow';

import { Poller } from '../../harness';
import { MESSAGE_ATTEMPTS } from '../../nodes/EdiExchange/trigger/messages';
import { json, raw, startHostileServer } from '../hostile/server';
import { useSandbox } from '../sandbox/helpers';
import { idsOf, insert, makePoller, reset, setFaults, useWarnings } from './helpers';

const running = useSandbox({ sendInitialOrder: false, rateLimit: null });
const warnings = useWarnings();

beforeEach(async () => reset(running));

/** Polls `count` times; every item emitted, poll by poll. */
async function pollTimes(poller: ReturnType<typeof makePoller>, count: number) {
	const polls: IDataObject[][] = [];
	for (let i = 0; i < count; i++) {
		const { items, error } = await poller.poll();
		expect(error).toBeUndefined();
		polls.push((items ?? []).map((item) => item.json));
	}
	return polls;
}

test.each([
	[500, MESSAGE_ATTEMPTS],
	[404, 1],
])(
	'a message answering %i: the transactions around it are emitted at once, each once; it is emitted once, marked, at poll %i',
	async (status, markedAt) => {
		const poller = makePoller(running, { includeMessage: true }, { pollBudgetMs: 1 });
		expect((await poller.poll()).items).toBeNull(); // baseline: an empty list
		const [first, poison, third] = await insert(running, { count: 3 });
		await setFaults(running, { messageErrors: { [poison]: status } });

		const polls = [(await pollTimes(poller, 1))[0]];
		const [later] = await insert(running, { count: 1 });
		polls.push(...(await pollTimes(poller, MESSAGE_ATTEMPTS + 1)));

		// The others: with their messages, at the first poll that could.
		expect(idsOf(polls[0].map((json) => ({ json }))).filter((id) => id !== poison)).toEqual([
			first,
			third,
		]);
		expect(polls[1].map((json) => json.id)).toContain(later);
		// Each id once over all polls.
		const all = polls.flat();
		expect(all.map((json) => json.id).sort((a, b) => Number(a) - Number(b))).toEqual([
			first,
			poison,
			third,
			later,
		]);
		for (const json of all.filter((json) => json.id !== poison)) {
			expect(json.messageFormat).toBe('json');
			expect(json.message).toEqual(expect.any(Object));
		}
		// The poison one: once, at the documented poll, without its message, marked.
		const at = polls.findIndex((poll) => poll.some((json) => json.id === poison));
		expect(at + 1).toBe(markedAt);
		const marked = all.find((json) => json.id === poison)!;
		expect(marked.message).toBeUndefined();
		expect(marked.messageError).toEqual({
			message: expect.stringContaining(String(poison)),
			httpCode: String(status),
			attempts: markedAt,
		});
		expect(
			warnings.filter((w) => w.includes(`transaction ${poison} could not be read`)),
		).toHaveLength(markedAt);
		expect(warnings.at(-1)).toMatch(/emitted once without its message, marked with messageError/);
		// Nothing left over.
		expect((await poller.poll()).items).toBeNull();
	},
);

test('a 200 whose body is no message (an HTML page) is marked at once; the next transaction still comes through', async () => {
	const list = [3, 2, 1].map((id) => ({
		id,
		transactionType: '850',
		direction: 'inbound',
		stream: 'test',
		createdAt: new Date(Date.now() - (10 - id) * 1000).toISOString(),
	}));
	let shown = 1;
	const server = await startHostileServer((request, res, hostile) => {
		if (request.path === '/v3/transactions/2/message')
			return raw(200, 'text/html', '<html>Sign in</html>')(request, res, hostile);
		if (request.path.endsWith('/message'))
			return json(200, { purchaseOrderNumber: 'PO-1' })(request, res, hostile);
		const items = list.slice(list.length - shown);
		return json(200, { items, meta: { total: items.length } })(request, res, hostile);
	});
	try {
		const poller = new Poller(
			{ baseUrl: server.url, apiToken: 'k' },
			{
				source: 'transactions',
				stream: 'test',
				transactionTypes: [],
				includeMessage: true,
				options: {},
			},
		);
		expect((await poller.poll()).items).toBeNull();
		shown = 3;
		const { items, error } = await poller.poll();
		expect(error).toBeUndefined();
		expect(items!.map((item) => [item.json.id, item.json.message === undefined])).toEqual([
			[2, true],
			[3, false],
		]);
		expect(items![0].json.messageError).toEqual({
			message: expect.stringMatching(/transaction 2 is neither a JSON document nor X12/),
			httpCode: '200',
			attempts: 1,
		});
		expect((await poller.poll()).items).toBeNull();
	} finally {
		await server.stop();
	}
});
