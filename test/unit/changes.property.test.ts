/**
 * Property: random valid 860s applied to the partner's purchase orders (Apply Change), then
 * answered with an 856 and an 810 built from the effective order after an 855 sent before the
 * change, are accepted by the demo partner, which applies the 860s with its own code.
 */
import { fc, test as property } from '@fast-check/jest';

import {
	buildAcknowledgment,
	buildInvoice,
	buildShipNotice,
} from '../../nodes/EdiExchange/documents';
import { applyChanges } from '../../nodes/EdiExchange/documents/applyChange';
import { checkOrderDocument, makePurchaseOrder } from '../../sandbox/partner';
import { applyChanges as partnerApplies } from '../../sandbox/partner/changes';
import { PRICE, QUANTITY } from '../arbitraries';

const now = new Date('2026-11-22T10:00:00Z');

/** What happens to each of the order's (up to 5) lines, and whether a line is added. */
const LINE_FATE = fc.oneof(
	fc.constant({ kind: 'keep' as const }),
	fc.record({ kind: fc.constant('quantity' as const), quantity: QUANTITY }),
	fc.record({ kind: fc.constant('price' as const), price: PRICE }),
	fc.constant({ kind: 'delete' as const }),
);
const CASE = fc.record({
	sequence: fc.integer({ min: 1, max: 10_000 }),
	fates: fc.array(LINE_FATE, { minLength: 5, maxLength: 5 }),
	added: fc.option(fc.record({ quantity: QUANTITY, price: PRICE })),
});

function changeFor(po: any, fates: any[], added: any) {
	const lines = po.lineItems as any[];
	// Keep at least one line: an order with none left is a cancellation, tested apart.
	const kept = fates
		.slice(0, lines.length)
		.map((f, i) => (i === 0 && f.kind === 'delete' ? { kind: 'keep' } : f));
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

property.prop([CASE], { numRuns: 200 })(
	'random valid 860s, applied and answered with an 856 and an 810, are accepted by the partner',
	({ sequence, fates, added }) => {
		const po = makePurchaseOrder(sequence, now);
		const ack = buildAcknowledgment(po);
		const change = changeFor(po, fates, added);
		const effective = applyChanges(po, [change]).effectiveOrder;
		const asn = buildShipNotice(effective, { shipDate: '2026-11-25', acknowledgment: ack });
		const invoice = buildInvoice(effective, {
			invoiceDate: '2026-11-30',
			acknowledgment: ack,
			shipNotice: asn,
		});
		const partner = partnerApplies(po, [change]);
		const check = (type: '856' | '810', message: unknown, earlier: object) =>
			checkOrderDocument(type, message, partner.order, earlier, undefined, partner.lines);
		expect(check('856', asn, { '855': ack })).toEqual([]);
		expect(check('810', invoice, { '855': ack, '856': asn })).toEqual([]);
	},
);
