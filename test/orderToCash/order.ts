/** The small purchase order the order-to-cash engine tests build from: two lines, as the trigger emits it. */
export const PO_77 = {
	transactionId: 7,
	senderId: 'DEMORETAIL',
	receiverId: 'YOURCOMPANY',
	message: {
		purchaseOrderNumber: 'PO-77',
		purchaseOrderDate: '2026-11-20',
		lineItems: [
			{
				purchaseOrderLineId: '1',
				quantity: { value: '4', unitOfMeasure: 'each' },
				unitCostPrice: '2.50',
				productIds: { buyerItemNumber: 'A-1' },
			},
			{
				purchaseOrderLineId: '2',
				quantity: { value: '3', unitOfMeasure: 'each' },
				unitCostPrice: '0.10',
				productIds: { buyerItemNumber: 'B-2' },
			},
		],
	},
};
