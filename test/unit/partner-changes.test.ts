/**
 * The demo partner's own 860s and effective order (sandbox/partner/changes.ts): one 860 changing
 * both the quantity and the price of a line keeps both, the way the node's Apply Change does, and
 * the partner accepts an 810 billing the new quantity at the new price.
 */
import { buildAcknowledgment, buildInvoice } from '../../nodes/EdiExchange/documents';
import { applyChanges as nodeApplies } from '../../nodes/EdiExchange/documents/applyChange';
import { checkAgainstChanges, makePurchaseOrder } from '../../sandbox/partner';
import { applyChanges, makeChange } from '../../sandbox/partner/changes';
import {
	checkChangeAcknowledgment,
	readChangeAcknowledgment,
} from '../../sandbox/partner/x12ChangeAck';

type Any = any;
const now = new Date('2026-11-22T10:30:00.000Z');

const lineOne = (order: Any) =>
	order.lineItems.find((l: Any) => String(l.purchaseOrderLineId) === '1');

test('one 860 changing the quantity, then the price of a line: the partner keeps the new quantity', () => {
	const po: Any = makePurchaseOrder(1, now);
	const before = Number(lineOne(po).quantity.value);
	const change: Any = makeChange(
		po,
		{
			purpose: 'change',
			lines: [
				{ changeReason: 'quantityChange', line: 1, by: '2' },
				{ changeReason: 'priceChange', line: 1, unitCostPrice: '9.95' },
			],
		},
		1,
		now,
	);
	// The price change states the line as the quantity change left it.
	expect(change.lineItems.map((l: Any) => l.quantity.value)).toEqual([
		String(before + 2),
		String(before + 2),
	]);
	const partner = lineOne(applyChanges(po, [change]).order);
	expect(partner.quantity.value).toBe(String(before + 2));
	expect(partner.unitCostPrice).toBe('9.95');
	// The same as the node's Apply Change.
	const node = lineOne(nodeApplies(po, [change]).effectiveOrder);
	expect({ quantity: partner.quantity.value, price: partner.unitCostPrice }).toEqual({
		quantity: node.quantity.value,
		price: node.unitCostPrice,
	});
});

test("a price change stating the 850's quantity after a quantity change of the same line does not undo it", () => {
	const po: Any = makePurchaseOrder(2, now);
	const line = lineOne(po);
	const raised = { ...line.quantity, value: String(Number(line.quantity.value) + 3) };
	const change = {
		purpose: 'change',
		purchaseOrderNumber: po.purchaseOrderNumber,
		changeSequenceNumber: '001',
		lineItems: [
			{ purchaseOrderLineId: '1', changeReason: 'quantityChange', quantity: raised },
			// A buyer echoing the line as ordered beside its new price.
			{
				purchaseOrderLineId: '1',
				changeReason: 'priceChange',
				quantity: line.quantity,
				unitCostPrice: '9.95',
			},
		],
	};
	expect(lineOne(applyChanges(po, [change]).order)).toMatchObject({
		quantity: raised,
		unitCostPrice: '9.95',
	});
	// An 810 built from the node's effective order bills the raised quantity at 9.95: accepted.
	const effective = nodeApplies(po, [change]).effectiveOrder;
	const ack = buildAcknowledgment(po);
	const invoice = buildInvoice(effective, { invoiceDate: '2026-11-30', acknowledgment: ack });
	expect(checkAgainstChanges('810', invoice, po, [change], { '855': ack })).toEqual([]);
});

test("the partner's 865 check wants each line answered with its own 860's change code (#41)", () => {
	const sent = {
		changeSequenceNumber: '001',
		lineItems: [
			{
				purchaseOrderLineId: '1',
				changeReason: 'quantityChange',
				quantity: { value: '3' },
				changeInQuantity: { value: '-1' },
			},
			{ purchaseOrderLineId: '2', changeReason: 'priceChange', unitCostPrice: '1.00' },
		],
	};
	const ack = (first: string) =>
		readChangeAcknowledgment([
			['BCA', '00', 'AT', 'PO-1', '', '001', '20261120'],
			['POC', '1', first, '3'],
			['ACK', 'IA', '3', 'EA'],
			['POC', '2', 'PC'],
			['ACK', 'IA'],
		]);
	expect(checkChangeAcknowledgment(ack('QD'), [sent])).toEqual([]);
	expect(checkChangeAcknowledgment(ack('CA'), [sent])).toEqual([
		`line 1: POC02 "CA" is not the change the partner's 860 asked for (QD)`,
	]);
});
