/**
 * Send once, through n8n's engine against the sandbox: Create refuses a document whose business
 * number already went to the same receiver as the same type on the same stream, on all three
 * integration paths and for every type it sends (nothing reaches the service: the request log and
 * the list say so); a document the partner rejected goes out again corrected; Send Anyway sends,
 * and the partner's own duplicate check rejects it, seen through its acknowledgment; Mark as
 * Already Sent passes the document through; a batch looks its numbers up together.
 */
import type { IDataObject } from 'n8n-workflow';

import { buildChangeAcknowledgment, buildInvoice } from '../../nodes/EdiExchange/documents';
import { buildParameters } from '../orderToCash/order';
import { json, startHostileServer, type HostileServer } from '../hostile/server';
import { failure, useNodeSandbox } from './helpers';

const sb = useNodeSandbox({ sendInitialOrder: false });

const ACK = '855_PURCHASE_ORDER_ACKNOWLEDGMENT';
const ASN = '856_SHIP_NOTICE_MANIFEST';
const INVOICE = '810_INVOICE';
const PATHS = ['structured', 'x12', 'serviceJson'] as const;

/** Build From Purchase Order, from YOURCOMPANY to DEMORETAIL (Get Message's item names no parties). */
const build = (type: string, extra: IDataObject = {}) =>
	buildParameters(type, { senderId: 'YOURCOMPANY', receiverId: 'DEMORETAIL', ...extra });

const posts = async () => (await sb.requests()).filter((r) => r.method === 'POST');

/** The service API, as a user's HTTP Request node would call it. */
async function api(path: string): Promise<any> {
	const response = await fetch(`${sb.baseUrl}${path}`, {
		headers: { 'service-api-key': sb.credentials.apiToken },
	});
	return await response.json();
}

/** Outbound transactions of a type with a business number, as the list shows them. */
async function sentOf(code: string, businessNumber: string): Promise<IDataObject[]> {
	const { items } = await api('/v3/transactions?direction=outbound&limit=100');
	return (items as IDataObject[]).filter(
		(t) => String(t.transactionType).startsWith(code) && t.businessNumber === businessNumber,
	);
}

async function getMessage(id: number): Promise<IDataObject> {
	const result = await sb.run({
		resource: 'transaction',
		operation: 'getMessage',
		transactionId: { __rl: true, mode: 'id', value: String(id) },
	});
	return result.items[0].json;
}

/** A purchase order of the demo partner, acknowledged: its number and what its replies are built from. */
async function acknowledgedOrder(): Promise<{ number: string; input: IDataObject }> {
	const sent = await sb.admin('POST', '/partner/send-850', {});
	const po = await getMessage(sent.transactionId);
	const ack = await sb.run(build(ACK), { input: [{ json: { po } }] });
	expect(ack.error?.message).toBeUndefined();
	return { number: sent.purchaseOrderNumber as string, input: { po, ack: ack.items[0].json } };
}

/** The same, shipped: what an 810 the partner accepts is built from. */
async function shippedOrder(): Promise<{ number: string; input: IDataObject }> {
	const { number, input } = await acknowledgedOrder();
	const asn = await sb.run(build(ASN), { input: [{ json: input }] });
	expect(asn.error?.message).toBeUndefined();
	return { number, input: { ...input, asn: asn.items[0].json } };
}

const invoiceOn = (path: string, extra: IDataObject = {}) =>
	build(INVOICE, { integrationPath: path, ...extra });

describe.each(PATHS)('the same 810 twice, %s', (path) => {
	test('the second is refused naming the first, and nothing is sent', async () => {
		const { number, input } = await shippedOrder();
		const first = await sb.run(invoiceOn(path), { input: [{ json: input }] });
		expect(first.error?.message).toBeUndefined();
		const [earlier] = await sentOf('810', `INV-${number}`);
		expect(earlier).toBeDefined();

		await sb.clearRequests();
		const second = await sb.run(invoiceOn(path), { input: [{ json: input }] });
		const { message, description } = failure(second);
		expect(message).toBe(
			`The 810 Invoice with invoiceNumber "INV-${number}" was already sent to DEMORETAIL on the test stream: transaction ${String(earlier.id)} at ${String(earlier.createdAt)}, acknowledgment ACCEPTED. Nothing was sent.`,
		);
		expect(description).toContain('Options → If Already Sent to Send Anyway');
		expect(await posts()).toEqual([]);
		expect(await sentOf('810', `INV-${number}`)).toHaveLength(1);
	});

	test('after the partner rejected it, the corrected 810 goes out', async () => {
		const { number, input } = await shippedOrder();
		// Billed at a price nobody agreed: the partner rejects it.
		const built = buildInvoice(input.po, {
			invoiceDate: '2026-11-28',
			acknowledgment: input.ack,
			shipNotice: input.asn,
		});
		const lineItems = (built.lineItems as IDataObject[]).map((line, i) =>
			i === 0 ? { ...line, unitPrice: '999.00' } : line,
		);
		const wrong = await sb.run(
			invoiceOn(path, {
				messageSource: 'json',
				message: JSON.stringify({ ...built, lineItems }),
			}),
		);
		expect(wrong.error?.message).toBeUndefined();
		const [rejected] = await sentOf('810', `INV-${number}`);
		expect(rejected.acknowledgmentStatus).toBe('REJECTED');

		await sb.clearRequests();
		const corrected = await sb.run(invoiceOn(path), { input: [{ json: input }] });
		expect(corrected.error?.message).toBeUndefined();
		// Looked up, found rejected, sent.
		expect((await sb.requests()).map((r) => r.method)).toEqual(['GET', 'POST']);
		const both = await sentOf('810', `INV-${number}`);
		expect(both.map((t) => t.acknowledgmentStatus).sort()).toEqual(['ACCEPTED', 'REJECTED']);
	});

	test('Send Anyway sends it, and the partner rejects the duplicate: seen in its acknowledgment', async () => {
		const { number, input } = await shippedOrder();
		expect((await sb.run(invoiceOn(path), { input: [{ json: input }] })).error).toBeUndefined();
		await sb.clearRequests();
		const again = await sb.run(invoiceOn(path, { options: { ifAlreadySent: 'sendAnyway' } }), {
			input: [{ json: input }],
		});
		expect(again.error?.message).toBeUndefined();
		// Send Anyway does not look: the create is the only request.
		expect((await sb.requests()).map((r) => r.method)).toEqual(['POST']);
		const sent = await sentOf('810', `INV-${number}`);
		expect(sent).toHaveLength(2);
		const duplicate = sent.find((t) => t.acknowledgmentStatus === 'REJECTED');
		expect(sent.filter((t) => t.acknowledgmentStatus === 'ACCEPTED')).toHaveLength(1);
		const verdict = await api(`/v3/transactions/${String(duplicate!.id)}/acknowledgment`);
		expect(JSON.stringify(verdict.errors)).toMatch(/duplicate invoice/i);
	});
});

/** An 865 answering a change of PO-65 (the 860 as Get Message would read it). */
const CHANGE_ACK_MESSAGE = buildChangeAcknowledgment({
	purpose: 'change',
	purchaseOrderNumber: 'PO-65',
	purchaseOrderDate: '2026-11-20',
	purchaseOrderChangeDate: '2026-11-21',
	changeSequenceNumber: '1',
	lineItems: [
		{
			purchaseOrderLineId: '1',
			changeReason: 'quantityChange',
			quantity: { value: '3', unitOfMeasure: 'each' },
		},
	],
});

/** Stock rows of the items of an order the partner sent (it rejects a feed of items it does not know). */
async function stockOfPartnerItems(): Promise<IDataObject[]> {
	const sent = await sb.admin('POST', '/partner/send-850', {});
	const order = await api(`/v3/transactions/${String(sent.transactionId)}/message`);
	return (order.lineItems as Array<{ productIds: IDataObject }>).map((line) => ({
		json: { item: line.productIds.buyerItemNumber, qty: '5' },
	}));
}

/** For each type and path: the parameters and input of one document, and its business number. */
const OTHER_TYPES: Array<[string, string, () => Promise<[IDataObject, IDataObject[], string]>]> = [
	...PATHS.map((path): [string, string, () => Promise<[IDataObject, IDataObject[], string]>] => [
		'855',
		path,
		async () => {
			const sent = await sb.admin('POST', '/partner/send-850', {});
			const po = await getMessage(sent.transactionId);
			return [build(ACK, { integrationPath: path }), [{ json: { po } }], sent.purchaseOrderNumber];
		},
	]),
	...PATHS.map((path): [string, string, () => Promise<[IDataObject, IDataObject[], string]>] => [
		'856',
		path,
		async () => {
			const { number, input } = await acknowledgedOrder();
			return [build(ASN, { integrationPath: path }), [{ json: input }], `SHP-${number}`];
		},
	]),
	...(['x12', 'serviceJson'] as const).map(
		(path): [string, string, () => Promise<[IDataObject, IDataObject[], string]>] => [
			'865',
			path,
			async () => {
				// The partner sent no 860 for PO-65 and would reject the 865 (a rejected one may be
				// sent again): silent, it stays NOT_ACKNOWLEDGED.
				await sb.admin('PUT', '/config', { acknowledgments: { silentFor: ['865'] } });
				return [
					{
						resource: 'transaction',
						operation: 'create',
						documentType: '865_PURCHASE_ORDER_CHANGE_ACKNOWLEDGMENT',
						stream: 'test',
						messageSource: 'json',
						message: JSON.stringify(CHANGE_ACK_MESSAGE),
						senderId: 'YOURCOMPANY',
						receiverId: 'DEMORETAIL',
						integrationPath: path,
					},
					[{ json: {} }],
					'PO-65',
				];
			},
		],
	),
	...PATHS.map((path): [string, string, () => Promise<[IDataObject, IDataObject[], string]>] => [
		'846',
		path,
		async () => [
			{
				resource: 'transaction',
				operation: 'create',
				documentType: '846_INVENTORY_ADVICE',
				messageSource: 'inventoryRows',
				stream: 'test',
				senderId: 'YOURCOMPANY',
				receiverId: 'DEMORETAIL',
				integrationPath: path,
				inventoryColumns: { buyerItemNumber: 'item', quantityAvailable: 'qty' },
				inventoryOptions: { reportNumber: 'FEED-7', skipUnchangedMinutes: 0 },
			},
			await stockOfPartnerItems(),
			'FEED-7',
		],
	]),
];

test.each(OTHER_TYPES)(
	'the same %s twice, %s: the second is refused, nothing sent',
	async (code, _, make) => {
		const [parameters, input, number] = await make();
		const first = await sb.run(parameters, { input });
		expect(first.error?.message).toBeUndefined();
		const [earlier] = await sentOf(code, number);
		expect(earlier).toBeDefined();
		await sb.clearRequests();
		const second = await sb.run(parameters, { input });
		expect(failure(second).message).toMatch(
			new RegExp(
				`^The ${code} .* "${number}" was already sent to DEMORETAIL on the test stream: transaction ${String(earlier.id)} at `,
			),
		);
		expect(await posts()).toEqual([]);
		expect(await sentOf(code, number)).toHaveLength(1);
	},
);

/** Create's parameters for an 865 of PO-65 answering change `changeSequenceNumber`. */
const changeAckOn = (path: string, changeSequenceNumber: string): IDataObject => ({
	resource: 'transaction',
	operation: 'create',
	documentType: '865_PURCHASE_ORDER_CHANGE_ACKNOWLEDGMENT',
	stream: 'test',
	messageSource: 'json',
	message: JSON.stringify({ ...CHANGE_ACK_MESSAGE, changeSequenceNumber }),
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
	integrationPath: path,
});

describe.each(['x12', 'serviceJson'] as const)('an 865 per change of the order, %s', (path) => {
	// The partner sent no 860 for PO-65 and would reject the 865s: silent, they stay NOT_ACKNOWLEDGED.
	beforeEach(async () => {
		await sb.admin('PUT', '/config', { acknowledgments: { silentFor: ['865'] } });
	});

	test('the 865 for change 2 goes out after the one for change 1; change 1 again is refused', async () => {
		expect((await sb.run(changeAckOn(path, '1'))).error?.message).toBeUndefined();
		const [first] = await sentOf('865', 'PO-65');

		await sb.clearRequests();
		const second = await sb.run(changeAckOn(path, '2'));
		expect(second.error?.message).toBeUndefined();
		// Looked up, the earlier 865's message read (it answered change 1), sent.
		expect((await sb.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v3/transactions',
			`GET /v3/transactions/${String(first.id)}/message`,
			'POST /v2/integration-payloads',
		]);
		expect(await sentOf('865', 'PO-65')).toHaveLength(2);

		await sb.clearRequests();
		const again = await sb.run(changeAckOn(path, '1'));
		const { message, description } = failure(again);
		expect(message).toBe(
			`The 865 Purchase Order Change Acknowledgment with purchaseOrderNumber "PO-65" was already sent to DEMORETAIL on the test stream: transaction ${String(first.id)} at ${String(first.createdAt)}, acknowledgment NOT_ACKNOWLEDGED; the earlier 865 answered change 1, as this one does. Nothing was sent.`,
		);
		expect(description).toContain('An 865 for another change of the order');
		expect(await posts()).toEqual([]);
		expect(await sentOf('865', 'PO-65')).toHaveLength(2);
	});

	test('an earlier 865 whose message cannot be read counts as the same change: refused, saying so', async () => {
		expect((await sb.run(changeAckOn(path, '1'))).error?.message).toBeUndefined();
		const [first] = await sentOf('865', 'PO-65');
		await sb.admin('PUT', '/faults', { messageErrors: { [String(first.id)]: 404 } });
		await sb.clearRequests();
		const second = await sb.run(changeAckOn(path, '2'));
		expect(failure(second).message).toMatch(
			new RegExp(
				`transaction ${String(first.id)} at .*; the earlier 865 counts as answering the same change: its message could not be read: .*Nothing was sent\\.$`,
			),
		);
		expect(await posts()).toEqual([]);
	});

	test('changes 1, 2 and 1 again in one batch: the last is refused, naming the first', async () => {
		const run = await sb.run(
			{ ...changeAckOn(path, '1'), message: '={{ JSON.stringify($json) }}' },
			{
				input: ['1', '2', '1'].map((changeSequenceNumber) => ({
					json: { ...CHANGE_ACK_MESSAGE, changeSequenceNumber },
				})),
			},
		);
		expect(failure(run).message).toMatch(/the earlier 865 answered change 1, as this one does/);
		expect(await sentOf('865', 'PO-65')).toHaveLength(2);
	});
});

describe('a batch', () => {
	const invoices = (input: IDataObject, numbers: string[]) =>
		numbers.map((invoice) => ({ json: { ...input, invoice } }));
	const numbered = build(INVOICE, { documentOptions: { invoiceNumber: '={{ $json.invoice }}' } });

	test('one duplicate among them: it alone is refused, the others go, looked up in one request', async () => {
		const { input } = await shippedOrder();
		expect(
			(await sb.run(numbered, { input: invoices(input, ['B-2']) })).error?.message,
		).toBeUndefined();
		await sb.clearRequests();
		const result = await sb.run(numbered, {
			input: invoices(input, ['B-1', 'B-2', 'B-3']),
			continueOnFail: true,
		});
		expect(result.items.map((i) => i.json.error ?? i.json.status)).toEqual([
			'ACCEPTED',
			expect.stringMatching(/^The 810 Invoice with invoiceNumber "B-2" was already sent/),
			'ACCEPTED',
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const requests = await sb.requests();
		expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
		const lookups = requests.filter((r) => r.method === 'GET' && r.query.businessNumber);
		expect(lookups.map((r) => r.query.businessNumber)).toEqual(['B-1,B-2,B-3']);
		expect(lookups[0].query).toMatchObject({ direction: 'outbound', stream: 'test' });
	});

	test('the same number twice in one batch: the first goes, the second is refused naming it', async () => {
		const { input } = await shippedOrder();
		await sb.clearRequests();
		const result = await sb.run(numbered, {
			input: invoices(input, ['D-1', 'D-1']),
			continueOnFail: true,
		});
		const [sent, refused] = result.items.map((i) => i.json);
		expect(sent.status).toBe('ACCEPTED');
		expect(refused.error).toMatch(
			new RegExp(
				`^The 810 Invoice with invoiceNumber "D-1" was already sent .*: transaction ${String(sent.id)} at `,
			),
		);
		expect(await posts()).toHaveLength(1);
	});
});

test('Mark as Already Sent: the document passes through marked, with the earlier transaction; nothing sent', async () => {
	const { number, input } = await shippedOrder();
	const mark = build(INVOICE, { options: { ifAlreadySent: 'mark' } });
	const first = await sb.run(mark, { input: [{ json: input }] });
	expect(first.items[0].json.alreadySent).toBeUndefined();
	await sb.clearRequests();
	const second = await sb.run(mark, { input: [{ json: input }] });
	expect(second.error?.message).toBeUndefined();
	expect(second.items[0].json).toMatchObject({
		alreadySent: true,
		earlierTransaction: { id: first.items[0].json.id, acknowledgmentStatus: 'ACCEPTED' },
		type: INVOICE,
		receiverId: 'DEMORETAIL',
		message: { invoiceNumber: `INV-${number}` },
	});
	expect(await posts()).toEqual([]);
});

describe('a service that refuses the businessNumber filter', () => {
	let service: HostileServer;
	beforeAll(async () => {
		// The sandbox behind a front that answers the filter as a service without it would.
		service = await startHostileServer(async (request, res) => {
			if (request.query.businessNumber !== undefined)
				return json(400, {
					type: 'argumentError',
					message: 'Invalid query',
					errors: [
						{
							type: 'whitelistValidation',
							ref: 'businessNumber',
							message: 'property businessNumber should not exist',
						},
					],
				})(request, res, service);
			const query = new URLSearchParams(request.query).toString();
			const answer = await fetch(`${sb.baseUrl}${request.path}${query ? `?${query}` : ''}`, {
				method: request.method,
				headers: {
					'service-api-key': String(request.headers['service-api-key']),
					'content-type': 'application/json',
				},
				body: request.method === 'GET' ? undefined : request.body,
			});
			res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
			res.end(Buffer.from(await answer.arrayBuffer()));
		});
	});
	afterAll(async () => await service.stop());
	beforeEach(() => {
		service.requests.length = 0;
	});

	const hintsOf = (result: { run: any }): string[] =>
		(result.run.data.resultData.runData['EDI Exchange'][0].hints ?? []).map(
			(h: { message: string }) => h.message,
		);

	test('Create reads the latest outbound transactions instead, refuses the duplicate and says so', async () => {
		const { number, input } = await shippedOrder();
		expect((await sb.run(invoiceOn('x12'), { input: [{ json: input }] })).error).toBeUndefined();
		const again = await sb.run(invoiceOn('x12'), {
			input: [{ json: input }],
			credentials: { baseUrl: service.url },
			continueOnFail: true,
		});
		expect(again.items[0].json.error).toMatch(
			new RegExp(`^The 810 Invoice with invoiceNumber "INV-${number}" was already sent`),
		);
		expect(service.requests.map((r) => [r.method, r.query.businessNumber ?? '-'])).toEqual([
			['GET', `INV-${number}`],
			['GET', '-'],
		]);
		expect(service.requests[1].query).toMatchObject({ direction: 'outbound', stream: 'test' });
		expect(hintsOf(again)).toEqual([
			"The service refused the transaction list's businessNumber filter: the already-sent check read the latest outbound transactions instead.",
		]);
	});

	test('a document older than Already-Sent Lookback is not seen, and the hint says so', async () => {
		const { input } = await shippedOrder();
		expect(
			(await sb.run(invoiceOn('structured'), { input: [{ json: input }] })).error,
		).toBeUndefined();
		// Newer outbound transactions push the 810 out of a lookback of 3.
		await sb.admin('POST', '/transactions', {
			count: 3,
			transactionType: '855',
			direction: 'outbound',
			stream: 'test',
		});
		const again = await sb.run(invoiceOn('structured', { options: { alreadySentLookback: 3 } }), {
			input: [{ json: input }],
			credentials: { baseUrl: service.url },
		});
		expect(again.error?.message).toBeUndefined();
		expect(again.items[0].json.status).toBe('ACCEPTED');
		expect(hintsOf(again)[0]).toMatch(
			/read only the latest 3 on the test stream: a document sent before those was not seen/,
		);
	});
});
