/** Reads and validates the 850 that every builder starts from: once, with errors naming the field. */
import { refuseCancelled } from './applyChange';
import { type Decimal } from './decimal';
import { DocumentError } from './errors';
import { FieldReader, type PlainObject, isObject, unwrapMessage } from './fieldReader';

export interface OrderLine {
	purchaseOrderLineId: string;
	/** Position in `lineItems`, for error paths. */
	index: number;
	quantity: Decimal;
	/** From the line; absent when the 850 leaves it out: filled only from the option (orderGaps.ts). */
	unitOfMeasure?: string;
	unitCostPrice?: Decimal;
	productIds: PlainObject;
	/** The 850 line as received: descriptive fields (productAttributes, packs) are carried from it. */
	source: PlainObject;
}

export interface PurchaseOrder {
	message: PlainObject;
	purchaseOrderNumber: string;
	purchaseOrderDate: string;
	lines: OrderLine[];
	lineById: Map<string, OrderLine>;
}

export const orderFields = new FieldReader('purchase order');

/** Accepts the 850 message, or a whole transaction / inbox item holding it in `message`. */
export function readPurchaseOrder(input: unknown): PurchaseOrder {
	const message = unwrapMessage(input, 'purchaseOrderNumber');
	if (!isObject(message))
		throw new DocumentError('The purchase order must be a JSON object: the 850 message');
	refuseCancelled(message);
	const f = orderFields;
	const purchaseOrderNumber = f.id(message.purchaseOrderNumber, 'purchaseOrderNumber');
	const purchaseOrderDate = f.date(message.purchaseOrderDate, 'purchaseOrderDate');
	const items = f.array(message.lineItems, 'lineItems');
	if (items.length === 0) throw f.missing('lineItems[0]');
	const lines: OrderLine[] = [];
	const lineById = new Map<string, OrderLine>();
	items.forEach((item, index) => {
		const path = `lineItems[${index}]`;
		const source = f.object(item, path);
		const purchaseOrderLineId = f.id(source.purchaseOrderLineId, `${path}.purchaseOrderLineId`);
		const earlier = lineById.get(purchaseOrderLineId);
		if (earlier) {
			throw new DocumentError(
				`The purchase order has two lines with purchaseOrderLineId "${purchaseOrderLineId}" (lineItems[${earlier.index}] and ${path})`,
				`${path}.purchaseOrderLineId`,
			);
		}
		const quantity = f.quantity(source.quantity, `${path}.quantity`);
		const productIds = f.object(source.productIds, `${path}.productIds`);
		if (Object.keys(productIds).length === 0) throw f.missing(`${path}.productIds`);
		const line: OrderLine = {
			purchaseOrderLineId,
			index,
			quantity: quantity.value,
			unitOfMeasure: quantity.unitOfMeasure,
			unitCostPrice: f.optionalPrice(source.unitCostPrice, `${path}.unitCostPrice`),
			productIds,
			source,
		};
		lines.push(line);
		lineById.set(purchaseOrderLineId, line);
	});
	return { message, purchaseOrderNumber, purchaseOrderDate, lines, lineById };
}

/** The line an option or a later document names; unknown ids are errors (a different order was wired in). */
export function lineOf(order: PurchaseOrder, id: string, path: string, where: string): OrderLine {
	const line = order.lineById.get(id);
	if (!line) {
		throw new DocumentError(
			`${where} names line "${id}" ("${path}"), which is not on purchase order ${order.purchaseOrderNumber}`,
			path,
		);
	}
	return line;
}
