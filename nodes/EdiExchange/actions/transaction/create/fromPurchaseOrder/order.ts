/**
 * The purchase order (850) that Build From Purchase Order answers, from any shape the field's
 * description names, with its parties when the item names them.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { expressionFailure } from '../../../../shared/json';
import { documentFromX12, isX12Text, type X12Document } from '../../../../x12Documents';
import { readJsonParameter } from '../../../fields';

export type Parties = { senderId: string; receiverId: string };

export const PURCHASE_ORDER = 'Purchase Order (850)';

/** The field the order comes from: the 850, or the 860 an 865 answers; `x12`: the set it reads from X12 text. */
export interface SourceField {
	name: string;
	label: string;
	x12: '850' | '860';
}

export const ORDER_FIELD: SourceField = {
	name: 'purchaseOrder',
	label: PURCHASE_ORDER,
	x12: '850',
};

/** The 850 (or `field`'s document) and its parties (empty when the item does not name them), from any shape given. */
export function readOrder(
	this: IExecuteFunctions,
	itemIndex: number,
	field = ORDER_FIELD,
): { order: unknown; parties: Parties } {
	let given: unknown;
	try {
		given = this.getNodeParameter(field.name, itemIndex, '');
	} catch (error) {
		throw expressionFailure(this.getNode(), error, field.label, itemIndex);
	}
	const order = isX12Text(given)
		? given
		: readJsonParameter.call(this, field.name, field.label, itemIndex);
	if (isX12Text(order) || isX12Text((order as IDataObject | undefined)?.message))
		return readX12Order.call(this, order as string | IDataObject, field, itemIndex);
	if (!order || typeof order !== 'object') {
		throw new NodeOperationError(this.getNode(), 'No purchase order (850) to build from', {
			description:
				'Connect this node after the EDI Exchange Trigger or Get Message, or point Purchase Order (850) at the 850.',
			itemIndex,
		});
	}
	const item = order as IDataObject;
	const text = (value: unknown) => (typeof value === 'string' ? value : '');
	const isObject = (value: unknown): value is IDataObject =>
		typeof value === 'object' && value !== null && !Array.isArray(value);
	// X12 → Convert's item, or Get Message's X12 item without its text: the document read from
	// the interchange, whose parties are under x12.
	if (item.message === undefined && isObject(item.document)) {
		const x12 = isObject(item.x12) ? item.x12 : {};
		return {
			order: item.document,
			parties: {
				senderId: text(item.senderId) || text(x12.senderId),
				receiverId: text(item.receiverId) || text(x12.receiverId),
			},
		};
	}
	if (
		item.message === undefined &&
		(item.transactionId !== undefined || item.delivery !== undefined)
	) {
		throw new NodeOperationError(
			this.getNode(),
			'The purchase order item has no message: it was read without its document',
			{
				description:
					'Turn Simplify off in Inbox → Get Many (or Include Message on in the trigger), so the item carries the 850 message.',
				itemIndex,
			},
		);
	}
	return {
		order,
		parties: { senderId: text(item.senderId), receiverId: text(item.receiverId) },
	};
}

/**
 * The 850 (or the 860 an 865 answers) as X12 (typed, mapped, or the item Get Message or the
 * trigger emits with its X12 message): read into its document, which the builders take as they
 * take a JSON one. The parties are the interchange's unless the item names them as the service does.
 */
function readX12Order(
	this: IExecuteFunctions,
	order: string | IDataObject,
	field: SourceField,
	itemIndex: number,
): { order: unknown; parties: Parties } {
	const item = typeof order === 'string' ? {} : order;
	let read: X12Document;
	try {
		read = documentFromX12(
			typeof order === 'string' ? order : (order.message as string),
			field.x12,
		);
	} catch (error) {
		throw new NodeOperationError(this.getNode(), (error as Error).message, {
			description: `${field.label} holds X12: it must be one interchange with one readable ${field.x12}. Use X12 → Convert to see what it holds.`,
			itemIndex,
		});
	}
	const party = (value: unknown, fallback: string) =>
		typeof value === 'string' && value !== '' ? value : fallback;
	return {
		order: read.document,
		parties: {
			senderId: party(item.senderId, read.senderId),
			receiverId: party(item.receiverId, read.receiverId),
		},
	};
}
