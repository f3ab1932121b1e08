/**
 * The chargeback shield (documents/check.ts): every document our builders make passes it, and a
 * document built by hand that breaks a rule is caught, naming the field and what a retailer does.
 */
import { fc, test as property } from '@fast-check/jest';

import {
	buildAcknowledgment,
	buildInvoice,
	buildShipNotice,
	type PlainObject,
} from '../../nodes/EdiExchange/documents';
import { checkDocument } from '../../nodes/EdiExchange/documents/check';

const order: PlainObject = {
	purchaseOrderNumber: 'PO-9',
	purchaseOrderDate: '2026-11-20',
	buyersCurrency: { currencyCode: 'USD' },
	lineItems: [
		{
			purchaseOrderLineId: '1',
			quantity: { value: '4', unitOfMeasure: 'each' },
			unitCostPrice: '2.50',
			productIds: { buyerItemNumber: 'A' },
		},
		{
			purchaseOrderLineId: '2',
			quantity: { value: '3', unitOfMeasure: 'each' },
			unitCostPrice: '0.10',
			productIds: { buyerItemNumber: 'B' },
		},
	],
	charges: [{ type: 'freight', amount: '5.00' }],
};
const ack = buildAcknowledgment(order, {
	lines: [{ purchaseOrderLineId: '2', status: 'backordered' }],
});
const asn = buildShipNotice(order, { shipDate: '2026-11-22', acknowledgment: ack });
const invoice = buildInvoice(order, {
	invoiceDate: '2026-11-23',
	acknowledgment: ack,
	shipNotice: asn,
});
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const fieldsOf = (problems: Array<{ field: string }>) => problems.map((p) => p.field);

test('what the builders make passes, also given as an item holding the message', () => {
	expect(checkDocument('855', ack, order)).toEqual([]);
	expect(checkDocument('856', asn, order, { acknowledgment: ack })).toEqual([]);
	expect(
		checkDocument(
			'810',
			{ message: invoice },
			{ message: order },
			{ acknowledgment: ack, shipNotice: asn },
		),
	).toEqual([]);
});

describe('855', () => {
	test.each([
		[
			'another PO',
			(m: any) => (m.purchaseOrderNumber = 'PO-8'),
			'purchaseOrderNumber',
			'rejects the document',
		],
		[
			'a line the PO lacks',
			(m: any) => (m.lineItems[0].purchaseOrderLineId = '7'),
			'lineItems[0].purchaseOrderLineId',
			'rejects the document',
		],
		['a line left out', (m: any) => m.lineItems.pop(), 'lineItems', 'rejects the document'],
		[
			'more than ordered',
			(m: any) => (m.lineItems[0].actions[0].quantity.value = '5'),
			'lineItems[0].actions[0].quantity',
			'charges back',
		],
		[
			'an unknown status',
			(m: any) => (m.lineItems[0].actions[0].status = 'maybe'),
			'lineItems[0].actions[0].status',
			'rejects the document',
		],
		[
			'a date that does not exist',
			(m: any) => (m.lineItems[0].actions[0].scheduledShipDate = '2026-02-30'),
			'lineItems[0].actions[0].scheduledShipDate',
			'rejects the document',
		],
		[
			'another currency',
			(m: any) => (m.buyersCurrency = { currencyCode: 'EUR' }),
			'buyersCurrency.currencyCode',
			'rejects the document',
		],
	])('%s', (_case, breakIt, field, partner) => {
		const broken = clone(ack);
		breakIt(broken);
		expect(checkDocument('855', broken, order)).toContainEqual(
			expect.objectContaining({ field, partner }),
		);
	});
});

describe('856', () => {
	const item = 'orders[0].pallets[0].cartons[0].items[0]';
	test.each([
		[
			'nothing for this PO',
			(m: any) => (m.orders[0].purchaseOrderNumber = 'PO-8'),
			'orders',
			'rejects the document',
		],
		[
			'a line the PO lacks',
			(m: any) => (m.orders[0].pallets[0].cartons[0].items[0].purchaseOrderLineId = '9'),
			`${item}.purchaseOrderLineId`,
			'rejects the document',
		],
		[
			'more than accepted (line 2 was backordered)',
			(m: any) =>
				m.orders[0].pallets[0].cartons[0].items.push({
					purchaseOrderLineId: '2',
					quantityShipped: { value: '1' },
				}),
			'orders[0].pallets[0].cartons[0].items[1].quantityShipped',
			'charges back',
		],
		[
			'a quantity that is no number',
			(m: any) => (m.orders[0].pallets[0].cartons[0].items[0].quantityShipped.value = 'lots'),
			`${item}.quantityShipped`,
			'rejects the document',
		],
		['no ship date', (m: any) => delete m.dates.shipDate, 'dates.shipDate', 'rejects the document'],
	])('%s', (_case, breakIt, field, partner) => {
		const broken = clone(asn);
		breakIt(broken);
		expect(checkDocument('856', broken, order, { acknowledgment: ack })).toContainEqual(
			expect.objectContaining({ field, partner }),
		);
	});
});

describe('810', () => {
	test.each([
		[
			'more than shipped',
			(m: any) => (m.lineItems[0].quantityInvoiced.value = '5'),
			'lineItems[0].quantityInvoiced',
			'charges back',
		],
		[
			'a price above the agreed one',
			(m: any) => (m.lineItems[0].unitPrice = '2.60'),
			'lineItems[0].unitPrice',
			'rejects the document',
		],
		[
			// As the partner does (#41): below the agreed price is a mismatch too.
			'a price below the agreed one',
			(m: any) => (m.lineItems[0].unitPrice = '2.40'),
			'lineItems[0].unitPrice',
			'rejects the document',
		],
		[
			'a sales total that does not add up',
			(m: any) => (m.invoiceSalesTotal = '10.01'),
			'invoiceSalesTotal',
			'rejects the document',
		],
		[
			'a total that does not add up',
			(m: any) => (m.invoiceTotal = '1.00'),
			'invoiceTotal',
			'rejects the document',
		],
		[
			'an invoice date that does not exist',
			(m: any) => (m.invoiceDate = '2026-13-01'),
			'invoiceDate',
			'rejects the document',
		],
		[
			'another PO',
			(m: any) => (m.purchaseOrderNumber = 'X'),
			'purchaseOrderNumber',
			'rejects the document',
		],
	])('%s', (_case, breakIt, field, partner) => {
		const broken = clone(invoice);
		breakIt(broken);
		expect(
			checkDocument('810', broken, order, { acknowledgment: ack, shipNotice: asn }),
		).toContainEqual(expect.objectContaining({ field, partner }));
	});

	test('every problem is listed, not only the first', () => {
		const broken = clone(invoice) as any;
		broken.invoiceDate = 'soon';
		broken.lineItems[0].unitPrice = '9.99';
		expect(
			fieldsOf(checkDocument('810', broken, order, { acknowledgment: ack, shipNotice: asn })),
		).toEqual(
			expect.arrayContaining([
				'lineItems[0].unitPrice',
				'invoiceSalesTotal',
				'invoiceTotal',
				'invoiceDate',
			]),
		);
	});
});

/** What the shield let through before each rule existed, and the partner rejects (issue #33). */
describe('the four misses', () => {
	const released = { ...order, releaseNumber: 'R7', buyersCurrency: { currencyCode: 'EUR' } };
	const releasedInvoice = buildInvoice(released, { invoiceDate: '2026-11-23' });
	const problemsOf810 = (change: (m: any) => void) => {
		const broken = clone(releasedInvoice) as any;
		change(broken);
		return checkDocument('810', broken, released);
	};

	test('the builders carry the release number and currency back, so their 810 passes', () => {
		expect(checkDocument('810', releasedInvoice, released)).toEqual([]);
	});

	test('an 856 whose carton SSCC has a wrong check digit', () => {
		const broken = clone(asn) as any;
		broken.orders[0].pallets[0].cartons[0].serialShippingId = '000614141000000015';
		expect(checkDocument('856', broken, order, { acknowledgment: ack })).toEqual([
			{
				rule: 'sscc',
				field: 'orders[0].pallets[0].cartons[0].serialShippingId',
				problem:
					'is "000614141000000015": not an SSCC-18 (18 digits whose last is the GS1 mod-10 check digit of the first 17)',
				partner: 'rejects the document',
			},
		]);
		broken.orders[0].pallets[0].cartons[0].serialShippingId = '000614141000000014';
		expect(checkDocument('856', broken, order, { acknowledgment: ack })).toEqual([]);
	});

	test('an 810 with release number R8 against the order’s R7', () => {
		expect(problemsOf810((m) => (m.releaseNumber = 'R8'))).toEqual([
			{
				rule: 'releaseNumber',
				field: 'releaseNumber',
				problem: 'is R8, but the purchase order’s is R7',
				partner: 'rejects the document',
			},
		]);
	});

	test('an 810 that leaves out the order’s EUR currency', () => {
		expect(problemsOf810((m) => delete m.buyersCurrency)).toEqual([
			{
				rule: 'currency',
				field: 'buyersCurrency.currencyCode',
				problem: 'is missing, but the purchase order’s is EUR',
				partner: 'rejects the document',
			},
		]);
	});

	test('an 810 line carrying a different GTIN from the order’s line', () => {
		const po = clone(released) as any;
		po.lineItems[0].productIds.gtin12 = '028374658310';
		const inv = buildInvoice(po, { invoiceDate: '2026-11-23' }) as any;
		inv.lineItems[0].productIds.gtin12 = '028374658327';
		expect(checkDocument('810', inv, po)).toEqual([
			expect.objectContaining({
				rule: 'productIds',
				field: 'lineItems[0].productIds',
				partner: 'rejects the document',
			}),
		]);
	});
});

/** The rules from the retail guides docs/order-to-cash.md cites, beyond what the demo partner checks. */
describe('what the retail guides ask', () => {
	const po = {
		...order,
		references: { vendorNumber: { value: '4875905' }, departmentNumber: { value: '011' } },
	};
	const a = buildAcknowledgment(po, {});
	const s = buildShipNotice(po, { shipDate: '2026-11-22', acknowledgment: a });
	const inv = buildInvoice(po, { invoiceDate: '2026-11-23', acknowledgment: a, shipNotice: s });
	const earlier = {
		'855': {},
		'856': { acknowledgment: a },
		'810': { acknowledgment: a, shipNotice: s },
	};
	const made = { '855': a, '856': s, '810': inv };

	test('the builders’ documents pass', () => {
		for (const type of ['855', '856', '810'] as const)
			expect(checkDocument(type, made[type], po, earlier[type])).toEqual([]);
	});

	test.each([
		[
			'810',
			'the PO date left out (BIG03)',
			(m: any): unknown => delete m.dates.purchaseOrderDate,
			'purchaseOrderDate',
			'dates.purchaseOrderDate',
		],
		[
			'856',
			'another PO date (PRF04)',
			(m: any): unknown => (m.orders[0].purchaseOrderDate = '2026-11-19'),
			'purchaseOrderDate',
			'orders[0].purchaseOrderDate',
		],
		[
			'855',
			'the vendor number left out (REF*IA)',
			(m: any): unknown => delete m.references.vendorNumber,
			'references',
			'references.vendorNumber.value',
		],
		[
			'810',
			'another department (REF*DP)',
			(m: any): unknown => (m.references.departmentNumber.value = '012'),
			'references',
			'references.departmentNumber.value',
		],
		[
			'856',
			'shipped in cases, ordered each',
			(m: any): unknown =>
				(m.orders[0].pallets[0].cartons[0].items[0].quantityShipped.unitOfMeasure = 'case'),
			'unitOfMeasure',
			'orders[0].pallets[0].cartons[0].items[0].quantityShipped.unitOfMeasure',
		],
		[
			'810',
			'invoiced in cases, ordered each',
			(m: any): unknown => (m.lineItems[0].quantityInvoiced.unitOfMeasure = 'case'),
			'unitOfMeasure',
			'lineItems[0].quantityInvoiced.unitOfMeasure',
		],
		[
			'810',
			'lines out of the order’s sequence',
			(m: any): unknown => m.lineItems.reverse(),
			'lineSequence',
			'lineItems[1].purchaseOrderLineId',
		],
	] as const)('%s: %s', (type, _name, change, rule, field) => {
		const broken = clone(made[type]) as any;
		change(broken);
		expect(checkDocument(type, broken, po, earlier[type])).toContainEqual(
			expect.objectContaining({ rule, field }),
		);
	});
});

const DECIMAL = fc
	.tuple(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 3 }))
	.map(([u, s]) => (s ? (u / 10 ** s).toFixed(s) : String(u)));
const RANDOM_ORDER = fc.array(
	fc.record({ quantity: DECIMAL, price: DECIMAL, backorder: fc.boolean() }),
	{ minLength: 1, maxLength: 6 },
);

property.prop([RANDOM_ORDER])(
	"for random orders, the builders' 855, 856 and 810 pass the shield",
	(lines) => {
		const po = {
			purchaseOrderNumber: 'PO-R',
			purchaseOrderDate: '2026-11-20',
			releaseNumber: 'R7',
			buyersCurrency: { currencyCode: 'EUR' },
			lineItems: lines.map((l, i) => ({
				purchaseOrderLineId: String(i + 1),
				quantity: { value: l.quantity, unitOfMeasure: 'each' },
				unitCostPrice: l.price,
				productIds: { buyerItemNumber: `S${i}`, gtin12: `0000000000${i}` },
			})),
		};
		const decisions = lines.flatMap((l, i) =>
			l.backorder ? [{ purchaseOrderLineId: String(i + 1), status: 'backordered' as const }] : [],
		);
		const a = buildAcknowledgment(po, { lines: decisions });
		expect(checkDocument('855', a, po)).toEqual([]);
		if (decisions.length === lines.length) return; // nothing accepted: nothing to ship or invoice
		const s = buildShipNotice(po, { shipDate: '2026-11-21', acknowledgment: a });
		expect(checkDocument('856', s, po, { acknowledgment: a })).toEqual([]);
		const inv = buildInvoice(po, { invoiceDate: '2026-11-22', acknowledgment: a, shipNotice: s });
		expect(checkDocument('810', inv, po, { acknowledgment: a, shipNotice: s })).toEqual([]);
	},
);
