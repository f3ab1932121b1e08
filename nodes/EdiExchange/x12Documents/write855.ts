/** The 855 (purchase order acknowledgment) as X12 004010 segments: BAK, CUR, REF, DTM, N1, PO1/PID/ACK, CTT. */
import { isPriceAdjustment } from '../documents/build855';
import { addDecimal, compareDecimal, type Decimal, ZERO } from '../documents/decimal';
import { isObject } from '../documents/fieldReader';
import { ACKNOWLEDGMENT_TYPES, codeFor, DATES, LINE_STATUSES } from './codes';
import * as common from './common';
import { type SegmentWriter, spec, type WriteOptions } from './elements';
import { quantityOf, writeDescription, writeTotals } from './lines';

const DOCUMENT = 'acknowledgment (855)';

/** The 855 message (as buildAcknowledgment returns it) → its segments, without ST/SE. */
export function write855(acknowledgment: unknown, options: WriteOptions = {}): string[][] {
	const start = common.startDocument(acknowledgment, 'purchaseOrderNumber', DOCUMENT, options);
	const { message, w, dates } = start;
	w.add(
		'BAK',
		...common.answerStart(w, message, 'BAK', ACKNOWLEDGMENT_TYPES),
		w.requiredDate(dates.purchaseOrderDate, spec('BAK04'), 'dates.purchaseOrderDate'),
		w.text(message.releaseNumber, spec('BAK05'), 'releaseNumber'),
	);
	common.writeCurrency(w, message);
	common.writeReferences(w, message.references, 'references');
	common.writeDates(w, message.dates, 'dates', ['purchaseOrderDate']);
	common.writeParties(w, message.parties, 'parties');

	const lines = common.answeredLines(message, DOCUMENT);
	const quantities: Decimal[] = [];
	lines.forEach((entry, i) => quantities.push(writeLine(w, entry, `lineItems[${i}]`)));
	writeTotals(w, quantities, spec('CTT02'));
	return w.segments;
}

/** ACK01's word: an accepted action at an adjusted price is IP (PO104 holds that price). */
const statusOf = (action: Record<string, unknown>): unknown =>
	action.status === 'accepted' && isPriceAdjustment(action) ? 'priceChanged' : action.status;

/** One PO1 loop: the line as acknowledged (Σ of its actions, their one price), PID, then an ACK per action. */
function writeLine(w: SegmentWriter, entry: unknown, path: string): Decimal {
	if (!isObject(entry)) throw w.error(path, 'is not a line item object');
	const actions = Array.isArray(entry.actions) ? entry.actions.filter(isObject) : [];
	if (actions.length === 0)
		throw w.error(`${path}.actions`, 'is empty: X12 ACK needs one per line');
	let total: Decimal = ZERO;
	let price: { value: Decimal; text: string; field: string } | undefined;
	for (const [a, action] of actions.entries()) {
		const field = `${path}.actions[${a}]`;
		total = addDecimal(total, quantityOf(w, action.quantity, `${field}.quantity`));
		if (action.unitCostPrice === undefined || action.unitCostPrice === '') continue;
		const value = w.parse(action.unitCostPrice, `${field}.unitCostPrice`);
		if (price && compareDecimal(price.value, value) !== 0)
			throw w.error(
				`${field}.unitCostPrice`,
				`is ${String(action.unitCostPrice)} but ${price.field} is ${price.text}: X12 PO104 holds one price per line (split the line or use one price)`,
			);
		price ??= { value, text: String(action.unitCostPrice), field: `${field}.unitCostPrice` };
	}
	const first = actions[0];
	const unit = common.unitCode(
		w,
		isObject(first.quantity) ? first.quantity.unitOfMeasure : undefined,
		`${path}.actions[0].quantity.unitOfMeasure`,
	);
	w.add(
		'PO1',
		w.required(entry.purchaseOrderLineId, spec('PO101'), `${path}.purchaseOrderLineId`),
		w.decimal(total, spec('PO102'), `${path}.actions`),
		unit,
		price ? w.price(price.value, spec('PO104'), price.field) : undefined,
		undefined,
		...common.productIdPairs(w, entry, path, 'PO1', 6, 10),
	);
	writeDescription(w, entry.productAttributes, `${path}.productAttributes`);
	actions.forEach((action, a) => {
		const field = `${path}.actions[${a}]`;
		const quantity = isObject(action.quantity) ? action.quantity : {};
		const shipDate = w.date(action.scheduledShipDate, spec('ACK05'), `${field}.scheduledShipDate`);
		const substitute = isObject(action.substitutedItem) ? action.substitutedItem : undefined;
		w.add(
			'ACK',
			codeFor(LINE_STATUSES, statusOf(action), `${field}.status`, DOCUMENT),
			w.decimal(
				quantityOf(w, action.quantity, `${field}.quantity`),
				spec('ACK02'),
				`${field}.quantity.value`,
			),
			common.unitCode(w, quantity.unitOfMeasure, `${field}.quantity.unitOfMeasure`),
			shipDate ? DATES.code('scheduledShipDate') : undefined,
			shipDate,
			undefined,
			...(substitute === undefined
				? []
				: common.productIdPairs(w, substitute, `${field}.substitutedItem`, 'ACK', 7, 11)),
		);
		const delivery = w.date(
			action.estimatedDeliveryDate,
			spec('DTM02'),
			`${field}.estimatedDeliveryDate`,
		);
		if (delivery) w.add('DTM', DATES.code('estimatedDeliveryDate'), delivery);
	});
	return total;
}

export { messageOf } from './common';
