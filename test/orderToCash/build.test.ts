import { runNode } from '../../harness';
import { useSandbox } from '../sandbox/helpers';
import { credentialsOf, requests, reset } from '../trigger/helpers';
import { PO_77 } from './order';

const running = useSandbox({ sendInitialOrder: false, rateLimit: null });

beforeEach(async () => reset(running));

const order = PO_77;

const create = (documentType: string, extra: Record<string, unknown> = {}) => ({
	resource: 'transaction',
	operation: 'create',
	documentType,
	stream: 'test',
	messageSource: 'build',
	purchaseOrder: '={{ $json }}',
	...extra,
});

test('builds the 855 from the input item, with line decisions, and sends it back to the PO’s sender', async () => {
	const { items, error } = await runNode({
		credentials: credentialsOf(running),
		input: [order],
		parameters: create('855_PURCHASE_ORDER_ACKNOWLEDGMENT', {
			acknowledgmentLines: {
				line: [
					{ purchaseOrderLineId: '2', status: 'backordered', quantity: '', unitCostPrice: '' },
				],
			},
		}),
	});
	expect(error).toBeUndefined();
	const [sent] = (await requests(running)).filter((r) => r.method === 'POST');
	expect(sent.body).toMatchObject({
		type: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
		senderId: 'YOURCOMPANY',
		receiverId: 'DEMORETAIL',
	});
	expect(sent.body.message.lineItems.map((l: any) => l.actions[0].status)).toEqual([
		'accepted',
		'backordered',
	]);
	expect(items[0].json).toMatchObject({
		status: 'ACCEPTED',
		message: { purchaseOrderNumber: 'PO-77' },
	});
});

test('builds the 810 with exact totals', async () => {
	const { items, error } = await runNode({
		credentials: credentialsOf(running),
		input: [order],
		parameters: create('810_INVOICE', {
			documentOptions: { invoiceNumber: 'INV-1', invoiceDate: '2026-11-22T00:00:00.000Z' },
		}),
	});
	expect(error).toBeUndefined();
	expect(items[0].json.message).toMatchObject({
		invoiceNumber: 'INV-1',
		invoiceDate: '2026-11-22',
		invoiceSalesTotal: '10.30',
		invoiceTotal: '10.30',
	});
});

test.each([
	[
		'a PO without lines',
		{ ...order, message: { ...order.message, lineItems: undefined } },
		{},
		'The purchase order has no "lineItems"',
	],
	[
		'a line without a quantity',
		{
			...order,
			message: {
				...order.message,
				lineItems: [{ purchaseOrderLineId: '1', productIds: { buyerItemNumber: 'A' } }],
			},
		},
		{},
		'The purchase order has no "lineItems[0].quantity"',
	],
	['no purchase order at all', {}, { purchaseOrder: '' }, 'No purchase order (850) to build from'],
	[
		'a document type that cannot be built',
		order,
		{ documentType: '846_INVENTORY_ADVICE' },
		'Build From Purchase Order makes 855, 856, 810 and 865 documents only',
	],
])('%s: a clear error, nothing sent', async (_name, input, extra, message) => {
	const { error } = await runNode({
		credentials: credentialsOf(running),
		input: [input],
		parameters: { ...create('855_PURCHASE_ORDER_ACKNOWLEDGMENT'), ...extra },
	});
	expect(error?.message).toBe(message);
	expect(await requests(running)).toEqual([]);
});

describe('what a partner would reject and charge back is refused, naming the field; nothing sent', () => {
	const line = (over: Record<string, unknown>) => ({
		...order,
		message: { ...order.message, lineItems: [{ ...order.message.lineItems[0], ...over }] },
	});
	const acceptsAll = (quantity: string) => ({
		purchaseOrderNumber: 'PO-77',
		lineItems: [
			{
				purchaseOrderLineId: '1',
				actions: [{ status: 'accepted', quantity: { value: quantity, unitOfMeasure: 'each' } }],
			},
		],
	});
	test.each([
		[
			'a negative price',
			line({ unitCostPrice: '-2.50' }),
			create('810_INVOICE'),
			'The purchase order\'s "lineItems[0].unitCostPrice" is "-2.50", not a price of zero or more',
		],
		[
			'a PO date of "x"',
			{ ...order, message: { ...order.message, purchaseOrderDate: 'x' } },
			create('855_PURCHASE_ORDER_ACKNOWLEDGMENT'),
			'The purchase order\'s "purchaseOrderDate" is "x", not a date such as "2026-02-19"',
		],
		[
			'an 810 for 999 of the 4 ordered (an 855 accepting more than ordered)',
			order,
			create('810_INVOICE', { acknowledgment: JSON.stringify(acceptsAll('999')) }),
			'The acknowledgment (855) accepts 999 of line 1 ("lineItems[0].actions[0].quantity"), but only 4 were ordered',
		],
		[
			'an 856 shipping more than ordered',
			order,
			create('810_INVOICE', {
				shipNotice: JSON.stringify({
					orders: [
						{
							purchaseOrderNumber: 'PO-77',
							items: [{ purchaseOrderLineId: '1', quantityShipped: { value: '5' } }],
						},
					],
				}),
			}),
			'The ship notice (856) ships 5 of line 1 ("orders[0].items[0].quantityShipped"), but only 4 were ordered',
		],
		[
			'a ship date of 2026-02-31',
			order,
			create('856_SHIP_NOTICE_MANIFEST', { documentOptions: { shipDate: '2026-02-31' } }),
			'The option "shipDate" is "2026-02-31", not a date such as "2026-02-19"',
		],
		[
			'allowances larger than the sales',
			{
				...order,
				message: { ...order.message, allowances: [{ type: 'promotion', amount: '10.31' }] },
			},
			create('810_INVOICE'),
			'The allowances total 10.31 but the sales only 10.30: an invoice cannot allow more than it sells (check the option "allowances" and the purchase order\'s "allowances")',
		],
	])('%s', async (_name, input, parameters, message) => {
		const { error } = await runNode({
			credentials: credentialsOf(running),
			input: [input],
			parameters,
		});
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(message);
		expect(await requests(running)).toEqual([]);
	});
});
