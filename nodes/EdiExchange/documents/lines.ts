/**
 * "One Item per Line": a purchase order flattened into one row per line, each carrying the PO's
 * header fields, ready for a database table or a spreadsheet without a Code node.
 */
import { formatPrice, formatQuantity } from './decimal';
import { isObject, type PlainObject } from './fieldReader';
import { readPurchaseOrder } from './purchaseOrder';

/** The header fields every line row carries, in the order they appear (documented in docs/). */
export const LINE_HEADER_FIELDS = [
	'transactionId',
	'deliveryId',
	'senderId',
	'receiverId',
	'stream',
	'purchaseOrderNumber',
	'purchaseOrderDate',
	'releaseNumber',
	'currency',
	'buyerName',
	'buyerId',
	'shipToName',
	'shipToId',
	'shipToAddressLine1',
	'shipToAddressLine2',
	'shipToCity',
	'shipToState',
	'shipToPostalCode',
	'shipToCountry',
] as const;

/** The line's own fields; each product id follows under its own name (buyerItemNumber, gtin12, …). */
export const LINE_FIELDS = [
	'lineNumber',
	'lineCount',
	'purchaseOrderLineId',
	'quantity',
	'unitOfMeasure',
	'unitCostPrice',
	'description',
] as const;

type Row = PlainObject;

/** A scalar as text, or null: ids may arrive as numbers, and a row's columns are plain values. */
function text(value: unknown): string | null {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return null;
}

const field = (object: unknown, key: string): unknown =>
	isObject(object) ? object[key] : undefined;

/** The document inside an item: the trigger's and Get Message's `message`, or an X12 read's `document`. */
function documentOf(input: PlainObject): unknown {
	if (isObject(input.document)) return input.document;
	return input;
}

function header(item: PlainObject, message: PlainObject): Row {
	const parties = field(message, 'parties');
	const buyer = field(parties, 'buyer');
	const shipTo = field(parties, 'shipTo');
	const envelope = isObject(item.message) || isObject(item.document) ? item : {};
	const row: Row = {
		// Inbox items and Get Message say transactionId; the transaction list (the trigger) says id.
		transactionId: text(envelope.transactionId ?? envelope.id),
		deliveryId: text(field(envelope.delivery, 'deliveryId')),
		senderId: text(envelope.senderId),
		receiverId: text(envelope.receiverId),
		stream: text(envelope.stream),
		purchaseOrderNumber: text(message.purchaseOrderNumber),
		purchaseOrderDate: text(message.purchaseOrderDate),
		releaseNumber: text(message.releaseNumber),
		currency: text(field(message.buyersCurrency, 'currencyCode')),
		buyerName: text(field(buyer, 'name')),
		buyerId: text(field(buyer, 'identificationCode')),
		shipToName: text(field(shipTo, 'name')),
		shipToId: text(field(shipTo, 'identificationCode')),
		shipToAddressLine1: text(field(shipTo, 'addressLine1')),
		shipToAddressLine2: text(field(shipTo, 'addressLine2')),
		shipToCity: text(field(shipTo, 'city')),
		shipToState: text(field(shipTo, 'stateOrProvinceCode')),
		shipToPostalCode: text(field(shipTo, 'postalCode')),
		shipToCountry: text(field(shipTo, 'countryCode')),
	};
	return row;
}

/**
 * The rows of one purchase order, one per line, in the PO's line order. Every row has the same
 * columns: the header fields, the line fields and the union of the PO's product id names (null
 * where a line lacks one). Quantities and prices are exact decimal strings. Throws DocumentError
 * (naming the field) when the item holds no readable purchase order.
 */
export function purchaseOrderLines(item: PlainObject): Row[] {
	const order = readPurchaseOrder(documentOf(item));
	const top = header(item, order.message);
	const productIdNames: string[] = [];
	for (const line of order.lines) {
		for (const name of Object.keys(line.productIds))
			if (!productIdNames.includes(name)) productIdNames.push(name);
	}
	return order.lines.map((line, index) => {
		const row: Row = {
			...top,
			lineNumber: index + 1,
			lineCount: order.lines.length,
			purchaseOrderLineId: line.purchaseOrderLineId,
			quantity: formatQuantity(line.quantity),
			unitOfMeasure: line.unitOfMeasure ?? null,
			unitCostPrice: line.unitCostPrice === undefined ? null : formatPrice(line.unitCostPrice),
			description: text(field(line.source.productAttributes, 'description')),
		};
		for (const name of productIdNames) row[name] = text(line.productIds[name]);
		return row;
	});
}
