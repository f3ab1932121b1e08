/**
 * The chargeback shield: checks an 855, 856 or 810 built elsewhere (a warehouse or accounting
 * system) against its 850 (and the 855/856 before it) with the rules our builders enforce, and
 * lists every problem with the field and what a retailer does about it. Sends nothing.
 */
import {
	addDecimal,
	compareDecimal,
	type Decimal,
	extendedAmount,
	formatAmount,
	formatQuantity,
	parseDecimal,
	roundDecimal,
	subtractDecimal,
	ZERO,
} from './decimal';
import { readAcknowledgment, readShipNotice } from './earlier';
import { idText, isObject, type PlainObject, unwrapMessage } from './fieldReader';
import { type PurchaseOrder, readPurchaseOrder } from './purchaseOrder';

export type CheckedType = '855' | '856' | '810';

export interface DocumentProblem {
	/** Where in the checked document, e.g. `lineItems[2].quantityInvoiced`. */
	field: string;
	problem: string;
	/** What a retailer's system does with it. */
	partner: 'rejects the document' | 'charges back';
}

export interface EarlierDocuments {
	acknowledgment?: unknown;
	shipNotice?: unknown;
}

const STATUSES = ['accepted', 'backordered', 'rejected'];
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

class Problems {
	readonly list: DocumentProblem[] = [];

	reject(field: string, problem: string): void {
		this.list.push({ field, problem, partner: 'rejects the document' });
	}

	chargeBack(field: string, problem: string): void {
		this.list.push({ field, problem, partner: 'charges back' });
	}

	/** A decimal field, or undefined after recording why not. */
	decimal(value: unknown, field: string, what: string): Decimal | undefined {
		const text = isObject(value) ? value.value : value;
		try {
			const amount = parseDecimal(text);
			if (amount.units >= 0n) return amount;
		} catch {
			// recorded below
		}
		this.reject(field, `${what} is ${JSON.stringify(text)}, not a decimal of zero or more`);
		return undefined;
	}

	/** A date field that must exist on the calendar when given (2026-02-30 does not). */
	date(value: unknown, field: string, required = false): void {
		if (value === undefined || value === null || value === '') {
			if (required) this.reject(field, 'is missing');
			return;
		}
		const match = typeof value === 'string' ? DATE.exec(value) : null;
		const day = match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])) : undefined;
		if (!match || !day || day.getUTCDate() !== +match[3] || day.getUTCMonth() !== +match[2] - 1)
			this.reject(field, `${JSON.stringify(value)} is not a date that exists (YYYY-MM-DD)`);
	}
}

function samePurchaseOrder(message: PlainObject, order: PurchaseOrder, p: Problems): void {
	const given = idText(message.purchaseOrderNumber);
	if (given === undefined) p.reject('purchaseOrderNumber', 'is missing');
	else if (given !== order.purchaseOrderNumber)
		p.reject(
			'purchaseOrderNumber',
			`is ${given}, but the purchase order is ${order.purchaseOrderNumber}`,
		);
}

/** What the 850 says about money must be what the document says: a retailer matches on it. */
function sameTerms(message: PlainObject, order: PurchaseOrder, p: Problems): void {
	const currency = (m: PlainObject) =>
		isObject(m.buyersCurrency) ? idText(m.buyersCurrency.currencyCode) : undefined;
	const ordered = currency(order.message);
	if (ordered !== undefined && currency(message) !== undefined && currency(message) !== ordered)
		p.reject(
			'buyersCurrency.currencyCode',
			`is ${currency(message)}, but the purchase order is in ${ordered}`,
		);
}

/** The document's line on the PO, or undefined after recording why not. */
function orderLine(item: unknown, field: string, order: PurchaseOrder, p: Problems) {
	const id = isObject(item) ? idText(item.purchaseOrderLineId) : undefined;
	if (id === undefined) {
		p.reject(`${field}.purchaseOrderLineId`, 'is missing');
		return undefined;
	}
	const line = order.lineById.get(id);
	if (!line)
		p.reject(
			`${field}.purchaseOrderLineId`,
			`line ${id} is not on purchase order ${order.purchaseOrderNumber}`,
		);
	return line;
}

/** Adds to a line's running total; records a chargeback when it passes the limit. */
function within(
	totals: Map<string, Decimal>,
	id: string,
	amount: Decimal,
	limit: Decimal,
	field: string,
	verb: string,
	limitWord: string,
	p: Problems,
): void {
	const before = totals.get(id) ?? ZERO;
	const total = addDecimal(before, amount);
	totals.set(id, total);
	if (compareDecimal(total, limit) > 0 && compareDecimal(before, limit) <= 0)
		p.chargeBack(
			field,
			`line ${id}: ${verb} ${formatQuantity(total)} but only ${formatQuantity(limit)} ${limitWord}`,
		);
}

function check855(message: PlainObject, order: PurchaseOrder, p: Problems): void {
	const items = Array.isArray(message.lineItems) ? message.lineItems : [];
	if (items.length === 0) p.reject('lineItems', 'the acknowledgment has no lines');
	const acknowledged = new Map<string, Decimal>();
	items.forEach((item, i) => {
		const field = `lineItems[${i}]`;
		const line = orderLine(item, field, order, p);
		if (!line || !isObject(item)) return;
		acknowledged.set(line.purchaseOrderLineId, acknowledged.get(line.purchaseOrderLineId) ?? ZERO);
		const actions = Array.isArray(item.actions) ? item.actions : [];
		if (actions.length === 0)
			p.reject(`${field}.actions`, `line ${line.purchaseOrderLineId} has no decision`);
		actions.forEach((action, j) => {
			const at = `${field}.actions[${j}]`;
			if (!isObject(action) || !STATUSES.includes(action.status as string))
				return p.reject(
					`${at}.status`,
					`is ${JSON.stringify(isObject(action) ? action.status : action)}, not one of ${STATUSES.join(', ')}`,
				);
			const quantity = p.decimal(action.quantity, `${at}.quantity`, 'the quantity');
			if (quantity)
				within(
					acknowledged,
					line.purchaseOrderLineId,
					quantity,
					line.quantity,
					`${at}.quantity`,
					'acknowledged',
					'ordered',
					p,
				);
			p.date(action.scheduledShipDate, `${at}.scheduledShipDate`);
			p.date(action.estimatedDeliveryDate, `${at}.estimatedDeliveryDate`);
		});
	});
	for (const line of order.lines) {
		if (!acknowledged.has(line.purchaseOrderLineId))
			p.reject(
				'lineItems',
				`line ${line.purchaseOrderLineId} of the purchase order is not acknowledged`,
			);
	}
}

/** Items of an 856 order wherever its hierarchy puts them, with their fields. */
function shippedItems(
	level: PlainObject,
	field: string,
	out: Array<{ item: unknown; field: string }>,
): void {
	if (Array.isArray(level.items))
		level.items.forEach((item, i) => out.push({ item, field: `${field}.items[${i}]` }));
	for (const key of ['pallets', 'cartons', 'packs']) {
		const children = level[key];
		if (Array.isArray(children))
			children.forEach(
				(child, i) => isObject(child) && shippedItems(child, `${field}.${key}[${i}]`, out),
			);
	}
}

/** Accepted quantities when the 855 is given, else ordered. */
function acceptedLimits(
	order: PurchaseOrder,
	acknowledgment: unknown,
): { limits: Map<string, Decimal>; word: string } {
	if (acknowledgment === undefined)
		return {
			limits: new Map(order.lines.map((l) => [l.purchaseOrderLineId, l.quantity])),
			word: 'ordered',
		};
	const accepted = readAcknowledgment(acknowledgment, order);
	return { limits: new Map([...accepted].map(([id, a]) => [id, a.accepted])), word: 'accepted' };
}

function check856(
	message: PlainObject,
	order: PurchaseOrder,
	earlier: EarlierDocuments,
	p: Problems,
): void {
	const orders = Array.isArray(message.orders) ? message.orders : [];
	const found: Array<{ item: unknown; field: string }> = [];
	orders.forEach((o, i) => {
		if (isObject(o) && idText(o.purchaseOrderNumber) === order.purchaseOrderNumber)
			shippedItems(o, `orders[${i}]`, found);
	});
	if (found.length === 0)
		p.reject('orders', `ships nothing for purchase order ${order.purchaseOrderNumber}`);
	const { limits, word } = acceptedLimits(order, earlier.acknowledgment);
	const shipped = new Map<string, Decimal>();
	for (const { item, field } of found) {
		const line = orderLine(item, field, order, p);
		if (!line || !isObject(item)) continue;
		const quantity = p.decimal(
			item.quantityShipped,
			`${field}.quantityShipped`,
			'the quantity shipped',
		);
		if (quantity)
			within(
				shipped,
				line.purchaseOrderLineId,
				quantity,
				limits.get(line.purchaseOrderLineId) ?? ZERO,
				`${field}.quantityShipped`,
				'shipped',
				word,
				p,
			);
	}
	const dates = isObject(message.dates) ? message.dates : {};
	p.date(dates.shipDate, 'dates.shipDate', true);
	p.date(dates.deliveryDate, 'dates.deliveryDate');
}

/** What may be billed per line: shipped (856), else accepted (855), else ordered; and the agreed price. */
function billable(order: PurchaseOrder, earlier: EarlierDocuments) {
	const shipped =
		earlier.shipNotice === undefined ? undefined : readShipNotice(earlier.shipNotice, order);
	const accepted =
		earlier.acknowledgment === undefined
			? undefined
			: readAcknowledgment(earlier.acknowledgment, order);
	const limits = new Map<string, Decimal>();
	const prices = new Map<string, Decimal | undefined>();
	for (const line of order.lines) {
		const id = line.purchaseOrderLineId;
		limits.set(
			id,
			shipped
				? (shipped.lines.get(id)?.shipped ?? ZERO)
				: accepted
					? (accepted.get(id)?.accepted ?? ZERO)
					: line.quantity,
		);
		prices.set(id, accepted?.get(id)?.unitCostPrice ?? line.unitCostPrice);
	}
	return { limits, prices, word: shipped ? 'shipped' : accepted ? 'accepted' : 'ordered' };
}

function sumAmounts(list: unknown, field: string, p: Problems): Decimal {
	let total = ZERO;
	(Array.isArray(list) ? list : []).forEach((entry, i) => {
		const amount = p.decimal(
			isObject(entry) ? entry.amount : entry,
			`${field}[${i}].amount`,
			'the amount',
		);
		if (amount) total = addDecimal(total, roundDecimal(amount, 2));
	});
	return total;
}

function statedTotal(
	stated: unknown,
	expected: Decimal,
	field: string,
	rule: string,
	p: Problems,
): void {
	const value = p.decimal(stated, field, field);
	if (value && compareDecimal(roundDecimal(value, 2), roundDecimal(expected, 2)) !== 0)
		p.reject(field, `is ${String(stated)} but ${rule} = ${formatAmount(expected)}`);
}

function check810(
	message: PlainObject,
	order: PurchaseOrder,
	earlier: EarlierDocuments,
	p: Problems,
): void {
	const items = Array.isArray(message.lineItems) ? message.lineItems : [];
	if (items.length === 0) p.reject('lineItems', 'the invoice has no lines');
	const { limits, prices, word } = billable(order, earlier);
	const invoiced = new Map<string, Decimal>();
	let sales = ZERO;
	items.forEach((item, i) => {
		const field = `lineItems[${i}]`;
		const line = orderLine(item, field, order, p);
		if (!line || !isObject(item)) return;
		const id = line.purchaseOrderLineId;
		const quantity = p.decimal(
			item.quantityInvoiced,
			`${field}.quantityInvoiced`,
			'the quantity invoiced',
		);
		const price = p.decimal(item.unitPrice, `${field}.unitPrice`, 'the unit price');
		if (quantity)
			within(
				invoiced,
				id,
				quantity,
				limits.get(id) ?? ZERO,
				`${field}.quantityInvoiced`,
				'invoiced',
				word,
				p,
			);
		const agreed = prices.get(id);
		if (price && agreed && compareDecimal(price, agreed) > 0)
			p.chargeBack(
				`${field}.unitPrice`,
				`line ${id}: billed at ${formatAmount(price)} but the agreed price is ${formatAmount(agreed)}`,
			);
		if (quantity && price) sales = addDecimal(sales, extendedAmount(quantity, price));
	});
	statedTotal(
		message.invoiceSalesTotal,
		sales,
		'invoiceSalesTotal',
		'Σ quantityInvoiced × unitPrice (each to cents)',
		p,
	);
	const total = subtractDecimal(
		addDecimal(sales, sumAmounts(message.charges, 'charges', p)),
		sumAmounts(message.allowances, 'allowances', p),
	);
	statedTotal(
		message.invoiceTotal,
		total,
		'invoiceTotal',
		'invoiceSalesTotal + Σ charges − Σ allowances',
		p,
	);
	p.date(message.invoiceDate, 'invoiceDate', true);
}

const KEYS: Record<CheckedType, string> = {
	'855': 'purchaseOrderNumber',
	'856': 'orders',
	'810': 'invoiceNumber',
};

/**
 * Every problem a retailer would find in `document` (the message, or an item holding it), checked
 * against `order` (the 850) and the earlier documents when given. Throws DocumentError when the
 * 850 or an earlier document itself cannot be read: then there is nothing to check against.
 */
export function checkDocument(
	type: CheckedType,
	document: unknown,
	order: unknown,
	earlier: EarlierDocuments = {},
): DocumentProblem[] {
	const po = readPurchaseOrder(order);
	const p = new Problems();
	const message = unwrapMessage(document, KEYS[type]);
	if (!isObject(message)) {
		p.reject(
			'message',
			`the ${type} must be a JSON object, not ${JSON.stringify(message)?.slice(0, 40)}`,
		);
		return p.list;
	}
	if (type !== '856') samePurchaseOrder(message, po, p);
	sameTerms(message, po, p);
	if (type === '855') check855(message, po, p);
	else if (type === '856') check856(message, po, earlier, p);
	else check810(message, po, earlier, p);
	return p.list;
}
