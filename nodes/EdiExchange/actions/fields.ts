/** Fields and parameter readers shared across the action node's operations: one definition per name. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionsCollection } from '../shared/fields';
import { expressionFailure, parseJsonText } from '../shared/json';
import { isX12Text } from '../x12Documents';
import { fromVersion1_1, inVersion1 } from './types';

/**
 * The transaction to act on: a plain ID field in version 1, a resource locator (From List with
 * search, By ID) from version 1.1. Both have one name, and readTransactionId reads either value.
 */
export function transactionIdFields(
	description: string,
	show: IDataObject = {},
): INodeProperties[] {
	return [
		{
			displayName: 'Transaction ID',
			name: 'transactionId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 1042',
			description,
			displayOptions: { show: { ...show, ...inVersion1 } },
		},
		{
			displayName: 'Transaction',
			name: 'transactionId',
			type: 'resourceLocator',
			required: true,
			default: { mode: 'list', value: '' },
			description,
			displayOptions: { show: { ...show, ...fromVersion1_1 } },
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					placeholder: 'Select a transaction…',
					typeOptions: { searchListMethod: 'searchTransactions', searchable: true },
				},
				{
					displayName: 'By ID',
					name: 'id',
					type: 'string',
					placeholder: 'e.g. 1042',
					validation: [
						{
							type: 'regex',
							properties: {
								regex: '^\\s*[1-9][0-9]*\\s*$',
								errorMessage: 'A transaction ID is a positive whole number, e.g. 1042',
							},
						},
					],
				},
			],
		},
	];
}

/**
 * A positive integer id read from a parameter: the service rejects anything else. The value may
 * be a resource locator's or a plain one (version 1 nodes, workflows written by hand).
 */
export function readTransactionId(
	this: IExecuteFunctions,
	name: string,
	itemIndex: number,
): number {
	const raw = this.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
	const text = String(raw ?? '').trim();
	// Ids travel as JSON numbers: beyond 2^53 - 1 they cannot be told apart (…993 would read as …992).
	if (/^[1-9]\d*$/.test(text) && !Number.isSafeInteger(Number(text))) {
		throw new NodeOperationError(
			this.getNode(),
			`The transaction ID "${text}" is too large: transaction ids go up to ${Number.MAX_SAFE_INTEGER}`,
			{
				description:
					'Check where the id comes from: ids from Transaction → Get Many or the trigger are never this large. Nothing was sent.',
				itemIndex,
			},
		);
	}
	if (!/^[1-9]\d*$/.test(text)) {
		throw new NodeOperationError(
			this.getNode(),
			`The transaction ID "${text}" is not a positive whole number`,
			{
				description:
					'Use the id of a transaction, e.g. {{ $json.id }} after Transaction → Get Many or {{ $json.transactionId }} after the trigger.',
				itemIndex,
			},
		);
	}
	return Number(text);
}

/** A JSON parameter, parsed; text that is not JSON is an error naming the parameter. */
export function readJsonParameter(
	this: IExecuteFunctions,
	name: string,
	label: string,
	itemIndex: number,
): unknown {
	let value: unknown;
	try {
		value = this.getNodeParameter(name, itemIndex, '');
	} catch (error) {
		throw expressionFailure(this.getNode(), error, label, itemIndex);
	}
	try {
		return parseJsonText(value);
	} catch (error) {
		throw new NodeOperationError(
			this.getNode(),
			`${label} is not valid JSON: ${(error as Error).message}`,
			{
				description:
					'Check for missing quotes, commas or braces; an expression such as {{ $json.message }} also works.',
				itemIndex,
			},
		);
	}
}

/** A JSON parameter that must hold an object. */
export function readJsonObject(
	this: IExecuteFunctions,
	name: string,
	label: string,
	itemIndex: number,
): IDataObject {
	const value = readJsonParameter.call(this, name, label, itemIndex);
	if (value === undefined) {
		throw new NodeOperationError(this.getNode(), `${label} is empty`, {
			description: `Enter ${label.toLowerCase()} as a JSON object.`,
			itemIndex,
		});
	}
	if (!value || typeof value !== 'object' || Array.isArray(value)) {
		throw new NodeOperationError(this.getNode(), `${label} must be a JSON object`, { itemIndex });
	}
	return value as IDataObject;
}

/** Sender ID and Receiver ID (partyFields), both required. */
export function readParties(
	this: IExecuteFunctions,
	itemIndex: number,
): { senderId: string; receiverId: string } {
	return {
		senderId: readRequiredText.call(
			this,
			'senderId',
			'Sender ID',
			itemIndex,
			'Enter your organization’s trading id.',
		),
		receiverId: readRequiredText.call(
			this,
			'receiverId',
			'Receiver ID',
			itemIndex,
			'Enter the trading partner’s id.',
		),
	};
}

/** A required text parameter, trimmed. */
export function readRequiredText(
	this: IExecuteFunctions,
	name: string,
	label: string,
	itemIndex: number,
	hint: string,
): string {
	// Text by its declared type (an object was already refused, naming the field).
	const value = (this.getNodeParameter(name, itemIndex, '') as string).trim();
	if (!value)
		throw new NodeOperationError(this.getNode(), `${label} is empty`, {
			description: hint,
			itemIndex,
		});
	return value;
}

/** The X12 Interchange field (x12Content) of an operation that reads X12: by default the item's message. */
export const x12ContentField = (
	field: Pick<INodeProperties, 'displayName' | 'description'> & Partial<INodeProperties>,
): INodeProperties => ({
	name: 'x12Content',
	type: 'string',
	typeOptions: { rows: 6 },
	default: '={{ $json.message }}',
	required: true,
	...field,
});

/** The X12 Interchange (x12ContentField) as text beginning with ISA, or an error naming the field. */
export function readX12Content(
	this: IExecuteFunctions,
	label: string,
	itemIndex: number,
	hints: { empty: string; notX12: string },
): string {
	const text = readRequiredText.call(this, 'x12Content', label, itemIndex, hints.empty);
	if (!isX12Text(text))
		throw new NodeOperationError(this.getNode(), `${label} does not begin with ISA`, {
			description: `It begins: ${JSON.stringify(String(text).slice(0, 40))}. ${hints.notX12}`,
			itemIndex,
		});
	return text;
}

/**
 * Limit: a whole number in the range its field declares (limitField), checked by the parameter
 * reader: an expression or an AI tool call can hand over anything, and the service would answer
 * with a 400 or, behind a client-side filter, the limit would not hold at all.
 */
export function readLimit(this: IExecuteFunctions, itemIndex: number): number {
	return this.getNodeParameter('limit', itemIndex) as number;
}

/** Sender ID and Receiver ID (Create, Submit): who sends the document and who receives it. */
export const partyFields = (extra: {
	sender?: Partial<INodeProperties>;
	receiver?: Partial<INodeProperties>;
	shared?: Partial<INodeProperties>;
}): INodeProperties[] => [
	{
		displayName: 'Sender ID',
		name: 'senderId',
		type: 'string',
		default: '',
		placeholder: 'e.g. YOURCOMPANY',
		description: 'Your organization’s trading ID',
		...extra.shared,
		...extra.sender,
	},
	{
		displayName: 'Receiver ID',
		name: 'receiverId',
		type: 'string',
		default: '',
		placeholder: 'e.g. DEMORETAIL',
		description: 'The trading partner’s ID',
		...extra.shared,
		...extra.receiver,
	},
];

/** Limit; its displayOptions come from the operation it belongs to (see forOperation). */
export const limitField = (max: number, extra: Partial<INodeProperties> = {}): INodeProperties => ({
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1, numberPrecision: 0, ...(max ? { maxValue: max } : {}) },
	default: 50,
	description: 'Max number of results to return',
	...extra,
});

/**
 * Items a create or a submission sends at once by default. Measured (npm run bench, README
 * Performance), 100 creates at 20 ms per request: 2.4 s one at a time, 173 ms 20 at a time, 83 ms
 * for n8n's HTTP Request, which sends every item at once. 50 keeps up with it in two rounds.
 */
export const DEFAULT_CONCURRENCY = 50;
export const MAX_CONCURRENCY = 100;

/** Options → Concurrency (and `more`, in name order), for the operations that send one document per item. */
export const sendingOptions = (noun: string, more: INodeProperties[] = []): INodeProperties =>
	optionsCollection(
		[
			...more,
			{
				displayName: 'Concurrency',
				name: 'concurrency',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY, numberPrecision: 0 },
				default: DEFAULT_CONCURRENCY,
				description: `How many ${noun} are sent at once. Output items keep the input order either way; 1 sends them one after another. On a rate limit (429) the node waits as the service says and sends fewer at once.`,
			} as INodeProperties,
		].sort((a, b) => a.displayName.localeCompare(b.displayName)),
		`How the ${noun} are sent`,
	);
