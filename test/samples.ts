/**
 * Samples many tests share, kept once: a valid 855 message and a one-transaction list as the
 * service serves it. (The seeded random generator is the sandbox's: mulberry32 in sandbox/faults.)
 */

/** A valid 855 message: purchase order PO-1, its one line accepted (5 each). */
export const SAMPLE_855 = {
	purchaseOrderNumber: 'PO-1',
	status: 'accepted',
	lineItems: [
		{
			purchaseOrderLineId: '1',
			actions: [{ status: 'accepted', quantity: { value: '5', unitOfMeasure: 'each' } }],
		},
	],
};

/** GET /v3/transactions answering one inbound test transaction created now (id 7, an 850 unless `item` says otherwise). */
export const transactionList = (item: { id?: number; transactionType?: string } = {}) => ({
	items: [
		{
			id: 7,
			transactionType: '850_PURCHASE_ORDER',
			direction: 'inbound',
			stream: 'test',
			createdAt: new Date().toISOString(),
			...item,
		},
	],
	meta: { total: 1 },
});
