/**
 * The demo trading partner's document logic: the purchase orders (850) it sends, and its checks of
 * the 855, 856 and 810 it receives against its own 850 (contract: "The demo trading partner").
 * Deliberately independent of the node's document builders, so that a builder bug cannot hide
 * behind a matching partner bug: only the exact decimal arithmetic is shared.
 */
import {
	addDecimal,
	compareDecimal,
	type Decimal,
	formatAmount,
	formatQuantity,
	multiplyDecimal,
	parseDecimal,
	roundDecimal,
	subtractDecimal,
	ZERO,
} from '../../nodes/EdiExchange/documents/decimal';
import { mulberry32 } from '../faults';

export const PARTNER_ID = 'DEMORETAIL';
export const ORGANIZATION_ID = 'YOURCOMPANY';

type Json = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Purchase orders
// ---------------------------------------------------------------------------------------------

interface Product {
	buyerItemNumber: string;
	gtin12: string;
	description: string;
	unitCostPrice: string;
	unitOfMeasure: string;
	/** Quantities of this product may be fractional (sold by weight). */
	byWeight?: boolean;
}

const CATALOG: readonly Product[] = [
	{ buyerItemNumber: '10000001', gtin12: '028374658310', description: 'Yellow toothpaste', unitCostPrice: '100.00', unitOfMeasure: 'each' },
	{ buyerItemNumber: '10000002', gtin12: '028374658327', description: 'Green toothpaste', unitCostPrice: '101.00', unitOfMeasure: 'each' },
	{ buyerItemNumber: '10000003', gtin12: '028374658334', description: 'Purple toothpaste', unitCostPrice: '112.00', unitOfMeasure: 'each' },
	{ buyerItemNumber: '10000004', gtin12: '028374658341', description: 'Orange toothpaste', unitCostPrice: '88.00', unitOfMeasure: 'each' },
	{ buyerItemNumber: '10000005', gtin12: '028374658358', description: 'Travel toothbrush', unitCostPrice: '19.99', unitOfMeasure: 'each' },
	{ buyerItemNumber: '10000006', gtin12: '028374658365', description: 'Dental floss, mint', unitCostPrice: '0.99', unitOfMeasure: 'each' },
	{ buyerItemNumber: '10000007', gtin12: '028374658372', description: 'Mouthwash concentrate', unitCostPrice: '2.125', unitOfMeasure: 'pound', byWeight: true },
	{ buyerItemNumber: '10000008', gtin12: '028374658389', description: 'Whitening strips', unitCostPrice: '14.35', unitOfMeasure: 'each' },
];

const DAY_MS = 86_400_000;
const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

const SHIP_TO = {
	name: 'Demo Retail Distribution Center',
	identificationCode: '5438',
	identificationCodeType: 'sendersId',
	addressLine1: '4055 MAIN ST',
	city: 'NEW YORK',
	stateOrProvinceCode: 'NY',
	postalCode: '10001',
	countryCode: 'US',
};

/**
 * An 850 message from the demo partner: `PO-<sequence>`, 3–5 lines of distinct products with
 * decimal-string quantities and prices, terms, and sometimes a freight charge and a discount.
 * Deterministic for (sequence, now) and cheap (bulk inserts call it per transaction read).
 */
export function makePurchaseOrder(sequence: number, now: Date): Record<string, unknown> {
	// Deterministic: the same sequence always gives the same order.
	const random = mulberry32(sequence * 2654435761);
	const time = now.getTime();
	const lineCount = 3 + Math.floor(random() * 3);
	const first = Math.floor(random() * CATALOG.length);
	const lineItems = [];
	for (let i = 0; i < lineCount; i++) {
		const product = CATALOG[(first + i) % CATALOG.length];
		const quantity = product.byWeight
			? `${1 + Math.floor(random() * 40)}${['', '.25', '.5', '.75'][Math.floor(random() * 4)]}`
			: String(1 + Math.floor(random() * 48));
		lineItems.push({
			purchaseOrderLineId: String(i + 1),
			quantity: { value: quantity, unitOfMeasure: product.unitOfMeasure },
			unitCostPrice: product.unitCostPrice,
			productIds: { buyerItemNumber: product.buyerItemNumber, gtin12: product.gtin12 },
			productAttributes: { description: product.description },
		});
	}
	const order: Json = {
		purpose: 'original',
		purchaseOrderType: 'standalone',
		purchaseOrderNumber: `PO-${sequence}`,
		purchaseOrderDate: isoDay(time),
		parties: {
			buyer: { name: 'Demo Retail', identificationCode: '5438', identificationCodeType: 'sendersId' },
			shipTo: { ...SHIP_TO },
			billTo: { ...SHIP_TO, name: 'Demo Retail Accounts Payable' },
		},
		termsOfSale: { type: 'basic', basisDate: 'invoiceDate', discountPercent: '1', discountDaysDue: 10, netDaysDue: 30, description: '1% 10 Net 30' },
		references: { vendorNumber: { value: '4875905' }, departmentNumber: { value: '011' } },
		dates: { earliestShipDate: isoDay(time + 3 * DAY_MS), latestShipDate: isoDay(time + 10 * DAY_MS) },
		lineItems,
	};
	if (sequence % 3 === 0) order.charges = [{ type: 'freight', amount: '25.00', description: 'Freight Charge' }];
	if (sequence % 4 === 0) order.allowances = [{ type: 'discount', amount: '10.50', description: 'Promotional discount' }];
	return order;
}

// ---------------------------------------------------------------------------------------------
// Reading received documents (tolerantly: a bad field becomes a reason, never a crash)
// ---------------------------------------------------------------------------------------------

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** Identifiers may arrive as strings or numbers ("1" and 1 are the same line). */
const idText = (value: unknown): string | undefined =>
	typeof value === 'string' ? value.trim() || undefined : typeof value === 'number' ? String(value) : undefined;

/** A quantity object's value ({ value: "5" }), or a bare decimal. */
function quantityOf(quantity: unknown): Decimal | undefined {
	const value = isObject(quantity) ? quantity.value : quantity;
	try {
		return parseDecimal(value);
	} catch {
		return undefined;
	}
}

function decimalOf(value: unknown): Decimal | undefined {
	try {
		return parseDecimal(value);
	} catch {
		return undefined;
	}
}

const shown = (value: unknown): string => (value === undefined ? 'missing' : JSON.stringify(value));

interface OrderLine {
	id: string;
	ordered: Decimal;
	productIds: Json;
}

/** The partner's own order lines by id. */
function orderLines(order: Json): Map<string, OrderLine> {
	const lines = new Map<string, OrderLine>();
	for (const line of asArray(order.lineItems)) {
		if (!isObject(line)) continue;
		const id = idText(line.purchaseOrderLineId);
		if (id === undefined) continue;
		lines.set(id, { id, ordered: quantityOf(line.quantity) ?? ZERO, productIds: isObject(line.productIds) ? line.productIds : {} });
	}
	return lines;
}

/**
 * Product ids match when they share at least one identifier and every shared identifier agrees
 * (documents may carry a subset, e.g. buyerItemNumber and gtin12 but not caseCode).
 */
function productIdsMatch(given: Json, expected: Json): boolean {
	let shared = 0;
	for (const [key, value] of Object.entries(given)) {
		if (!(key in expected)) continue;
		if (idText(value) !== idText(expected[key])) return false;
		shared++;
	}
	return shared > 0;
}

/** Checks a line's product ids against the order's and any accepted substitutes; returns a reason or undefined. */
function productIdsReason(label: string, productIds: unknown, allowed: Json[]): string | undefined {
	if (!isObject(productIds) || Object.keys(productIds).length === 0) return `${label}: no product ids`;
	if (allowed.some((ids) => productIdsMatch(productIds, ids))) return undefined;
	return `${label}: product ids ${JSON.stringify(productIds)} do not match the purchase order's ${JSON.stringify(allowed[0])}`;
}

function purchaseOrderNumberReason(given: unknown, order: Json): string | undefined {
	const expected = idText(order.purchaseOrderNumber);
	const actual = idText(given);
	if (actual === undefined) return 'no purchaseOrderNumber';
	if (actual !== expected) return `purchase order number ${actual} does not match ${expected}`;
	return undefined;
}

const lineLabel = (id: string) => `line ${id}`;

/** Adds `amount` to the running total of `id`. */
function accumulate(totals: Map<string, Decimal>, id: string, amount: Decimal): void {
	totals.set(id, addDecimal(totals.get(id) ?? ZERO, amount));
}

/** Product ids the buyer accepted as substitutes in its 855 (`actions[].substitutedItem.productIds`), by line. */
function substitutesOf(acknowledgment: unknown): Map<string, Json[]> {
	const byLine = new Map<string, Json[]>();
	if (!isObject(acknowledgment)) return byLine;
	for (const line of asArray(acknowledgment.lineItems)) {
		if (!isObject(line)) continue;
		const id = idText(line.purchaseOrderLineId);
		if (id === undefined) continue;
		for (const action of asArray(line.actions)) {
			if (isObject(action) && isObject(action.substitutedItem) && isObject(action.substitutedItem.productIds)) {
				byLine.set(id, [...(byLine.get(id) ?? []), action.substitutedItem.productIds]);
			}
		}
	}
	return byLine;
}

/** Accepted quantities of an 855 by line (sum of `accepted` actions). */
function acceptedOf(acknowledgment: Json): Map<string, Decimal> {
	const accepted = new Map<string, Decimal>();
	for (const line of asArray(acknowledgment.lineItems)) {
		if (!isObject(line)) continue;
		const id = idText(line.purchaseOrderLineId);
		if (id === undefined) continue;
		for (const action of asArray(line.actions)) {
			if (!isObject(action) || action.status !== 'accepted') continue;
			accumulate(accepted, id, quantityOf(action.quantity) ?? ZERO);
		}
	}
	return accepted;
}

/** Items of an 856 order, wherever the hierarchy puts them (order, pallet, carton or pack level). */
function shippedItemsOf(shipOrder: Json): Json[] {
	const items: Json[] = [];
	const walk = (level: Json) => {
		for (const item of asArray(level.items)) if (isObject(item)) items.push(item);
		for (const key of ['pallets', 'cartons', 'packs']) {
			for (const child of asArray(level[key])) if (isObject(child)) walk(child);
		}
	};
	walk(shipOrder);
	return items;
}

/** The `orders[]` entries of an 856 that are about this purchase order. */
function shipOrdersFor(shipNotice: Json, purchaseOrderNumber: string | undefined): Json[] {
	return asArray(shipNotice.orders).filter((o): o is Json => isObject(o) && idText(o.purchaseOrderNumber) === purchaseOrderNumber);
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------

const ACTION_STATUSES = ['accepted', 'backordered', 'rejected'];

function check855(message: Json, order: Json): string[] {
	const reasons: string[] = [];
	const numberReason = purchaseOrderNumberReason(message.purchaseOrderNumber, order);
	if (numberReason) reasons.push(numberReason);
	if (typeof message.status !== 'string' || message.status.trim() === '') reasons.push('no status');
	const lines = orderLines(order);
	const acknowledged = new Map<string, Json[]>();
	for (const [index, line] of asArray(message.lineItems).entries()) {
		const id = isObject(line) ? idText(line.purchaseOrderLineId) : undefined;
		if (!isObject(line) || id === undefined) {
			reasons.push(`lineItems[${index}]: no purchaseOrderLineId`);
			continue;
		}
		if (!lines.has(id)) {
			reasons.push(`${lineLabel(id)}: not on the purchase order`);
			continue;
		}
		acknowledged.set(id, [...(acknowledged.get(id) ?? []), line]);
	}
	for (const line of lines.values()) {
		const label = lineLabel(line.id);
		const given = acknowledged.get(line.id);
		if (!given) {
			reasons.push(`${label}: not acknowledged`);
			continue;
		}
		let total = ZERO;
		let actions = 0;
		for (const ack of given) {
			const idReason = productIdsReason(label, ack.productIds, [line.productIds]);
			if (idReason) reasons.push(idReason);
			for (const action of asArray(ack.actions)) {
				actions++;
				if (!isObject(action)) {
					reasons.push(`${label}: an action is not an object`);
					continue;
				}
				if (!ACTION_STATUSES.includes(action.status as string)) {
					reasons.push(`${label}: action status ${shown(action.status)} is not one of ${ACTION_STATUSES.join(', ')}`);
				}
				const quantity = quantityOf(action.quantity);
				if (!quantity) reasons.push(`${label}: action quantity ${shown(action.quantity)} is not a decimal quantity`);
				else total = addDecimal(total, quantity);
				if (action.unitCostPrice !== undefined && !decimalOf(action.unitCostPrice)) {
					reasons.push(`${label}: unitCostPrice ${shown(action.unitCostPrice)} is not a decimal number`);
				}
			}
		}
		if (actions === 0) reasons.push(`${label}: no actions`);
		if (compareDecimal(total, line.ordered) > 0) {
			reasons.push(`${label}: acknowledged ${formatQuantity(total)} but only ${formatQuantity(line.ordered)} ordered`);
		}
	}
	return reasons;
}

function check856(message: Json, order: Json, earlier: { '855'?: unknown }): string[] {
	const reasons: string[] = [];
	const purchaseOrderNumber = idText(order.purchaseOrderNumber);
	const shipOrders = shipOrdersFor(message, purchaseOrderNumber);
	if (shipOrders.length === 0) return [`no orders[] entry for purchase order ${purchaseOrderNumber}`];
	const lines = orderLines(order);
	const acknowledgment = isObject(earlier['855']) ? earlier['855'] : undefined;
	const limits = acknowledgment ? acceptedOf(acknowledgment) : new Map([...lines.values()].map((l) => [l.id, l.ordered]));
	const limitWord = acknowledgment ? 'accepted' : 'ordered';
	const substitutes = substitutesOf(acknowledgment);
	const shipped = new Map<string, Decimal>();
	const items = shipOrders.flatMap(shippedItemsOf);
	if (items.length === 0) reasons.push('no items shipped');
	for (const [index, item] of items.entries()) {
		const id = idText(item.purchaseOrderLineId);
		if (id === undefined) {
			reasons.push(`item ${index + 1}: no purchaseOrderLineId`);
			continue;
		}
		const line = lines.get(id);
		const label = lineLabel(id);
		if (!line) {
			reasons.push(`${label}: shipped but not on the purchase order`);
			continue;
		}
		const idReason = productIdsReason(label, item.productIds, [line.productIds, ...(substitutes.get(id) ?? [])]);
		if (idReason) reasons.push(idReason);
		const quantity = quantityOf(item.quantityShipped);
		if (!quantity) {
			reasons.push(`${label}: quantityShipped ${shown(item.quantityShipped)} is not a decimal quantity`);
			continue;
		}
		accumulate(shipped, id, quantity);
	}
	for (const [id, total] of shipped) {
		const limit = limits.get(id) ?? ZERO;
		if (compareDecimal(total, limit) > 0) {
			reasons.push(`${lineLabel(id)}: shipped ${formatQuantity(total)} but only ${formatQuantity(limit)} ${limitWord}`);
		}
	}
	return reasons;
}

/** Σ of `amount` over a charges/allowances list; bad amounts become reasons. */
function sumOfAmounts(list: unknown, name: string, reasons: string[]): Decimal {
	let total = ZERO;
	asArray(list).forEach((entry, index) => {
		const amount = isObject(entry) ? decimalOf(entry.amount) : undefined;
		if (!amount) reasons.push(`${name}[${index}].amount ${shown(isObject(entry) ? entry.amount : entry)} is not a decimal number`);
		else total = addDecimal(total, amount);
	});
	return total;
}

/** Compares a stated total with the exact one at 2 decimals. */
function totalReason(name: string, stated: unknown, expected: Decimal, rule: string): string | undefined {
	if (stated === undefined) return `no ${name}`;
	const value = decimalOf(stated);
	if (!value) return `${name} ${shown(stated)} is not a decimal number`;
	if (compareDecimal(value, roundDecimal(expected, 2)) !== 0) {
		return `${name} is ${String(stated)} but ${rule} = ${formatAmount(expected)}`;
	}
	return undefined;
}

function check810(message: Json, order: Json, earlier: { '855'?: unknown; '856'?: unknown }): string[] {
	const reasons: string[] = [];
	const numberReason = purchaseOrderNumberReason(message.purchaseOrderNumber, order);
	if (numberReason) reasons.push(numberReason);
	const purchaseOrderNumber = idText(order.purchaseOrderNumber);
	const lines = orderLines(order);
	const substitutes = substitutesOf(earlier['855']);
	let limits = new Map([...lines.values()].map((l) => [l.id, l.ordered]));
	let limitWord = 'ordered';
	if (isObject(earlier['856'])) {
		limits = new Map();
		limitWord = 'shipped';
		for (const item of shipOrdersFor(earlier['856'], purchaseOrderNumber).flatMap(shippedItemsOf)) {
			const id = idText(item.purchaseOrderLineId);
			if (id === undefined) continue;
			accumulate(limits, id, quantityOf(item.quantityShipped) ?? ZERO);
			if (isObject(item.productIds)) substitutes.set(id, [...(substitutes.get(id) ?? []), item.productIds]);
		}
	}
	const invoiced = new Map<string, Decimal>();
	let sales = ZERO;
	const lineItems = asArray(message.lineItems);
	if (lineItems.length === 0) reasons.push('no lineItems');
	for (const [index, item] of lineItems.entries()) {
		const id = isObject(item) ? idText(item.purchaseOrderLineId) : undefined;
		if (!isObject(item) || id === undefined) {
			reasons.push(`lineItems[${index}]: no purchaseOrderLineId`);
			continue;
		}
		const line = lines.get(id);
		const label = lineLabel(id);
		if (!line) {
			reasons.push(`${label}: invoiced but not on the purchase order`);
			continue;
		}
		const idReason = productIdsReason(label, item.productIds, [line.productIds, ...(substitutes.get(id) ?? [])]);
		if (idReason) reasons.push(idReason);
		const quantity = quantityOf(item.quantityInvoiced);
		const price = decimalOf(item.unitPrice);
		if (!quantity) reasons.push(`${label}: quantityInvoiced ${shown(item.quantityInvoiced)} is not a decimal quantity`);
		if (!price) reasons.push(`${label}: unitPrice ${shown(item.unitPrice)} is not a decimal number`);
		if (!quantity) continue;
		accumulate(invoiced, id, quantity);
		if (price) sales = addDecimal(sales, multiplyDecimal(quantity, price));
	}
	for (const [id, total] of invoiced) {
		const limit = limits.get(id) ?? ZERO;
		if (compareDecimal(total, limit) > 0) {
			reasons.push(`${lineLabel(id)}: invoiced ${formatQuantity(total)} but only ${formatQuantity(limit)} ${limitWord}`);
		}
	}
	const salesReason = totalReason('invoiceSalesTotal', message.invoiceSalesTotal, sales, 'Σ quantityInvoiced × unitPrice');
	if (salesReason) reasons.push(salesReason);
	const charges = sumOfAmounts(message.charges, 'charges', reasons);
	const allowances = sumOfAmounts(message.allowances, 'allowances', reasons);
	const total = subtractDecimal(addDecimal(roundDecimal(sales, 2), charges), allowances);
	const totalText = totalReason('invoiceTotal', message.invoiceTotal, total, 'invoiceSalesTotal + Σ charges − Σ allowances');
	if (totalText) reasons.push(totalText);
	return reasons;
}

/** The partner's check of a received document against its own 850: every reason it is rejected; [] = accepted. */
export function checkOrderDocument(
	type: '855' | '856' | '810',
	message: unknown,
	order: Record<string, unknown>,
	earlier: { '855'?: unknown; '856'?: unknown },
): string[] {
	if (!isObject(message)) return [`the ${type} message is not a JSON object`];
	switch (type) {
		case '855':
			return check855(message, order);
		case '856':
			return check856(message, order, earlier);
		case '810':
			return check810(message, order, earlier);
		default:
			return [`the demo partner does not check ${String(type)} documents`];
	}
}

/** Which purchase order number(s) a received document refers to (855/810: purchaseOrderNumber; 856: orders[].purchaseOrderNumber). */
export function purchaseOrderNumbersOf(type: '855' | '856' | '810', message: unknown): string[] {
	if (!isObject(message)) return [];
	if (type === '856') {
		const numbers = asArray(message.orders).map((o) => (isObject(o) ? idText(o.purchaseOrderNumber) : undefined));
		return [...new Set(numbers.filter((n): n is string => n !== undefined))];
	}
	const number = idText(message.purchaseOrderNumber);
	return number === undefined ? [] : [number];
}
