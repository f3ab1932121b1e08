/**
 * Create → "Build From Purchase Order": derives the 855, 856 or 810 from the 850 with the
 * order-to-cash builders, the options shown as parameters. Half of Create, not an operation: the
 * 850 is read in order.ts, each document's fields and builder are in its own file.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DocumentError, replyParties } from '../../../../documents';
import { codesThat, serviceTypeOf } from '../../../../documents/registry';
import { acknowledgment } from './acknowledgment';
import {
	CHANGE_ACK,
	CHANGE_FIELD,
	changeAcknowledgment,
	purchaseOrderChangeField,
} from './changeAcknowledgment';
import { ACK, ASN, buildable, given, INVOICE, type DocumentBuild } from './fields';
import { invoice } from './invoice';
import { ORDER_FIELD, PURCHASE_ORDER, readOrder, type Parties } from './order';
import { shipNotice } from './shipNotice';
import { purchaseOrderChangesField, withPurchaseOrderChanges } from '../../applyChange';

const BUILDS: Record<string, DocumentBuild> = {
	[ACK]: acknowledgment,
	[ASN]: shipNotice,
	[INVOICE]: invoice,
	[CHANGE_ACK]: changeAcknowledgment,
};
/** The types Build From Purchase Order makes (the registry's `build`). */
const BUILT = codesThat('build');
const ALL = BUILT.map(serviceTypeOf);
/** Those built from the 850 (the 865 is built from the 860 it answers). */
const FROM_ORDER = ALL.filter((type) => type !== CHANGE_ACK);

export const fromPurchaseOrderFields: INodeProperties[] = [
	{
		displayName: PURCHASE_ORDER,
		name: 'purchaseOrder',
		type: 'json',
		default: '={{ $json }}',
		description:
			"The 850: an item as the trigger, Get Message, Inbox → Get Many or X12 → Convert emit it (its message or document; its senderId and receiverId when it names them, else set Sender ID and Receiver ID), the purchase order message itself, or an X12 interchange holding one 850. Further down a workflow, point at the trigger's item (see the hint).",
		// Expression examples live in hints: n8n's lint would upper-case the .json of a description.
		hint: "Further down a workflow: {{ $('EDI Exchange Trigger').item.json }}",
		displayOptions: buildable(FROM_ORDER),
	},
	{ ...purchaseOrderChangesField, displayOptions: buildable(FROM_ORDER) },
	purchaseOrderChangeField,
	{
		displayName: 'Acknowledgment (855)',
		name: 'acknowledgment',
		type: 'json',
		default: '',
		description:
			'Optional: the 855 sent for this order, e.g. the message a Create 855 node sent (see the hint). The ship notice then ships what was accepted; the invoice uses the acknowledged prices.',
		hint: "e.g. {{ $('Create 855').item.json.message }}",
		displayOptions: buildable([ASN, INVOICE]),
	},
	{
		displayName: 'Ship Notice (856)',
		name: 'shipNotice',
		type: 'json',
		default: '',
		description:
			'Optional: the 856 sent for this order, e.g. the message a Create 856 node sent (see the hint). The invoice then bills what was shipped.',
		hint: "e.g. {{ $('Create 856').item.json.message }}",
		displayOptions: buildable([INVOICE]),
	},
	...Object.values(BUILDS).flatMap((document) => document.lines),
	...Object.values(BUILDS).map((document) => document.options),
];

export interface BuiltMessage {
	message: IDataObject;
	senderId: string;
	receiverId: string;
}

/**
 * Builds the reply to the 850 in any shape the field's description names: the trigger's item, Get
 * Message's (JSON: transactionId, format, message; X12: with its document), Inbox → Get Many's,
 * X12 → Convert's (document and x12), the bare document, or X12 text. `typed` are Sender ID and
 * Receiver ID as entered; what is empty comes from the item's parties, swapped.
 */
export function buildMessage(
	this: IExecuteFunctions,
	documentType: string,
	itemIndex: number,
	typed: Parties,
): BuiltMessage {
	if (!ALL.includes(documentType)) {
		throw new NodeOperationError(
			this.getNode(),
			`Build From Purchase Order makes ${BUILT.join(', ').replace(/, (\d+)$/, ' and $1')} documents only`,
			{
				description: 'Choose one of those as Document Type, or use the JSON message source.',
				itemIndex,
			},
		);
	}
	const answersChange = documentType === CHANGE_ACK;
	const field = answersChange ? CHANGE_FIELD : ORDER_FIELD;
	const { order, parties } = readOrder.call(this, itemIndex, field);
	const reply = replyParties(parties);
	const senderId = typed.senderId || reply.senderId;
	const receiverId = typed.receiverId || reply.receiverId;
	const empty = [senderId ? '' : 'Sender ID', receiverId ? '' : 'Receiver ID'].filter(Boolean);
	if (empty.length) {
		const set = [
			senderId ? '' : 'Sender ID to your trading ID (the 850’s receiver)',
			receiverId ? '' : 'Receiver ID to the trading partner’s (the 850’s sender)',
		].filter(Boolean);
		throw new NodeOperationError(
			this.getNode(),
			`${empty.join(' and ')} ${empty.length > 1 ? 'are' : 'is'} empty, and the purchase order item does not name its parties`,
			{
				description: `An item from Get Message, or the bare 850, carries no sender or receiver. Set ${set.join(' and ')}; or build from the trigger’s or Inbox → Get Many’s item, which name them.`,
				itemIndex,
			},
		);
	}
	return {
		message: buildDocument.call(this, BUILDS[documentType], order, itemIndex, answersChange),
		senderId,
		receiverId,
	};
}

/** Builds the document, turning a DocumentError into an error naming the field. */
function buildDocument(
	this: IExecuteFunctions,
	document: DocumentBuild,
	order: unknown,
	itemIndex: number,
	answersChange: boolean,
): IDataObject {
	const options = this.getNodeParameter('documentOptions', itemIndex, {}) as IDataObject;
	try {
		const effective = answersChange ? order : withPurchaseOrderChanges.call(this, order, itemIndex);
		return document.build.call(this, effective, given(options), itemIndex) as IDataObject;
	} catch (error) {
		if (!(error instanceof DocumentError))
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		throw new NodeOperationError(this.getNode(), error.message, {
			description: answersChange
				? 'The purchase order change (860) given to Build From Purchase Order lacks what the 865 needs. Check the field named above, or that Purchase Order Change (860) points at the 860.'
				: 'The purchase order (850) given to Build From Purchase Order lacks what the document needs. Check the field named above, or that Purchase Order (850) points at the 850.',
			itemIndex,
		});
	}
}
