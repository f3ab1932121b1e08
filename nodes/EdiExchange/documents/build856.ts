/** The ship notice (856): what leaves the warehouse for a purchase order, packed pallet → carton → item. */
import { compareDecimal, type Decimal, formatQuantity, isZero, ZERO } from './decimal';
import { type AcknowledgedLine, readAcknowledgment } from './earlier';
import { DocumentError } from './errors';
import { copy, isObject, type PlainObject, options as optionFields } from './fieldReader';
import { labelPackages, type SsccOptions } from './labels';
import { fillOrderGaps, type OrderGapOptions, unitOf } from './orderGaps';
import { lineOf, type OrderLine, type PurchaseOrder, readPurchaseOrder } from './purchaseOrder';

/** One line to ship; without a quantity, everything shippable on that line. */
export interface ShipNoticeLineOption {
	purchaseOrderLineId: string | number;
	/** Decimal. */
	quantity?: string | number;
	/** The serial reference of this line's carton (SSCC-18), instead of the next of `sscc`'s. */
	serialReference?: string | number;
}

/** `cartonPerLine`: one carton per shipped line (default); `singleCarton`: everything in one carton. */
export type Packing = 'cartonPerLine' | 'singleCarton';

export interface ShipNoticeOptions extends Pick<OrderGapOptions, 'unitWhenMissing'> {
	/** YYYY-MM-DD; required (builders never read the clock: pass today's date). */
	shipDate: string;
	/** Default: `SHP-<purchaseOrderNumber>`. */
	shipmentId?: string;
	/** YYYY-MM-DD. */
	deliveryDate?: string;
	/** The 855 message: only accepted quantities ship, under any substituted product ids. Without it, the quantities ordered. */
	acknowledgment?: unknown;
	/** Ship only these lines (a partial shipment). Default: every line with something to ship. */
	lines?: ShipNoticeLineOption[];
	/** Carrier SCAC, e.g. "FEDX". */
	carrierScac?: string;
	/** e.g. "commonCarrier". */
	transportationMethod?: string;
	/** e.g. "ground". */
	serviceLevel?: string;
	billOfLadingNumber?: string;
	trackingNumber?: string;
	packing?: Packing;
	/** SSCC-18 labels on every pallet and carton: company prefix, first serial, extension digit. */
	sscc?: SsccOptions;
}

interface Shipment {
	line: OrderLine;
	quantity: Decimal;
	unitOfMeasure: string;
	productIds: PlainObject;
}

/** How much of each line may ship: the accepted quantity when an 855 is given, else the quantity ordered. */
function shippable(
	line: OrderLine,
	acknowledged: Map<string, AcknowledgedLine> | undefined,
): Decimal {
	return acknowledged
		? (acknowledged.get(line.purchaseOrderLineId)?.accepted ?? ZERO)
		: line.quantity;
}

function shipmentsFor(po: PurchaseOrder, opts: ShipNoticeOptions): Shipment[] {
	const acknowledged =
		opts.acknowledgment === undefined || opts.acknowledgment === null
			? undefined
			: readAcknowledgment(opts.acknowledgment, po);
	const limitWord = acknowledged ? 'accepted' : 'ordered';
	const shipment = (line: OrderLine, quantity: Decimal): Shipment => {
		const ack = acknowledged?.get(line.purchaseOrderLineId);
		return {
			line,
			quantity,
			unitOfMeasure: ack?.unitOfMeasure ?? unitOf(line),
			productIds: ack?.substituteProductIds ?? line.productIds,
		};
	};
	const chosen =
		opts.lines === undefined || opts.lines === null
			? []
			: (optionFields.array(opts.lines, 'lines') as ShipNoticeLineOption[]);
	if (chosen.length === 0) {
		return po.lines
			.map((line) => shipment(line, shippable(line, acknowledged)))
			.filter((s) => !isZero(s.quantity));
	}
	const seen = new Set<string>();
	const shipments = chosen.map((option, i) => {
		const path = `lines[${i}]`;
		const id = optionFields.id(option?.purchaseOrderLineId, `${path}.purchaseOrderLineId`);
		const line = lineOf(po, id, `${path}.purchaseOrderLineId`, 'The option "lines"');
		if (seen.has(id))
			throw new DocumentError(
				`The option "lines" names line "${id}" twice`,
				`${path}.purchaseOrderLineId`,
			);
		seen.add(id);
		const limit = shippable(line, acknowledged);
		const quantity =
			option.quantity === undefined || option.quantity === ''
				? limit
				: optionFields.nonNegative(option.quantity, `${path}.quantity`);
		if (compareDecimal(quantity, limit) > 0) {
			throw new DocumentError(
				`Line ${id}: cannot ship ${formatQuantity(quantity)}, only ${formatQuantity(limit)} ${limitWord}`,
				`${path}.quantity`,
			);
		}
		return shipment(line, quantity);
	});
	return shipments.filter((s) => !isZero(s.quantity));
}

function itemOf(s: Shipment): PlainObject {
	const item: PlainObject = {
		purchaseOrderLineId: s.line.purchaseOrderLineId,
		productIds: copy(s.productIds),
	};
	if (s.line.source.x12ProductIds !== undefined)
		item.x12ProductIds = copy(s.line.source.x12ProductIds);
	if (s.line.source.productAttributes !== undefined)
		item.productAttributes = copy(s.line.source.productAttributes);
	item.quantityShipped = { value: formatQuantity(s.quantity), unitOfMeasure: s.unitOfMeasure };
	for (const key of ['outerPack', 'innerPack'])
		if (s.line.source[key] !== undefined) item[key] = copy(s.line.source[key]);
	return item;
}

/** Builds the 856 `message` for a purchase order (850 message). Throws DocumentError on a malformed input or bad options. */
export function buildShipNotice(order: unknown, opts: ShipNoticeOptions): PlainObject {
	opts = opts ?? ({} as ShipNoticeOptions);
	const po = fillOrderGaps(readPurchaseOrder(order), { unitWhenMissing: opts.unitWhenMissing });
	const shipDate = optionFields.date(opts.shipDate, 'shipDate');
	const deliveryDate = optionFields.optionalDate(opts.deliveryDate, 'deliveryDate');
	const shipmentId =
		optionFields.optionalText(opts.shipmentId, 'shipmentId') ?? `SHP-${po.purchaseOrderNumber}`;
	const packing = opts.packing ?? 'cartonPerLine';
	if (packing !== 'cartonPerLine' && packing !== 'singleCarton')
		throw optionFields.invalid('packing', packing, 'cartonPerLine or singleCarton');

	const shipments = shipmentsFor(po, opts);
	if (shipments.length === 0) {
		throw new DocumentError(
			`Nothing to ship: no line of purchase order ${po.purchaseOrderNumber} has a quantity to ship (rejected lines and zero quantities are not shipped)`,
		);
	}
	const items = shipments.map(itemOf);
	const trackingNumber = optionFields.optionalText(opts.trackingNumber, 'trackingNumber');
	const carton = (cartonItems: PlainObject[]): PlainObject =>
		trackingNumber ? { trackingNumber, items: cartonItems } : { items: cartonItems };
	const cartons =
		packing === 'singleCarton' ? [carton(items)] : items.map((item) => carton([item]));

	const routing: PlainObject = { sequenceType: 'origin' };
	const scac = optionFields.optionalText(opts.carrierScac, 'carrierScac');
	const method = optionFields.optionalText(opts.transportationMethod, 'transportationMethod');
	const level = optionFields.optionalText(opts.serviceLevel, 'serviceLevel');
	if (scac) routing.standardCarrierAlphaCode = scac;
	if (method) routing.transportationMethod = method;
	if (level) routing.serviceLevel = level;
	const carrierDetails: PlainObject = {
		quantityAndWeight: [{ packageForm: 'carton', ladingQuantity: String(cartons.length) }],
	};
	if (scac || method || level) carrierDetails.routing = [routing];

	const message: PlainObject = { purpose: 'original', shipmentId, carrierDetails };
	const billOfLadingNumber = optionFields.optionalText(
		opts.billOfLadingNumber,
		'billOfLadingNumber',
	);
	// The order's references (vendor number REF*IA, department REF*DP) come back, as in the 855
	// and 810: the receiver matches the shipment to its order by them.
	const references: PlainObject = isObject(po.message.references)
		? copy(po.message.references)
		: {};
	if (billOfLadingNumber) references.billOfLadingNumber = { value: billOfLadingNumber };
	if (Object.keys(references).length > 0) message.references = references;
	message.dates = deliveryDate ? { shipDate, deliveryDate } : { shipDate };
	const parties = po.message.parties;
	if (isObject(parties) && parties.shipTo !== undefined)
		message.parties = { shipTo: copy(parties.shipTo) };
	const shippedOrder: PlainObject = {
		purchaseOrderNumber: po.purchaseOrderNumber,
		purchaseOrderDate: po.purchaseOrderDate,
	};
	// The release number goes back with the order (PRF02 in X12).
	if (po.message.releaseNumber !== undefined) shippedOrder.releaseNumber = po.message.releaseNumber;
	shippedOrder.pallets = [{ palletType: 'standard', cartons }];
	message.orders = [shippedOrder];
	if (opts.sscc) labelPackages(message, opts.sscc, serialsByLine(opts.lines));
	else if (serialsByLine(opts.lines).size > 0)
		throw new DocumentError(
			'A line gives a serial reference, but the option "sscc" (the GS1 company prefix) is missing',
			'sscc.companyPrefix',
		);
	return message;
}

/** The serial references the lines to ship give for their cartons. */
function serialsByLine(lines: ShipNoticeLineOption[] | undefined): Map<string, string> {
	const serials = new Map<string, string>();
	for (const line of Array.isArray(lines) ? lines : [])
		if (line?.serialReference !== undefined && line.serialReference !== '')
			serials.set(String(line.purchaseOrderLineId), String(line.serialReference));
	return serials;
}
