/** Fields both nodes show: one definition per name, so the action node and the trigger read alike. */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { TRANSACTION_TYPE_OPTIONS } from '../documents/registry';

/** A choice among options: its default is the first option unless the field names another. */
export const optionsField = (
	field: Omit<INodeProperties, 'type' | 'default' | 'options'> &
		Partial<Pick<INodeProperties, 'default'>>,
	options: INodePropertyOptions[],
): INodeProperties => ({ type: 'options', default: options[0].value, options, ...field });

export const STREAM_OPTIONS = [
	{ name: 'Test', value: 'test', description: 'Test traffic: safe to experiment with' },
	{
		name: 'Live',
		value: 'live',
		description: 'Production documents exchanged with trading partners for real',
	},
];

/** The stream to read or write: every operation and the trigger use this one definition. */
export const streamField = (extra: Partial<INodeProperties> = {}): INodeProperties => ({
	displayName: 'Stream',
	name: 'stream',
	type: 'options',
	default: 'test',
	description: 'Test traffic or the live exchange with trading partners',
	options: STREAM_OPTIONS,
	...extra,
});

/** Document types to keep, filtered by the node: the service cannot filter by type. */
export const transactionTypesField = (
	description: string,
	extra: Partial<INodeProperties> = {},
): INodeProperties => ({
	displayName: 'Transaction Types',
	name: 'transactionTypes',
	type: 'multiOptions',
	default: [],
	options: TRANSACTION_TYPE_OPTIONS,
	description,
	...extra,
});

/** The "Options" collection of an operation: settings most users leave alone. */
export const optionsCollection = (
	options: INodeProperties[],
	description?: string,
): INodeProperties => ({
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	...(description ? { description } : {}),
	options,
});

/**
 * Text Encoding: how X12 bytes are read as text (Get Message, the trigger's Include Message, X12 →
 * Convert from a binary field). Text that is not valid UTF-8 is read with a warning naming the
 * byte offset; a partner that writes Latin-1 is read right with Latin-1.
 */
export const textEncodingField = (extra: Partial<INodeProperties> = {}): INodeProperties =>
	optionsField(
		{
			displayName: 'Text Encoding',
			name: 'encoding',
			default: 'utf8',
			description: 'How the message’s bytes are read as text',
			...extra,
		},
		[
			{ name: 'UTF-8', value: 'utf8', description: 'The standard (default)' },
			{
				name: 'Latin-1',
				value: 'latin1',
				description:
					'For a partner that writes ISO 8859-1 or Windows-1252 (é, ü read as UTF-8 become �)',
			},
		],
	);
