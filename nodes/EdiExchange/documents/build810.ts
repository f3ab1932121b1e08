/** The invoice (810): bills a purchase order for what was shipped; totals are exact sums of lines rounded to cents. */
import {
	addDecimal,
	compareDecimal,
	type Decimal,
	extendedAmount,
	formatAmount,
	formatPrice,
	formatQuantity,
	isZero,
	multiplyDecimal,
	parseDecimal,
	roundDecimal,
	subtractDecimal,
	ZERO,
} from './decimal';
import { changedLineIds } from './applyChange';
import {
	type AcknowledgedLine,
	readAcknowledgment,
	readShipNotice,
	type ShipNoticeSummary,
} from './earlier';
import { DocumentError } from './errors';
import { fillOrderGaps, type OrderGapOptions, unitOf, unpricedLine } from './orderGaps';
import { copy, isObject, type PlainObject, options as optionFields } from './fieldReader';
import {
	orderFields,
	type OrderLine,
	type PurchaseOrder,
	readPurchaseOrder,
} from './purchaseOrder';

/** A charge or allowance: `amount` is a decimal, invoiced at 2 decimals. */
export interface AmountOption {
	type: string;
	amount: string | number;
	description?: string;
}

export interface InvoiceOptions extends OrderGapOptions {
	/** YYYY-MM-DD; required (builders never read the clock: pass today's date). */
	invoiceDate: string;
	/** Default: `INV-<purchaseOrderNumber>`. */
	invoiceNumber?: string;
	/** The 856 message: invoice exactly what it shipped for this PO. */
	shipNotice?: unknown;
	/** The 855 message: its accepted prices (and, without an 856, its accepted quantities) are invoiced. */
	acknowledgment?: unknown;
	/** Carry the 850's charges and allowances over to the invoice. Default true. */
	carryChargesAndAllowances?: boolean;
	/** Further charges (e.g. freight) on top of any carried over. */
	charges?: AmountOption[];
	/** Further allowances (e.g. a promotion) on top of any carried over. */
	allowances?: AmountOption[];
}

const HUNDREDTH: Decimal = { units: 1n, scale: 2 };
/** Charges and allowances are stated as positive amounts; their kind says which way they count. */
const AMOUNT = 'an amount of zero or more (an allowance reduces the total, a charge adds to it)';

interface Billed {
	line: OrderLine;
	quantity: Decimal;
	unitOfMeasure: string;
	unitPrice: Decimal;
	productIds: PlainObject;
}

/** Quantity source in order of precedence: the 856's shipped, the 855's accepted, the 850's ordered. */
function billedLines(
	lines: OrderLine[],
	shipped: ShipNoticeSummary | undefined,
	acknowledged: Map<string, AcknowledgedLine> | undefined,
): Billed[] {
	const billed: Billed[] = [];
	for (const line of lines) {
		const id = line.purchaseOrderLineId;
		const ship = shipped?.lines.get(id);
		const ack = acknowledged?.get(id);
		const quantity = shipped
			? (ship?.shipped ?? ZERO)
			: acknowledged
				? (ack?.accepted ?? ZERO)
				: line.quantity;
		if (isZero(quantity)) continue;
		if (ship && acknowledged && compareDecimal(ship.shipped, ack?.accepted ?? ZERO) > 0) {
			throw new DocumentError(
				`The ship notice (856) ships ${formatQuantity(ship.shipped)} of line ${id} ("${ship.path}"), but the acknowledgment (855) accepted only ${formatQuantity(ack?.accepted ?? ZERO)}`,
				ship.path,
			);
		}
		const unitPrice = ack?.unitCostPrice ?? line.unitCostPrice;
		if (unitPrice === undefined) throw unpricedLine(line);
		billed.push({
			line,
			quantity,
			unitOfMeasure: ship?.unitOfMeasure ?? ack?.unitOfMeasure ?? unitOf(line),
			unitPrice,
			productIds: ship?.productIds ?? ack?.substituteProductIds ?? line.productIds,
		});
	}
	return billed;
}

/** Charges or allowances as invoiced: amounts rounded to 2 decimals, so the stated total adds up from what is shown. */
function amounts(
	carried: unknown,
	extra: AmountOption[] | undefined,
	carriedPath: string,
	optionName: string,
): { list: PlainObject[]; total: Decimal } {
	const list: PlainObject[] = [];
	let total = ZERO;
	const add = (entry: PlainObject, amount: Decimal) => {
		const rounded = roundDecimal(amount, 2);
		list.push({ ...copy(entry), amount: formatAmount(rounded) });
		total = addDecimal(total, rounded);
	};
	if (Array.isArray(carried)) {
		carried.forEach((entry, i) => {
			const path = `${carriedPath}[${i}]`;
			const object = orderFields.object(entry, path);
			add(object, orderFields.nonNegative(object.amount, `${path}.amount`, AMOUNT));
		});
	}
	const extras = extra === undefined || extra === null ? [] : optionFields.array(extra, optionName);
	extras.forEach((entry, i) => {
		const path = `${optionName}[${i}]`;
		const object = optionFields.object(entry, path);
		optionFields.text(object.type, `${path}.type`);
		const amount = optionFields.nonNegative(object.amount, `${path}.amount`, AMOUNT);
		const clean: PlainObject = { type: object.type };
		if (object.description !== undefined && object.description !== '')
			clean.description = object.description;
		add(clean, amount);
	});
	return { list, total };
}

/** Builds the 810 `message` for a purchase order (850 message). Throws DocumentError on a malformed input or bad options. */
export function buildInvoice(order: unknown, opts: InvoiceOptions): PlainObject {
	opts = opts ?? ({} as InvoiceOptions);
	const po = fillOrderGaps(readPurchaseOrder(order), opts);
	const invoiceDate = optionFields.date(opts.invoiceDate, 'invoiceDate');
	const invoiceNumber =
		optionFields.optionalText(opts.invoiceNumber, 'invoiceNumber') ??
		`INV-${po.purchaseOrderNumber}`;
	const given = (value: unknown) => value !== undefined && value !== null;
	const shipped = given(opts.shipNotice) ? readShipNotice(opts.shipNotice, po) : undefined;
	const acknowledged = given(opts.acknowledgment)
		? readAcknowledgment(opts.acknowledgment, po)
		: undefined;

	const billed = billedLines(po.lines, shipped, acknowledged);
	if (billed.length === 0)
		throw new DocumentError(
			`Nothing to invoice: no line of purchase order ${po.purchaseOrderNumber} has a quantity to bill`,
		);

	const { sales, charges, allowances, total } = totals(po, billed, opts);
	const message = header(po, shipped, invoiceNumber, invoiceDate);
	message.lineItems = billed.map((b) => {
		const item: PlainObject = {
			purchaseOrderLineId: b.line.purchaseOrderLineId,
			quantityInvoiced: { value: formatQuantity(b.quantity), unitOfMeasure: b.unitOfMeasure },
			unitPrice: formatPrice(b.unitPrice),
			productIds: copy(b.productIds),
		};
		if (b.line.source.x12ProductIds !== undefined)
			item.x12ProductIds = copy(b.line.source.x12ProductIds);
		if (b.line.source.productAttributes !== undefined)
			item.productAttributes = copy(b.line.source.productAttributes);
		return item;
	});
	if (allowances.list.length > 0) message.allowances = allowances.list;
	if (charges.list.length > 0) message.charges = charges.list;
	message.invoiceSalesTotal = formatAmount(sales);
	const discount = termsDiscount(po.message.termsOfSale, sales);
	if (discount !== undefined) message.invoiceTermsDiscount = formatAmount(discount);
	message.invoiceTotal = formatAmount(total);
	return message;
}

/** Sales, charges, allowances and the total; an invoice allowing more than it sells is charged back, so refused. */
function totals(po: PurchaseOrder, billed: Billed[], opts: InvoiceOptions) {
	// Σ of each line's extended amount (quantity × price to cents, half-up), exact: what retail
	// receivers recompute from IT102 × IT104, so the stated total and theirs agree to the cent.
	const sales = billed.reduce(
		(sum, b) => addDecimal(sum, extendedAmount(b.quantity, b.unitPrice)),
		ZERO,
	);
	const carry = opts.carryChargesAndAllowances !== false;
	const charges = amounts(
		carry ? po.message.charges : undefined,
		opts.charges,
		'charges',
		'charges',
	);
	const allowances = amounts(
		carry ? po.message.allowances : undefined,
		opts.allowances,
		'allowances',
		'allowances',
	);
	if (compareDecimal(allowances.total, sales) > 0) {
		// A fixed allowance on an order its 860s cut below it: capping or prorating would invent
		// terms the buyer never stated (and be charged back), so the buyer restates it.
		const fix =
			changedLineIds(po.message).size > 0
				? `. The 860s applied changed purchase order ${po.purchaseOrderNumber}, and a fixed allowance is the buyer's to restate, not the seller's to cut: change the order's "allowances" as agreed with the buyer, or turn off the option "carryChargesAndAllowances"`
				: ` (check the option "allowances" and the purchase order's "allowances")`;
		throw new DocumentError(
			`The allowances total ${formatAmount(allowances.total)} but the sales only ${formatAmount(sales)}: an invoice cannot allow more than it sells${fix}`,
			'allowances',
		);
	}
	const total = subtractDecimal(addDecimal(sales, charges.total), allowances.total);
	return { sales, charges, allowances, total };
}

/** The invoice's head: its number and date, and the order's references, dates, parties and terms, with the 856's shipment. */
function header(
	po: PurchaseOrder,
	shipped: ShipNoticeSummary | undefined,
	invoiceNumber: string,
	invoiceDate: string,
): PlainObject {
	const references: PlainObject = isObject(po.message.references)
		? copy(po.message.references)
		: {};
	if (shipped?.shipmentId) references.shipmentId = { value: shipped.shipmentId };
	if (shipped?.billOfLadingNumber)
		references.billOfLadingNumber = { value: shipped.billOfLadingNumber };
	const dates: PlainObject = { purchaseOrderDate: po.purchaseOrderDate };
	if (shipped?.shipDate) dates.shipDate = shipped.shipDate;
	if (shipped?.deliveryDate) dates.deliveryDate = shipped.deliveryDate;

	const message: PlainObject = {
		invoiceNumber,
		invoiceDate,
		purchaseOrderNumber: po.purchaseOrderNumber,
	};
	// The order's release number and currency go back with every reply (BIG05, CUR in X12).
	if (po.message.releaseNumber !== undefined) message.releaseNumber = po.message.releaseNumber;
	if (po.message.buyersCurrency !== undefined)
		message.buyersCurrency = copy(po.message.buyersCurrency);
	message.references = references;
	message.dates = dates;
	if (isObject(po.message.parties)) {
		const parties: PlainObject = {};
		for (const role of ['buyer', 'billTo', 'shipTo'])
			if (po.message.parties[role] !== undefined) parties[role] = copy(po.message.parties[role]);
		if (Object.keys(parties).length > 0) message.parties = parties;
	}
	if (po.message.termsOfSale !== undefined) message.termsOfSale = copy(po.message.termsOfSale);
	return message;
}

/** The early-payment discount the terms offer (e.g. 1% of the sales total), when they state a percent. */
function termsDiscount(terms: unknown, sales: Decimal): Decimal | undefined {
	if (!isObject(terms) || terms.discountPercent === undefined) return undefined;
	let percent: Decimal;
	try {
		percent = parseDecimal(terms.discountPercent);
	} catch {
		return undefined; // informational only: a malformed percent must not block the invoice
	}
	return roundDecimal(multiplyDecimal(multiplyDecimal(sales, percent), HUNDREDTH), 2);
}
