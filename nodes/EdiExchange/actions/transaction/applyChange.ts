/**
 * Transaction → Apply Change (860): a purchase order and its purchase order changes → the effective
 * order and a change log per line, locally (documents/applyChange.ts). Sends nothing.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DocumentError } from '../../documents';
import { applyChanges } from '../../documents/applyChange';
import { readJsonParameter } from '../fields';
import { forOperation, type Operation } from '../types';

export const applyChangeOperation: Operation = {
	subtitle: '"Apply Change (860)"',
	description: forOperation('transaction', 'applyChange', [
		{
			displayName: 'Purchase Order (850)',
			name: 'changedOrder',
			type: 'json',
			default: '',
			required: true,
			description:
				'The 850 the changes are for (an item as the trigger or Inbox → Get Many emit it, or the message itself), or the effective order an earlier Apply Change put out',
		},
		{
			displayName: 'Changes (860)',
			name: 'changes',
			type: 'json',
			default: '={{ $json.message }}',
			description:
				'One 860 message, or a list of them: applied in sequence (changeSequenceNumber), each only once',
		},
	]),

	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const order = readJsonParameter.call(this, 'changedOrder', 'Purchase Order (850)', itemIndex);
		const changes = readJsonParameter.call(this, 'changes', 'Changes (860)', itemIndex);
		try {
			return [{ json: applyChanges(order, changes) as unknown as IDataObject }];
		} catch (error) {
			if (!(error instanceof DocumentError))
				throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
			throw new NodeOperationError(this.getNode(), `Cannot apply the change: ${error.message}`, {
				description:
					'Point Purchase Order (850) at the order the 860s change, and Changes (860) at its 860 messages. Nothing was changed or sent.',
				itemIndex,
			});
		}
	},
};
