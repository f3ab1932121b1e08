/**
 * Create and Submit send several items at once (Options → Concurrency, default 50): output in input
 * order with each item's pairedItem, each document sent once, a 429 slowing the whole run down,
 * Continue On Fail per item, and a stop at the first failure naming what was sent meanwhile.
 * Tiny servers on 127.0.0.1 hold answers back to make the order of completion differ from the
 * input order.
 */
import type { ServerResponse } from 'http';
import type { IDataObject, INode } from 'n8n-workflow';

import { ACTION_NODE, ACTION_VERSION, CREDENTIAL_REF, runNode, runWorkflow } from '../../harness';
import {
	json,
	startHostileServer,
	type Answer,
	type HostileServer,
	type ReceivedRequest,
} from '../hostile/server';
import { createParameters } from './helpers';

const message = (i: number): IDataObject => ({
	purchaseOrderNumber: `PO-${i}`,
	status: 'accepted',
	lineItems: [],
});
const input = (n: number) => Array.from({ length: n }, (_, i) => ({ message: message(i) }));
const createEach = (options: IDataObject = {}) =>
	createParameters({ messageSource: 'field', messageField: 'message', options });
/** The PO number a create's message or a payload's BAK segment carries. */
function numberOf(request: ReceivedRequest): string {
	const body = JSON.parse(request.body);
	return body.message?.purchaseOrderNumber ?? body.content.segments[0][3];
}

let server: HostileServer | undefined;

/**
 * A service where nothing was sent before: Create's already-sent lookups (GET, send once) get an
 * empty list at once; every create or submission goes to `answer`.
 */
const startService = async (answer: Answer) =>
	await startHostileServer((request, res, self) =>
		request.method === 'GET'
			? json(200, { items: [], meta: { limit: 100, offset: 0, total: 0 } })(request, res, self)
			: answer(request, res, self),
	);
/** The creates and submissions the service received, in order (not the lookups). */
const sent = () => server!.requests.filter((r) => r.method === 'POST');
afterEach(async () => {
	await server?.stop();
	server = undefined;
});

interface Held {
	request: ReceivedRequest;
	res: ServerResponse;
}

/** A service that assigns ids in arrival order and lets `release` decide when held answers go out. */
async function holdingService(release: (held: Held[], inFlight: number) => Held[]) {
	let nextId = 100;
	const held: Held[] = [];
	const inFlightAtArrival: number[] = [];
	server = await startService((request, res) => {
		held.push({ request, res });
		inFlightAtArrival.push(held.length);
		for (const { request: answered, res: out } of release(held, held.length)) {
			held.splice(
				held.findIndex((h) => h.res === out),
				1,
			);
			out
				.writeHead(202, { 'content-type': 'application/json' })
				.end(JSON.stringify({ id: nextId++, status: 'ACCEPTED', detail: numberOf(answered) }));
		}
	});
	return { url: server.url, inFlightAtArrival };
}

const run = async (url: string, parameters: IDataObject, n: number, continueOnFail = false) =>
	await runNode({
		credentials: { baseUrl: url, apiToken: 'k' },
		parameters,
		input: input(n),
		continueOnFail,
	});

test('5 at a time, answered in reverse: output keeps the input order, each item paired with its own', async () => {
	// Answers only once 5 are waiting, newest first: item 4 finishes before item 0.
	const service = await holdingService((held) => (held.length >= 5 ? [...held].reverse() : []));
	const result = await run(service.url, createEach({ concurrency: 5 }), 10);
	expect(result.status).toBe('success');
	expect(
		result.items.map((i) => [
			i.json.message && (i.json.message as IDataObject).purchaseOrderNumber,
			i.json.detail,
			i.pairedItem,
		]),
	).toEqual(Array.from({ length: 10 }, (_, item) => [`PO-${item}`, `PO-${item}`, { item }]));
	expect(Math.max(...service.inFlightAtArrival)).toBe(5);
	// Each document was sent once.
	expect(sent().map(numberOf).sort()).toEqual(
		Array.from({ length: 10 }, (_, i) => `PO-${i}`).sort(),
	);
});

test('by default 50 at a time', async () => {
	const service = await holdingService((held) => (held.length >= 50 ? [...held].reverse() : []));
	const result = await run(service.url, createEach(), 100);
	expect(result.status).toBe('success');
	expect(Math.max(...service.inFlightAtArrival)).toBe(50);
	expect(result.items.map((i) => [i.json.detail, i.pairedItem])).toEqual(
		Array.from({ length: 100 }, (_, item) => [`PO-${item}`, { item }]),
	);
});

test('Concurrency 1 sends one after another', async () => {
	const service = await holdingService((held) => held);
	const result = await run(service.url, createEach({ concurrency: 1 }), 6);
	expect(result.status).toBe('success');
	expect(service.inFlightAtArrival).toEqual([1, 1, 1, 1, 1, 1]);
	expect(sent().map(numberOf)).toEqual(Array.from({ length: 6 }, (_, i) => `PO-${i}`));
});

test('Submit sends payloads 5 at a time too, output in input order', async () => {
	const service = await holdingService((held) => (held.length >= 5 ? [...held].reverse() : []));
	const result = await runNode({
		credentials: { baseUrl: service.url, apiToken: 'k' },
		parameters: {
			resource: 'integrationPayload',
			operation: 'submit',
			options: { concurrency: 5 },
			format: 'json',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			segments:
				'={{ JSON.stringify([["BAK", "00", "AC", $json.message.purchaseOrderNumber, "20261122"]]) }}',
		},
		input: input(5),
	});
	expect(result.status).toBe('success');
	expect(Math.max(...service.inFlightAtArrival)).toBe(5);
	expect(sent().map(numberOf).sort()).toEqual(['PO-0', 'PO-1', 'PO-2', 'PO-3', 'PO-4']);
	expect(result.items.map((i) => [i.json.detail, i.pairedItem])).toEqual(
		[0, 1, 2, 3, 4].map((item) => [`PO-${item}`, { item }]),
	);
});

test('a 429 slows the whole run down: after it, requests go out one, then two at a time; every document is created once', async () => {
	let phase: 'limited' | 'open' = 'limited';
	const afterLimit: number[] = [];
	let inFlight = 0;
	let nextId = 1;
	const held: ServerResponse[] = [];
	server = await startService((request, res) => {
		if (phase === 'limited') {
			// The first 5 requests all meet the rate limit (Retry-After 0: no wait in the test).
			held.push(res);
			if (held.length < 5) return;
			phase = 'open';
			for (const out of held)
				out
					.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' })
					.end('{"type":"rateLimitError","message":"slow down"}');
			return;
		}
		inFlight++;
		afterLimit.push(inFlight);
		// Answered a moment later, so requests sent together are seen together.
		server!.repeat(res, 20, () => {
			if (res.writableEnded) return;
			inFlight--;
			res
				.writeHead(202, { 'content-type': 'application/json' })
				.end(JSON.stringify({ id: nextId++, status: 'ACCEPTED', detail: numberOf(request) }));
		});
	});
	const result = await run(server.url, createEach({ concurrency: 5 }), 12);
	expect(result.status).toBe('success');
	expect(result.items.map((i) => [i.json.detail, i.pairedItem])).toEqual(
		Array.from({ length: 12 }, (_, item) => [`PO-${item}`, { item }]),
	);
	// Without the slow-down the 5 rate-limited items would all be repeated at once.
	expect(afterLimit.slice(0, 3).every((n) => n <= 2)).toBe(true);
	expect(afterLimit[0]).toBe(1);
	// 5 answered 429 (not processed), then each of the 12 exactly once.
	const accepted = sent().slice(5).map(numberOf);
	expect(accepted.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `PO-${i}`).sort());
});

describe('a failing item among concurrent ones', () => {
	/** Item 2's create fails with a 500 (after the others were sent); the rest are accepted. */
	const failingService = () =>
		holdingService((held) => {
			if (held.length < 5) return [];
			for (const h of held.filter((h) => numberOf(h.request) === 'PO-2')) {
				held.splice(held.indexOf(h), 1);
				h.res
					.writeHead(500, { 'content-type': 'application/json' })
					.end('{"type":"serverError","message":"boom"}');
			}
			return [...held];
		});

	test('with Continue On Fail: an error item in its place, the others created, none sent twice', async () => {
		const service = await failingService();
		const result = await run(service.url, createEach({ concurrency: 5 }), 10, true);
		expect(result.status).toBe('success');
		expect(result.items.map((i) => i.pairedItem)).toEqual(
			Array.from({ length: 10 }, (_, item) => ({ item })),
		);
		expect(result.items.map((i) => ('error' in i.json ? 'error' : i.json.detail))).toEqual([
			'PO-0',
			'PO-1',
			'error',
			'PO-3',
			'PO-4',
			'PO-5',
			'PO-6',
			'PO-7',
			'PO-8',
			'PO-9',
		]);
		expect(result.items[2].json.description).toContain('NOT sent again');
		expect(sent().filter((r) => numberOf(r) === 'PO-2')).toHaveLength(1);
	});

	test('without it: the run stops, starts nothing more, and names the items that succeeded before it or at the same time', async () => {
		const service = await failingService();
		const result = await run(service.url, createEach({ concurrency: 5 }), 10);
		expect(result.status).toBe('error');
		expect((result.error as Error & { context: IDataObject }).context.itemIndex).toBe(2);
		// Items 0–4 were under way together; nothing after them was started.
		expect(sent().map(numberOf).sort()).toEqual(['PO-0', 'PO-1', 'PO-2', 'PO-3', 'PO-4']);
		expect((result.error as Error & { description: string }).description).toContain(
			'Items 0, 1, 3, 4 (counted from 0) succeeded before the run stopped',
		);
	});

	test('Concurrency 1 without it: the error names the items that succeeded before the failed one, as ranges', async () => {
		const service = await holdingService((held) => {
			for (const h of held.filter((h) => numberOf(h.request) === 'PO-5')) {
				held.splice(held.indexOf(h), 1);
				h.res
					.writeHead(500, { 'content-type': 'application/json' })
					.end('{"type":"serverError","message":"boom"}');
			}
			return [...held];
		});
		const result = await run(service.url, createEach({ concurrency: 1 }), 10);
		expect(sent().map(numberOf)).toEqual(['PO-0', 'PO-1', 'PO-2', 'PO-3', 'PO-4', 'PO-5']);
		const description = (result.error as Error & { description: string }).description;
		expect(description).toContain('NOT sent again');
		expect(description).toContain(
			'Items 0–4 (counted from 0) succeeded before the run stopped: take them out of the input before running again, or they are sent twice.',
		);
	});

	test('with On Error → Continue (using error output): the failed item leaves by the error output, paired; the others by the main output', async () => {
		const service = await failingService();
		const node: INode = {
			id: 'create',
			name: 'EDI Exchange',
			type: ACTION_NODE,
			typeVersion: ACTION_VERSION,
			position: [0, 0],
			credentials: CREDENTIAL_REF,
			onError: 'continueErrorOutput',
			parameters: createEach({ concurrency: 5 }) as INode['parameters'],
		};
		const result = await runWorkflow(
			{ nodes: [node], connections: {} },
			{
				credentials: { baseUrl: service.url, apiToken: 'k' },
				startNode: node.name,
				input: input(10).map((json) => ({ json })),
			},
		);
		const [main, errors] = result.run.data.resultData.runData[node.name][0].data!.main;
		expect(main!.map((i) => [i.json.detail, i.pairedItem])).toEqual(
			[0, 1, 3, 4, 5, 6, 7, 8, 9].map((item) => [`PO-${item}`, { item }]),
		);
		expect(errors!.map((i) => [i.json.error, i.pairedItem])).toEqual([
			['boom [serverError]', { item: 2 }],
		]);
		// The hint, the status and the service's answer, in `details`.
		expect(errors![0].json.details).toEqual({
			type: 'serverError',
			message: 'boom',
			httpCode: '500',
			description: expect.stringContaining('NOT sent again'),
		});
	});
});

test.each([1, 50])(
	'Continue On Fail at Concurrency %i, answers out of order: 500s, FAILED answers, dropped connections and 429s mid-run; each item in its place, only the 429s sent again',
	async (concurrency) => {
		// Item k's fate follows from k; answers come back after a delay that scrambles their order.
		const fate = (k: number) =>
			k % 7 === 3
				? 'serverError'
				: k % 7 === 5
					? 'FAILED'
					: k % 13 === 6
						? 'drop'
						: k % 11 === 4
							? 'rateLimited once'
							: 'ok';
		const limited = new Set<number>();
		let nextId = 1;
		server = await startService((request, res) => {
			const k = Number(numberOf(request).slice(3));
			setTimeout(
				() => {
					const reply = (status: number, body: IDataObject, headers = {}): void => {
						res
							.writeHead(status, { 'content-type': 'application/json', ...headers })
							.end(JSON.stringify(body));
					};
					if (fate(k) === 'serverError')
						return reply(500, { type: 'serverError', message: 'boom' });
					if (fate(k) === 'FAILED')
						return reply(202, {
							id: nextId++,
							status: 'FAILED',
							errors: [{ path: 'message.lineItems', message: 'bad' }],
						});
					if (fate(k) === 'drop') return res.destroy();
					if (fate(k) === 'rateLimited once' && !limited.has(k)) {
						limited.add(k);
						return reply(
							429,
							{ type: 'rateLimitError', message: 'slow down' },
							{ 'retry-after': '0' },
						);
					}
					reply(202, { id: nextId++, status: 'ACCEPTED', detail: `PO-${k}` });
				},
				(k * 37) % 23,
			);
		});
		const n = 60;
		const result = await run(server.url, createEach({ concurrency }), n, true);
		expect(result.status).toBe('success');
		const failed = (k: number) => ['serverError', 'FAILED', 'drop'].includes(fate(k));
		expect(
			result.items.map((i) => ['error' in i.json ? 'error' : i.json.detail, i.pairedItem]),
		).toEqual(Array.from({ length: n }, (_, k) => [failed(k) ? 'error' : `PO-${k}`, { item: k }]));
		const times = Array.from(
			{ length: n },
			(_, k) => sent().filter((r) => numberOf(r) === `PO-${k}`).length,
		);
		expect(times).toEqual(
			Array.from({ length: n }, (_, k) => (fate(k) === 'rateLimited once' ? 2 : 1)),
		);
	},
);

test('a Concurrency outside 1–100 is refused before anything is sent', async () => {
	const service = await holdingService((held) => held);
	const result = await run(service.url, createEach({ concurrency: 0 }), 2);
	expect(result.status).toBe('error');
	expect(result.error?.message).toBe(
		'Options → Concurrency must be a whole number from 1 to 100, not 0',
	);
	expect(server!.requests).toHaveLength(0);
});
