import { readFileSync } from 'fs';
import { join } from 'path';
import {
	buildAcknowledgment,
	buildInvoice,
	buildShipNotice,
	DocumentError,
	formatAmount,
	formatPrice,
	formatQuantity,
	type PlainObject,
	parseDecimal,
	addDecimal,
	subtractDecimal,
	multiplyDecimal,
	compareDecimal,
	roundDecimal,
	replyParties,
	DecimalError,
} from '../../nodes/EdiExchange/documents';
import { applyChanges } from '../../nodes/EdiExchange/documents/applyChange';
import { checkOrderDocument } from '../../sandbox/partner';

// The service's example documents, kept in the repository (a fresh clone has no other copy).
const DOCUMENTS = join(__dirname, '..', 'sandbox', 'documents');
const example = (name: string) =>
	JSON.parse(readFileSync(join(DOCUMENTS, name), 'utf8')) as PlainObject;
const envelope850 = example('create-850-purchase-order.json');
const po = () => example('create-850-purchase-order.json').message as PlainObject;
const example855 = () => example('create-855-po-acknowledgment.json').message as PlainObject;
const example856 = () => example('create-856-ship-notice.json').message as PlainObject;
const example810 = () => example('create-810-invoice.json').message as PlainObject;

type Any = any;
const lines = (doc: PlainObject): Any[] => doc.lineItems as Any[];
/** All 856 items for the first order, flattened. */
const shippedItems = (asn: PlainObject): Any[] =>
	(asn.orders as Any[])[0].pallets.flatMap((p: Any) => p.cartons.flatMap((c: Any) => c.items));
const byLine = (items: Any[]) => Object.fromEntries(items.map((i) => [i.purchaseOrderLineId, i]));

/** The contract's content checks of POST /v4/transactions for each type. */
function contractProblems(type: '855' | '856' | '810', m: Any): string[] {
	const p: string[] = [];
	if (type === '855') {
		if (!m.purchaseOrderNumber) p.push('purchaseOrderNumber');
		if (!m.status) p.push('status');
		if (!Array.isArray(m.lineItems) || m.lineItems.length === 0) p.push('lineItems');
		for (const l of m.lineItems ?? [])
			if (!l.purchaseOrderLineId || !Array.isArray(l.actions) || l.actions.length === 0)
				p.push('line');
	} else if (type === '856') {
		if (!m.shipmentId) p.push('shipmentId');
		if (
			!Array.isArray(m.orders) ||
			!m.orders.length ||
			!m.orders.every((o: Any) => o.purchaseOrderNumber)
		)
			p.push('orders');
	} else {
		for (const k of ['invoiceNumber', 'invoiceDate', 'purchaseOrderNumber']) if (!m[k]) p.push(k);
		if (!Array.isArray(m.lineItems) || m.lineItems.length === 0) p.push('lineItems');
		for (const l of m.lineItems ?? [])
			if (!l.quantityInvoiced?.value || !l.unitPrice) p.push('line');
	}
	return p;
}

/** A small synthetic 850 with the given lines (quantity, price). */
function order(lineSpecs: Array<[string, string]>, extra: PlainObject = {}): PlainObject {
	return {
		purchaseOrderNumber: 'PO-T1',
		purchaseOrderDate: '2026-11-22',
		lineItems: lineSpecs.map(([quantity, price], i) => ({
			purchaseOrderLineId: String(i + 1),
			quantity: { value: quantity, unitOfMeasure: 'each' },
			unitCostPrice: price,
			productIds: { buyerItemNumber: `SKU-${i + 1}` },
		})),
		...extra,
	};
}

function expectDocumentError(run: () => unknown, message: string | RegExp): void {
	let error: unknown;
	try {
		run();
	} catch (e) {
		error = e;
	}
	expect(error).toBeInstanceOf(DocumentError);
	expect(error).toBeInstanceOf(Error);
	if (typeof message === 'string') expect((error as Error).message).toBe(message);
	else expect((error as Error).message).toMatch(message);
}

describe('decimal', () => {
	const d = parseDecimal;
	it('adds without floating point drift', () => {
		expect(formatAmount(addDecimal(d('0.1'), d('0.2')))).toBe('0.30');
		expect(compareDecimal(addDecimal(d('0.1'), d('0.2')), d('0.3'))).toBe(0);
		expect(formatQuantity(subtractDecimal(d('1'), d('0.9')))).toBe('0.1');
		expect(formatAmount(multiplyDecimal(d('19.99'), d('7')))).toBe('139.93');
	});
	it('rounds amounts half-up (away from zero) to 2 decimals', () => {
		expect(formatAmount(d('1.005'))).toBe('1.01');
		expect(formatAmount(d('1.0049999'))).toBe('1.00');
		expect(formatAmount(d('-1.005'))).toBe('-1.01');
		expect(formatAmount(d('196.2475'))).toBe('196.25');
		expect(formatAmount(d('5'))).toBe('5.00');
		expect(formatAmount(d('0.004'))).toBe('0.00');
		expect(formatAmount(roundDecimal(d('0.995'), 2))).toBe('1.00');
	});
	it('formats quantities without trailing noise and prices with at least 2 decimals', () => {
		expect(formatQuantity(d('5.500'))).toBe('5.5');
		expect(formatQuantity(d('20.00'))).toBe('20');
		expect(formatQuantity(d('0.001'))).toBe('0.001');
		expect(formatQuantity(d('-0.0'))).toBe('0');
		expect(formatPrice(d('101'))).toBe('101.00');
		expect(formatPrice(d('2.1250'))).toBe('2.125');
		expect(formatPrice(d('.5'))).toBe('0.50');
	});
	it('compares by value', () => {
		expect(compareDecimal(d('5'), d('5.00'))).toBe(0);
		expect(compareDecimal(d('20'), d('30'))).toBe(-1);
		expect(compareDecimal(d('-1'), d('-2'))).toBe(1);
	});
	it('accepts plain numbers as JSON wrote them, and rejects non-decimal text clearly', () => {
		expect(formatQuantity(d(0.1))).toBe('0.1');
		expect(formatQuantity(d(' 12 '))).toBe('12');
		for (const bad of [
			'abc',
			'',
			'1,000.00',
			'1e3',
			'12.5.1',
			'.',
			'-',
			'NaN',
			null,
			undefined,
			{},
			1e21,
			Infinity,
		]) {
			expect(() => d(bad, 'quantity')).toThrow(DecimalError);
		}
		expect(() => d('abc', 'quantity')).toThrow(
			'The quantity must be a decimal number such as "12.50", not "abc"',
		);
	});
});

describe('replyParties', () => {
	it('swaps the purchase order envelope’s sender and receiver', () => {
		expect(replyParties({ senderId: 'BUYERISA', receiverId: 'SELLERISA' })).toEqual({
			senderId: 'SELLERISA',
			receiverId: 'BUYERISA',
		});
		expect(replyParties(envelope850 as Any)).toEqual({
			senderId: 'SELLERISA',
			receiverId: 'BUYERISA',
		});
	});
});

describe('buildAcknowledgment (855)', () => {
	it('accepts every line as ordered by default', () => {
		const order = po();
		const before = JSON.stringify(order);
		const ack = buildAcknowledgment(order, {
			scheduledShipDate: '2026-02-19',
			estimatedDeliveryDate: '2026-02-21T00:00:00.000Z',
		});
		expect(JSON.stringify(order)).toBe(before); // input untouched
		expect(ack).toMatchObject({
			purchaseOrderNumber: 'PO5786344061670677',
			status: 'accepted',
			dates: {
				purchaseOrderDate: '2026-02-12',
				scheduledShipDate: '2026-02-19',
				estimatedDeliveryDate: '2026-02-21',
			},
			termsOfSale: { description: 'Net 45 Days' },
		});
		expect(lines(ack)).toHaveLength(5);
		expect(lines(ack)[0]).toEqual({
			purchaseOrderLineId: '1',
			productIds: { buyerItemNumber: '10000002', gtin12: 2837465832, caseCode: 2837465832 },
			productAttributes: { description: 'Green toothpaste' },
			actions: [
				{
					status: 'accepted',
					quantity: { value: '5', unitOfMeasure: 'each' },
					unitCostPrice: '101.00',
					scheduledShipDate: '2026-02-19',
					estimatedDeliveryDate: '2026-02-21',
				},
			],
		});
		expect(contractProblems('855', ack)).toEqual([]);
		expect(checkOrderDocument('855', ack, order, {})).toEqual([]);
	});

	it('records backordered and rejected lines and says the order was accepted with changes', () => {
		const order = po();
		const ack = buildAcknowledgment(order, {
			lines: [
				{ purchaseOrderLineId: '3', status: 'rejected' },
				{ purchaseOrderLineId: 2, status: 'backordered', quantity: '20' },
			],
		});
		expect(ack.status).toBe('acceptedWithChanges');
		const l = byLine(lines(ack));
		expect(l['3'].actions).toEqual([
			{ status: 'rejected', quantity: { value: '5', unitOfMeasure: 'each' } },
		]);
		expect(l['2'].actions).toEqual([
			{
				status: 'backordered',
				quantity: { value: '20', unitOfMeasure: 'each' },
				unitCostPrice: '88.00',
			},
		]);
		expect(l['1'].actions[0].status).toBe('accepted');
		expect(checkOrderDocument('855', ack, order, {})).toEqual([]);
	});

	it('splits a line into several actions (3 accepted, 2 backordered)', () => {
		const ack = buildAcknowledgment(po(), {
			lines: [
				{ purchaseOrderLineId: '1', status: 'accepted', quantity: '3' },
				{ purchaseOrderLineId: '1', status: 'backordered', quantity: 2 },
			],
		});
		expect(byLine(lines(ack))['1'].actions.map((a: Any) => [a.status, a.quantity.value])).toEqual([
			['accepted', '3'],
			['backordered', '2'],
		]);
		expect(ack.status).toBe('acceptedWithChanges');
		expect(checkOrderDocument('855', ack, po(), {})).toEqual([]);
	});

	it('treats a price change as a change, and an unchanged price written differently as none', () => {
		const changed = buildAcknowledgment(po(), {
			lines: [{ purchaseOrderLineId: '4', status: 'accepted', unitCostPrice: '95' }],
		});
		expect(changed.status).toBe('acceptedWithChanges');
		expect(byLine(lines(changed))['4'].actions[0].unitCostPrice).toBe('95.00');
		const same = buildAcknowledgment(po(), {
			lines: [
				{ purchaseOrderLineId: '4', status: 'accepted', unitCostPrice: '100', quantity: '10.0' },
			],
		});
		expect(same.status).toBe('accepted');
	});

	it('is rejected when every line is rejected', () => {
		const ack = buildAcknowledgment(po(), {
			lines: ['1', '2', '3', '4', '5'].map((id) => ({
				purchaseOrderLineId: id,
				status: 'rejected' as const,
			})),
		});
		expect(ack.status).toBe('rejected');
		expect(checkOrderDocument('855', ack, po(), {})).toEqual([]);
	});

	it('refuses options the partner would reject or that do not fit the order', () => {
		expectDocumentError(
			() =>
				buildAcknowledgment(po(), {
					lines: [{ purchaseOrderLineId: '2', status: 'accepted', quantity: '30' }],
				}),
			'Line 2: acknowledged 30 but only 20 ordered',
		);
		expectDocumentError(
			() =>
				buildAcknowledgment(po(), { lines: [{ purchaseOrderLineId: '9', status: 'accepted' }] }),
			'The option "lines" names line "9" ("lines[0].purchaseOrderLineId"), which is not on purchase order PO5786344061670677',
		);
		expectDocumentError(
			() =>
				buildAcknowledgment(po(), {
					lines: [{ purchaseOrderLineId: '1', status: 'maybe' as Any }],
				}),
			'The option "lines[0].status" is "maybe", not one of accepted, backordered, rejected',
		);
		expectDocumentError(
			() =>
				buildAcknowledgment(po(), {
					lines: [{ purchaseOrderLineId: '1', status: 'accepted', quantity: 'five' }],
				}),
			/"lines\[0\].quantity" is "five", not a decimal/,
		);
		expectDocumentError(
			() => buildAcknowledgment(po(), { scheduledShipDate: '19/02/2026' }),
			/"scheduledShipDate" is "19\/02\/2026", not a date/,
		);
	});

	it('refuses options of the wrong shape with a clear error', () => {
		expectDocumentError(
			() => buildAcknowledgment(po(), { lines: { purchaseOrderLineId: '1' } as Any }),
			'The option "lines" is {"purchaseOrderLineId":"1"}, not a list',
		);
		expectDocumentError(
			() => buildAcknowledgment(po(), { lines: [null as Any] }),
			'The option "lines[0].purchaseOrderLineId" is required',
		);
		expectDocumentError(
			() => buildShipNotice(po(), { shipDate: '2026-02-19', packing: 'crate' as Any }),
			'The option "packing" is "crate", not cartonPerLine or singleCarton',
		);
	});

	it('is deterministic: the same inputs give the same document', () => {
		const options = {
			scheduledShipDate: '2026-02-19',
			lines: [{ purchaseOrderLineId: '3', status: 'rejected' as const }],
		};
		expect(buildAcknowledgment(po(), options)).toEqual(buildAcknowledgment(po(), options));
	});

	it('accepts a whole transaction or inbox item and uses its message', () => {
		expect(buildAcknowledgment(envelope850).purchaseOrderNumber).toBe('PO5786344061670677');
	});
});

describe('buildShipNotice (856)', () => {
	const ack = () =>
		buildAcknowledgment(po(), {
			lines: [
				{ purchaseOrderLineId: '3', status: 'rejected' },
				{ purchaseOrderLineId: '2', status: 'accepted', quantity: '12' },
				{ purchaseOrderLineId: '2', status: 'backordered', quantity: '8' },
			],
		});

	it('ships what the 855 accepted, one carton per line on one pallet; rejected lines are not shipped', () => {
		const order = po();
		const acknowledgment = ack();
		const asn = buildShipNotice(order, {
			shipDate: '2026-02-19',
			deliveryDate: '2026-02-21',
			acknowledgment,
			shipmentId: 'SHP-1',
			carrierScac: 'FEDX',
			transportationMethod: 'commonCarrier',
			serviceLevel: 'ground',
			billOfLadingNumber: 'BOL-1',
			trackingNumber: '7946',
		});
		expect(asn).toMatchObject({
			shipmentId: 'SHP-1',
			dates: { shipDate: '2026-02-19', deliveryDate: '2026-02-21' },
			references: { billOfLadingNumber: { value: 'BOL-1' } },
			carrierDetails: {
				routing: [
					{
						sequenceType: 'origin',
						standardCarrierAlphaCode: 'FEDX',
						transportationMethod: 'commonCarrier',
						serviceLevel: 'ground',
					},
				],
				quantityAndWeight: [{ packageForm: 'carton', ladingQuantity: '4' }],
			},
			orders: [{ purchaseOrderNumber: 'PO5786344061670677', purchaseOrderDate: '2026-02-12' }],
		});
		const orders = asn.orders as Any[];
		expect(orders[0].pallets).toHaveLength(1);
		expect(orders[0].pallets[0].cartons).toHaveLength(4);
		expect(orders[0].pallets[0].cartons[0].trackingNumber).toBe('7946');
		const items = byLine(shippedItems(asn));
		expect(Object.keys(items)).toEqual(['1', '2', '4', '5']);
		expect(items['2'].quantityShipped).toEqual({ value: '12', unitOfMeasure: 'each' });
		expect(items['1']).toMatchObject({
			productIds: { buyerItemNumber: '10000002' },
			productAttributes: { description: 'Green toothpaste' },
			outerPack: { numberOfUnits: '10' },
		});
		expect(contractProblems('856', asn)).toEqual([]);
		expect(checkOrderDocument('856', asn, order, { '855': acknowledgment })).toEqual([]);
	});

	it('ships a given subset (partial shipment), everything in one carton', () => {
		const acknowledgment = ack();
		const asn = buildShipNotice(po(), {
			shipDate: '2026-02-19',
			acknowledgment,
			packing: 'singleCarton',
			lines: [{ purchaseOrderLineId: '2', quantity: '7.5' }, { purchaseOrderLineId: 4 }],
		});
		expect(asn.shipmentId).toBe('SHP-PO5786344061670677');
		expect((asn.orders as Any[])[0].pallets[0].cartons).toHaveLength(1);
		expect(shippedItems(asn).map((i) => [i.purchaseOrderLineId, i.quantityShipped.value])).toEqual([
			['2', '7.5'],
			['4', '10'],
		]);
		expect(checkOrderDocument('856', asn, po(), { '855': acknowledgment })).toEqual([]);
	});

	it('refuses to ship more than accepted, or a rejected line', () => {
		expectDocumentError(
			() =>
				buildShipNotice(po(), {
					shipDate: '2026-02-19',
					acknowledgment: ack(),
					lines: [{ purchaseOrderLineId: '2', quantity: '20' }],
				}),
			'Line 2: cannot ship 20, only 12 accepted',
		);
		expectDocumentError(
			() =>
				buildShipNotice(po(), {
					shipDate: '2026-02-19',
					acknowledgment: ack(),
					lines: [{ purchaseOrderLineId: '3' }],
				}),
			/^Nothing to ship/,
		);
		expectDocumentError(
			() =>
				buildShipNotice(po(), {
					shipDate: '2026-02-19',
					lines: [{ purchaseOrderLineId: '3', quantity: '6' }],
				}),
			'Line 3: cannot ship 6, only 5 ordered',
		);
		expectDocumentError(
			() =>
				buildShipNotice(po(), {
					shipDate: '2026-02-19',
					lines: [{ purchaseOrderLineId: '1' }, { purchaseOrderLineId: '1' }],
				}),
			'The option "lines" names line "1" twice',
		);
	});

	it('ships the quantities ordered without an 855', () => {
		const asn = buildShipNotice(po(), { shipDate: '2026-02-19' });
		expect(shippedItems(asn).map((i) => i.quantityShipped.value)).toEqual([
			'5',
			'20',
			'5',
			'10',
			'5',
		]);
		expect(checkOrderDocument('856', asn, po(), {})).toEqual([]);
	});

	it('follows the example 855: rejected line 3 stays, substituted product ids on line 5', () => {
		const asn = buildShipNotice(po(), { shipDate: '2026-02-19', acknowledgment: example855() });
		const items = byLine(shippedItems(asn));
		expect(Object.keys(items)).toEqual(['1', '2', '4', '5']);
		expect(items['5'].productIds).toEqual({
			buyerItemNumber: 'ORDERFUL-TEST-SKU-005A',
			gtin12: 12345678015,
		});
		expect(checkOrderDocument('856', asn, po(), { '855': example855() })).toEqual([]);
	});

	it('requires a ship date and an 855 for the same purchase order', () => {
		expectDocumentError(
			() => buildShipNotice(po(), {} as Any),
			'The option "shipDate" is required',
		);
		const other = { ...example855(), purchaseOrderNumber: 'PO-OTHER' };
		expectDocumentError(
			() => buildShipNotice(po(), { shipDate: '2026-02-19', acknowledgment: other }),
			'The acknowledgment (855) is for purchase order PO-OTHER, not PO5786344061670677',
		);
	});
});

describe('buildInvoice (810)', () => {
	it('invoices the example 856 at the example 855 prices: totals match the example 810 exactly', () => {
		const order = po();
		const invoice = buildInvoice(order, {
			invoiceDate: '2026-02-22',
			invoiceNumber: 'INV-2026-0222-4875905',
			acknowledgment: example855(),
			shipNotice: example856(),
			carryChargesAndAllowances: false,
			charges: [{ type: 'freight', amount: '784.99', description: 'Freight Charge' }],
			allowances: [{ type: 'discount', amount: '165.75', description: 'Discount' }],
		});
		const expected = example810();
		expect(invoice.invoiceSalesTotal).toBe(expected.invoiceSalesTotal);
		expect(invoice.invoiceTermsDiscount).toBe(expected.invoiceTermsDiscount);
		expect(invoice.invoiceTotal).toBe(expected.invoiceTotal);
		expect(invoice.charges).toEqual(expected.charges);
		expect(invoice.allowances).toEqual(expected.allowances);
		expect(
			lines(invoice).map((l) => [
				l.purchaseOrderLineId,
				l.quantityInvoiced,
				l.unitPrice,
				l.productIds,
			]),
		).toEqual(
			lines(expected).map((l) => [
				l.purchaseOrderLineId,
				l.quantityInvoiced,
				l.unitPrice,
				l.productIds,
			]),
		);
		expect(invoice).toMatchObject({
			invoiceNumber: 'INV-2026-0222-4875905',
			invoiceDate: '2026-02-22',
			purchaseOrderNumber: 'PO5786344061670677',
			termsOfSale: expected.termsOfSale,
			references: {
				vendorNumber: { value: '4875905' },
				shipmentId: { value: 'SHP-2026-0219-4875905' },
				billOfLadingNumber: { value: 'BOL-2026-0219-001' },
			},
			dates: { shipDate: '2026-02-19', deliveryDate: '2026-02-21' },
		});
		expect(contractProblems('810', invoice)).toEqual([]);
		expect(
			checkOrderDocument('810', invoice, order, { '855': example855(), '856': example856() }),
		).toEqual([]);
	});

	it('carries the 850 charges and allowances by default, rounded to cents, and the total adds up', () => {
		const invoice = buildInvoice(po(), {
			invoiceDate: '2026-02-22',
			acknowledgment: example855(),
			shipNotice: example856(),
		});
		expect(invoice.charges).toEqual([
			{ type: 'freight', amount: '784.99', description: 'Freight Charge' },
		]);
		expect(invoice.allowances).toEqual([
			{ type: 'discount', amount: '196.25', description: 'Discount' },
		]);
		expect(invoice.invoiceNumber).toBe('INV-PO5786344061670677');
		expect(invoice.invoiceTotal).toBe('3903.69'); // 3314.95 + 784.99 − 196.25
		expect(
			checkOrderDocument('810', invoice, po(), { '855': example855(), '856': example856() }),
		).toEqual([]);
	});

	it('runs the whole chain 850 → 855 → 856 → 810 built by the builders, each accepted by the partner', () => {
		const order = po();
		const acknowledgment = buildAcknowledgment(order, {
			lines: [
				{ purchaseOrderLineId: '3', status: 'rejected' },
				{ purchaseOrderLineId: '4', status: 'accepted', unitCostPrice: '95.00' },
			],
		});
		const asn = buildShipNotice(order, {
			shipDate: '2026-02-19',
			acknowledgment,
			lines: [{ purchaseOrderLineId: '1' }, { purchaseOrderLineId: '4', quantity: '6' }],
		});
		const invoice = buildInvoice(order, {
			invoiceDate: '2026-02-22',
			acknowledgment,
			shipNotice: asn,
			carryChargesAndAllowances: false,
		});
		expect(
			lines(invoice).map((l) => [l.purchaseOrderLineId, l.quantityInvoiced.value, l.unitPrice]),
		).toEqual([
			['1', '5', '101.00'],
			['4', '6', '95.00'],
		]);
		expect(invoice.invoiceSalesTotal).toBe('1075.00');
		expect(invoice.invoiceTotal).toBe('1075.00');
		expect(invoice.charges).toBeUndefined();
		expect(checkOrderDocument('855', acknowledgment, order, {})).toEqual([]);
		expect(checkOrderDocument('856', asn, order, { '855': acknowledgment })).toEqual([]);
		expect(
			checkOrderDocument('810', invoice, order, { '855': acknowledgment, '856': asn }),
		).toEqual([]);
	});

	it('invoices the quantities ordered at the 850 prices without an 855 or 856', () => {
		const invoice = buildInvoice(po(), {
			invoiceDate: '2026-02-22',
			carryChargesAndAllowances: false,
		});
		// 5×101 + 20×88 + 5×112 + 10×100 + 5×19.99
		expect(invoice.invoiceSalesTotal).toBe('3924.95');
		expect(checkOrderDocument('810', invoice, po(), {})).toEqual([]);
	});

	it('sums each line to cents (half-up) exactly where floating point would drift', () => {
		const cases: Array<[Array<[string, string]>, string]> = [
			[
				[
					['0.1', '1'],
					['0.1', '1'],
					['0.1', '1'],
				],
				'0.30',
			], // 0.1+0.1+0.1 = 0.30000000000000004 in floats
			[
				[
					['1', '0.1'],
					['1', '0.2'],
				],
				'0.30',
			],
			[Array.from({ length: 7 }, () => ['1', '19.99'] as [string, string]), '139.93'],
			[[['7', '19.99']], '139.93'],
			[Array.from({ length: 1000 }, () => ['1', '0.01'] as [string, string]), '10.00'],
			[Array.from({ length: 1000 }, () => ['0.1', '0.1'] as [string, string]), '10.00'],
			[[['1', '1.005']], '1.01'], // (1.005).toFixed(2) is "1.00"
			[
				[
					['2.5', '2.125'],
					['0.333', '3.33'],
				],
				'6.42',
			], // 5.3125 + 1.10889 = 6.42139
			[[['3', '0.335']], '1.01'], // 1.005 exactly, half-up
			// Each line to cents, then added: 0.335 → 0.34 three times (the exact 1.005 rounded once is 1.01).
			[Array.from({ length: 3 }, () => ['1', '0.335'] as [string, string]), '1.02'],
		];
		for (const [spec, expected] of cases) {
			const order850 = order(spec);
			const invoice = buildInvoice(order850, { invoiceDate: '2026-11-30' });
			expect(invoice.invoiceSalesTotal).toBe(expected);
			expect(invoice.invoiceTotal).toBe(expected);
			expect(checkOrderDocument('810', invoice, order850, {})).toEqual([]);
		}
	});

	it('adds charges and subtracts allowances exactly', () => {
		const order850 = order(
			[
				['3', '0.10'],
				['7', '19.99'],
			],
			{
				charges: [
					{ type: 'freight', amount: '0.1' },
					{ type: 'handling', amount: '0.2' },
				],
				allowances: [
					{ type: 'discount', amount: '0.3' },
					{ type: 'promotion', amount: '10.005' },
				],
			},
		);
		const invoice = buildInvoice(order850, {
			invoiceDate: '2026-11-30',
			charges: [{ type: 'fuel', amount: 0.7, description: 'Fuel surcharge' }],
		});
		// 0.30 + 139.93 = 140.23; + 0.10 + 0.20 + 0.70 − 0.30 − 10.01 = 130.92
		expect(invoice.invoiceSalesTotal).toBe('140.23');
		expect((invoice.charges as Any[]).map((c) => c.amount)).toEqual(['0.10', '0.20', '0.70']);
		expect((invoice.allowances as Any[]).map((c) => c.amount)).toEqual(['0.30', '10.01']);
		expect(invoice.invoiceTotal).toBe('130.92');
		expect(invoice.charges).toContainEqual({
			type: 'fuel',
			amount: '0.70',
			description: 'Fuel surcharge',
		});
		expect(checkOrderDocument('810', invoice, order850, {})).toEqual([]);
	});

	it('refuses an order its 860 cut below its fixed allowance, saying the buyer restates it', () => {
		const order850 = order(
			[
				['2', '101.00'],
				['28', '112.00'],
			],
			{ allowances: [{ type: 'discount', amount: '10.50' }] },
		);
		const { effectiveOrder } = applyChanges(order850, {
			purpose: 'change',
			purchaseOrderNumber: 'PO-T1',
			changeSequenceNumber: '001',
			lineItems: [
				{ purchaseOrderLineId: '1', changeReason: 'quantityChange', quantity: { value: '0.1' } },
				{ purchaseOrderLineId: '2', changeReason: 'deleteItem', quantity: { value: '0' } },
			],
		});
		expectDocumentError(
			() => buildInvoice(effectiveOrder, { invoiceDate: '2026-11-30' }),
			'The allowances total 10.50 but the sales only 10.10: an invoice cannot allow more than it sells. The 860s applied changed purchase order PO-T1, and a fixed allowance is the buyer\'s to restate, not the seller\'s to cut: change the order\'s "allowances" as agreed with the buyer, or turn off the option "carryChargesAndAllowances"',
		);
		// Turned off, the same order bills its 10.10 without the allowance.
		const invoice = buildInvoice(effectiveOrder, {
			invoiceDate: '2026-11-30',
			carryChargesAndAllowances: false,
		});
		expect(invoice.invoiceTotal).toBe('10.10');
	});

	it('needs an invoice date and a price for every billed line', () => {
		expectDocumentError(
			() => buildInvoice(po(), {} as Any),
			'The option "invoiceDate" is required',
		);
		const noPrice = po();
		delete lines(noPrice)[1].unitCostPrice;
		expectDocumentError(
			() => buildInvoice(noPrice, { invoiceDate: '2026-02-22' }),
			'Line 2 has no unit price: the purchase order leaves it unpriced ("lineItems[1].unitCostPrice") and the option "pricesForUnpricedLines" (Prices for Unpriced Lines) has none for it. Add its price there, keyed by one of its product ids (10000004, 2837465837), or send the 855 with its price',
		);
		// ...unless the 855 states one
		const ack = buildAcknowledgment(noPrice, {
			lines: [{ purchaseOrderLineId: '2', status: 'accepted', unitCostPrice: '87.50' }],
		});
		expect(
			byLine(lines(buildInvoice(noPrice, { invoiceDate: '2026-02-22', acknowledgment: ack })))['2']
				.unitPrice,
		).toBe('87.50');
		expectDocumentError(
			() =>
				buildInvoice(po(), {
					invoiceDate: '2026-02-22',
					charges: [{ type: 'freight', amount: 'ten' }],
				}),
			'The option "charges[0].amount" is "ten", not a decimal number such as "12.50"',
		);
	});

	it('refuses a ship notice that ships nothing for this purchase order', () => {
		const asn = example856();
		(asn.orders as Any[]).splice(0, 1);
		expectDocumentError(
			() => buildInvoice(po(), { invoiceDate: '2026-02-22', shipNotice: asn }),
			'The ship notice (856) ships nothing for purchase order PO5786344061670677',
		);
	});
});

describe('malformed purchase orders', () => {
	const mutate = (change: (o: Any) => void) => {
		const o = po() as Any;
		change(o);
		return o;
	};
	const cases: Array<[string, (o: Any) => void, string]> = [
		[
			'no purchase order number',
			(o) => delete o.purchaseOrderNumber,
			'The purchase order has no "purchaseOrderNumber"',
		],
		['no date', (o) => delete o.purchaseOrderDate, 'The purchase order has no "purchaseOrderDate"'],
		['no lines', (o) => delete o.lineItems, 'The purchase order has no "lineItems"'],
		['empty lines', (o) => (o.lineItems = []), 'The purchase order has no "lineItems[0]"'],
		[
			'lines not a list',
			(o) => (o.lineItems = {}),
			'The purchase order\'s "lineItems" is {}, not a list',
		],
		[
			'no quantity value',
			(o) => delete o.lineItems[2].quantity.value,
			'The purchase order has no "lineItems[2].quantity.value"',
		],
		[
			'no quantity',
			(o) => delete o.lineItems[2].quantity,
			'The purchase order has no "lineItems[2].quantity"',
		],
		[
			'text quantity',
			(o) => (o.lineItems[1].quantity.value = 'ten'),
			'The purchase order\'s "lineItems[1].quantity.value" is "ten", not a decimal number such as "12.50"',
		],
		[
			'negative quantity',
			(o) => (o.lineItems[1].quantity.value = '-1'),
			'The purchase order\'s "lineItems[1].quantity.value" is "-1", not a quantity of zero or more',
		],
		[
			'bad price',
			(o) => (o.lineItems[0].unitCostPrice = '$101'),
			'The purchase order\'s "lineItems[0].unitCostPrice" is "$101", not a decimal number such as "12.50"',
		],
		[
			'no line id',
			(o) => delete o.lineItems[3].purchaseOrderLineId,
			'The purchase order has no "lineItems[3].purchaseOrderLineId"',
		],
		[
			'no product ids',
			(o) => delete o.lineItems[4].productIds,
			'The purchase order has no "lineItems[4].productIds"',
		],
		[
			'empty product ids',
			(o) => (o.lineItems[4].productIds = {}),
			'The purchase order has no "lineItems[4].productIds"',
		],
		[
			'duplicate line id',
			(o) => (o.lineItems[1].purchaseOrderLineId = '1'),
			'The purchase order has two lines with purchaseOrderLineId "1" (lineItems[0] and lineItems[1])',
		],
	];
	it.each(cases)('%s', (_name, change, message) => {
		const broken = mutate(change);
		expectDocumentError(() => buildAcknowledgment(broken), message);
		expectDocumentError(() => buildShipNotice(broken, { shipDate: '2026-02-19' }), message);
		expectDocumentError(() => buildInvoice(broken, { invoiceDate: '2026-02-22' }), message);
	});
	it('names the field path on the error', () => {
		try {
			buildAcknowledgment(mutate((o) => delete o.lineItems[2].quantity.value));
		} catch (error) {
			expect((error as DocumentError).path).toBe('lineItems[2].quantity.value');
			expect((error as DocumentError).name).toBe('DocumentError');
		}
		expect.assertions(2);
	});
	it('refuses something that is not an 850 at all', () => {
		expectDocumentError(
			() => buildAcknowledgment('PO-1'),
			'The purchase order must be a JSON object: the 850 message',
		);
		expectDocumentError(
			() => buildAcknowledgment(null),
			'The purchase order must be a JSON object: the 850 message',
		);
	});
	it('tolerates ids as numbers; a missing unit of measure is refused unless the user gives the default', () => {
		const o = mutate((x) => {
			x.purchaseOrderNumber = 4711;
			x.lineItems[0].purchaseOrderLineId = 1;
			delete x.lineItems[0].quantity.unitOfMeasure;
		});
		// Before #32 the line became "each" unasked (EA in X12).
		for (const build of [
			() => buildAcknowledgment(o),
			() => buildShipNotice(o, { shipDate: '2026-02-20' }),
			() => buildInvoice(o, { invoiceDate: '2026-02-22' }),
		])
			expectDocumentError(
				build,
				'Line 1 has no unit of measure: the purchase order leaves it out ("lineItems[0].quantity.unitOfMeasure"). Set the option "unitWhenMissing" (Unit When the Order Has None) to the unit your partner means, e.g. "each"',
			);
		const ack = buildAcknowledgment(o, { unitWhenMissing: 'each' });
		expect(ack.purchaseOrderNumber).toBe('4711');
		expect(lines(ack)[0]).toMatchObject({
			purchaseOrderLineId: '1',
			actions: [{ quantity: { value: '5', unitOfMeasure: 'each' } }],
		});
	});
});
