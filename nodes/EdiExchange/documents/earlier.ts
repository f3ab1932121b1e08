/**
 * Reads the earlier documents of the order-to-cash chain that a later builder follows: the 855
 * (what was accepted, at which price) and the 856 (what was shipped).
 */
import { addDecimal, compareDecimal, type Decimal, formatQuantity, ZERO } from './decimal';
import { DocumentError } from './errors';
import { FieldReader, idText, type PlainObject, isObject, unwrapMessage } from './fieldReader';
import { changedLineIds } from './applyChange';
import { lineOf, type OrderLine, type PurchaseOrder } from './purchaseOrder';

export interface AcknowledgedLine {
	/** Σ quantities of the line's `accepted` actions. */
	accepted: Decimal;
	unitOfMeasure?: string;
	/** The first accepted action's price, when it states one. */
	unitCostPrice?: Decimal;
	/** `substitutedItem.productIds` of an accepted action: the product that will actually ship. */
	substituteProductIds?: PlainObject;
}

const acknowledgmentFields = new FieldReader('acknowledgment (855)');
const shipNoticeFields = new FieldReader('ship notice (856)');

function sameOrder(
	f: FieldReader,
	value: unknown,
	path: string,
	order: PurchaseOrder,
	what: string,
): void {
	const number = f.id(value, path);
	if (number !== order.purchaseOrderNumber) {
		throw new DocumentError(
			`The ${what} is for purchase order ${number}, not ${order.purchaseOrderNumber}`,
			path,
		);
	}
}

/** A partner charges back what goes beyond the order: refuse it, naming where the excess is. */
function notMoreThanOrdered(total: Decimal, line: OrderLine, what: string, path: string): void {
	if (compareDecimal(total, line.quantity) > 0) {
		throw new DocumentError(
			`The ${what} ${formatQuantity(total)} of line ${line.purchaseOrderLineId} ("${path}"), but only ${formatQuantity(line.quantity)} were ordered`,
			path,
		);
	}
}

/** Accepted quantities and prices by line id; lines the 855 leaves out count as not accepted. */
export function readAcknowledgment(
	input: unknown,
	order: PurchaseOrder,
): Map<string, AcknowledgedLine> {
	const f = acknowledgmentFields;
	const message = unwrapMessage(input, 'purchaseOrderNumber');
	if (!isObject(message))
		throw new DocumentError('The acknowledgment must be a JSON object: the 855 message');
	sameOrder(f, message.purchaseOrderNumber, 'purchaseOrderNumber', order, 'acknowledgment (855)');
	const byLine = new Map<string, AcknowledgedLine>();
	// A line an 860 changed after the 855 follows the effective order, not the 855.
	const changed = changedLineIds(order.message);
	for (const line of order.lines.filter((l) => changed.has(l.purchaseOrderLineId)))
		byLine.set(line.purchaseOrderLineId, {
			accepted: line.quantity,
			unitOfMeasure: line.unitOfMeasure,
			unitCostPrice: line.unitCostPrice,
		});
	f.array(message.lineItems, 'lineItems').forEach((item, i) => {
		const path = `lineItems[${i}]`;
		const line = f.object(item, path);
		const id = f.id(line.purchaseOrderLineId, `${path}.purchaseOrderLineId`);
		if (changed.has(id)) return;
		const ordered = lineOf(order, id, `${path}.purchaseOrderLineId`, 'The acknowledgment (855)');
		const entry = byLine.get(id) ?? { accepted: ZERO };
		f.array(line.actions, `${path}.actions`).forEach((a, j) => {
			const action = f.object(a, `${path}.actions[${j}]`);
			if (action.status !== 'accepted') return;
			const quantity = f.quantity(action.quantity, `${path}.actions[${j}].quantity`);
			entry.accepted = addDecimal(entry.accepted, quantity.value);
			notMoreThanOrdered(
				entry.accepted,
				ordered,
				'acknowledgment (855) accepts',
				`${path}.actions[${j}].quantity`,
			);
			entry.unitOfMeasure ??= quantity.unitOfMeasure;
			entry.unitCostPrice ??= f.optionalPrice(
				action.unitCostPrice,
				`${path}.actions[${j}].unitCostPrice`,
			);
			const substitute = isObject(action.substitutedItem)
				? action.substitutedItem.productIds
				: undefined;
			if (isObject(substitute) && Object.keys(substitute).length > 0)
				entry.substituteProductIds ??= substitute;
		});
		byLine.set(id, entry);
	});
	return byLine;
}

export interface ShippedLine {
	shipped: Decimal;
	/** Where the 856 first ships this line, for errors. */
	path: string;
	unitOfMeasure?: string;
	/** The product ids the 856 shipped under (a substitute's, possibly). */
	productIds?: PlainObject;
}

export interface ShipNoticeSummary {
	shipmentId?: string;
	shipDate?: string;
	deliveryDate?: string;
	billOfLadingNumber?: string;
	/** Shipped quantities by line id, summed over every carton of every orders[] entry for this PO. */
	lines: Map<string, ShippedLine>;
}

/** Items of an 856 order wherever its hierarchy puts them (order, pallet, carton or pack level), with their paths. */
function itemsWithPaths(
	level: PlainObject,
	path: string,
	found: Array<{ item: unknown; path: string }>,
): void {
	if (Array.isArray(level.items))
		level.items.forEach((item, i) => found.push({ item, path: `${path}.items[${i}]` }));
	for (const key of ['pallets', 'cartons', 'packs']) {
		const children = level[key];
		if (!Array.isArray(children)) continue;
		children.forEach((child, i) => {
			if (isObject(child)) itemsWithPaths(child, `${path}.${key}[${i}]`, found);
		});
	}
}

/** What an 856 shipped for this purchase order. */
export function readShipNotice(input: unknown, order: PurchaseOrder): ShipNoticeSummary {
	const f = shipNoticeFields;
	const message = unwrapMessage(input, 'orders');
	if (!isObject(message))
		throw new DocumentError('The ship notice must be a JSON object: the 856 message');
	const items: Array<{ item: unknown; path: string }> = [];
	f.array(message.orders, 'orders').forEach((o, i) => {
		if (isObject(o) && idText(o.purchaseOrderNumber) === order.purchaseOrderNumber)
			itemsWithPaths(o, `orders[${i}]`, items);
	});
	if (items.length === 0) {
		throw new DocumentError(
			`The ship notice (856) ships nothing for purchase order ${order.purchaseOrderNumber}`,
			'orders',
		);
	}
	const lines = new Map<string, ShippedLine>();
	for (const { item, path } of items) {
		const shipped = f.object(item, path);
		const id = f.id(shipped.purchaseOrderLineId, `${path}.purchaseOrderLineId`);
		const ordered = lineOf(order, id, `${path}.purchaseOrderLineId`, 'The ship notice (856)');
		const quantity = f.quantity(shipped.quantityShipped, `${path}.quantityShipped`);
		const entry = lines.get(id) ?? { shipped: ZERO, path: `${path}.quantityShipped` };
		entry.shipped = addDecimal(entry.shipped, quantity.value);
		notMoreThanOrdered(
			entry.shipped,
			ordered,
			'ship notice (856) ships',
			`${path}.quantityShipped`,
		);
		entry.unitOfMeasure ??= quantity.unitOfMeasure;
		if (isObject(shipped.productIds) && Object.keys(shipped.productIds).length > 0)
			entry.productIds ??= shipped.productIds;
		lines.set(id, entry);
	}
	const dates = isObject(message.dates) ? message.dates : {};
	const references = isObject(message.references) ? message.references : {};
	const billOfLading = isObject(references.billOfLadingNumber)
		? references.billOfLadingNumber.value
		: undefined;
	return {
		shipmentId: idText(message.shipmentId),
		shipDate: f.optionalDate(dates.shipDate, 'dates.shipDate'),
		deliveryDate: f.optionalDate(dates.deliveryDate, 'dates.deliveryDate'),
		billOfLadingNumber: idText(billOfLading),
		lines,
	};
}
