/**
 * The replies carry what a retailer matches them to its order on (docs/order-to-cash.md, "What a
 * retailer matches on"): the PO number and date, release number, currency and the 850's header
 * references (vendor number REF*IA, department REF*DP). The demo partner rejects an 810 whose
 * currency or release number differs from its 850's, as a retailer would. Through the engine
 * against the sandbox, structured path.
 */
import type { IDataObject } from 'n8n-workflow';

import { useNodeSandbox } from '../node/helpers';
import { buildParameters } from './order';

const sb = useNodeSandbox({ sendInitialOrder: false });

/** The partner's own 850, sent in EUR with a release number (Resend 850 with a message). */
async function orderInEuros(): Promise<{ item: IDataObject; purchaseOrderNumber: string }> {
	const sent = await sb.admin('POST', '/partner/send-850');
	const message = (await (
		await fetch(`${sb.baseUrl}/v3/transactions/${sent.transactionId}/message`, {
			headers: { 'service-api-key': sb.sandbox.apiKey },
		})
	).json()) as IDataObject;
	const euros = {
		...message,
		purchaseOrderNumber: `${message.purchaseOrderNumber}-EU`,
		releaseNumber: 'R042',
		buyersCurrency: { currencyCode: 'EUR' },
	};
	const resent = await sb.admin('POST', '/partner/send-850', { message: euros });
	return {
		item: {
			transactionId: resent.transactionId,
			senderId: 'DEMORETAIL',
			receiverId: 'YOURCOMPANY',
			message: euros,
		},
		purchaseOrderNumber: euros.purchaseOrderNumber,
	};
}

const build = async (documentType: string, input: IDataObject) => {
	const result = await sb.run(buildParameters(documentType), { input: [input] });
	expect(result.error?.message).toBeUndefined();
	return result.items[0].json.message as IDataObject;
};

/** The 855, 856 and 810 built one after the other, each from the 850 and the replies before it. */
async function replies(item: IDataObject) {
	const ack = await build('855_PURCHASE_ORDER_ACKNOWLEDGMENT', { po: item });
	const asn = await build('856_SHIP_NOTICE_MANIFEST', { po: item, ack });
	const invoice = await build('810_INVOICE', { po: item, ack, asn });
	return { ack, asn, invoice };
}

const verdicts = async (purchaseOrderNumber: string) => {
	const card = await sb.admin('GET', '/scorecard');
	return card.purchaseOrders.find(
		(o: IDataObject) => o.purchaseOrderNumber === purchaseOrderNumber,
	);
};

test('855, 856 and 810 carry the PO number and date, release number, currency and references', async () => {
	const { item, purchaseOrderNumber } = await orderInEuros();
	const po = item.message as IDataObject;
	const { ack, asn, invoice } = await replies(item);

	expect(po.references).toEqual({
		vendorNumber: { value: '4875905' },
		departmentNumber: { value: '011' },
	});
	expect(ack).toMatchObject({
		purchaseOrderNumber,
		releaseNumber: 'R042',
		buyersCurrency: { currencyCode: 'EUR' },
		dates: { purchaseOrderDate: po.purchaseOrderDate },
		references: po.references,
	});
	expect(asn).toMatchObject({
		references: po.references,
		orders: [
			{ purchaseOrderNumber, purchaseOrderDate: po.purchaseOrderDate, releaseNumber: 'R042' },
		],
	});
	expect(invoice).toMatchObject({
		purchaseOrderNumber,
		releaseNumber: 'R042',
		buyersCurrency: { currencyCode: 'EUR' },
		dates: { purchaseOrderDate: po.purchaseOrderDate },
		references: po.references,
	});
	const entry = await verdicts(purchaseOrderNumber);
	expect([entry['855'].state, entry['856'].state, entry['810'].state]).toEqual([
		'accepted',
		'accepted',
		'accepted',
	]);
});

test('the partner rejects an 810 whose currency or release number differs from its 850’s', async () => {
	const { item, purchaseOrderNumber } = await orderInEuros();
	const { invoice } = await replies(item);
	const result = await sb.run({
		resource: 'transaction',
		operation: 'create',
		documentType: '810_INVOICE',
		stream: 'test',
		senderId: 'YOURCOMPANY',
		receiverId: 'DEMORETAIL',
		messageSource: 'json',
		// Its own invoice number: the same one again would be refused as already sent (and by the
		// partner as a duplicate of the accepted invoice).
		message: JSON.stringify({
			...invoice,
			invoiceNumber: `${String(invoice.invoiceNumber)}-B`,
			releaseNumber: 'R001',
			buyersCurrency: { currencyCode: 'USD' },
		}),
	});
	expect(result.error?.message).toBeUndefined();
	const entry = await verdicts(purchaseOrderNumber);
	expect(entry['810']).toMatchObject({
		state: 'rejected',
		reasons: [
			"currency USD does not match the purchase order's EUR",
			"release number R001 does not match the purchase order's R042",
		],
	});
});
