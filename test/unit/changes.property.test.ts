/**
 * Property: random valid 860s applied to the partner's purchase orders (Apply Change), then
 * answered with an 856 and an 810 built from the effective order after an 855 sent before the
 * change, are accepted by the demo partner, which applies the 860s with its own code. The same on
 * the X12 paths: the partner's 860 written as X12 and read back with the node's 860 reader, the 855
 * (a seller's price change as ACK01 IP), 865, 856 and 810 written as X12 and read the partner's
 * way; every 860, 865, 855, 856 and 810 written passes ../shared's validator (the count printed).
 */
import { fc, test as property } from '@fast-check/jest';

import {
	buildAcknowledgment,
	buildInvoice,
	buildShipNotice,
} from '../../nodes/EdiExchange/documents';
import { buildChangeAcknowledgment } from '../../nodes/EdiExchange/documents';
import { applyChanges } from '../../nodes/EdiExchange/documents/applyChange';
import {
	documentsFromX12,
	write810,
	write855,
	write856,
	write865,
} from '../../nodes/EdiExchange/x12Documents';
import { checkAgainstChanges, checkOrderDocument, makePurchaseOrder } from '../../sandbox/partner';
import {
	exceeds,
	money,
	NOTHING,
	plus,
	readExact,
	times,
	toCents,
} from '../../sandbox/partner/amounts';
import { applyChanges as partnerApplies, type LineChange } from '../../sandbox/partner/changes';
import { agreedPrices, asArray, isObject, quantityOf } from '../../sandbox/partner/read';
import { changeSegments } from '../../sandbox/partner/x12Change';
import { checkChangeAcknowledgment } from '../../sandbox/partner/x12ChangeAck';
import { readX12Reply } from '../../sandbox/partner/x12Replies';
import { DECIMAL, PRICE, QUANTITY } from '../arbitraries';
import { floatHalfCent, validateAll, withValidator } from '../x12Interop';
import { envelope } from '../x12Orders';

const now = new Date('2026-11-22T10:00:00Z');

/** What happens to each of the order's (up to 5) lines, and whether a line is added. */
const caseOf = (quantity: fc.Arbitrary<string>, price: fc.Arbitrary<string>) =>
	fc.record({
		sequence: fc.integer({ min: 1, max: 10_000 }),
		fates: fc.array(
			fc.oneof(
				fc.constant({ kind: 'keep' as const }),
				fc.record({ kind: fc.constant('quantity' as const), quantity }),
				fc.record({ kind: fc.constant('price' as const), price }),
				fc.constant({ kind: 'delete' as const }),
			),
			{ minLength: 5, maxLength: 5 },
		),
		added: fc.option(fc.record({ quantity, price })),
	});
const CASE = caseOf(QUANTITY, PRICE);
/** Within what X12 elements hold: an 810's totals fit ITD08 and TDS01 (10 digits of cents). */
const X12_CASE = caseOf(
	DECIMAL(1_000, 3).filter((q) => Number(q) > 0),
	DECIMAL(10_000, 4),
);

function changeFor(po: any, fates: any[], added: any) {
	const lines = po.lineItems as any[];
	// Keep at least one line: an order with none left is a cancellation, tested apart.
	// A "quantity change" to the quantity ordered changes nothing (X12 writes it as CA): kept.
	const kept = fates
		.slice(0, lines.length)
		.map((f, i) =>
			(i === 0 && f.kind === 'delete') ||
			(f.kind === 'quantity' && Number(f.quantity) === Number(lines[i].quantity.value))
				? { kind: 'keep' }
				: f,
		);
	const lineItems: object[] = lines.flatMap((line, i) => {
		const fate = kept[i];
		const base = { purchaseOrderLineId: line.purchaseOrderLineId, productIds: line.productIds };
		if (fate.kind === 'quantity')
			return [
				{
					...base,
					changeReason: 'quantityChange',
					quantity: { ...line.quantity, value: fate.quantity },
				},
			];
		if (fate.kind === 'price')
			return [
				{
					...base,
					changeReason: 'priceChange',
					quantity: line.quantity,
					unitCostPrice: fate.price,
				},
			];
		if (fate.kind === 'delete')
			return [{ ...base, changeReason: 'deleteItem', quantity: { ...line.quantity, value: '0' } }];
		return [];
	});
	if (added)
		lineItems.push({
			purchaseOrderLineId: '99',
			changeReason: 'addItem',
			quantity: { value: added.quantity, unitOfMeasure: 'each' },
			unitCostPrice: added.price,
			productIds: { buyerItemNumber: '10000099' },
		});
	return {
		purpose: 'change',
		purchaseOrderNumber: po.purchaseOrderNumber,
		purchaseOrderDate: po.purchaseOrderDate,
		changeSequenceNumber: '001',
		lineItems,
	};
}

/**
 * The 810, or none when the builder rightly refuses it: the order's fixed allowances (the demo
 * 850's 10.50 discount) exceed what is left to bill once the 860s deleted or reduced lines (or
 * the 855 lowered a price). A fixed amount is the buyer's to restate, not the seller's to cap or
 * prorate, so the builder refuses, naming the allowances; the partner's own arithmetic (its
 * effective order at its agreed prices) confirms the allowances do exceed the sales.
 */
function invoiceOrRefusal(
	effective: unknown,
	options: Parameters<typeof buildInvoice>[1],
	partner: { order: Record<string, unknown>; lines: Map<string, LineChange> },
	acknowledgment: unknown,
) {
	const allowed = asArray(partner.order.allowances)
		.filter(isObject)
		.reduce((sum, a) => plus(sum, readExact(a.amount)!), NOTHING);
	const prices = agreedPrices(partner.order, acknowledgment, partner.lines);
	const sales = asArray(partner.order.lineItems)
		.filter(isObject)
		.reduce(
			(sum, line) =>
				plus(
					sum,
					toCents(
						times(quantityOf(line.quantity)!, prices.get(String(line.purchaseOrderLineId))!.price),
					),
				),
			NOTHING,
		);
	if (!exceeds(allowed, sales)) return buildInvoice(effective, options);
	expect(() => buildInvoice(effective, options)).toThrow(
		`The allowances total ${money(allowed)} but the sales only ${money(sales)}: an invoice cannot allow more than it sells`,
	);
	return undefined;
}

/** Order 9380 (a 10.50 discount) with line 1 down to 0.1 at 101.00 and lines 2, 3 deleted: 10.10 left. */
const ALLOWANCE_ABOVE_SALES = {
	sequence: 9380,
	fates: [
		{ kind: 'quantity' as const, quantity: '0.1' },
		{ kind: 'delete' as const },
		{ kind: 'delete' as const },
		{ kind: 'keep' as const },
		{ kind: 'keep' as const },
	],
	added: null,
};

property.prop([CASE], { numRuns: 200, examples: [[ALLOWANCE_ABOVE_SALES]] })(
	'random valid 860s, applied and answered with an 856 and an 810, are accepted by the partner',
	({ sequence, fates, added }) => {
		const po = makePurchaseOrder(sequence, now);
		const ack = buildAcknowledgment(po);
		const change = changeFor(po, fates, added);
		const effective = applyChanges(po, [change]).effectiveOrder;
		const asn = buildShipNotice(effective, { shipDate: '2026-11-25', acknowledgment: ack });
		const partner = partnerApplies(po, [change]);
		const options = { invoiceDate: '2026-11-30', acknowledgment: ack, shipNotice: asn };
		const invoice = invoiceOrRefusal(effective, options, partner, ack);
		const check = (type: '856' | '810', message: unknown, earlier: object) =>
			checkOrderDocument(type, message, partner.order, earlier, undefined, partner.lines);
		expect(check('856', asn, { '855': ack })).toEqual([]);
		if (invoice) expect(check('810', invoice, { '855': ack, '856': asn })).toEqual([]);
	},
);

/** Every interchange the X12 property wrote, by type, for the validator. */
const written: Array<{ type: string; text: string }> = [];

/** The partner's reading of a set the node wrote (as it arrives on either X12 path). */
function partnerRead(type: '855' | '856' | '810', segments: string[][]) {
	const reply = readX12Reply(type, segments)!;
	if (reply.kind !== 'document') throw new Error(`${type} read as ${reply.kind}`);
	expect(reply.reasons).toEqual([]);
	return reply;
}

property.prop(
	[
		X12_CASE,
		fc.option(fc.record({ line: fc.integer({ min: 1, max: 5 }), price: DECIMAL(10_000, 4) })),
	],
	{
		numRuns: 60,
		examples: [
			[ALLOWANCE_ABOVE_SALES, null],
			// Line 4, repriced to 0 by the 855, "changed" to the 9 ordered: no change, the 855's price stands.
			[
				{
					sequence: 2043,
					fates: [
						{ kind: 'keep' },
						{ kind: 'keep' },
						{ kind: 'price', price: '0' },
						{ kind: 'quantity', quantity: '9' },
						{ kind: 'keep' },
					],
					added: null,
				},
				{ line: 4, price: '0' },
			],
		],
	},
)(
	'on the X12 paths: the partner’s X12 860 read by the node, applied, answered with 855 (IP), 865, 856 and 810 as X12, all accepted by the partner',
	({ sequence, fates, added }, reprice) => {
		const po: any = makePurchaseOrder(sequence, now);
		const n = written.length + 1;
		const change = changeFor(po, fates, added);
		// An 860 naming no line (every fate beyond a short order's lines) has nothing to answer.
		fc.pre(change.lineItems.length > 0);
		const changeText = envelope('860', changeSegments(change), n);
		const read = documentsFromX12(changeText).documents[0];
		expect(read.errors).toEqual([]);

		// The seller's 855, sent before the 860: perhaps one line at another price (ACK01 IP).
		const line = reprice && po.lineItems[Math.min(reprice.line, po.lineItems.length) - 1];
		const decisions = line
			? [
					{
						purchaseOrderLineId: line.purchaseOrderLineId,
						status: 'accepted' as const,
						unitCostPrice: reprice.price,
					},
				]
			: [];
		const ack = buildAcknowledgment(po, { lines: decisions });
		const ackSegments = write855(ack);
		const ackRead = partnerRead('855', ackSegments);
		expect(checkAgainstChanges('855', ackRead.message, po, [], {})).toEqual([]);

		const effective = applyChanges(po, [read.document]).effectiveOrder;
		const changeAck = write865(buildChangeAcknowledgment(read.document));
		const answered = readX12Reply('865', changeAck)!;
		if (answered.kind !== 'changeAck') throw new Error('865 not read as one');
		expect(checkChangeAcknowledgment(answered.ack, [change])).toEqual([]);

		const asn = buildShipNotice(effective, { shipDate: '2026-11-25', acknowledgment: ack });
		const asnSegments = write856(asn);
		const asnRead = partnerRead('856', asnSegments);
		const earlier = { '855': ackRead.message };
		expect(checkAgainstChanges('856', asnRead.message, po, [change], earlier)).toEqual([]);
		written.push(
			{ type: '860', text: changeText },
			{ type: '855', text: envelope('855', ackSegments, n) },
			{ type: '865', text: envelope('865', changeAck, n) },
			{ type: '856', text: envelope('856', asnSegments, n) },
		);

		const options = { invoiceDate: '2026-11-30', acknowledgment: ack, shipNotice: asn };
		const partner = partnerApplies(po, [change]);
		const invoice = invoiceOrRefusal(effective, options, partner, ackRead.message);
		if (!invoice) return;
		const invoiceSegments = write810(invoice);
		const invoiceRead = partnerRead('810', invoiceSegments);
		const billed = { ...earlier, '856': asnRead.message };
		expect(
			checkAgainstChanges('810', invoiceRead.message, po, [change], billed, invoiceRead.totals),
		).toEqual([]);
		written.push({ type: '810', text: envelope('810', invoiceSegments, n) });
	},
);

withValidator.test(
	'every 860, 855, 865, 856 and 810 the X12 property wrote passes the validator',
	() => {
		expect(written.length).toBeGreaterThan(0);
		const verdicts = validateAll(written.map((w) => w.text));
		// The validator's floating point rounds a line exactly on a half cent down (x12-validator.test.ts).
		const halfCent = (i: number) =>
			verdicts[i].errors.length === 1 &&
			verdicts[i].errors[0].rule === 'tds.total' &&
			floatHalfCent(written[i].text);
		const halfCents = verdicts.filter((_, i) => halfCent(i)).length;
		const failed = verdicts.flatMap((v, i) =>
			v.errors.length && !halfCent(i)
				? [{ type: written[i].type, errors: v.errors.slice(0, 3) }]
				: [],
		);
		expect(failed).toEqual([]);
		// The sellers' price changes were written as ACK01 IP.
		const repriced = written.filter((w) => w.type === '855' && w.text.includes('ACK*IP*')).length;
		expect(repriced).toBeGreaterThan(0);
		const counts = ['860', '855', '865', '856', '810'].map(
			(type) => `${written.filter((w) => w.type === type).length} ${type}s`,
		);
		console.log(
			`x12-validate: ${verdicts.length} interchanges from the X12 change property (${counts.join(', ')}; ${repriced} 855s with ACK01 IP), 0 errors${halfCents ? `; ${halfCents} 810s with a line exactly on a half cent, which the validator's floating point rounds down` : ''}`,
		);
	},
);
