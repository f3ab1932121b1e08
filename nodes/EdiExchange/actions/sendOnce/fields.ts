/** Create → Options: what Create does with a document whose business number already went out. */
import type { INodeProperties } from 'n8n-workflow';

import { optionsField } from '../../shared/fields';

/** Options → Already-Sent Lookback when left alone: 10 pages of the list. */
export const DEFAULT_LOOKBACK = 1000;

export const sendOnceOptions: INodeProperties[] = [
	{
		displayName: 'Already-Sent Lookback',
		name: 'alreadySentLookback',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 100000, numberPrecision: 0 },
		default: DEFAULT_LOOKBACK,
		description:
			'The most outbound transactions the already-sent check reads per lookup. A service that refuses the list’s businessNumber filter is checked by reading this many of its latest outbound transactions of the stream instead: a document sent before those is not seen.',
	},
	optionsField(
		{
			displayName: 'If Already Sent',
			name: 'ifAlreadySent',
			default: 'refuse',
			description:
				'What happens to a document whose business number (PO number of an 855, PO number and change sequence number of an 865, shipment ID of an 856, invoice number of an 810, report number of an 846) already went to the same receiver as the same type on the same stream, unless the receiver rejected it',
		},
		[
			{
				name: 'Refuse',
				value: 'refuse',
				description: 'Send nothing and fail the item, naming the earlier transaction',
			},
			{
				name: 'Send Anyway',
				value: 'sendAnyway',
				description: 'Do not look: send it again (the partner may reject or pay it twice)',
			},
			{
				name: 'Mark as Already Sent',
				value: 'mark',
				description:
					'Send nothing; output the document with alreadySent: true and the earlier transaction, so the workflow can branch',
			},
		],
	),
];
