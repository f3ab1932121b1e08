import { EXAMPLE_PARTNERS, exampleDocument, useSandbox } from './helpers';

const EXAMPLES = [
	'create-850-purchase-order.json',
	'create-855-po-acknowledgment.json',
	'create-856-ship-notice.json',
	'create-810-invoice.json',
	'create-846-inventory-advice.json',
	'create-860-po-change.json',
];

describe('POST /v4/transactions', () => {
	const s = useSandbox({ partners: EXAMPLE_PARTNERS });

	it.each(EXAMPLES)(
		'accepts the example document %s with 202 ACCEPTED and records it outbound',
		async (name) => {
			const document = exampleDocument(name);
			const response = await s.api.post('/v4/transactions', document);
			expect(response.status).toBe(202);
			expect(response.data).toEqual({ id: expect.any(Number), status: 'ACCEPTED', detail: '' });
			const listed = (await s.api.get('/v3/transactions?direction=outbound&limit=1')).data.items[0];
			expect(listed).toMatchObject({
				id: response.data.id,
				transactionType: document.type.slice(0, 3),
				direction: 'outbound',
				stream: 'test',
				senderId: document.senderId,
				receiverId: document.receiverId,
				status: 'DELIVERED',
			});
			expect((await s.api.get(`/v3/transactions/${response.data.id}/message`)).data).toEqual(
				document.message,
			);
		},
	);

	it('fails (202 FAILED) a document for a receiver that is not a trading partner, and records it', async () => {
		const document = {
			...exampleDocument('create-850-purchase-order.json'),
			receiverId: 'STRANGER',
		};
		const response = await s.api.post('/v4/transactions', document);
		expect(response.status).toBe(202);
		expect(response.data).toEqual({
			id: expect.any(Number),
			status: 'FAILED',
			detail: 'Validation failed',
			validationErrors: [
				{
					payloadPaths: ['receiverId'],
					errorMessage: 'no relationship with receiver STRANGER',
					outputPath: 'ISA08',
				},
			],
		});
		const listed = (await s.api.get('/v3/transactions?limit=1')).data.items[0];
		expect(listed).toMatchObject({ id: response.data.id, status: 'FAILED', direction: 'outbound' });
	});

	const failing: Array<[string, string, (m: any) => void, string[]]> = [
		[
			'850',
			'create-850-purchase-order.json',
			(m) => delete m.purchaseOrderNumber,
			['message.purchaseOrderNumber'],
		],
		[
			'850',
			'create-850-purchase-order.json',
			(m) => (m.purchaseOrderDate = '2026-13-45'),
			['message.purchaseOrderDate'],
		],
		['850', 'create-850-purchase-order.json', (m) => (m.lineItems = []), ['message.lineItems']],
		[
			'850',
			'create-850-purchase-order.json',
			(m) => (m.lineItems[0].productIds = {}),
			['message.lineItems[0].productIds'],
		],
		[
			'850',
			'create-850-purchase-order.json',
			(m) => (m.lineItems[1].quantity = { value: 5 }),
			['message.lineItems[1].quantity.value'],
		],
		['855', 'create-855-po-acknowledgment.json', (m) => delete m.status, ['message.status']],
		[
			'855',
			'create-855-po-acknowledgment.json',
			(m) => delete m.purchaseOrderNumber,
			['message.purchaseOrderNumber'],
		],
		[
			'855',
			'create-855-po-acknowledgment.json',
			(m) => (m.lineItems[2].actions = []),
			['message.lineItems[2].actions'],
		],
		[
			'855',
			'create-855-po-acknowledgment.json',
			(m) => delete m.lineItems[0].purchaseOrderLineId,
			['message.lineItems[0].purchaseOrderLineId'],
		],
		['856', 'create-856-ship-notice.json', (m) => delete m.shipmentId, ['message.shipmentId']],
		['856', 'create-856-ship-notice.json', (m) => (m.orders = []), ['message.orders']],
		[
			'856',
			'create-856-ship-notice.json',
			(m) => delete m.orders[1].purchaseOrderNumber,
			['message.orders[1].purchaseOrderNumber'],
		],
		['810', 'create-810-invoice.json', (m) => delete m.invoiceNumber, ['message.invoiceNumber']],
		['810', 'create-810-invoice.json', (m) => delete m.invoiceDate, ['message.invoiceDate']],
		[
			'810',
			'create-810-invoice.json',
			(m) => delete m.purchaseOrderNumber,
			['message.purchaseOrderNumber'],
		],
		[
			'810',
			'create-810-invoice.json',
			(m) => delete m.lineItems[3].quantityInvoiced,
			['message.lineItems[3].quantityInvoiced.value'],
		],
		[
			'810',
			'create-810-invoice.json',
			(m) => (m.lineItems[0].unitPrice = 101),
			['message.lineItems[0].unitPrice'],
		],
		['846', 'create-846-inventory-advice.json', (m) => (m.lineItems = []), ['message.lineItems']],
		[
			'860',
			'create-860-po-change.json',
			(m) => delete m.purchaseOrderNumber,
			['message.purchaseOrderNumber'],
		],
	];
	it.each(failing)('fails an invalid %s (%s) naming %#', async (_type, name, breakIt, paths) => {
		const document = exampleDocument(name);
		breakIt(document.message);
		const response = await s.api.post('/v4/transactions', document);
		expect(response.status).toBe(202);
		expect(response.data.status).toBe('FAILED');
		expect(response.data.detail).toBe('Validation failed');
		expect(response.data.validationErrors.map((e: any) => e.payloadPaths[0])).toEqual(paths);
		expect(response.data.validationErrors[0]).toEqual({
			payloadPaths: paths,
			errorMessage: expect.any(String),
			outputPath: expect.any(String),
		});
	});

	it('answers 400 naming each bad envelope field', async () => {
		const bad = await s.api.post('/v4/transactions', {
			type: '850',
			stream: 'prod',
			senderId: '',
			message: [],
		});
		expect(bad.status).toBe(400);
		expect(bad.data.type).toBe('argumentError');
		expect(bad.data.errors.map((e: any) => e.ref)).toEqual([
			'type',
			'stream',
			'senderId',
			'receiverId',
			'message',
		]);
		const notObject = await s.api.post('/v4/transactions', [1, 2]);
		expect(notObject.status).toBe(400);
		const empty = await s.api.post('/v4/transactions');
		expect(empty.status).toBe(400);
	});

	it('defaults stream to test and honours live', async () => {
		const { stream, ...noStream } = exampleDocument('create-855-po-acknowledgment.json');
		expect(stream).toBe('test');
		const created = (await s.api.post('/v4/transactions', noStream)).data;
		expect((await s.api.get('/v3/transactions?limit=1')).data.items[0]).toMatchObject({
			id: created.id,
			stream: 'test',
		});
		const live = (await s.api.post('/v4/transactions', { ...noStream, stream: 'live' })).data;
		expect((await s.api.get('/v3/transactions?stream=live&limit=1')).data.items[0]).toMatchObject({
			id: live.id,
			stream: 'live',
		});
	});
});
