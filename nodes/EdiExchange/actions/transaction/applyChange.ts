/**
 * Transaction → Apply Change (860): a purchase order and its purchase order changes → the effective
 * order and a change log per line, locally (documents/applyChange.ts). Sends nothing.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
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

/** Build From Purchase Order's optional 860s: the document is then built from the effective order. */
export const purchaseOrderChangesField: INodeProperties = {
	displayName: 'Changes (860)',
	name: 'purchaseOrderChanges',
	type: 'json',
	default: '',
	description:
		'Optional: the 860s received for this order (one message or a list). The document then follows the effective order: deleted and cancelled lines are neither shipped nor billed, changed quantities and prices are used, and a cancelled order is refused. Or give Apply Change’s effective order as the purchase order.',
};

/** The order to build from: the 850 with the 860s of Changes (860) applied, when given. */
export function withPurchaseOrderChanges(
	this: IExecuteFunctions,
	order: unknown,
	itemIndex: number,
): unknown {
	const changes = readJsonParameter.call(this, 'purchaseOrderChanges', 'Changes (860)', itemIndex);
	if (changes === undefined || changes === null || changes === '') return order;
	return applyChanges(order, changes).effectiveOrder;
}
