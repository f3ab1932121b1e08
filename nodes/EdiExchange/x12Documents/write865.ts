/** The 865 (purchase order change acknowledgment) as X12 004010 segments: BCA, POC/ACK/MSG, CTT. */
import { type Decimal, ZERO } from '../documents/decimal';
import { DocumentError } from '../documents/errors';
import { isObject, type PlainObject } from '../documents/fieldReader';
import { CHANGE_ACKNOWLEDGMENT_TYPES, CHANGE_REASONS, codeFor, LINE_STATUSES } from './codes';
import * as common from './common';
import { type SegmentWriter, spec, type WriteOptions } from './elements';
import { quantityOf, writeTotals } from './lines';

const DOCUMENT = 'change acknowledgment (865)';

/** The 865 message (as buildChangeAcknowledgment returns it) → its segments, without ST/SE. */
export function write865(acknowledgment: unknown, options: WriteOptions = {}): string[][] {
	const start = common.startDocument(acknowledgment, 'changeSequenceNumber', DOCUMENT, options);
	const { message, w, dates } = start;
	w.add(
		'BCA',
		...common.answerStart(w, message, 'BCA', CHANGE_ACKNOWLEDGMENT_TYPES),
		w.text(message.releaseNumber, spec('BCA04'), 'releaseNumber'),
		w.text(message.changeSequenceNumber, spec('BCA05'), 'changeSequenceNumber'),
		w.requiredDate(dates.purchaseOrderDate, spec('BCA06'), 'dates.purchaseOrderDate'),
		undefined,
		undefined,
		undefined,
		w.date(dates.acknowledgmentDate, spec('BCA10'), 'dates.acknowledgmentDate'),
	);
	if (message.lineItems !== undefined && !Array.isArray(message.lineItems))
		throw new DocumentError(`The ${DOCUMENT}'s "lineItems" is not a list`, 'lineItems');
	const lines = (message.lineItems ?? []) as unknown[];
	// The POC loop and CTT are optional in 004010: an 860 cancelling the whole order names no line,
	// and its 865 is the BCA alone.
	if (lines.length === 0) return w.segments;
	const quantities = lines.map((entry, i) => writeLine(w, entry, `lineItems[${i}]`));
	writeTotals(w, quantities, spec('CTT02'));
	return w.segments;
}

/** One POC loop: the 860's line as asked (change code, quantity, price, ids), its ACK and reason. */
/** Its POC03 quantity, zero when the line states none (CTT01 counts every POC). */
function writeLine(w: SegmentWriter, entry: unknown, path: string): Decimal {
	if (!isObject(entry)) throw w.error(path, 'is not a line item object');
	const quantity = isObject(entry.quantity) ? (entry.quantity as PlainObject) : undefined;
	const amount = quantity ? quantityOf(w, quantity, `${path}.quantity`) : undefined;
	const unit = quantity
		? common.unitCode(w, quantity.unitOfMeasure, `${path}.quantity.unitOfMeasure`)
		: undefined;
	const price =
		entry.unitCostPrice === undefined || entry.unitCostPrice === ''
			? undefined
			: w.price(
					w.parse(entry.unitCostPrice, `${path}.unitCostPrice`),
					spec('POC06'),
					`${path}.unitCostPrice`,
				);
	w.add(
		'POC',
		w.required(entry.purchaseOrderLineId, spec('POC01'), `${path}.purchaseOrderLineId`),
		// The buyer's own code when the 860 gave one (QD stays QD), else the word's.
		entry.x12ChangeCode === undefined
			? codeFor(CHANGE_REASONS, entry.changeReason, `${path}.changeReason`, DOCUMENT)
			: codeFor(CHANGE_REASONS, entry.x12ChangeCode, `${path}.x12ChangeCode`, DOCUMENT),
		amount === undefined ? undefined : w.decimal(amount, spec('POC03'), `${path}.quantity.value`),
		undefined,
		unit,
		price,
		undefined,
		...common.productIdPairs(w, entry, path, 'POC', 8, 10),
	);
	const answered = entry.status === 'accepted' && amount !== undefined;
	w.add(
		'ACK',
		codeFor(LINE_STATUSES, entry.status, `${path}.status`, DOCUMENT),
		answered ? w.decimal(amount, spec('ACK02'), `${path}.quantity.value`) : undefined,
		answered ? unit : undefined,
	);
	const reason = w.text(entry.reason, spec('MSG01'), `${path}.reason`);
	if (reason !== undefined) w.add('MSG', reason);
	return amount ?? ZERO;
}
