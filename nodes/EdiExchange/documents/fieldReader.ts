/**
 * Reading fields of JSON documents and options with errors that name the field: the user sees
 * `The purchase order has no "lineItems[2].quantity.value"`, not "cannot read property of undefined".
 */
import { type Decimal, parseDecimal } from './decimal';
import { DocumentError } from './errors';

/** A JSON object whose fields are not yet read (n8n-workflow's JsonObject promises JSON values). */
export type PlainObject = { [key: string]: unknown };

export const isObject = (value: unknown): value is PlainObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** Identifiers may arrive as strings or numbers: "1" and 1 name the same line. */
export function idText(value: unknown): string | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value === 'string' && value.trim() !== '') return value.trim();
	return undefined;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** True when the day exists in that month (leap years included). */
function isCalendarDay(year: number, month: number, day: number): boolean {
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A deep copy, so that built documents never share objects with n8n's input items. */
export function copy<T>(value: T): T {
	return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * The message inside a whole transaction (`{ type, message }`) or an inbox item, when given one:
 * users often wire the previous node's whole output in. `key` is a field only the message has.
 */
export function unwrapMessage(document: unknown, key: string): unknown {
	if (isObject(document) && !(key in document) && isObject(document.message))
		return document.message;
	return document;
}

/** Reads fields of one document, naming it in errors ("purchase order", "acknowledgment (855)"). */
export class FieldReader {
	constructor(private readonly documentName: string) {}

	missing(path: string): DocumentError {
		return new DocumentError(`The ${this.documentName} has no "${path}"`, path);
	}

	invalid(path: string, value: unknown, expected: string): DocumentError {
		return new DocumentError(
			`The ${this.documentName}'s "${path}" is ${JSON.stringify(value)}, not ${expected}`,
			path,
		);
	}

	id(value: unknown, path: string): string {
		if (isBlank(value)) throw this.missing(path);
		const id = idText(value);
		if (id === undefined) throw this.invalid(path, value, 'a string or number');
		return id;
	}

	text(value: unknown, path: string): string {
		if (isBlank(value)) throw this.missing(path);
		if (typeof value !== 'string') throw this.invalid(path, value, 'a string');
		return value;
	}

	decimal(value: unknown, path: string): Decimal {
		if (isBlank(value)) throw this.missing(path);
		try {
			return parseDecimal(value);
		} catch {
			throw this.invalid(path, value, 'a decimal number such as "12.50"');
		}
	}

	optionalDecimal(value: unknown, path: string): Decimal | undefined {
		return isBlank(value) ? undefined : this.decimal(value, path);
	}

	/** A quantity ≥ 0: `{ value: "5", unitOfMeasure: "each" }`. */
	quantity(value: unknown, path: string): { value: Decimal; unitOfMeasure?: string } {
		if (!isObject(value))
			throw isBlank(value)
				? this.missing(path)
				: this.invalid(path, value, 'a quantity object { value, unitOfMeasure }');
		const amount = this.nonNegative(value.value, `${path}.value`);
		const unit =
			typeof value.unitOfMeasure === 'string' && value.unitOfMeasure !== ''
				? value.unitOfMeasure
				: undefined;
		return { value: amount, unitOfMeasure: unit };
	}

	/** A decimal ≥ 0; `expected` says what it is ("a price of zero or more"). */
	nonNegative(value: unknown, path: string, expected = 'a quantity of zero or more'): Decimal {
		const amount = this.decimal(value, path);
		if (amount.units < 0n) throw this.invalid(path, value, expected);
		return amount;
	}

	/** A unit price: a partner charges back a negative one, so it is refused here. */
	optionalPrice(value: unknown, path: string): Decimal | undefined {
		return isBlank(value) ? undefined : this.nonNegative(value, path, 'a price of zero or more');
	}

	array(value: unknown, path: string): unknown[] {
		if (isBlank(value)) throw this.missing(path);
		if (!Array.isArray(value)) throw this.invalid(path, value, 'a list');
		return value;
	}

	object(value: unknown, path: string): PlainObject {
		if (isBlank(value)) throw this.missing(path);
		if (!isObject(value)) throw this.invalid(path, value, 'an object');
		return value;
	}

	/** A date option or field: YYYY-MM-DD, or an ISO timestamp whose date part is taken. The day must exist (no 2026-02-31). */
	date(value: unknown, path: string): string {
		if (isBlank(value)) throw this.missing(path);
		const match =
			typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim()) : null;
		if (!match || !isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]))) {
			throw this.invalid(path, value, 'a date such as "2026-02-19"');
		}
		return `${match[1]}-${match[2]}-${match[3]}`;
	}

	optionalDate(value: unknown, path: string): string | undefined {
		return isBlank(value) ? undefined : this.date(value, path);
	}

	optionalText(value: unknown, path: string): string | undefined {
		if (isBlank(value)) return undefined;
		if (typeof value === 'number') return String(value);
		return this.text(value, path);
	}
}

/** Reads the builders' options: errors say "option" and name it as the node's parameters do. */
class OptionReader extends FieldReader {
	constructor() {
		super('options');
	}

	missing(path: string): DocumentError {
		return new DocumentError(`The option "${path}" is required`, path);
	}

	invalid(path: string, value: unknown, expected: string): DocumentError {
		return new DocumentError(
			`The option "${path}" is ${JSON.stringify(value)}, not ${expected}`,
			path,
		);
	}
}

export const options: FieldReader = new OptionReader();
