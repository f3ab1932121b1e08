/**
 * The purchase order change acknowledgment (865): the seller's answer to a buyer's 860, line by
 * line. Every line the 860 changes is answered: accepted (a deleted line as `deleted`), or
 * rejected with its reason. The structured service has no 865 type: it travels as X12.
 */
import { changeCodeOf, KNOWN_CHANGE_CODES, X12_CHANGE_CODES } from './changeCodes';
import { compareDecimal, type Decimal, isDecimal, parseDecimal, ZERO } from './decimal';
import { DocumentError } from './errors';
import {
	copy,
	FieldReader,
	isObject,
	type PlainObject,
	options as optionFields,
	unwrapMessage,
} from './fieldReader';

export type ChangeLineDecision = 'accepted' | 'rejected';
export const CHANGE_LINE_DECISIONS: readonly ChangeLineDecision[] = ['accepted', 'rejected'];

/** A decision on one line of the 860. Lines without one are accepted. */
export interface ChangeAcknowledgmentLineOption {
	purchaseOrderLineId: string | number;
	status: ChangeLineDecision;
	/** Why the line's change is refused (written as MSG in X12): only with `rejected`. */
	reason?: string;
}

export interface ChangeAcknowledgmentOptions {
	/** YYYY-MM-DD; BCA10. */
	acknowledgmentDate?: string;
	lines?: ChangeAcknowledgmentLineOption[];
}

const f = new FieldReader('purchase order change (860)');

/** The decisions by line id, each naming a line of the 860, with a reason only on a rejection. */
function decisionsOf(
	lines: unknown,
	changed: Set<string>,
): Map<string, ChangeAcknowledgmentLineOption> {
	const decisions = new Map<string, ChangeAcknowledgmentLineOption>();
	const chosen = lines === undefined || lines === null ? [] : optionFields.array(lines, 'lines');
	chosen.forEach((entry, i) => {
		const path = `lines[${i}]`;
		const option = optionFields.object(entry, path) as unknown as ChangeAcknowledgmentLineOption;
		const id = optionFields.id(option.purchaseOrderLineId, `${path}.purchaseOrderLineId`);
		if (!changed.has(id))
			throw new DocumentError(
				`The option "lines" names line ${id} ("${path}.purchaseOrderLineId"), which the 860 does not change: answer one of ${[...changed].join(', ')}`,
				`${path}.purchaseOrderLineId`,
			);
		if (!CHANGE_LINE_DECISIONS.includes(option.status))
			throw optionFields.invalid(
				`${path}.status`,
				option.status,
				`one of ${CHANGE_LINE_DECISIONS.join(', ')}`,
			);
		const reason = optionFields.optionalText(option.reason, `${path}.reason`);
		if (reason && option.status !== 'rejected')
			throw optionFields.invalid(`${path}.reason`, reason, 'a reason only on a rejected line');
		decisions.set(id, { purchaseOrderLineId: id, status: option.status, reason });
	});
	return decisions;
}

/** One POC line: the 860's line as asked, and the seller's answer. */
function answerLine(
	line: PlainObject,
	path: string,
	decision: ChangeAcknowledgmentLineOption | undefined,
): PlainObject {
	const changeReason = f.text(line.changeReason, `${path}.changeReason`);
	const code = changeCodeOf(changeReason);
	if (!code)
		throw f.invalid(
			`${path}.changeReason`,
			changeReason,
			`one of ${KNOWN_CHANGE_CODES.join(', ')}`,
		);
	const status = decision?.status ?? 'accepted';
	const item: PlainObject = {
		purchaseOrderLineId: f.id(line.purchaseOrderLineId, `${path}.purchaseOrderLineId`),
		changeReason,
		status: status === 'accepted' && code.action === 'delete' ? 'deleted' : status,
	};
	const buyersCode = buyersChangeCode(line, changeReason, path);
	if (buyersCode) item.x12ChangeCode = buyersCode;
	for (const key of ['quantity', 'unitCostPrice', 'productIds'])
		if (line[key] !== undefined) item[key] = copy(line[key]);
	if (decision?.reason) item.reason = decision.reason;
	return item;
}

/**
 * The X12 change code (670) the buyer gave the line: an X12 860's own (`x12ChangeCode`), or a
 * structured quantity change's way (QI, QD) when its quantities say it; else none, and the 865
 * writes the word's code.
 */
function buyersChangeCode(line: PlainObject, reason: string, path: string): string | undefined {
	if (line.x12ChangeCode !== undefined) {
		const code = f.text(line.x12ChangeCode, `${path}.x12ChangeCode`);
		if (!X12_CHANGE_CODES.includes(code))
			throw f.invalid(
				`${path}.x12ChangeCode`,
				code,
				`an X12 670 change code (${X12_CHANGE_CODES.join(', ')})`,
			);
		return code;
	}
	if (changeCodeOf(reason)?.action !== 'quantity' || changeCodeOf(reason)?.direction)
		return undefined;
	const quantityOf = (value: unknown) => (isObject(value) ? value.value : value);
	const by = decimalOf(quantityOf(line.changeInQuantity));
	const to = decimalOf(quantityOf(line.quantity));
	const from = decimalOf(quantityOf(line.originalQuantity));
	const way = by ? compareDecimal(by, ZERO) : to && from ? compareDecimal(to, from) : 0;
	return way > 0 ? 'QI' : way < 0 ? 'QD' : undefined;
}

function decimalOf(value: unknown): Decimal | undefined {
	const text = typeof value === 'number' ? String(value) : value;
	return typeof text === 'string' && isDecimal(text) ? parseDecimal(text) : undefined;
}

/** Builds the 865 `message` answering an 860 (its message, or an item carrying it). Throws DocumentError. */
export function buildChangeAcknowledgment(
	change: unknown,
	opts: ChangeAcknowledgmentOptions = {},
): PlainObject {
	const input = isObject(change) && isObject(change.document) ? change.document : change;
	const message = unwrapMessage(input, 'changeSequenceNumber');
	if (!isObject(message))
		throw new DocumentError('The purchase order change (860) is not a JSON object', '');
	opts = opts ?? {};
	const lines = f.array(message.lineItems, 'lineItems').map((line, i) => {
		const path = `lineItems[${i}]`;
		const read = f.object(line, path);
		return { line: read, path, id: f.id(read.purchaseOrderLineId, `${path}.purchaseOrderLineId`) };
	});
	const decisions = decisionsOf(opts.lines, new Set(lines.map((line) => line.id)));
	const lineItems = lines.map(({ line, path, id }) => answerLine(line, path, decisions.get(id)));
	const rejected = lineItems.filter((item) => item.status === 'rejected').length;
	const acknowledgmentDate = optionFields.optionalDate(
		opts.acknowledgmentDate,
		'acknowledgmentDate',
	);
	const dates: PlainObject = {
		purchaseOrderDate: f.date(message.purchaseOrderDate, 'purchaseOrderDate'),
	};
	if (acknowledgmentDate) dates.acknowledgmentDate = acknowledgmentDate;
	const reply: PlainObject = {
		purchaseOrderNumber: f.id(message.purchaseOrderNumber, 'purchaseOrderNumber'),
		status:
			rejected === 0
				? 'accepted'
				: rejected === lineItems.length
					? 'rejected'
					: 'acceptedWithChanges',
		dates,
	};
	// BCA05 echoes BCH05; an 860 without one (optional in 004010) is answered without one.
	if (message.changeSequenceNumber !== undefined && message.changeSequenceNumber !== '')
		reply.changeSequenceNumber = f.id(message.changeSequenceNumber, 'changeSequenceNumber');
	if (message.releaseNumber !== undefined) reply.releaseNumber = message.releaseNumber;
	reply.lineItems = lineItems;
	return reply;
}
