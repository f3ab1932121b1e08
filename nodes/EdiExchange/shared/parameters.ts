/**
 * Reading a parameter with its declared type. An expression or an AI agent's $fromAI can hand a
 * field any JSON type: what users reasonably write is taken ("5" for a number, "false" for a
 * boolean, one value for a list, a number for an id) and the rest refused, naming the field as the
 * editor shows it and showing what arrived; never "[object Object]", never a TypeError.
 */
import type { IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** How a reader refuses a value: the node's error for this field and item (see `refuse`). */
export type Refuse = (message: string, hint: string) => never;

/** What arrived, shortened: {"id":"YOURCOMPANY"}. */
export function shownValue(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

const kindOf = (value: unknown) =>
	Array.isArray(value) ? 'a list' : value === null ? 'null' : `an ${typeof value}`;

/** Text: a string as it is, a number or boolean as its text, nothing as ''. */
export function asText(value: unknown, label: string, refuse: Refuse): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
		return String(value);
	return refuse(
		`${label} must be text, not ${kindOf(value)}: ${shownValue(value)}`,
		`Point the expression at one text field of the object, e.g. {{ $json.sender.id }} rather than {{ $json.sender }}.`,
	);
}

/** A boolean: true/false, or the text "true"/"false" (any case) an expression may give. */
export function asBoolean(value: unknown, label: string, refuse: Refuse): boolean {
	if (typeof value === 'boolean') return value;
	if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
		return value.trim().toLowerCase() === 'true';
	return refuse(
		`${label} must be true or false, not ${shownValue(value)}`,
		'Switch the field on or off, or let the expression give true or false.',
	);
}

/** A number: a finite number, or text holding one ("5"). */
export function asNumber(value: unknown, label: string, refuse: Refuse): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number === 'number' && Number.isFinite(number)) return number;
	return refuse(
		`${label} must be a number, not ${shownValue(value)}`,
		'Enter a number, or let the expression give one.',
	);
}

/** A list of values (multiOptions): a list, or one value (text, a number) as a list of one. */
export function asTextList(value: unknown, label: string, refuse: Refuse): string[] {
	if (value === undefined || value === null || value === '') return [];
	const values = Array.isArray(value) ? value : [value];
	return values.map((entry) => asText(entry, label, refuse));
}

type Context = IExecuteFunctions | IPollFunctions;

/** Refusals as the node's error, for this item: nothing has been sent yet. */
export const refuse =
	(context: Context, itemIndex?: number): Refuse =>
	(message, hint) => {
		throw new NodeOperationError(context.getNode(), message, { description: hint, itemIndex });
	};
