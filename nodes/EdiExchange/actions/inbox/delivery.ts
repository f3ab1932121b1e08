/** Accept and Fail: record the outcome of an inbox delivery, found from the input item or from ids. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionsField } from '../../shared/fields';
import { deliveryHref, MAX_NOTE_LENGTH } from '../../transport/inbox';
import { readRequiredText, readTransactionId, transactionIdFields } from '../fields';
import { forOperation, type Operation } from '../types';

function deliveryFields(defaultNote: string): INodeProperties[] {
	const byIds = { show: { deliverySource: ['ids'] } };
	return [
		optionsField(
			{
				displayName: 'Delivery',
				name: 'deliverySource',
				description: 'How to find the delivery to record the outcome of',
			},
			[
				{
					name: 'From Input Item',
					value: 'inputItem',
					description:
						'Use the delivery links of the input item (from Inbox → Get Many or the trigger’s inbox source)',
				},
				{ name: 'By ID', value: 'ids', description: 'Give the transaction ID and delivery ID' },
			],
		),
		...transactionIdFields(
			'The inbound transaction the delivery belongs to (transactionId of the inbox item)',
			byIds.show,
		),
		{
			displayName: 'Delivery ID',
			name: 'deliveryId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. b646771e-a068-4e32-832f-e96f895c5ec9',
			description: 'The delivery of the inbox item (its delivery.deliveryId)',
			displayOptions: byIds,
		},
		{
			displayName: 'Note',
			name: 'note',
			type: 'string',
			default: defaultNote,
			required: true,
			description: `Recorded with the outcome; the service requires one (at most ${MAX_NOTE_LENGTH} characters)`,
		},
	];
}

function deliveryOperation(operation: 'accept' | 'fail', defaultNote: string): Operation {
	const route = operation === 'accept' ? 'acceptDelivery' : 'failDelivery';
	return {
		subtitle: operation === 'accept' ? '"Accept Delivery"' : '"Fail Delivery"',
		description: forOperation('inbox', operation, deliveryFields(defaultNote)),

		async execute(itemIndex, client) {
			const note = readRequiredText.call(
				this,
				'note',
				'Note',
				itemIndex,
				'Enter a short note; the service requires one.',
			);
			if (note.length > MAX_NOTE_LENGTH) {
				throw new NodeOperationError(
					this.getNode(),
					`The note is ${note.length} characters long; the service accepts at most ${MAX_NOTE_LENGTH}`,
					{
						description: 'Shorten the note.',
						itemIndex,
					},
				);
			}
			const source = this.getNodeParameter('deliverySource', itemIndex) as string;
			const call =
				source === 'ids'
					? {
							params: {
								transactionId: readTransactionId.call(this, 'transactionId', itemIndex),
								deliveryId: readRequiredText.call(
									this,
									'deliveryId',
									'Delivery ID',
									itemIndex,
									'Enter the delivery id of the inbox item.',
								),
							},
						}
					: { href: inputItemHref.call(this, operation, itemIndex) };
			const { body } = await client.send({
				route,
				...call,
				body: { note },
				itemIndex,
			});
			return [{ json: outcomeOf(body as IDataObject, note) }];
		},
	};
}

/**
 * The service answers a repeated accept (or fail) as if it were new, with the outcome that stands
 * and its first note: a note other than ours means the delivery was already recorded, so say so
 * rather than let it look like a fresh acceptance.
 */
function outcomeOf(answer: IDataObject, note: string): IDataObject {
	if (typeof answer.note !== 'string' || answer.note === note) return answer;
	return {
		...answer,
		alreadyRecorded: true,
		hint: `This delivery was already ${String(answer.status ?? 'recorded').toLowerCase()} before, with the note "${answer.note}": that outcome stands, and this note was not recorded.`,
	};
}

/** The accept or fail link of the input item's delivery, as the service handed it out. */
function inputItemHref(
	this: IExecuteFunctions,
	operation: 'accept' | 'fail',
	itemIndex: number,
): string {
	const href = deliveryHref(this.getInputData()[itemIndex].json, operation);
	if (typeof href !== 'string' || !href) {
		throw new NodeOperationError(
			this.getNode(),
			`The input item has no delivery.${operation}.href`,
			{
				description:
					'Connect this node after Inbox → Get Many or the trigger’s inbox source, or set Delivery to By ID.',
				itemIndex,
			},
		);
	}
	return href;
}

export const accept = deliveryOperation('accept', 'Processed by n8n');
export const fail = deliveryOperation('fail', 'Could not be processed by the n8n workflow');
