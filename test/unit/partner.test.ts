import { readFileSync } from 'fs';
import { join } from 'path';
import {
	buildAcknowledgment,
	buildInvoice,
	buildShipNotice,
	parseDecimal,
} from '../../nodes/EdiExchange/documents';
import {
	checkOrderDocument,
	makePurchaseOrder,
	ORGANIZATION_ID,
	PARTNER_ID,
	purchaseOrderNumbersOf,
} from '../../sandbox/partner';

type Any = any;
// The service's example documents, kept in the repository (a fresh clone has no other copy).
const DOCUMENTS = join(__dirname, '..', 'sandbox', 'documents');
const example = (name: string) =>
	JSON.parse(readFileSync(join(DOCUMENTS, name), 'utf8')).message as Any;
const now = new Date('2026-11-22T10:30:00.000Z');

/** A fixed order to check against: lines 1 (5 × 101.00), 2 (20 × 88.00), 3 (2.5 pound × 2.125). */
function order(): Any {
	return {
		purchaseOrderNumber: 'PO-42',
		purchaseOrderDate: '2026-11-22',
		lineItems: [
			{
				purchaseOrderLineId: '1',
				quantity: { value: '5', unitOfMeasure: 'each' },
				unitCostPrice: '101.00',
				productIds: { buyerItemNumber: 'A', gtin12: '000000000001' },
			},
			{
				purchaseOrderLineId: '2',
				quantity: { value: '20', unitOfMeasure: 'each' },
				unitCostPrice: '88.00',
				productIds: { buyerItemNumber: 'B', gtin12: '000000000002' },
			},
			{
				purchaseOrderLineId: '3',
				quantity: { value: '2.5', unitOfMeasure: 'pound' },
				unitCostPrice: '2.125',
				productIds: { buyerItemNumber: 'C' },
			},
		],
		charges: [{ type: 'freight', amount: '25.00' }],
		allowances: [{ type: 'discount', amount: '10.50' }],
	};
}
const q = (value: string, unitOfMeasure = 'each') => ({ value, unitOfMeasure });
const ack = (): Any => ({
	purchaseOrderNumber: 'PO-42',
	status: 'acceptedWithChanges',
	lineItems: [
		{
			purchaseOrderLineId: '1',
			productIds: { buyerItemNumber: 'A' },
			actions: [{ status: 'accepted', quantity: q('5') }],
		},
		{
			purchaseOrderLineId: '2',
			productIds: { buyerItemNumber: 'B' },
			actions: [
				{ status: 'accepted', quantity: q('12') },
				{ status: 'backordered', quantity: q('8') },
			],
		},
		{
			purchaseOrderLineId: '3',
			productIds: { buyerItemNumber: 'C' },
			actions: [{ status: 'rejected', quantity: q('2.5', 'pound') }],
		},
	],
});
const item = (line: string, buyerItemNumber: string, value: string) => ({
	purchaseOrderLineId: line,
	productIds: { buyerItemNumber },
	quantityShipped: q(value),
});
const asn = (items: Any[], purchaseOrderNumber = 'PO-42'): Any => ({
	shipmentId: 'SHP-1',
	orders: [{ purchaseOrderNumber, pallets: [{ cartons: items.map((i) => ({ items: [i] })) }] }],
});
const invoice = (over: Any = {}): Any => ({
	invoiceNumber: 'INV-1',
	invoiceDate: '2026-11-30',
	purchaseOrderNumber: 'PO-42',
	lineItems: [
		{
			purchaseOrderLineId: '1',
			productIds: { buyerItemNumber: 'A' },
			quantityInvoiced: q('5'),
			unitPrice: '101.00',
		},
		{
			purchaseOrderLineId: '2',
			productIds: { buyerItemNumber: 'B' },
			quantityInvoiced: q('12'),
			unitPrice: '88.00',
		},
	],
	charges: [{ type: 'freight', amount: '25.00' }],
	allowances: [{ type: 'discount', amount: '10.50' }],
	invoiceSalesTotal: '1561.00', // 505 + 1056
	invoiceTotal: '1575.50', // + 25.00 − 10.50
	...over,
});

describe('partner identity', () => {
	it('is DEMORETAIL trading with YOURCOMPANY', () => {
		expect(PARTNER_ID).toBe('DEMORETAIL');
		expect(ORGANIZATION_ID).toBe('YOURCOMPANY');
	});
});

describe('makePurchaseOrder', () => {
	it('is deterministic for (sequence, now)', () => {
		expect(makePurchaseOrder(17, now)).toEqual(makePurchaseOrder(17, new Date(now.getTime())));
		expect(JSON.stringify(makePurchaseOrder(17, now))).toBe(
			JSON.stringify(makePurchaseOrder(17, now)),
		);
	});

	it('gives each sequence its own purchase order number, and varies the lines', () => {
		const orders = Array.from({ length: 2000 }, (_, i) => makePurchaseOrder(i + 1, now));
		expect(new Set(orders.map((o) => o.purchaseOrderNumber)).size).toBe(2000);
		expect(orders[0].purchaseOrderNumber).toBe('PO-1');
		expect(new Set(orders.map((o) => JSON.stringify(o.lineItems))).size).toBeGreaterThan(1000);
		expect(new Set(orders.map((o) => (o.lineItems as Any[]).length))).toEqual(new Set([3, 4, 5]));
	});

	it('is a valid 850: dates from now, decimal-string quantities and prices, product ids', () => {
		for (let sequence = 1; sequence <= 300; sequence++) {
			const po = makePurchaseOrder(sequence, now) as Any;
			expect(po.purchaseOrderDate).toBe('2026-11-22');
			expect(po.dates).toEqual({ earliestShipDate: '2026-11-25', latestShipDate: '2026-12-02' });
			expect(po.lineItems.length).toBeGreaterThanOrEqual(3);
			expect(po.lineItems.length).toBeLessThanOrEqual(5);
			po.lineItems.forEach((line: Any, i: number) => {
				expect(line.purchaseOrderLineId).toBe(String(i + 1));
				expect(typeof line.quantity.value).toBe('string');
				expect(parseDecimal(line.quantity.value).units > 0n).toBe(true);
				expect(line.quantity.value).not.toMatch(/\.\d*0$/);
				expect(line.unitCostPrice).toMatch(/^\d+\.\d{2,3}$/);
				expect(Object.keys(line.productIds).length).toBeGreaterThan(0);
			});
			expect(new Set(po.lineItems.map((l: Any) => l.productIds.buyerItemNumber)).size).toBe(
				po.lineItems.length,
			);
			expect(po.termsOfSale).toBeDefined();
		}
	});

	it('sometimes has charges, allowances and fractional quantities', () => {
		const orders = Array.from({ length: 100 }, (_, i) => makePurchaseOrder(i + 1, now) as Any);
		expect(orders.some((o) => o.charges)).toBe(true);
		expect(orders.some((o) => o.allowances)).toBe(true);
		expect(orders.some((o) => o.lineItems.some((l: Any) => l.quantity.value.includes('.')))).toBe(
			true,
		);
	});
});

describe('purchaseOrderNumbersOf', () => {
	it('reads 855/810 purchaseOrderNumber and every 856 order', () => {
		expect(purchaseOrderNumbersOf('855', example('create-855-po-acknowledgment.json'))).toEqual([
			'PO5786344061670677',
		]);
		expect(purchaseOrderNumbersOf('810', example('create-810-invoice.json'))).toEqual([
			'PO5786344061670677',
		]);
		expect(purchaseOrderNumbersOf('856', example('create-856-ship-notice.json'))).toEqual([
			'PO5786344061670677',
			'PO9921004488220031',
		]);
		expect(purchaseOrderNumbersOf('855', { purchaseOrderNumber: 42 })).toEqual(['42']);
		expect(purchaseOrderNumbersOf('856', { orders: 'x' })).toEqual([]);
		expect(purchaseOrderNumbersOf('810', null)).toEqual([]);
	});
});

describe('checkOrderDocument: accepted documents', () => {
	it('accepts the example 855 → 856 → 810 chain against the example 850', () => {
		const po = example('create-850-purchase-order.json');
		const a = example('create-855-po-acknowledgment.json');
		const s = example('create-856-ship-notice.json');
		expect(checkOrderDocument('855', a, po, {})).toEqual([]);
		expect(checkOrderDocument('856', s, po, { '855': a })).toEqual([]);
		expect(
			checkOrderDocument('810', example('create-810-invoice.json'), po, { '855': a, '856': s }),
		).toEqual([]);
	});

	it('accepts the hand-written chain, including 856 items directly under the order', () => {
		expect(checkOrderDocument('855', ack(), order(), {})).toEqual([]);
		const shipped = asn([item('1', 'A', '5'), item('2', 'B', '12')]);
		expect(checkOrderDocument('856', shipped, order(), { '855': ack() })).toEqual([]);
		const flat = {
			shipmentId: 'S',
			orders: [{ purchaseOrderNumber: 'PO-42', items: [item('2', 'B', '7'), item('2', 'B', '5')] }],
		};
		expect(checkOrderDocument('856', flat, order(), { '855': ack() })).toEqual([]);
		expect(checkOrderDocument('810', invoice(), order(), { '855': ack(), '856': shipped })).toEqual(
			[],
		);
	});

	it('accepts the builders’ chain for generated purchase orders', () => {
		for (let sequence = 1; sequence <= 200; sequence++) {
			const po = makePurchaseOrder(sequence, now);
			const a = buildAcknowledgment(po, {
				lines: [{ purchaseOrderLineId: '2', status: 'backordered' }],
			});
			const s = buildShipNotice(po, { shipDate: '2026-11-25', acknowledgment: a });
			const i = buildInvoice(po, { invoiceDate: '2026-11-30', acknowledgment: a, shipNotice: s });
			expect(checkOrderDocument('855', a, po, {})).toEqual([]);
			expect(checkOrderDocument('856', s, po, { '855': a })).toEqual([]);
			expect(checkOrderDocument('810', i, po, { '855': a, '856': s })).toEqual([]);
		}
	});
});

describe('checkOrderDocument: rejection reasons', () => {
	it('855: wrong purchase order number', () => {
		expect(
			checkOrderDocument('855', { ...ack(), purchaseOrderNumber: 'PO-41' }, order(), {}),
		).toEqual(['purchase order number PO-41 does not match PO-42']);
		expect(
			checkOrderDocument('855', { ...ack(), purchaseOrderNumber: undefined }, order(), {}),
		).toEqual(['no purchaseOrderNumber']);
	});

	it('855: missing line, unknown line, no actions, wrong product ids, more than ordered', () => {
		const a = ack();
		a.lineItems.splice(2, 1); // line 3 missing
		a.lineItems[0].actions = [];
		a.lineItems[1].productIds = { buyerItemNumber: 'Z' };
		a.lineItems[1].actions[1].quantity.value = '9'; // 12 + 9 > 20
		a.lineItems.push({
			purchaseOrderLineId: '9',
			productIds: { buyerItemNumber: 'A' },
			actions: [],
		});
		expect(checkOrderDocument('855', a, order(), {})).toEqual([
			'line 9: not on the purchase order',
			'line 1: no actions',
			'line 2: product ids {"buyerItemNumber":"Z"} do not match the purchase order\'s {"buyerItemNumber":"B","gtin12":"000000000002"}',
			'line 2: acknowledged 21 but only 20 ordered',
			'line 3: not acknowledged',
		]);
	});

	it('855: bad action status and quantity', () => {
		const a = ack();
		a.lineItems[0].actions[0] = { status: 'ok', quantity: { value: 'five' } };
		expect(checkOrderDocument('855', a, order(), {})).toEqual([
			'line 1: action status "ok" is not one of accepted, backordered, rejected',
			'line 1: action quantity {"value":"five"} is not a decimal quantity',
		]);
	});

	it('856: more shipped than accepted (summed over cartons), or than ordered without an 855', () => {
		const shipped = asn([item('1', 'A', '5'), item('2', 'B', '10'), item('2', 'B', '20')]);
		expect(checkOrderDocument('856', shipped, order(), { '855': ack() })).toEqual([
			'line 2: shipped 30 but only 12 accepted',
		]);
		expect(checkOrderDocument('856', shipped, order(), {})).toEqual([
			'line 2: shipped 30 but only 20 ordered',
		]);
		expect(
			checkOrderDocument('856', asn([item('3', 'C', '1')]), order(), { '855': ack() }),
		).toEqual(['line 3: shipped 1 but only 0 accepted']);
	});

	it('856: a line that is not on the order, wrong product ids, no order for this PO', () => {
		expect(
			checkOrderDocument('856', asn([item('7', 'A', '1'), item('1', 'Q', '1')]), order(), {}),
		).toEqual([
			'line 7: shipped but not on the purchase order',
			'line 1: product ids {"buyerItemNumber":"Q"} do not match the purchase order\'s {"buyerItemNumber":"A","gtin12":"000000000001"}',
		]);
		expect(checkOrderDocument('856', asn([item('1', 'A', '1')], 'PO-41'), order(), {})).toEqual([
			'no orders[] entry for purchase order PO-42',
		]);
		expect(checkOrderDocument('856', asn([]), order(), {})).toEqual(['no items shipped']);
	});

	it('810: invoiced more than shipped, or than ordered without an 856', () => {
		const shipped = asn([item('1', 'A', '5'), item('2', 'B', '10')]);
		expect(checkOrderDocument('810', invoice(), order(), { '856': shipped })).toEqual([
			'line 2: invoiced 12 but only 10 shipped',
		]);
		const tooMuch = invoice();
		tooMuch.lineItems[1].quantityInvoiced.value = '21';
		tooMuch.invoiceSalesTotal = '2353.00';
		tooMuch.invoiceTotal = '2367.50';
		expect(checkOrderDocument('810', tooMuch, order(), {})).toEqual([
			'line 2: invoiced 21 but only 20 ordered',
		]);
	});

	it('810: wrong totals, compared exactly at 2 decimals', () => {
		expect(
			checkOrderDocument('810', invoice({ invoiceSalesTotal: '1561.01' }), order(), {}),
		).toEqual([
			'invoiceSalesTotal is 1561.01 but Σ quantityInvoiced × unitPrice (each line to cents) = 1561.00',
		]);
		expect(checkOrderDocument('810', invoice({ invoiceTotal: '1586.00' }), order(), {})).toEqual([
			'invoiceTotal is 1586.00 but invoiceSalesTotal + Σ charges − Σ allowances = 1575.50',
		]);
		// the same value written differently is fine
		expect(
			checkOrderDocument(
				'810',
				invoice({ invoiceSalesTotal: '1561', invoiceTotal: '1575.500' }),
				order(),
				{},
			),
		).toEqual([]);
		expect(
			checkOrderDocument(
				'810',
				invoice({ invoiceSalesTotal: undefined, invoiceTotal: 'lots' }),
				order(),
				{},
			),
		).toEqual(['no invoiceSalesTotal', 'invoiceTotal "lots" is not a decimal number']);
	});

	it('810: each line rounded to cents half-up, then added exactly (3 × 0.335 is 1.02, not 1.01)', () => {
		const po = {
			purchaseOrderNumber: 'PO-9',
			purchaseOrderDate: '2026-11-22',
			lineItems: ['1', '2', '3'].map((id) => ({
				purchaseOrderLineId: id,
				quantity: q('1'),
				unitCostPrice: '1',
				productIds: { sku: id },
			})),
		};
		const inv = {
			invoiceNumber: 'I',
			invoiceDate: '2026-11-30',
			purchaseOrderNumber: 'PO-9',
			lineItems: ['1', '2', '3'].map((id) => ({
				purchaseOrderLineId: id,
				productIds: { sku: id },
				quantityInvoiced: q('0.335'),
				unitPrice: '1',
			})),
			invoiceSalesTotal: '1.02', // 0.335 → 0.34 per line; rounding the exact 1.005 once gives 1.01
			invoiceTotal: '1.02',
		};
		expect(checkOrderDocument('810', inv, po, {})).toEqual([]);
		expect(
			checkOrderDocument(
				'810',
				{ ...inv, invoiceSalesTotal: '1.01', invoiceTotal: '1.01' },
				po,
				{},
			),
		).toEqual([
			'invoiceSalesTotal is 1.01 but Σ quantityInvoiced × unitPrice (each line to cents) = 1.02',
			'invoiceTotal is 1.01 but invoiceSalesTotal + Σ charges − Σ allowances = 1.02',
		]);
	});

	it('810: wrong purchase order number, unknown line, unreadable amounts', () => {
		const bad = invoice({
			purchaseOrderNumber: 'PO-1',
			charges: [{ type: 'freight', amount: 'x' }],
		});
		bad.lineItems.push({
			purchaseOrderLineId: '8',
			productIds: { buyerItemNumber: 'A' },
			quantityInvoiced: q('1'),
			unitPrice: '1',
		});
		expect(checkOrderDocument('810', bad, order(), {})).toEqual([
			'purchase order number PO-1 does not match PO-42',
			'line 8: invoiced but not on the purchase order',
			'charges[0].amount "x" is not a decimal number',
			'invoiceTotal is 1575.50 but invoiceSalesTotal + Σ charges − Σ allowances = 1550.50',
		]);
	});

	it('a message that is not an object', () => {
		expect(checkOrderDocument('855', 'nope', order(), {})).toEqual([
			'the 855 message is not a JSON object',
		]);
	});
});
