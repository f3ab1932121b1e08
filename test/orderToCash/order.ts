import type { IDataObject } from 'n8n-workflow';

import { type EdiCredentials, Poller } from '../../harness';

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

/**
 * Create → Build From Purchase Order: the 850 from the input item's `po`, the 855 and 856 a later
 * reply is built with from its `ack` and `asn` (empty when the item has none).
 */
export const buildParameters = (documentType: string, extra: IDataObject = {}): IDataObject => ({
	resource: 'transaction',
	operation: 'create',
	documentType,
	stream: 'test',
	messageSource: 'build',
	purchaseOrder: '={{ $json.po }}',
	acknowledgment: '={{ $json.ack ?? "" }}',
	shipNotice: '={{ $json.asn ?? "" }}',
	documentOptions: {},
	...extra,
});

/** The trigger as the order-to-cash tests run it: new 850s with their message (`extra`: e.g. Output). */
export const orderPoller = (credentials: EdiCredentials, extra: IDataObject = {}) =>
	new Poller(credentials, {
		source: 'transactions',
		stream: 'test',
		transactionTypes: ['850'],
		includeMessage: true,
		options: {},
		...extra,
	});
