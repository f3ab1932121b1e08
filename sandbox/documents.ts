/**
 * The structured-message path's checks: the envelope (400 when wrong) and each document type's
 * content rules (202 FAILED with validationErrors when wrong), as the contract lists them.
 */
import { fieldError, isObject } from './http';
import type { FieldError, Stream } from './types';

export const CREATE_TYPES: Record<string, string> = {
	'850_PURCHASE_ORDER': '850',
	'855_PURCHASE_ORDER_ACKNOWLEDGMENT': '855',
	'856_SHIP_NOTICE_MANIFEST': '856',
	'810_INVOICE': '810',
	'846_INVENTORY_ADVICE': '846',
	'860_PURCHASE_ORDER_CHANGE': '860',
};

export interface ValidationError {
	payloadPaths: string[];
	errorMessage: string;
	outputPath: string;
}

export interface CreateEnvelope {
	transactionType: string;
	stream: Stream;
	senderId: string;
	receiverId: string;
	message: Record<string, unknown>;
}

const nonEmptyString = (value: unknown): value is string =>
	typeof value === 'string' && value.trim() !== '';

/**
 * The stream and the two parties of a create or of a service-JSON payload. `requiredWhenMissing`:
 * a party left out is "required" (createTransaction) rather than "must be a non-empty string".
 */
export function streamAndPartyErrors(
	body: Record<string, unknown>,
	requiredWhenMissing: boolean,
): FieldError[] {
	const errors: FieldError[] = [];
	const { stream = 'test', senderId, receiverId } = body;
	if (stream !== 'test' && stream !== 'live')
		errors.push(
			fieldError('stream', `stream must be test or live, found ${JSON.stringify(stream)}`),
		);
	for (const [name, value] of [
		['senderId', senderId],
		['receiverId', receiverId],
	] as const) {
		if (value === undefined && requiredWhenMissing)
			errors.push(fieldError(name, `${name} is required`, 'requiredProperty'));
		else if (!nonEmptyString(value))
			errors.push(fieldError(name, `${name} must be a non-empty string`));
	}
	return errors;
}

export function readCreateEnvelope(
	body: unknown,
): { envelope: CreateEnvelope } | { errors: FieldError[] } {
	if (!isObject(body))
		return { errors: [fieldError('body', 'body must be a JSON object', 'invalidType')] };
	const errors: FieldError[] = [];
	const { type, stream = 'test', senderId, receiverId, message } = body;
	if (type === undefined) errors.push(fieldError('type', 'type is required', 'requiredProperty'));
	else if (typeof type !== 'string' || !CREATE_TYPES[type]) {
		errors.push(
			fieldError(
				'type',
				`type must be one of ${Object.keys(CREATE_TYPES).join(', ')}, found ${JSON.stringify(type)}`,
			),
		);
	}
	errors.push(...streamAndPartyErrors(body, true));
	if (message === undefined)
		errors.push(fieldError('message', 'message is required', 'requiredProperty'));
	else if (!isObject(message)) errors.push(fieldError('message', 'message must be a JSON object'));
	if (errors.length) return { errors };
	return {
		envelope: {
			transactionType: CREATE_TYPES[type as string],
			stream: stream as Stream,
			senderId: senderId as string,
			receiverId: receiverId as string,
			message: message as Record<string, unknown>,
		},
	};
}

/** Collects content errors with the message path, the human text and the X12 element it maps to. */
class Checker {
	readonly errors: ValidationError[] = [];

	fail(path: string, errorMessage: string, outputPath: string): void {
		this.errors.push({ payloadPaths: [path], errorMessage, outputPath });
	}

	requireString(
		doc: Record<string, unknown>,
		field: string,
		outputPath: string,
		path = `message.${field}`,
	): void {
		if (!nonEmptyString(doc[field])) this.fail(path, `${field} is required`, outputPath);
	}

	requireDate(doc: Record<string, unknown>, field: string, outputPath: string): void {
		const value = doc[field];
		if (!nonEmptyString(value)) this.fail(`message.${field}`, `${field} is required`, outputPath);
		else if (!isDate(value))
			this.fail(
				`message.${field}`,
				`${field} must be a date YYYY-MM-DD, found ${JSON.stringify(value)}`,
				outputPath,
			);
	}

	requireQuantity(value: unknown, path: string, outputPath: string): void {
		if (!isObject(value) || !isDecimal(value.value))
			this.fail(`${path}.value`, 'A quantity with a decimal string value is required', outputPath);
	}

	requireDecimal(value: unknown, path: string, outputPath: string): void {
		if (!isDecimal(value)) this.fail(path, 'A decimal string amount is required', outputPath);
	}

	requireProductIds(value: unknown, path: string, outputPath: string): void {
		const ids = isObject(value)
			? Object.values(value).filter((v) => v !== null && v !== undefined && String(v).trim() !== '')
			: [];
		if (ids.length === 0)
			this.fail(path, 'At least one product identifier is required', outputPath);
	}

	/** Returns the array's entries that are objects; reports the array or entries otherwise. */
	lines(
		doc: Record<string, unknown>,
		field: string,
		outputPath: string,
		required: boolean,
	): Array<[Record<string, unknown>, string]> {
		const value = doc[field];
		if (value === undefined && !required) return [];
		if (!Array.isArray(value) || value.length === 0) {
			this.fail(`message.${field}`, `At least one entry in ${field} is required`, outputPath);
			return [];
		}
		const lines: Array<[Record<string, unknown>, string]> = [];
		value.forEach((line, i) => {
			const path = `message.${field}[${i}]`;
			if (isObject(line)) lines.push([line, path]);
			else this.fail(path, `${field} entries must be objects`, outputPath);
		});
		return lines;
	}
}

export const isDecimal = (value: unknown): boolean =>
	typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);
export const isDate = (value: string): boolean =>
	/^\d{4}-\d{2}-\d{2}$/.test(value) &&
	!Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
	new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const RULES: Record<string, (doc: Record<string, unknown>, c: Checker) => void> = {
	'850': (doc, c) => {
		c.requireString(doc, 'purchaseOrderNumber', 'BEG03');
		c.requireDate(doc, 'purchaseOrderDate', 'BEG05');
		for (const [line, path] of c.lines(doc, 'lineItems', 'PO1', true)) {
			c.requireQuantity(line.quantity, `${path}.quantity`, 'PO102');
			c.requireProductIds(line.productIds, `${path}.productIds`, 'PO1');
		}
	},
	'855': (doc, c) => {
		c.requireString(doc, 'purchaseOrderNumber', 'BAK03');
		c.requireString(doc, 'status', 'BAK02');
		for (const [line, path] of c.lines(doc, 'lineItems', 'PO1', false)) {
			if (!nonEmptyString(line.purchaseOrderLineId))
				c.fail(`${path}.purchaseOrderLineId`, 'purchaseOrderLineId is required', 'PO101');
			if (!Array.isArray(line.actions) || line.actions.length === 0)
				c.fail(`${path}.actions`, 'At least one action is required', 'ACK');
		}
	},
	'856': (doc, c) => {
		c.requireString(doc, 'shipmentId', 'BSN02');
		for (const [order, path] of c.lines(doc, 'orders', 'PRF', true)) {
			c.requireString(order, 'purchaseOrderNumber', 'PRF01', `${path}.purchaseOrderNumber`);
		}
	},
	'810': (doc, c) => {
		c.requireString(doc, 'invoiceNumber', 'BIG02');
		c.requireDate(doc, 'invoiceDate', 'BIG01');
		c.requireString(doc, 'purchaseOrderNumber', 'BIG04');
		for (const [line, path] of c.lines(doc, 'lineItems', 'IT1', true)) {
			c.requireQuantity(line.quantityInvoiced, `${path}.quantityInvoiced`, 'IT102');
			c.requireDecimal(line.unitPrice, `${path}.unitPrice`, 'IT104');
		}
	},
	'846': (doc, c) => {
		for (const [line, path] of c.lines(doc, 'lineItems', 'LIN', true))
			c.requireProductIds(line.productIds, `${path}.productIds`, 'LIN');
	},
	'860': (doc, c) => {
		c.requireString(doc, 'purchaseOrderNumber', 'BCH03');
		c.requireDate(doc, 'purchaseOrderDate', 'BCH06');
	},
};

/** Content checks of one document; the receiver check applies to every type. */
export function checkDocument(
	envelope: CreateEnvelope,
	partners: readonly string[],
): ValidationError[] {
	const checker = new Checker();
	if (!partners.includes(envelope.receiverId)) {
		checker.fail('receiverId', `no relationship with receiver ${envelope.receiverId}`, 'ISA08');
	}
	RULES[envelope.transactionType](envelope.message, checker);
	return checker.errors;
}

const NUMBER_FIELDS: Record<string, string> = {
	'850': 'purchaseOrderNumber',
	'855': 'purchaseOrderNumber',
	'860': 'purchaseOrderNumber',
	'865': 'purchaseOrderNumber',
	'856': 'shipmentId',
	'810': 'invoiceNumber',
	'846': 'reportNumber',
};
/** X12 element holding the business number: [segment id, element index]. */
const NUMBER_ELEMENTS: Record<string, [string, number]> = {
	'850': ['BEG', 3],
	'855': ['BAK', 3],
	'860': ['BCH', 3],
	'865': ['BCA', 3],
	'856': ['BSN', 2],
	'810': ['BIG', 2],
	'846': ['BIA', 3],
};

/** The PO, shipment, invoice or report number of a JSON document, if it has one. */
export function businessNumberOf(type: string, message: unknown): string | undefined {
	const value = isObject(message) ? message[NUMBER_FIELDS[type]] : undefined;
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The same from X12 segments. */
export function businessNumberOfSegments(type: string, segments: string[][]): string | undefined {
	const where = NUMBER_ELEMENTS[type];
	const value = where && segments.find((s) => s[0] === where[0])?.[where[1]];
	return value ? value : undefined;
}
