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

/** Decimal text ⇄ ten-thousandths (prices and quantities here have at most 4 decimals). */
const units = (text) => Math.round(Number(text) * 10000);
function decimal(u, places = 2) {
	const fraction = String(u % 10000).padStart(4, '0');
	return `${Math.floor(u / 10000)}.${fraction.slice(0, places)}${fraction.slice(places).replace(/0+$/, '')}`;
}

/**
 * An invoice for every line of `order` as ordered, at the ordered prices as written; `overcharge`
 * (in currency units, default 0) added to the first line's price, which the partner rejects (it
 * takes only the agreed price). Totals right: each line to cents (half up), then added.
 */
function invoiceFor(order, invoiceNumber, { overcharge = 0 } = {}) {
	let cents = 0;
	const lineItems = order.lineItems.map((line, i) => {
		const price =
			i === 0 && overcharge
				? decimal(units(line.unitCostPrice) + units(overcharge))
				: line.unitCostPrice;
		cents += Math.floor((units(line.quantity.value) * units(price) + 500000) / 1000000);
		return {
			purchaseOrderLineId: line.purchaseOrderLineId,
			quantityInvoiced: line.quantity,
			unitPrice: price,
			productIds: line.productIds,
		};
	});
	const total = decimal(cents * 100);
	return {
		invoiceNumber,
		invoiceDate: new Date().toISOString().slice(0, 10),
		purchaseOrderNumber: order.purchaseOrderNumber,
		purchaseOrderDate: order.purchaseOrderDate,
		...(order.releaseNumber !== undefined && { releaseNumber: order.releaseNumber }),
		...(order.buyersCurrency && { buyersCurrency: order.buyersCurrency }),
		lineItems,
		invoiceSalesTotal: total,
		invoiceTotal: total,
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

module.exports = { PARTNER, answers, partnerOrder, sendInvoice };
