/**
 * Messages of bulk-inserted transactions, built on read from a sequence number. An 850 is the
 * demo partner's own purchase order; other types get a small valid document about that order.
 */
import { makePurchaseOrder } from './partner';

/** The business number generatedMessage gives, without building the message: every list item shows one. */
export function generatedBusinessNumber(type: string, sequence: number): string {
	const prefixes: Record<string, string> = { '856': 'SHP-', '810': 'INV-', '846': 'INV-ADV-' };
	return `${prefixes[type] ?? 'PO-'}${sequence}`;
}

export function generatedMessage(
	type: string,
	sequence: number,
	createdAt: number,
): Record<string, unknown> {
	const created = new Date(createdAt);
	const order = makePurchaseOrder(sequence, created);
	if (type === '850') return order;
	const purchaseOrderNumber = String(order.purchaseOrderNumber);
	const day = created.toISOString().slice(0, 10);
	const quantity = { value: '1', unitOfMeasure: 'each' };
	switch (type) {
		case '855':
			return {
				purchaseOrderNumber,
				status: 'accepted',
				lineItems: [{ purchaseOrderLineId: '1', actions: [{ status: 'accepted', quantity }] }],
			};
		case '856':
			return {
				shipmentId: `SHP-${sequence}`,
				orders: [
					{
						purchaseOrderNumber,
						items: [
							{
								purchaseOrderLineId: '1',
								productIds: { buyerItemNumber: `BULK-${sequence}` },
								quantityShipped: quantity,
							},
						],
					},
				],
			};
		case '810':
			return {
				invoiceNumber: `INV-${sequence}`,
				invoiceDate: day,
				purchaseOrderNumber,
				lineItems: [{ purchaseOrderLineId: '1', quantityInvoiced: quantity, unitPrice: '1.00' }],
				invoiceSalesTotal: '1.00',
				invoiceTotal: '1.00',
			};
		case '846':
			return {
				reportNumber: `INV-ADV-${sequence}`,
				reportDate: day,
				lineItems: [
					{
						lineNumber: '1',
						productIds: { buyerItemNumber: `BULK-${sequence}` },
						inventoryQuantities: [{ type: 'available', quantity: '10' }],
					},
				],
			};
		default:
			return { ...order, purpose: 'change', purchaseOrderChangeDate: day };
	}
}
