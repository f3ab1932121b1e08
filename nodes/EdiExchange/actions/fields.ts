/** Fields and parameter readers shared across operations: one definition per name. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

export const STREAM_OPTIONS = [
	{ name: 'Test', value: 'test', description: 'Test traffic: safe to experiment with' },
	{ name: 'Live', value: 'live', description: 'Production documents exchanged with trading partners for real' },
];

export const TRANSACTION_TYPE_OPTIONS = [
	{ name: '810 Invoice', value: '810' },
	{ name: '846 Inventory Advice', value: '846' },
	{ name: '850 Purchase Order', value: '850' },
	{ name: '855 Purchase Order Acknowledgment', value: '855' },
	{ name: '856 Ship Notice/Manifest', value: '856' },
	{ name: '860 Purchase Order Change', value: '860' },
	{ name: '997 Functional Acknowledgment', value: '997' },
];

/** The stream to read or write: every operation and the trigger use this one definition. */
export const streamField = (extra: Partial<INodeProperties> = {}): INodeProperties => ({
	displayName: 'Stream',
	name: 'stream',
	type: 'options',
	default: 'test',
	options: STREAM_OPTIONS,
	...extra,
});

/** Document types to keep, filtered by the node: the service cannot filter by type. */
export const transactionTypesField = (description: string, extra: Partial<INodeProperties> = {}): INodeProperties => ({
	displayName: 'Transaction Types',
	name: 'transactionTypes',
	type: 'multiOptions',
	default: [],
	options: TRANSACTION_TYPE_OPTIONS,
	description,
	...extra,
});

/** A positive integer id read from a parameter: the service rejects anything else. */
export function readTransactionId(this: IExecuteFunctions, name: string, itemIndex: number): number {
	const raw = this.getNodeParameter(name, itemIndex) as unknown;
	const text = String(raw ?? '').trim();
	if (!/^[1-9]\d*$/.test(text) || !Number.isSafeInteger(Number(text))) {
		throw new NodeOperationError(this.getNode(), `The transaction ID "${text}" is not a positive whole number`, {
			description: 'Use the id of a transaction, e.g. {{ $json.id }} after Transaction → Get Many or {{ $json.transactionId }} after the trigger.',
			itemIndex,
		});
	}
	return Number(text);
}

/** A JSON parameter that may arrive as text (typed by hand) or as an object (from an expression). */
export function readJsonObject(this: IExecuteFunctions, name: string, label: string, itemIndex: number): IDataObject {
	const raw = this.getNodeParameter(name, itemIndex) as unknown;
	let value = raw;
	if (typeof raw === 'string') {
		if (!raw.trim()) {
			throw new NodeOperationError(this.getNode(), `${label} is empty`, { description: `Enter ${label.toLowerCase()} as a JSON object.`, itemIndex });
		}
		try {
			value = JSON.parse(raw);
		} catch (error) {
			throw new NodeOperationError(this.getNode(), `${label} is not valid JSON: ${(error as Error).message}`, {
				description: 'Check for missing quotes, commas or braces; an expression such as {{ $json.message }} also works.',
				itemIndex,
			});
		}
	}
	if (!value || typeof value !== 'object' || Array.isArray(value)) {
		throw new NodeOperationError(this.getNode(), `${label} must be a JSON object`, { itemIndex });
	}
	return value as IDataObject;
}

/** A required text parameter, trimmed. */
export function readRequiredText(this: IExecuteFunctions, name: string, label: string, itemIndex: number, hint: string): string {
	const value = String(this.getNodeParameter(name, itemIndex, '') ?? '').trim();
	if (!value) throw new NodeOperationError(this.getNode(), `${label} is empty`, { description: hint, itemIndex });
	return value;
}

export const limitField = (resource: string, operation: string, max: number, extra: Partial<INodeProperties> = {}): INodeProperties => ({
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1, ...(max ? { maxValue: max } : {}) },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { resource: [resource], operation: [operation] } },
	...extra,
});
