/** Create: sends one structured document, its message typed, taken from the input item or built from a purchase order. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { codesThat, SERVICE_TYPE_OPTIONS, serviceTypeOf } from '../../../documents/registry';
import { optionsField, streamField } from '../../../shared/fields';
import { parseJsonText } from '../../../shared/json';
import { partyFields, readJsonObject, readRequiredText, sendingOptions } from '../../fields';
import { forOperation, type Operation } from '../../types';
import { CHECKED_TYPES, refuseProblems, shieldFields, shieldProblems } from '../checkDocument';
import type { CheckedType } from '../../../documents/check';
import { buildMessage, fromPurchaseOrderFields } from './fromPurchaseOrder';
import { integrationPathFields, type Outbound, sendDocument } from '../../integrationPaths';
import { expectDocuments, sendOnceOptions } from '../../sendOnce';
import type { ServiceClient } from '../../../transport/client';
import { FROM_ROWS, inventoryFields } from './inventory/fields';
import { sendInventoryFeed } from './inventory';

const CHECKABLE = codesThat('check').map(serviceTypeOf);

const documentTypeField = optionsField(
	{
		displayName: 'Document Type',
		name: 'documentType',
		required: true,
		default: serviceTypeOf('855'),
		description: 'The kind of business document to send',
	},
	SERVICE_TYPE_OPTIONS,
);

export const create: Operation = {
	subtitle: '"Create " + String($parameter["documentType"]).split("_")[0]',
	description: forOperation('transaction', 'create', [
		documentTypeField,
		streamField({ description: 'Test documents are not passed on as real business documents' }),
		{
			displayName:
				'Live sends a real business document to your trading partner. Try the node on the Test stream (or with the sandbox) first.',
			name: 'liveNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { stream: ['live'] } },
		},
		...partyFields({
			sender: {
				description:
					'Your organization’s trading ID. With the message built from a purchase order, leave empty to use the PO’s receiver.',
			},
			receiver: {
				description:
					'The trading partner’s ID. With the message built from a purchase order, leave empty to use the PO’s sender.',
			},
		}),
		optionsField(
			{
				displayName: 'Message Source',
				name: 'messageSource',
				description: 'Where the structured message comes from',
			},
			[
				{
					name: 'JSON',
					value: 'json',
					description: 'Enter the structured message as JSON (or an expression)',
				},
				{
					name: 'Field of Input Item',
					value: 'field',
					description: 'Take the message from a field of the input item',
				},
				{
					name: 'Build From Purchase Order',
					value: 'build',
					description:
						'Derive an 855, 856 or 810 from the 850 in the input item (as the trigger or Get Message emits it)',
				},
				{
					name: 'Build Inventory Advice From Rows',
					value: FROM_ROWS,
					description:
						'846 only: all input items are rows of one inventory feed (item, location, quantities), sent as one 846 per receiver',
				},
			],
		),
		{
			displayName: 'Message',
			name: 'message',
			type: 'json',
			default: '{\n  "purchaseOrderNumber": ""\n}',
			description:
				'The structured message: the document itself, e.g. an 855’s purchaseOrderNumber, status and lineItems',
			displayOptions: { show: { messageSource: ['json'] } },
		},
		{
			displayName: 'Message Field',
			name: 'messageField',
			type: 'string',
			default: 'message',
			placeholder: 'e.g. message or data.document',
			description: 'The input item field (dot path) holding the message object',
			displayOptions: { show: { messageSource: ['field'] } },
		},
		...fromPurchaseOrderFields,
		...inventoryFields,
		{
			displayName: 'Check Against Purchase Order',
			name: 'checkAgainstOrder',
			type: 'boolean',
			default: false,
			description:
				'Whether to check the document against its 850 (and the 855/856 sent before it) first, with the rules Build From Purchase Order follows: a document a retailer would reject or charge back is not sent',
			displayOptions: { show: { messageSource: ['json', 'field'], documentType: CHECKABLE } },
		},
		...shieldFields({ messageSource: ['json', 'field'], checkAgainstOrder: [true] }, (types) => ({
			documentType: types.map(serviceTypeOf),
		})),
		...integrationPathFields,
		sendingOptions('documents', sendOnceOptions),
	]),
	concurrent: true,
	// Build Inventory Advice From Rows reads every input item as one feed.
	allItems: {
		applies() {
			return this.getNodeParameter('messageSource', 0) === FROM_ROWS;
		},
		execute: sendInventoryFeed,
	},

	async execute(itemIndex, client) {
		// Every item's document is read before the first is sent: their earlier sends are looked
		// up together (sendOnce/), and each item still fails or goes out in its turn.
		const documents = client.runState('create.documents', () => readDocuments.call(this, client));
		const document = documents[itemIndex];
		if (document instanceof Error) throw document;
		return [{ json: await sendDocument.call(this, client, itemIndex, document) }];
	},
};

/** Each input item's document, or the error that refuses it (nothing sent for it). */
function readDocuments(this: IExecuteFunctions, client: ServiceClient): Array<Outbound | Error> {
	const documents = this.getInputData().map((_, itemIndex) => {
		try {
			return readDocument.call(this, itemIndex);
		} catch (error) {
			return error instanceof Error
				? error
				: new NodeOperationError(this.getNode(), String(error), { itemIndex });
		}
	});
	expectDocuments.call(
		this,
		client,
		documents.flatMap((document, itemIndex) =>
			document instanceof Error ? [] : [{ itemIndex, document }],
		),
	);
	return documents;
}

/** The item's document: its message typed, taken from the item or built, checked if asked. */
function readDocument(this: IExecuteFunctions, itemIndex: number): Outbound {
	const type = this.getNodeParameter('documentType', itemIndex) as string;
	const stream = this.getNodeParameter('stream', itemIndex) as string;
	const source = this.getNodeParameter('messageSource', itemIndex) as string;
	let senderId = (this.getNodeParameter('senderId', itemIndex, '') as string).trim();
	let receiverId = (this.getNodeParameter('receiverId', itemIndex, '') as string).trim();

	let message: IDataObject;
	if (source === 'build') {
		({ message, senderId, receiverId } = buildMessage.call(this, type, itemIndex, {
			senderId,
			receiverId,
		}));
	} else if (source === 'field') {
		message = messageFromField.call(this, itemIndex);
	} else {
		message = readJsonObject.call(this, 'message', 'Message', itemIndex);
	}
	const code = type.split('_')[0] as CheckedType;
	if (source !== 'build' && CHECKED_TYPES.includes(code)) {
		if (this.getNodeParameter('checkAgainstOrder', itemIndex, false) === true) {
			const problems = shieldProblems.call(this, code, message, itemIndex);
			refuseProblems.call(this, code, problems, itemIndex);
		}
	}
	if (!senderId)
		readRequiredText.call(
			this,
			'senderId',
			'Sender ID',
			itemIndex,
			'Enter your organization’s trading id.',
		);
	if (!receiverId)
		readRequiredText.call(
			this,
			'receiverId',
			'Receiver ID',
			itemIndex,
			'Enter the trading partner’s id.',
		);
	return { type, stream, senderId, receiverId, message };
}

function messageFromField(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const path = readRequiredText.call(
		this,
		'messageField',
		'Message Field',
		itemIndex,
		'Name the input field holding the message, e.g. message.',
	);
	let value: unknown = this.getInputData()[itemIndex].json;
	for (const key of path.split('.')) value = (value as IDataObject | undefined)?.[key];
	try {
		value = parseJsonText(value);
	} catch {
		// text that is not JSON: reported below as no message object
	}
	if (!value || typeof value !== 'object' || Array.isArray(value)) {
		throw new NodeOperationError(
			this.getNode(),
			`The input item has no message object in the field "${path}"`,
			{
				description:
					'Point Message Field at the field that holds the document, or choose JSON as the message source.',
				itemIndex,
			},
		);
	}
	return value as IDataObject;
}
