/**
 * Reading a parameter with its declared type. An expression or an AI agent's $fromAI can hand a
 * field any JSON type: what users reasonably write is taken ("5" for a number, "false" for a
 * boolean, one value for a list, a number for an id) and the rest refused, naming the field as the
 * editor shows it and showing what arrived; never "[object Object]", never a TypeError.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IGetNodeParameterOptions,
	INode,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeHelpers, NodeOperationError } from 'n8n-workflow';

/** How a reader refuses a value: the node's error for this field and item (see `refuse`). */
export type Refuse = (message: string, hint: string) => never;

/** What arrived, shortened: {"id":"YOURCOMPANY"}. */
export function shownValue(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

const kindOf = (value: unknown) =>
	Array.isArray(value) ? 'a list' : value === null ? 'null' : `an ${typeof value}`;

/** Text: a string as it is, a number, boolean or date as its text, nothing as ''. */
export function asText(value: unknown, label: string, refuse: Refuse): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
		return String(value);
	// A date an expression gives ({{ $now }}, a Luxon DateTime; or a Date): its ISO text.
	if (value instanceof Date) return value.toISOString();
	const luxon = value as { isLuxonDateTime?: boolean; toISO?: () => string };
	if (luxon.isLuxonDateTime && typeof luxon.toISO === 'function') return luxon.toISO();
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

/** A number: a finite number, or text holding one ("5"); within the field's range when it has one. */
export function asNumber(
	value: unknown,
	label: string,
	refuse: Refuse,
	range: { minValue?: number; maxValue?: number; numberPrecision?: number } = {},
): number {
	const { minValue: min, maxValue: max, numberPrecision } = range;
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	const whole = numberPrecision === 0;
	if (
		typeof number === 'number' &&
		Number.isFinite(number) &&
		(!whole || Number.isInteger(number)) &&
		(min === undefined || number >= min) &&
		(max === undefined || number <= max)
	)
		return number;
	const within =
		max !== undefined
			? ` from ${min ?? 'any'} to ${max}`
			: min !== undefined
				? ` ${min} or more`
				: '';
	const kind = `${whole ? 'a whole number' : 'a number'}${within}`;
	return refuse(
		`${label} must be ${kind}, not ${shownValue(value)}`,
		`Enter ${kind}, or let the expression (or tool call) give one. Nothing was sent.`,
	);
}

/** One of the field's options: its value, or the same value as text or number ("850" for 850). */
export function asOption(
	value: unknown,
	options: INodePropertyOptions[],
	label: string,
	refuse: Refuse,
): string | number | boolean {
	const scalar = ['string', 'number', 'boolean'].includes(typeof value);
	const found = options.find(
		(option) => option.value === value || (scalar && String(option.value) === String(value)),
	);
	if (found) return found.value;
	const values = options.map((option) => JSON.stringify(option.value));
	const listed =
		values.length > 10
			? `${values.slice(0, 10).join(', ')}, … (${values.length} in all)`
			: values.join(', ');
	return refuse(
		`${label} must be one of ${listed}, not ${shownValue(value)}`,
		'Choose one in the list, or let the expression (or tool call) give one of these values. Nothing was sent.',
	);
}

/** A list of values (multiOptions): a list, or one value (text, a number) as a list of one. */
export function asTextList(value: unknown, label: string, refuse: Refuse): string[] {
	if (value === undefined || value === null || value === '') return [];
	const values = Array.isArray(value) ? value : [value];
	return values.map((entry) => asText(entry, label, refuse));
}

/** The options of a collection or the values of a fixed collection's group: each read by its type. */
function asValues(
	value: unknown,
	fields: INodeProperties[],
	label: string,
	refuse: Refuse,
): IDataObject {
	if (value === undefined || value === null || value === '') return {};
	if (typeof value !== 'object' || Array.isArray(value))
		return refuse(
			`${label} must be a set of named values, not ${kindOf(value)}: ${shownValue(value)}`,
			`Add them one by one in the editor, or let the expression give an object such as {"${fields[0]?.name ?? 'name'}": …}.`,
		);
	const read: IDataObject = {};
	for (const [name, entry] of Object.entries(value as IDataObject)) {
		const field = fields.find((f) => f.name === name);
		// An option an expression left empty counts as not added.
		if (field && (entry === null || entry === undefined || entry === '')) continue;
		read[name] = field
			? (readDeclared(
					entry,
					field,
					`${label} → ${field.displayName}`,
					refuse,
				) as IDataObject[string])
			: (entry as IDataObject[string]);
	}
	return read;
}

/** A fixed collection: each group's entries (a list, or one entry alone), each read by its values' types. */
function asGroups(
	value: unknown,
	groups: INodePropertyCollection[],
	label: string,
	refuse: Refuse,
): IDataObject {
	const read = asValues(value, [], label, refuse);
	for (const group of groups) {
		const entries = read[group.name];
		if (entries === undefined || entries === null) continue;
		read[group.name] = (Array.isArray(entries) ? entries : [entries]).map((entry) =>
			asValues(entry, group.values, `${label} → ${group.displayName}`, refuse),
		);
	}
	return read;
}

/**
 * A parameter's value read with the type its description declares: what cannot be that type is
 * refused, naming the field as the editor shows it. JSON fields keep any value (their readers parse
 * text); types without a value rule here (notices, resource locators' objects) pass as they are.
 */
export function readDeclared(
	value: unknown,
	field: INodeProperties,
	label: string,
	refuse: Refuse,
): unknown {
	switch (field.type) {
		case 'string':
			// A text field that also takes a list from an expression (Business Number: up to 5 values).
			if (field.typeOptions?.textOrList === true && Array.isArray(value))
				return value.map((entry) => asText(entry, label, refuse));
			return asText(value, label, refuse);
		case 'dateTime':
			return asText(value, label, refuse);
		case 'number':
			return asNumber(value, label, refuse, field.typeOptions);
		case 'boolean':
			return asBoolean(value, label, refuse);
		case 'options':
			return asOption(value, field.options as INodePropertyOptions[], label, refuse);
		case 'multiOptions':
			return asTextList(value, label, refuse).map((entry) =>
				asOption(entry, field.options as INodePropertyOptions[], label, refuse),
			);
		case 'collection':
			return asValues(value, field.options as INodeProperties[], label, refuse);
		case 'fixedCollection':
			return asGroups(value, field.options as INodePropertyCollection[], label, refuse);
		default:
			return value;
	}
}

/**
 * The field the editor shows under this name now: several may share a name (per operation,
 * version, document type). A condition on a parameter given by an expression cannot be decided
 * before the run, so it is left out (n8n's own check would take it as met by every field).
 */
export function declaredField(
	properties: INodeProperties[],
	name: string,
	node: INode,
): INodeProperties | undefined {
	const named = properties.filter((field) => field.name === name);
	if (named.length < 2) return named[0];
	const values = node.parameters;
	const decided = (key: string) =>
		!(typeof values[key] === 'string' && values[key].startsWith('='));
	const shown = (field: INodeProperties) => {
		const show = Object.entries(field.displayOptions?.show ?? {}).filter(([key]) => decided(key));
		const displayOptions = { ...field.displayOptions, show: Object.fromEntries(show) };
		return NodeHelpers.displayParameter(values, { ...field, displayOptions }, node, null);
	};
	return named.find(shown) ?? named[0];
}

type Context = IExecuteFunctions | IPollFunctions;

/**
 * `name` (or a collection's option, such as options.concurrency) read with its declared type: `get` reads the raw
 * value of a top-level parameter as n8n resolves it.
 */
function readPath(
	context: Context,
	properties: INodeProperties[],
	name: string,
	get: (top: string, fallback: unknown) => unknown,
	fallback: unknown,
	itemIndex?: number,
	options?: IGetNodeParameterOptions,
): unknown {
	const [top, ...rest] = name.split('.');
	const field = declaredField(properties, top, context.getNode());
	if (!field || options?.rawExpressions) return get(name, fallback);
	const fail = refuse(context, itemIndex);
	if (rest.length === 0) {
		const value = get(top, fallback);
		// A resource locator's plain value (extractValue) is an id: text, or a number. n8n leaves the
		// locator whole when it cannot tell which field is shown (a display condition given by an
		// expression): its value is then taken here (our locators have no URL mode to extract from).
		if (field.type === 'resourceLocator') {
			if (!options?.extractValue) return value;
			const plain = (value as IDataObject | null)?.__rl ? (value as IDataObject).value : value;
			return asText(plain, field.displayName, fail);
		}
		return readDeclared(value, field, field.displayName, fail);
	}
	// One option of a collection (options.concurrency): only that option is read.
	const [key] = rest;
	const raw = (get(top, {}) as IDataObject | undefined)?.[key];
	if (raw === undefined || raw === null || raw === '') return fallback;
	const option = (field.options as INodeProperties[] | undefined)?.find((o) => o.name === key);
	return option && field.type === 'collection'
		? readDeclared(raw, option, `${field.displayName} → ${option.displayName}`, fail)
		: raw;
}

/**
 * The context with its getNodeParameter reading every parameter with its declared type (the
 * node's description): wraps n8n's, so operations keep calling this.getNodeParameter.
 */
export function withDeclaredTypes(
	context: IExecuteFunctions,
	properties: INodeProperties[],
): IExecuteFunctions {
	const get = context.getNodeParameter.bind(context) as (
		name: string,
		itemIndex: number,
		fallback?: unknown,
		options?: IGetNodeParameterOptions,
	) => unknown;
	const getNodeParameter = (
		name: string,
		itemIndex: number,
		fallback?: unknown,
		options?: IGetNodeParameterOptions,
	) =>
		readPath(
			context,
			properties,
			name,
			(path, orElse) => get(path, itemIndex, orElse, options),
			fallback,
			itemIndex,
			options,
		);
	return Object.assign(Object.create(context) as IExecuteFunctions, { getNodeParameter });
}

/** The trigger's context, likewise. */
export function pollWithDeclaredTypes(
	context: IPollFunctions,
	properties: INodeProperties[],
): IPollFunctions {
	const get = context.getNodeParameter.bind(context) as (
		name: string,
		fallback?: unknown,
		options?: IGetNodeParameterOptions,
	) => unknown;
	const getNodeParameter = (name: string, fallback?: unknown, options?: IGetNodeParameterOptions) =>
		readPath(
			context,
			properties,
			name,
			(path, orElse) => get(path, orElse, options),
			fallback,
			undefined,
			options,
		);
	return Object.assign(Object.create(context) as IPollFunctions, { getNodeParameter });
}

/** Refusals as the node's error, for this item: nothing has been sent yet. */
export const refuse =
	(context: Context, itemIndex?: number): Refuse =>
	(message, hint) => {
		throw new NodeOperationError(context.getNode(), message, { description: hint, itemIndex });
	};
