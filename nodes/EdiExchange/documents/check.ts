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
	roundDecimal,
	subtractDecimal,
	ZERO,
} from './decimal';
import { changeName } from './applyChange';
import { readAcknowledgment, readShipNotice } from './earlier';
import { idText, isObject, type PlainObject, unwrapMessage } from './fieldReader';
import { type OrderLine, type PurchaseOrder, readPurchaseOrder } from './purchaseOrder';
import { type DocumentProblem, Problems } from './shieldRules';

export type CheckedType = '855' | '856' | '810';
export type { DocumentProblem } from './shieldRules';

export interface EarlierDocuments {
	acknowledgment?: unknown;
	shipNotice?: unknown;
	/** The lines the 860s added (Apply Change's log): an 856 must ship them. */
	addedLines?: Array<{ purchaseOrderLineId: string; changeSequenceNumber?: string }>;
}

/** What a document is checked against: its 850 and the documents sent before it. */
interface Against {
	order: PurchaseOrder;
	earlier: EarlierDocuments;
}

type RuleSet = (message: PlainObject, against: Against, p: Problems) => void;

const STATUSES = ['accepted', 'backordered', 'rejected'];

/**
 * The 850's header comes back unchanged: PO number, release number, currency, PO date and the
 * references a retailer reconciles on (855, 810). An 810 must name the PO date (BIG03).
 */
const sameHeader =
	(dateRequired: boolean): RuleSet =>
	(message, { order }, p) => {
		const given = idText(message.purchaseOrderNumber);
		if (given === undefined) p.add('purchaseOrderNumber', 'purchaseOrderNumber', 'is missing');
		else if (given !== order.purchaseOrderNumber)
			p.add(
				'purchaseOrderNumber',
				'purchaseOrderNumber',
				`is ${given}, but the purchase order is ${order.purchaseOrderNumber}`,
			);
		p.same('releaseNumber', 'releaseNumber', message.releaseNumber, order.message.releaseNumber);
		const currency = (m: PlainObject) =>
			isObject(m.buyersCurrency) ? m.buyersCurrency.currencyCode : undefined;
		p.same('currency', 'buyersCurrency.currencyCode', currency(message), currency(order.message));
		const dates = isObject(message.dates) ? message.dates : {};
		if (dateRequired || dates.purchaseOrderDate !== undefined)
			p.same(
				'purchaseOrderDate',
				'dates.purchaseOrderDate',
				dates.purchaseOrderDate,
				order.purchaseOrderDate,
			);
		sameReferences(message, order, p);
	};

/** The references a retailer reconciles on (Lowe's: vendor number REF*IA, department REF*DP). */
function sameReferences(message: PlainObject, order: PurchaseOrder, p: Problems): void {
	const valueOf = (m: PlainObject, name: string) => {
		const reference = isObject(m.references) ? m.references[name] : undefined;
		return isObject(reference) ? reference.value : reference;
	};
	for (const name of ['vendorNumber', 'departmentNumber'])
		p.same(
			'references',
			`references.${name}.value`,
			valueOf(message, name),
			valueOf(order.message, name),
		);
}

/** The document's line on the PO, or undefined after recording why not. */
function orderLine(item: unknown, field: string, order: PurchaseOrder, p: Problems) {
	const id = isObject(item) ? idText(item.purchaseOrderLineId) : undefined;
	if (id === undefined) {
		p.add('lineOnOrder', `${field}.purchaseOrderLineId`, 'is missing');
		return undefined;
	}
	const line = order.lineById.get(id);
	const deletedBy = line ? undefined : changedBy(order.message, id);
	if (deletedBy)
		p.add(
			'lineChanged',
			`${field}.purchaseOrderLineId`,
			`line ${id} was deleted by the purchase order's 860 (${deletedBy})`,
		);
	else if (!line)
		p.add(
			'lineOnOrder',
			`${field}.purchaseOrderLineId`,
			`line ${id} is not on purchase order ${order.purchaseOrderNumber}`,
		);
	return line;
}

/** The change sequence number of the last 860 applied to the effective `order` that touched line `id`. */
function changedBy(order: PlainObject, id: string): string | undefined {
	const records = Array.isArray(order.appliedChanges) ? order.appliedChanges.filter(isObject) : [];
	const last = records
		.filter((r) => Array.isArray(r.lineIds) && r.lineIds.map(String).includes(id))
		.pop();
	return last ? changeName(last.changeSequenceNumber) : undefined;
}

/** An effective order an 860 cancelled: nothing may be shipped or billed for it. */
function cancelledProblem(input: unknown): DocumentProblem | undefined {
	const order = unwrapMessage(input, 'purchaseOrderNumber');
	if (!isObject(order) || !isObject(order.cancelledBy)) return undefined;
	const p = new Problems();
	p.add(
		'cancelled',
		'purchaseOrderNumber',
		`purchase order ${String(order.purchaseOrderNumber)} was cancelled by its 860 (${changeName(order.cancelledBy.changeSequenceNumber)}): nothing may be shipped or billed for it`,
	);
	return p.list[0];
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
		p.add(
			'quantity',
			field,
			`line ${id}: ${verb} ${formatQuantity(total)} but only ${formatQuantity(limit)} ${limitWord}`,
		);
}

/** Each action of an 855 line: a known status, a decimal quantity within the order, real dates. */
function checkActions(
	item: PlainObject,
	field: string,
	{ purchaseOrderLineId: id, quantity: limit, unitOfMeasure: unit }: OrderLine,
	acknowledged: Map<string, Decimal>,
	p: Problems,
): void {
	const actions = Array.isArray(item.actions) ? item.actions : [];
	if (actions.length === 0) p.add('lineAnswered', `${field}.actions`, `line ${id} has no decision`);
	actions.forEach((action, j) => {
		const at = `${field}.actions[${j}]`;
		if (!isObject(action) || !STATUSES.includes(action.status as string))
			return p.add(
				'status',
				`${at}.status`,
				`is ${JSON.stringify(isObject(action) ? action.status : action)}, not one of ${STATUSES.join(', ')}`,
			);
		const quantity = p.decimal(action.quantity, `${at}.quantity`, 'the quantity');
		p.unit(action.quantity, unit, `${at}.quantity.unitOfMeasure`, id);
		if (quantity)
			within(acknowledged, id, quantity, limit, `${at}.quantity`, 'acknowledged', 'ordered', p);
		if (action.unitCostPrice !== undefined)
			p.decimal(action.unitCostPrice, `${at}.unitCostPrice`, 'the unit price');
		p.date(action.scheduledShipDate, `${at}.scheduledShipDate`);
		p.date(action.estimatedDeliveryDate, `${at}.estimatedDeliveryDate`);
	});
}

function check855(message: PlainObject, { order }: Against, p: Problems): void {
	if (typeof message.status !== 'string' || message.status.trim() === '')
		p.add(
			'status',
			'status',
			'is missing: the acknowledgment states accepted, acceptedWithChanges or rejected',
		);
	const items = Array.isArray(message.lineItems) ? message.lineItems : [];
	if (items.length === 0) p.add('document', 'lineItems', 'the acknowledgment has no lines');
	const acknowledged = new Map<string, Decimal>();
	items.forEach((item, i) => {
		const field = `lineItems[${i}]`;
		const line = orderLine(item, field, order, p);
		if (!line || !isObject(item)) return;
		const id = line.purchaseOrderLineId;
		acknowledged.set(id, acknowledged.get(id) ?? ZERO);
		p.productIds(item.productIds, [line.productIds], `${field}.productIds`, id);
		checkActions(item, field, line, acknowledged, p);
	});
	for (const line of order.lines) {
		if (!acknowledged.has(line.purchaseOrderLineId))
			p.add(
				'lineAnswered',
				'lineItems',
				`line ${line.purchaseOrderLineId} of the purchase order is not acknowledged`,
			);
	}
}

/** Items of an 856 order wherever its hierarchy puts them, with their fields; package labels checked on the way. */
function shippedItems(
	level: PlainObject,
	field: string,
	out: Array<{ item: unknown; field: string }>,
	p: Problems,
): void {
	if (Array.isArray(level.items))
		level.items.forEach((item, i) => out.push({ item, field: `${field}.items[${i}]` }));
	for (const key of ['pallets', 'cartons', 'packs']) {
		const children = level[key];
		if (!Array.isArray(children)) continue;
		children.forEach((child, i) => {
			if (!isObject(child)) return;
			p.sscc(child.serialShippingId, `${field}.${key}[${i}].serialShippingId`);
			shippedItems(child, `${field}.${key}[${i}]`, out, p);
		});
	}
}

/** Per line: how much may go (accepted when the 855 is given, else ordered) and which products. */
function shippable(order: PurchaseOrder, acknowledgment: unknown) {
	const accepted =
		acknowledgment === undefined ? undefined : readAcknowledgment(acknowledgment, order);
	const limits = new Map<string, Decimal>();
	const products = new Map<string, PlainObject[]>();
	for (const line of order.lines) {
		const id = line.purchaseOrderLineId;
		limits.set(id, accepted ? (accepted.get(id)?.accepted ?? ZERO) : line.quantity);
		const substitute = accepted?.get(id)?.substituteProductIds;
		products.set(id, substitute ? [line.productIds, substitute] : [line.productIds]);
	}
	return { accepted, limits, products, word: accepted ? 'accepted' : 'ordered' };
}

function check856(message: PlainObject, { order, earlier }: Against, p: Problems): void {
	const orders = Array.isArray(message.orders) ? message.orders : [];
	const found: Array<{ item: unknown; field: string }> = [];
	orders.forEach((o, i) => {
		if (!isObject(o) || idText(o.purchaseOrderNumber) !== order.purchaseOrderNumber) return;
		p.same(
			'releaseNumber',
			`orders[${i}].releaseNumber`,
			o.releaseNumber,
			order.message.releaseNumber,
		);
		p.same(
			'purchaseOrderDate',
			`orders[${i}].purchaseOrderDate`,
			o.purchaseOrderDate,
			order.purchaseOrderDate,
		);
		shippedItems(o, `orders[${i}]`, found, p);
	});
	if (found.length === 0)
		p.add('document', 'orders', `ships nothing for purchase order ${order.purchaseOrderNumber}`);
	const { limits, products, word } = shippable(order, earlier.acknowledgment);
	const shipped = new Map<string, Decimal>();
	for (const { item, field } of found) {
		const line = orderLine(item, field, order, p);
		if (!line || !isObject(item)) continue;
		const id = line.purchaseOrderLineId;
		p.productIds(item.productIds, products.get(id) ?? [], `${field}.productIds`, id);
		const quantity = p.decimal(
			item.quantityShipped,
			`${field}.quantityShipped`,
			'the quantity shipped',
		);
		p.unit(item.quantityShipped, line.unitOfMeasure, `${field}.quantityShipped.unitOfMeasure`, id);
		if (quantity)
			within(
				shipped,
				id,
				quantity,
				limits.get(id) ?? ZERO,
				`${field}.quantityShipped`,
				'shipped',
				word,
				p,
			);
	}
	for (const added of earlier.addedLines ?? [])
		if (order.lineById.has(added.purchaseOrderLineId) && !shipped.has(added.purchaseOrderLineId))
			p.add(
				'lineChanged',
				'orders',
				`line ${added.purchaseOrderLineId} was added by the purchase order's 860 (${changeName(added.changeSequenceNumber)}) but is not shipped`,
			);
	sameReferences(message, order, p);
	const dates = isObject(message.dates) ? message.dates : {};
	p.date(dates.shipDate, 'dates.shipDate', true);
	p.date(dates.deliveryDate, 'dates.deliveryDate');
}

/**
 * What may be billed per line: shipped (856), else accepted (855), else ordered; the agreed price;
 * and the products that may be named (ordered, the 855's substitute, what the 856 shipped).
 */
function billable(order: PurchaseOrder, earlier: EarlierDocuments) {
	const shipped =
		earlier.shipNotice === undefined ? undefined : readShipNotice(earlier.shipNotice, order);
	const { accepted, limits, products, word } = shippable(order, earlier.acknowledgment);
	const prices = new Map<string, Decimal | undefined>();
	for (const line of order.lines) {
		const id = line.purchaseOrderLineId;
		if (shipped) {
			limits.set(id, shipped.lines.get(id)?.shipped ?? ZERO);
			const ids = shipped.lines.get(id)?.productIds;
			if (ids) products.get(id)?.push(ids);
		}
		prices.set(id, accepted?.get(id)?.unitCostPrice ?? line.unitCostPrice);
	}
	return { limits, prices, products, word: shipped ? 'shipped' : word };
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
	if (stated === undefined || stated === null || stated === '')
		return p.add('totals', field, `is missing: ${rule} = ${formatAmount(expected)}`);
	const value = p.decimal(stated, field, field);
	if (value && compareDecimal(roundDecimal(value, 2), roundDecimal(expected, 2)) !== 0)
		p.add('totals', field, `is ${String(stated)} but ${rule} = ${formatAmount(expected)}`);
}

function check810(message: PlainObject, { order, earlier }: Against, p: Problems): void {
	const items = Array.isArray(message.lineItems) ? message.lineItems : [];
	if (items.length === 0) p.add('document', 'lineItems', 'the invoice has no lines');
	const { limits, prices, products, word } = billable(order, earlier);
	const invoiced = new Map<string, Decimal>();
	let sales = ZERO;
	let lastIndex = -1;
	items.forEach((item, i) => {
		const field = `lineItems[${i}]`;
		const line = orderLine(item, field, order, p);
		if (!line || !isObject(item)) return;
		const id = line.purchaseOrderLineId;
		p.productIds(item.productIds, products.get(id) ?? [], `${field}.productIds`, id);
		const quantity = p.decimal(
			item.quantityInvoiced,
			`${field}.quantityInvoiced`,
			'the quantity invoiced',
		);
		p.unit(
			item.quantityInvoiced,
			line.unitOfMeasure,
			`${field}.quantityInvoiced.unitOfMeasure`,
			id,
		);
		if (line.index < lastIndex)
			p.add(
				'lineSequence',
				`${field}.purchaseOrderLineId`,
				`line ${id} comes after a later line of the order: list lines in the order's sequence`,
			);
		lastIndex = Math.max(lastIndex, line.index);
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
		// Below the agreed price is no less a mismatch: the retailer's system rejects both.
		if (price && agreed && compareDecimal(price, agreed) !== 0)
			p.add(
				'unitPrice',
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

/**
 * The rule sets each checked type goes through, in order. Against an effective order (850 + 860s)
 * the same sets apply: a cancelled order stops the check first, deleted lines are named in
 * orderLine, added lines in check856.
 */
const RULE_SETS: Record<CheckedType, RuleSet[]> = {
	'855': [sameHeader(false), check855],
	'856': [check856],
	'810': [sameHeader(true), check810],
};

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
	const cancelled = type === '855' ? undefined : cancelledProblem(order);
	if (cancelled) return [cancelled];
	const against = { order: readPurchaseOrder(order), earlier };
	const p = new Problems();
	const message = unwrapMessage(document, KEYS[type]);
	if (!isObject(message)) {
		p.add(
			'document',
			'message',
			`the ${type} must be a JSON object, not ${JSON.stringify(message)?.slice(0, 40)}`,
		);
		return p.list;
	}
	for (const rules of RULE_SETS[type]) rules(message, against, p);
	return p.list;
}
