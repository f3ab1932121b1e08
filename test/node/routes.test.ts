/**
 * The route table: every operation's request reaches the server exactly as ROUTES says (method,
 * version prefix, path, parameters) and carries the valid key; the credential's base URL may end
 * in a slash or a version segment.
 */
import { ROUTES, type RouteName } from '../../nodes/EdiExchange/transport/routes';
import { writeInterchange } from '../../sandbox/x12/write';
import { SAMPLE_855 } from '../samples';
import { shape, useNodeSandbox, type NodeSandbox } from './helpers';

const sb = useNodeSandbox();

/** Fills `{name}` placeholders independently of the node's own routePath. */
const expectedPath = (name: RouteName, params: Record<string, string | number> = {}) =>
	`/${ROUTES[name].version}${ROUTES[name].path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(params[key])))}`;

const X12 = writeInterchange({
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
	usage: 'T',
	controlNumber: 7,
	date: new Date('2026-11-22T10:30:00Z'),
	sets: [{ type: '855', segments: [['BAK', '00', 'AC', 'PO-1', '20261122']] }],
});

interface Case {
	/** Runs the operation; returns the path parameters and what the request must have carried. */
	run(sb: NodeSandbox): Promise<{
		params?: Record<string, string | number>;
		query: Record<string, string>;
		body?: unknown;
	}>;
}

async function firstInboxItem(sb: NodeSandbox) {
	const inbox = await sb.run({ resource: 'inbox', operation: 'getMany', limit: 1 });
	expect(inbox.status).toBe('success');
	await sb.clearRequests();
	return inbox.items[0].json as { transactionId: number; delivery: { deliveryId: string } };
}

/** Create → a structured 855 to the demo partner. */
const CREATE_855 = {
	resource: 'transaction',
	operation: 'create',
	documentType: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
	message: JSON.stringify(SAMPLE_855),
	// The create alone: Create's already-sent lookup is listTransactions (send-once.test.ts).
	options: { ifAlreadySent: 'sendAnyway' },
};

const CASES: Record<RouteName, Case> = {
	listTransactions: {
		async run(sb) {
			const r = await sb.run({
				resource: 'transaction',
				operation: 'getMany',
				returnAll: false,
				limit: 7,
				filters: { stream: 'test', direction: 'inbound' },
			});
			expect(r.status).toBe('success');
			expect(r.items).toHaveLength(1);
			return { query: { limit: '7', offset: '0', stream: 'test', direction: 'inbound' } };
		},
	},
	getMessage: {
		async run(sb) {
			const r = await sb.run({
				resource: 'transaction',
				operation: 'getMessage',
				transactionId: '1',
			});
			expect(r.status).toBe('success');
			return { params: { id: 1 }, query: {} };
		},
	},
	getAcknowledgment: {
		async run(sb) {
			const sent = await sb.run(CREATE_855);
			const id = sent.items[0].json.id as number;
			await sb.clearRequests();
			const r = await sb.run({
				resource: 'transaction',
				operation: 'getAcknowledgment',
				transactionId: String(id),
			});
			expect(r.status).toBe('success');
			return { params: { id }, query: {} };
		},
	},
	createTransaction: {
		async run(sb) {
			const r = await sb.run(CREATE_855);
			expect(r.status).toBe('success');
			return {
				query: {},
				body: {
					type: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
					stream: 'test',
					senderId: 'YOURCOMPANY',
					receiverId: 'DEMORETAIL',
					message: SAMPLE_855,
				},
			};
		},
	},
	listInbox: {
		async run(sb) {
			const r = await sb.run({ resource: 'inbox', operation: 'getMany', limit: 12 });
			expect(r.status).toBe('success');
			return { query: { limit: '12' } };
		},
	},
	acceptDelivery: {
		async run(sb) {
			const item = await firstInboxItem(sb);
			const r = await sb.run({
				resource: 'inbox',
				operation: 'accept',
				deliverySource: 'ids',
				transactionId: String(item.transactionId),
				deliveryId: item.delivery.deliveryId,
				note: 'Booked as SO-1',
			});
			expect(r.status).toBe('success');
			return {
				params: { transactionId: item.transactionId, deliveryId: item.delivery.deliveryId },
				query: {},
				body: { note: 'Booked as SO-1' },
			};
		},
	},
	failDelivery: {
		async run(sb) {
			const item = await firstInboxItem(sb);
			const r = await sb.run(
				{ resource: 'inbox', operation: 'fail', deliverySource: 'inputItem', note: 'Unknown item' },
				{ input: [item as any] },
			);
			expect(r.status).toBe('success');
			return {
				params: { transactionId: item.transactionId, deliveryId: item.delivery.deliveryId },
				query: {},
				body: { note: 'Unknown item' },
			};
		},
	},
	submitIntegrationPayload: {
		async run(sb) {
			const r = await sb.run({
				resource: 'integrationPayload',
				operation: 'submit',
				format: 'x12',
				x12Content: X12,
			});
			expect(r.status).toBe('success');
			return { query: {}, body: { format: 'x12', content: X12 } };
		},
	},
};

test('the route table is the contract’s', () => {
	const table = Object.fromEntries(
		Object.entries(ROUTES).map(([name, r]) => [name, `${r.method} /${r.version}${r.path}`]),
	);
	expect(table).toEqual({
		listTransactions: 'GET /v3/transactions',
		getMessage: 'GET /v3/transactions/{id}/message',
		getAcknowledgment: 'GET /v3/transactions/{id}/acknowledgment',
		createTransaction: 'POST /v4/transactions',
		listInbox: 'GET /v4/inbox',
		acceptDelivery: 'POST /v4/transactions/{transactionId}/deliveries/{deliveryId}/accept',
		failDelivery: 'POST /v4/transactions/{transactionId}/deliveries/{deliveryId}/fail',
		submitIntegrationPayload: 'POST /v2/integration-payloads',
	});
	// Only reads and delivery outcomes (no-ops when repeated) may be retried.
	expect(
		Object.entries(ROUTES)
			.filter(([, r]) => !r.idempotent)
			.map(([name]) => name)
			.sort(),
	).toEqual(['createTransaction', 'submitIntegrationPayload']);
	expect(Object.keys(CASES).sort()).toEqual(Object.keys(ROUTES).sort());
});

test.each(Object.keys(CASES) as RouteName[])(
	'%s sends exactly its route, with the key',
	async (name) => {
		const expected = await CASES[name].run(sb);
		const requests = await sb.requests();
		expect(requests.map(shape)).toEqual([
			{
				method: ROUTES[name].method,
				path: expectedPath(name, expected.params),
				query: expected.query,
			},
		]);
		expect(requests[0].authenticated).toBe(true);
		expect(requests[0].status).toBeLessThan(300);
		if (expected.body !== undefined) expect(requests[0].body).toEqual(expected.body);
		else expect(requests[0].body).toBeUndefined();
	},
);

describe('the credential’s base URL', () => {
	test.each(['/', '//', '/v3', '/v3/', '/V4/', ' '])(
		'with %j appended still reaches the versioned routes',
		async (suffix) => {
			const credentials = { baseUrl: sb.baseUrl + suffix };
			const list = await sb.run(
				{ resource: 'transaction', operation: 'getMany', limit: 1 },
				{ credentials },
			);
			expect(list.status).toBe('success');
			expect(list.items.map((i) => i.json.id)).toEqual([1]);
			const message = await sb.run(
				{ resource: 'transaction', operation: 'getMessage', transactionId: '1' },
				{ credentials },
			);
			expect(message.status).toBe('success');
			const inbox = await sb.run(
				{ resource: 'inbox', operation: 'getMany', limit: 5 },
				{ credentials },
			);
			// The delivery links the service hands out belong to the credential's service.
			const accept = await sb.run(
				{ resource: 'inbox', operation: 'accept', note: 'ok' },
				{ credentials, input: inbox.items },
			);
			expect(accept.status).toBe('success');
			expect(
				(await sb.requests()).map((r) => `${r.method} ${r.path} ${r.status} ${r.authenticated}`),
			).toEqual([
				'GET /v3/transactions 200 true',
				'GET /v3/transactions/1/message 200 true',
				'GET /v4/inbox 200 true',
				`POST ${expectedPath('acceptDelivery', { transactionId: 1, deliveryId: String((inbox.items[0].json.delivery as any).deliveryId) })} 200 true`,
			]);
		},
	);
});
