/** The purchase order acknowledgment (855): the seller's line-by-line answer to an 850. */
import {
	addDecimal,
	compareDecimal,
	type Decimal,
	formatPrice,
	formatQuantity,
	ZERO,
} from './decimal';
import { DocumentError } from './errors';
import { copy, isObject, type PlainObject, options as optionFields } from './fieldReader';
import { fillOrderGaps, type OrderGapOptions, unitOf } from './orderGaps';
import { lineOf, type OrderLine, readPurchaseOrder } from './purchaseOrder';

export type LineStatus = 'accepted' | 'backordered' | 'rejected';
export const LINE_STATUSES: readonly LineStatus[] = ['accepted', 'backordered', 'rejected'];

/** The header status: `accepted` only when every line is accepted as ordered (quantity and price). */
export type AcknowledgmentStatus = 'accepted' | 'acceptedWithChanges' | 'rejected';

/**
 * A decision on one PO line. Lines without one are accepted as ordered. Several entries for the
 * same line become several actions (e.g. 3 accepted and 2 backordered).
 */
export interface AcknowledgmentLineOption {
	purchaseOrderLineId: string | number;
	status: LineStatus;
	/** Decimal; default: the quantity ordered. */
	quantity?: string | number;
	/** Decimal; default: the PO's unitCostPrice (rejected lines carry none unless given). */
	unitCostPrice?: string | number;
}

export interface AcknowledgmentOptions extends OrderGapOptions {
	/** YYYY-MM-DD. */
	scheduledShipDate?: string;
	/** YYYY-MM-DD. */
	estimatedDeliveryDate?: string;
	lines?: AcknowledgmentLineOption[];
}

interface Decision {
	status: LineStatus;
	quantity: Decimal;
	unitCostPrice?: Decimal;
}

/** The decisions for one line, checked: known status, decimal quantities, Σ ≤ ordered. */
function decisionsFor(
	line: OrderLine,
	given: Array<{ option: AcknowledgmentLineOption; path: string }>,
): Decision[] {
	if (given.length === 0)
		return [{ status: 'accepted', quantity: line.quantity, unitCostPrice: line.unitCostPrice }];
	let total = ZERO;
	const decisions = given.map(({ option, path }) => {
		if (!LINE_STATUSES.includes(option.status)) {
			throw optionFields.invalid(
				`${path}.status`,
				option.status,
				`one of ${LINE_STATUSES.join(', ')}`,
			);
		}
		const quantity =
			option.quantity === undefined || option.quantity === ''
				? line.quantity
				: optionFields.nonNegative(option.quantity, `${path}.quantity`);
		const price = optionFields.optionalPrice(option.unitCostPrice, `${path}.unitCostPrice`);
		total = addDecimal(total, quantity);
		return {
			status: option.status,
			quantity,
			unitCostPrice: price ?? (option.status === 'rejected' ? undefined : line.unitCostPrice),
		};
	});
	// The partner rejects an 855 that acknowledges more than was ordered: say so before sending.
	if (compareDecimal(total, line.quantity) > 0) {
		throw new DocumentError(
			`Line ${line.purchaseOrderLineId}: acknowledged ${formatQuantity(total)} but only ${formatQuantity(line.quantity)} ordered`,
			given[0].path,
		);
	}
	return decisions;
}

/**
 * How an 855 action says its price is not the order's: the service's own example marks it with
 * this statusNote description. The X12 writer writes such an accepted action as ACK01 IP.
 */
export const PRICE_ADJUSTMENT = 'Price Adjustment';

export const isPriceAdjustment = (action: PlainObject): boolean =>
	isObject(action.statusNote) && action.statusNote.description === PRICE_ADJUSTMENT;

/** The statusNote of a line accepted at another price than ordered; none when the price is the order's. */
function priceNote(line: OrderLine, d: Decision): PlainObject | undefined {
	if (d.status !== 'accepted' || d.unitCostPrice === undefined) return undefined;
	if (line.unitCostPrice === undefined || compareDecimal(d.unitCostPrice, line.unitCostPrice) === 0)
		return undefined;
	const was = formatPrice(line.unitCostPrice);
	const now = formatPrice(d.unitCostPrice);
	return { description: PRICE_ADJUSTMENT, text: [`Unit price changed from ${was} to ${now}`] };
}

/** True when the line is accepted exactly as ordered: one accepted action, same quantity, same price. */
function asOrdered(line: OrderLine, decisions: Decision[]): boolean {
	if (decisions.length !== 1) return false;
	const [d] = decisions;
	if (d.status !== 'accepted' || compareDecimal(d.quantity, line.quantity) !== 0) return false;
	if (d.unitCostPrice === undefined || line.unitCostPrice === undefined)
		return d.unitCostPrice === line.unitCostPrice;
	return compareDecimal(d.unitCostPrice, line.unitCostPrice) === 0;
}

/** Builds the 855 `message` for a purchase order (850 message). Throws DocumentError on a malformed 850 or bad options. */
export function buildAcknowledgment(order: unknown, opts: AcknowledgmentOptions = {}): PlainObject {
	opts = opts ?? {};
	const po = fillOrderGaps(readPurchaseOrder(order), opts);
	const scheduledShipDate = optionFields.optionalDate(opts.scheduledShipDate, 'scheduledShipDate');
	const estimatedDeliveryDate = optionFields.optionalDate(
		opts.estimatedDeliveryDate,
		'estimatedDeliveryDate',
	);

	const given = new Map<string, Array<{ option: AcknowledgmentLineOption; path: string }>>();
	const chosen =
		opts.lines === undefined || opts.lines === null
			? []
			: (optionFields.array(opts.lines, 'lines') as AcknowledgmentLineOption[]);
	chosen.forEach((option, i) => {
		const path = `lines[${i}]`;
		const id = optionFields.id(option?.purchaseOrderLineId, `${path}.purchaseOrderLineId`);
		lineOf(po, id, `${path}.purchaseOrderLineId`, 'The option "lines"');
		given.set(id, [...(given.get(id) ?? []), { option, path }]);
	});

	let changed = false;
	let allRejected = true;
	const lineItems = po.lines.map((line) => {
		const decisions = decisionsFor(line, given.get(line.purchaseOrderLineId) ?? []);
		if (!asOrdered(line, decisions)) changed = true;
		if (decisions.some((d) => d.status !== 'rejected')) allRejected = false;
		const actions = decisions.map((d) => {
			const action: PlainObject = {
				status: d.status,
				quantity: { value: formatQuantity(d.quantity), unitOfMeasure: unitOf(line) },
			};
			if (d.unitCostPrice !== undefined) action.unitCostPrice = formatPrice(d.unitCostPrice);
			const note = priceNote(line, d);
			if (note) action.statusNote = note;
			if (d.status !== 'rejected') {
				if (scheduledShipDate) action.scheduledShipDate = scheduledShipDate;
				if (estimatedDeliveryDate) action.estimatedDeliveryDate = estimatedDeliveryDate;
			}
			return action;
		});
		const item: PlainObject = {
			purchaseOrderLineId: line.purchaseOrderLineId,
			productIds: copy(line.productIds),
		};
		if (line.source.x12ProductIds !== undefined)
			item.x12ProductIds = copy(line.source.x12ProductIds);
		if (line.source.productAttributes !== undefined)
			item.productAttributes = copy(line.source.productAttributes);
		item.actions = actions;
		return item;
	});

	const status: AcknowledgmentStatus = allRejected
		? 'rejected'
		: changed
			? 'acceptedWithChanges'
			: 'accepted';
	const dates: PlainObject = { purchaseOrderDate: po.purchaseOrderDate };
	if (scheduledShipDate) dates.scheduledShipDate = scheduledShipDate;
	if (estimatedDeliveryDate) dates.estimatedDeliveryDate = estimatedDeliveryDate;
	const message: PlainObject = { purchaseOrderNumber: po.purchaseOrderNumber, status, dates };
	// The order's release number and currency go back with every reply (BAK05, CUR in X12).
	if (po.message.releaseNumber !== undefined) message.releaseNumber = po.message.releaseNumber;
	if (po.message.buyersCurrency !== undefined)
		message.buyersCurrency = copy(po.message.buyersCurrency);
	if (po.message.termsOfSale !== undefined) message.termsOfSale = copy(po.message.termsOfSale);
	if (po.message.references !== undefined) message.references = copy(po.message.references);
	message.lineItems = lineItems;
	return message;
}
