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
import { expressionFailure } from '../../shared/json';
import { changesFromX12, isX12Text } from '../../x12Documents';
import { readJsonParameter } from '../fields';
import { readOrder, type SourceField } from './create/fromPurchaseOrder/order';
import { forOperation, type Operation } from '../types';

const CHANGED_ORDER: SourceField = {
	name: 'changedOrder',
	label: 'Purchase Order (850)',
	x12: '850',
};

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
				'The 850 the changes are for (an item as the trigger, Get Message or Inbox → Get Many emit it, the message itself, or an X12 interchange holding one 850), or the effective order an earlier Apply Change put out',
		},
		{
			displayName: 'Changes (860)',
			name: 'changes',
			type: 'json',
			default: '={{ $json.message }}',
			description:
				'One 860 message, or a list of them, or an X12 interchange holding 860s: applied in sequence (changeSequenceNumber), each only once',
		},
	]),

	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		// Any shape Build From Purchase Order takes: an X12 item or text is read into its 850.
		const { order } = readOrder.call(this, itemIndex, CHANGED_ORDER);
		const changes = readChanges.call(this, 'changes', itemIndex);
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

/**
 * A Changes (860) field: JSON (a message, an item, a list), or X12 text holding 860s, read with
 * the node's 860 reader. An interchange that holds no readable 860 is an error naming the field.
 */
export function readChanges(this: IExecuteFunctions, name: string, itemIndex: number): unknown {
	let given: unknown;
	try {
		given = this.getNodeParameter(name, itemIndex, '');
	} catch (error) {
		throw expressionFailure(this.getNode(), error, 'Changes (860)', itemIndex);
	}
	if (!isX12Text(given)) return readJsonParameter.call(this, name, 'Changes (860)', itemIndex);
	try {
		return changesFromX12(given);
	} catch (error) {
		throw new NodeOperationError(this.getNode(), `Changes (860): ${(error as Error).message}`, {
			description:
				'Changes (860) holds X12: it must be an interchange of readable 860s. Use X12 → Convert to see what it holds. Nothing was changed or sent.',
			itemIndex,
		});
	}
}

/** Build From Purchase Order's optional 860s: the document is then built from the effective order. */
export const purchaseOrderChangesField: INodeProperties = {
	displayName: 'Changes (860)',
	name: 'purchaseOrderChanges',
	type: 'json',
	default: '',
	description:
		'Optional: the 860s received for this order (one message, a list, or an X12 interchange holding them). The document then follows the effective order: deleted and cancelled lines are neither shipped nor billed, changed quantities and prices are used, and a cancelled order is refused. Or give Apply Change’s effective order as the purchase order.',
};

/** The order to build from: the 850 with the 860s of Changes (860) applied, when given. */
export function withPurchaseOrderChanges(
	this: IExecuteFunctions,
	order: unknown,
	itemIndex: number,
): unknown {
	const changes = readChanges.call(this, 'purchaseOrderChanges', itemIndex);
	if (changes === undefined || changes === null || changes === '') return order;
	return applyChanges(order, changes).effectiveOrder;
}
