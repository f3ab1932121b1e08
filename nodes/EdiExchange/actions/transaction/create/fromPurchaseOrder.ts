/**
 * Create → "Build From Purchase Order": derives the 855, 856 or 810 from the 850 with the
 * order-to-cash builders, the options shown as parameters. Half of Create, not an operation.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	buildAcknowledgment,
	buildInvoice,
	buildShipNotice,
	DocumentError,
	type AcknowledgmentLineOption,
	type Packing,
	type ShipNoticeLineOption,
	replyParties,
} from '../../../documents';
import { serviceTypeOf } from '../../../shared/documentTypes';
import { isX12Text, purchaseOrderFromX12, type X12PurchaseOrder } from '../../../x12Documents';
import { optionsField } from '../../../shared/fields';
import { readJsonParameter } from '../../fields';
import { expressionFailure } from '../../../shared/json';
import { readSscc, ssccFields, ssccLineField } from './sscc';

/** Shown for Create (see forOperation) when the message is built, for these document types. */
const buildable = (documentTypes: string[]) => ({
	show: { messageSource: ['build'], documentType: documentTypes },
});
const [ACK, ASN, INVOICE] = ['855', '856', '810'].map(serviceTypeOf);
const ALL = [ACK, ASN, INVOICE];

/** One Document Options per type, all under one name: each shows only what its document uses. */
const documentOptions = (
	documentType: string,
	description: string,
	options: INodeProperties[],
): INodeProperties => ({
	displayName: 'Document Options',
	name: 'documentOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	description,
	displayOptions: buildable([documentType]),
	options,
});

/**
 * Per-line choices, one entry per purchase order line: each entry names its line by PO Line ID,
 * and readLines reads the entries back.
 */
const lineCollection = (
	field: Pick<
		INodeProperties,
		'displayName' | 'name' | 'placeholder' | 'description' | 'displayOptions'
	>,
	lineIdDescription: string,
	values: INodeProperties[],
): INodeProperties => ({
	...field,
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	default: {},
	options: [
		{
			displayName: 'Line',
			name: 'line',
			values: [
				{
					displayName: 'PO Line ID',
					name: 'purchaseOrderLineId',
					type: 'string',
					default: '',
					description: lineIdDescription,
				},
				...values,
			],
		},
	],
});

/** "line decisions" as a display name: "Line Decisions" (n8n's title case; "to" stays small). */
const titled = (what: string) =>
	what.replace(/\b\w+/g, (word) => (word === 'to' ? word : word[0].toUpperCase() + word.slice(1)));

/**
 * Line choices may also come as data (Define Lines → Using JSON): the rows a database query or a
 * spreadsheet returned, e.g. {{ $('Stock').all().map(i => i.json) }}. Shown for one document type.
 */
const linesInput = (
	name: string,
	what: string,
	example: string,
	documentType: string,
): INodeProperties[] => [
	{
		displayName: 'Define Lines',
		name: `${name}Input`,
		type: 'options',
		default: 'fields',
		options: [
			{ name: 'Using Fields Below', value: 'fields', description: `Type the ${what} one by one` },
			{
				name: 'Using JSON',
				value: 'json',
				description: `Take the ${what} from data, e.g. rows a database query returned`,
			},
		],
		description: `Where the ${what} come from`,
		displayOptions: buildable([documentType]),
	},
	{
		displayName: `${titled(what)} (JSON)`,
		name: `${name}Json`,
		type: 'json',
		default: '[]',
		description: `A list of ${what}, each ${example}. Lines not listed are handled as with the fields.`,
		displayOptions: { show: { ...buildable([documentType]).show, [`${name}Input`]: ['json'] } },
	},
];

function readLines(this: IExecuteFunctions, name: string, itemIndex: number): IDataObject[] {
	if (this.getNodeParameter(`${name}Input`, itemIndex, 'fields') !== 'json')
		return ((this.getNodeParameter(name, itemIndex, {}) as IDataObject).line ??
			[]) as IDataObject[];
	const label = `${titled(name === 'shipLines' ? 'lines to ship' : 'line decisions')} (JSON)`;
	const value = readJsonParameter.call(this, `${name}Json`, label, itemIndex) ?? [];
	const rows = Array.isArray(value) ? value : [value];
	rows.forEach((row, index) => {
		if (typeof row !== 'object' || row === null || Array.isArray(row)) {
			throw new NodeOperationError(
				this.getNode(),
				`${label}: entry ${index} is ${JSON.stringify(row)?.slice(0, 60)}, not an object with purchaseOrderLineId`,
				{
					description:
						'Give a list of objects such as [{ "purchaseOrderLineId": "1", "status": "backordered", "quantity": "2" }]: one per line decision.',
					itemIndex,
				},
			);
		}
	});
	return rows as IDataObject[];
}

export const fromPurchaseOrderFields: INodeProperties[] = [
	{
		displayName: 'Purchase Order (850)',
		name: 'purchaseOrder',
		type: 'json',
		default: '={{ $json }}',
		description:
			"The 850: an item as the trigger, Get Message, Inbox → Get Many or X12 → Convert emit it (its message or document; its senderId and receiverId when it names them, else set Sender ID and Receiver ID), the purchase order message itself, or an X12 interchange holding one 850. Further down a workflow, point at the trigger's item (see the hint).",
		// Expression examples live in hints: n8n's lint would upper-case the .json of a description.
		hint: "Further down a workflow: {{ $('EDI Exchange Trigger').item.json }}",
		displayOptions: buildable(ALL),
	},
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
	...linesInput(
		'acknowledgmentLines',
		'line decisions',
		'{ "purchaseOrderLineId": "1", "status": "accepted" | "backordered" | "rejected", "quantity": "5", "unitCostPrice"?: "9.99" }',
		ACK,
	),
	lineCollection(
		{
			displayName: 'Line Decisions',
			name: 'acknowledgmentLines',
			placeholder: 'Add Line Decision',
			description: 'Lines not listed are accepted as ordered',
			displayOptions: { show: { ...buildable([ACK]).show, acknowledgmentLinesInput: ['fields'] } },
		},
		'The purchase order line (its purchaseOrderLineId)',
		[
			optionsField(
				{ displayName: 'Status', name: 'status', description: 'Your decision on this line' },
				[
					{ name: 'Accepted', value: 'accepted', description: 'Ships as acknowledged' },
					{ name: 'Backordered', value: 'backordered', description: 'Ships later' },
					{ name: 'Rejected', value: 'rejected', description: 'Will not ship' },
				],
			),
			{
				displayName: 'Quantity',
				name: 'quantity',
				type: 'string',
				default: '',
				description: 'Leave empty for the ordered quantity',
			},
			{
				displayName: 'Unit Price',
				name: 'unitCostPrice',
				type: 'string',
				default: '',
				description: 'Leave empty for the ordered price',
			},
		],
	),
	...linesInput(
		'shipLines',
		'lines to ship',
		'{ "purchaseOrderLineId": "1", "quantity": "5" }',
		ASN,
	),
	lineCollection(
		{
			displayName: 'Lines to Ship',
			name: 'shipLines',
			placeholder: 'Add Line to Ship',
			description:
				'A partial shipment: only these lines and quantities. Empty ships everything accepted (or ordered).',
			displayOptions: { show: { ...buildable([ASN]).show, shipLinesInput: ['fields'] } },
		},
		'The purchase order line to ship (its purchaseOrderLineId)',
		[
			{
				displayName: 'Quantity',
				name: 'quantity',
				type: 'string',
				default: '',
				description: 'Leave empty for all that was accepted',
			},
			ssccLineField,
		],
	),
	documentOptions(ACK, 'Dates of the acknowledgment (855)', [
		{
			displayName: 'Estimated Delivery Date',
			name: 'estimatedDeliveryDate',
			type: 'dateTime',
			default: '',
			description: 'When the goods are expected to arrive at the buyer',
		},
		{
			displayName: 'Scheduled Ship Date',
			name: 'scheduledShipDate',
			type: 'dateTime',
			default: '',
			description: 'When you plan to ship the order',
		},
	]),
	documentOptions(ASN, 'Shipment details of the ship notice (856)', [
		{
			displayName: 'Bill of Lading Number',
			name: 'billOfLadingNumber',
			type: 'string',
			default: '',
			description: 'The carrier’s bill of lading for this shipment',
		},
		{
			displayName: 'Carrier SCAC',
			name: 'carrierScac',
			type: 'string',
			default: '',
			placeholder: 'e.g. FEDX',
			description: 'The carrier’s Standard Carrier Alpha Code',
		},
		{
			displayName: 'Delivery Date',
			name: 'deliveryDate',
			type: 'dateTime',
			default: '',
			description: 'When the shipment is expected to arrive',
		},
		optionsField(
			{
				displayName: 'Packing',
				name: 'packing',
				description: 'How the items are packed on the one pallet',
			},
			[
				{
					name: 'One Carton per Line',
					value: 'cartonPerLine',
					description: 'Each order line in a carton of its own',
				},
				{ name: 'A Single Carton', value: 'singleCarton', description: 'All lines in one carton' },
			],
		),
		{
			displayName: 'Service Level',
			name: 'serviceLevel',
			type: 'string',
			default: '',
			placeholder: 'e.g. ground',
			description: 'The carrier’s service level',
		},
		{
			displayName: 'Ship Date',
			name: 'shipDate',
			type: 'dateTime',
			default: '',
			description: 'When the goods left; empty means today',
		},
		{
			displayName: 'Shipment ID',
			name: 'shipmentId',
			type: 'string',
			default: '',
			description: 'Your ID of the shipment; empty means SHP-&lt;PO number&gt;',
		},
		...ssccFields,
		{
			displayName: 'Tracking Number',
			name: 'trackingNumber',
			type: 'string',
			default: '',
			description: 'The carrier’s tracking number',
		},
		{
			displayName: 'Transportation Method',
			name: 'transportationMethod',
			type: 'string',
			default: '',
			placeholder: 'e.g. commonCarrier',
			description: 'How the goods travel',
		},
	]),
	documentOptions(INVOICE, 'Number, date and charges of the invoice (810)', [
		{
			displayName: 'Carry Over Charges and Allowances',
			name: 'carryChargesAndAllowances',
			type: 'boolean',
			default: true,
			description: 'Whether the invoice carries over the purchase order’s charges and allowances',
		},
		{
			displayName: 'Invoice Date',
			name: 'invoiceDate',
			type: 'dateTime',
			default: '',
			description: 'The date of the invoice; empty means today',
		},
		{
			displayName: 'Invoice Number',
			name: 'invoiceNumber',
			type: 'string',
			default: '',
			description: 'Your invoice number; empty means INV-&lt;PO number&gt;',
		},
	]),
];

/** Option values: empty strings mean "not given". */
function given(values: IDataObject): IDataObject {
	return Object.fromEntries(
		Object.entries(values).filter(
			([, value]) => value !== '' && value !== undefined && value !== null,
		),
	);
}

const today = () => new Date().toISOString().slice(0, 10);

export interface BuiltMessage {
	message: IDataObject;
	senderId: string;
	receiverId: string;
}

type Parties = { senderId: string; receiverId: string };

const PURCHASE_ORDER = 'Purchase Order (850)';

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
			'Build From Purchase Order makes 855, 856 and 810 documents only',
			{
				description: 'Choose one of those as Document Type, or use the JSON message source.',
				itemIndex,
			},
		);
	}
	const { order, parties } = readOrder.call(this, itemIndex);
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
		message: buildDocument.call(this, documentType, order, itemIndex),
		senderId,
		receiverId,
	};
}

/** The 850 and its parties (empty when the item does not name them), from any shape given. */
function readOrder(
	this: IExecuteFunctions,
	itemIndex: number,
): { order: unknown; parties: Parties } {
	let given: unknown;
	try {
		given = this.getNodeParameter('purchaseOrder', itemIndex, '');
	} catch (error) {
		throw expressionFailure(this.getNode(), error, PURCHASE_ORDER, itemIndex);
	}
	const order = isX12Text(given)
		? given
		: readJsonParameter.call(this, 'purchaseOrder', PURCHASE_ORDER, itemIndex);
	if (isX12Text(order) || isX12Text((order as IDataObject | undefined)?.message))
		return readX12Order.call(this, order as string | IDataObject, itemIndex);
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
 * The 850 as X12 (typed, mapped, or the item Get Message or the trigger emits with its X12
 * message): read into the purchase order, which the builders take as they take a JSON one. The
 * parties are the interchange's unless the item names them as the service does.
 */
function readX12Order(
	this: IExecuteFunctions,
	order: string | IDataObject,
	itemIndex: number,
): { order: unknown; parties: Parties } {
	const item = typeof order === 'string' ? {} : order;
	let read: X12PurchaseOrder;
	try {
		read = purchaseOrderFromX12(typeof order === 'string' ? order : (order.message as string));
	} catch (error) {
		throw new NodeOperationError(this.getNode(), (error as Error).message, {
			description:
				'Purchase Order (850) holds X12: it must be one interchange with one readable 850. Use X12 → Convert to see what it holds.',
			itemIndex,
		});
	}
	const party = (value: unknown, fallback: string) =>
		typeof value === 'string' && value !== '' ? value : fallback;
	return {
		order: read.purchaseOrder,
		parties: {
			senderId: party(item.senderId, read.senderId),
			receiverId: party(item.receiverId, read.receiverId),
		},
	};
}

/** Builds the document, turning a DocumentError into an error naming the field. */
function buildDocument(
	this: IExecuteFunctions,
	documentType: string,
	order: unknown,
	itemIndex: number,
): IDataObject {
	const options = this.getNodeParameter('documentOptions', itemIndex, {}) as IDataObject;
	try {
		return build.call(this, documentType, order, given(options), itemIndex) as IDataObject;
	} catch (error) {
		if (!(error instanceof DocumentError))
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		throw new NodeOperationError(this.getNode(), error.message, {
			description:
				'The purchase order (850) given to Build From Purchase Order lacks what the document needs. Check the field named above, or that Purchase Order (850) points at the 850.',
			itemIndex,
		});
	}
}

function build(
	this: IExecuteFunctions,
	documentType: string,
	order: unknown,
	options: IDataObject,
	itemIndex: number,
): unknown {
	const date = (value: unknown) => (value ? String(value).slice(0, 10) : undefined);
	if (documentType === ACK) {
		const lines = readLines.call(this, 'acknowledgmentLines', itemIndex);
		return buildAcknowledgment(order, {
			scheduledShipDate: date(options.scheduledShipDate),
			estimatedDeliveryDate: date(options.estimatedDeliveryDate),
			lines: lines.map((line) => given(line) as unknown as AcknowledgmentLineOption),
		});
	}
	const acknowledgment = readJsonParameter.call(
		this,
		'acknowledgment',
		'Acknowledgment (855)',
		itemIndex,
	);
	if (documentType === ASN) {
		const lines = readLines.call(this, 'shipLines', itemIndex);
		return buildShipNotice(order, {
			shipDate: date(options.shipDate) ?? today(),
			deliveryDate: date(options.deliveryDate),
			shipmentId: options.shipmentId as string | undefined,
			acknowledgment,
			lines: lines.length
				? lines.map((line) => given(line) as unknown as ShipNoticeLineOption)
				: undefined,
			carrierScac: options.carrierScac as string | undefined,
			transportationMethod: options.transportationMethod as string | undefined,
			serviceLevel: options.serviceLevel as string | undefined,
			billOfLadingNumber: options.billOfLadingNumber as string | undefined,
			trackingNumber: options.trackingNumber as string | undefined,
			packing: options.packing as Packing | undefined,
			sscc: readSscc(options),
		});
	}
	return buildInvoice(order, {
		invoiceDate: date(options.invoiceDate) ?? today(),
		invoiceNumber: options.invoiceNumber as string | undefined,
		acknowledgment,
		shipNotice: readJsonParameter.call(this, 'shipNotice', 'Ship Notice (856)', itemIndex),
		// Read as a boolean with the options (shared/parameters.ts): "false" is false.
		carryChargesAndAllowances: options.carryChargesAndAllowances as boolean | undefined,
	});
}
