'use strict';
// What the real-n8n tests of the trigger's Outcomes source send: invoices (810) to the sandbox's
// demo partner through the service API, as another workflow or an accounting package would, and
// the partner's answering behaviour (PUT /_sandbox/config acknowledgments). An invoice billed at
// the agreed prices is accepted; one billed above them is rejected ("billed at … but the price is
// …"); with the 810 in `silentFor` nothing answers and it turns OVERDUE after `windowMinutes`.

const lib = require('./lib');

const ORGANIZATION = 'YOURCOMPANY';
const PARTNER = 'DEMORETAIL';

/** An admin call to a sandbox (`{ baseUrl }`); throws on anything but 2xx. */
async function admin(sandbox, method, route, body) {
	const r = await lib.request(method, `${sandbox.baseUrl}/_sandbox${route}`, { body });
	if (r.status >= 300)
		throw new Error(`sandbox ${method} ${route} answered ${r.status}: ${r.text.slice(0, 300)}`);
	return r.json;
}

/** How the partner answers what it receives from now on (the whole object; left-out fields: defaults). */
const answers = (sandbox, acknowledgments) => admin(sandbox, 'PUT', '/config', { acknowledgments });

/** The partner sends one 850; returns its message, read through the service API. */
async function partnerOrder(sandbox) {
	const { transactionId } = await admin(sandbox, 'POST', '/partner/send-850', {});
	const r = await lib.request(
		'GET',
		`${sandbox.baseUrl}/v3/transactions/${transactionId}/message`,
		{ headers: { 'service-api-key': sandbox.apiKey } },
	);
	if (r.status !== 200) throw new Error(`message of ${transactionId} answered ${r.status}`);
	return r.json;
}

const cents = (text) => Math.round(Number(text) * 100);
const money = (c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

/**
 * An invoice for every line of `order` as ordered; `overcharge` (cents, default 0) added to the
 * first line's price, which the partner rejects (it takes only the agreed price). Totals right.
 */
function invoiceFor(order, invoiceNumber, { overcharge = 0 } = {}) {
	let sales = 0;
	const lineItems = order.lineItems.map((line, i) => {
		const price = cents(line.unitCostPrice) + (i === 0 ? overcharge : 0);
		sales += Math.round(Number(line.quantity.value) * price);
		return {
			purchaseOrderLineId: line.purchaseOrderLineId,
			quantityInvoiced: line.quantity,
			unitPrice: money(price),
			productIds: line.productIds,
		};
	});
	return {
		invoiceNumber,
		invoiceDate: new Date().toISOString().slice(0, 10),
		purchaseOrderNumber: order.purchaseOrderNumber,
		purchaseOrderDate: order.purchaseOrderDate,
		...(order.releaseNumber !== undefined && { releaseNumber: order.releaseNumber }),
		...(order.buyersCurrency && { buyersCurrency: order.buyersCurrency }),
		lineItems,
		invoiceSalesTotal: money(sales),
		invoiceTotal: money(sales),
	};
}

/** Sends one document over the structured path (POST /v4/transactions); returns its transaction id. */
async function send(sandbox, type, message) {
	const r = await lib.request('POST', `${sandbox.baseUrl}/v4/transactions`, {
		body: { type, stream: 'test', senderId: ORGANIZATION, receiverId: PARTNER, message },
		headers: { 'service-api-key': sandbox.apiKey },
	});
	if (r.status !== 202 || !r.json || r.json.status !== 'ACCEPTED')
		throw new Error(`create ${type} answered ${r.status}: ${r.text.slice(0, 300)}`);
	return String(r.json.id);
}

/** Sends an invoice for `order`; `overcharge` > 0 makes the partner reject it. */
const sendInvoice = (sandbox, order, invoiceNumber, options) =>
	send(sandbox, '810_INVOICE', invoiceFor(order, invoiceNumber, options));

module.exports = { PARTNER, admin, answers, partnerOrder, invoiceFor, sendInvoice };
