/**
 * How Create's document travels to the service, its Integration Path: as a structured message
 * (the default), as an X12 interchange through integration payloads (X12 passthrough), or as its
 * X12 segments in service JSON. The X12 is written here, checked element by element, before
 * anything is sent: what X12 cannot carry is an error naming the document's field. X12 → Convert
 * writes its interchange with the same functions. Calls go one way: actions → x12Documents.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DocumentError } from '../documents';
import { codesOnPath, codesThat, serviceTypeOf, typeLabel } from '../documents/registry';
import { refusedError } from '../shared/failed';
import { optionsCollection, optionsField } from '../shared/fields';
import type { ServiceClient } from '../transport/client';
import { DOCUMENT_WRITERS, type ShipNoticeHierarchy, writeInterchange } from '../x12Documents';
import { controlNumberFields, takeControlNumbers } from './controlNumbers';
import { sendPayload } from './integrationPayload/submit';
import { sendOnce } from './sendOnce';

/** X12 codes of the documents the writers take (the registry's `write`). */
export const X12_WRITABLE = codesThat('write');

/** X12 Options → 856 Hierarchy: the ship notice's HL shapes, as the writer names them. */
export const hierarchyField = (documentType: string): INodeProperties =>
	optionsField(
		{
			displayName: '856 Hierarchy',
			name: 'hierarchy',
			default: 'shipmentOrderPackItem',
			description: 'The HL levels of the ship notice',
			displayOptions: { show: { '/documentType': [documentType] } },
		},
		[
			{ name: 'Shipment, Order, Pack, Item (Pick and Pack)', value: 'shipmentOrderPackItem' },
			{ name: 'Shipment, Order, Item (Flat)', value: 'shipmentOrderItem' },
			{ name: 'Shipment, Order, Tare, Pack, Item', value: 'shipmentOrderTarePackItem' },
		],
	);

/** X12 Options → Product ID Order: the qualifiers a partner wants first on each line. */
export const productIdOrderField: INodeProperties = {
	displayName: 'Product ID Order',
	name: 'productIdOrder',
	type: 'string',
	default: '',
	placeholder: 'SK, UP',
	description:
		"Product ID qualifiers to write first on each line (PO1, LIN, IT1), comma-separated, for a partner whose guide asks for them in that order. Lines read from an X12 850 otherwise keep the 850's qualifiers and order.",
};

/** "SK, up" → ['SK', 'UP']; anything but two letters or digits is refused, naming the option. */
function productIdOrder(this: IExecuteFunctions, value: unknown, itemIndex: number): string[] {
	const codes = String(value ?? '')
		.split(',')
		.map((code) => code.trim().toUpperCase())
		.filter(Boolean);
	const wrong = codes.find((code) => !/^[A-Z0-9]{2}$/.test(code));
	if (wrong !== undefined)
		throw new NodeOperationError(
			this.getNode(),
			`X12 Options → Product ID Order holds "${wrong}", which is not an X12 product id qualifier`,
			{
				description:
					'Give two-letter or two-digit qualifiers separated by commas, e.g. "SK, UP". Nothing was sent.',
				itemIndex,
			},
		);
	return codes;
}

export const integrationPathFields: INodeProperties[] = [
	optionsField(
		{
			displayName: 'Integration Path',
			name: 'integrationPath',
			default: 'structured',
			description: 'How the document travels to the service',
			displayOptions: { show: { documentType: codesOnPath('x12').map(serviceTypeOf) } },
		},
		[
			{
				name: 'Structured Message',
				value: 'structured',
				description: 'The JSON document as it is (recommended)',
			},
			{
				name: 'X12 Passthrough',
				value: 'x12',
				description:
					'Written as an X12 004010 interchange (ISA … IEA) and sent as an integration payload',
			},
			{
				name: 'Service JSON (Segments)',
				value: 'serviceJson',
				description: 'Written as X12 segments (without ST/SE) and sent as an integration payload',
			},
		],
	),
	{
		...optionsCollection(
			[
				hierarchyField(serviceTypeOf('856')),
				productIdOrderField,
				...controlNumberFields({ show: { '/integrationPath': ['x12'] } }),
			],
			'How the document is written as X12',
		),
		displayName: 'X12 Options',
		name: 'x12Options',
		displayOptions: { show: { integrationPath: ['x12', 'serviceJson'] } },
	},
];

/** What Create sends: the document's service type ("855_…"), stream, parties and message. */
export interface Outbound {
	type: string;
	stream: string;
	senderId: string;
	receiverId: string;
	message: IDataObject;
}

/**
 * Sends the document on the chosen Integration Path, once per business number (sendOnce/: the
 * check every path goes through, after the document is known to be sendable); the output item's
 * JSON.
 */
export async function sendDocument(
	this: IExecuteFunctions,
	client: ServiceClient,
	itemIndex: number,
	document: Outbound,
): Promise<IDataObject> {
	const path = X12_WRITABLE.includes(document.type.split('_')[0])
		? (this.getNodeParameter('integrationPath', itemIndex, 'structured') as string)
		: 'structured';
	if (path === 'x12' || path === 'serviceJson') {
		const code = document.type.split('_')[0];
		const options = this.getNodeParameter('x12Options', itemIndex, {}) as IDataObject;
		const segments = writeSegments.call(this, code, document.message, options, itemIndex);
		return await sendOnce.call(this, client, itemIndex, document, async () =>
			sendAsX12.call(this, client, itemIndex, path, document, { segments, options }),
		);
	}
	refuseUnstructured.call(this, document.type, itemIndex);
	return await sendOnce.call(this, client, itemIndex, document, async () =>
		sendStructured.call(this, client, itemIndex, document),
	);
}

/** A type the service has no structured message for (the 865) is refused before anything is sent. */
function refuseUnstructured(this: IExecuteFunctions, type: string, itemIndex: number): void {
	const code = type.split('_')[0];
	if (codesOnPath('structured').includes(code) || !X12_WRITABLE.includes(code)) return;
	throw new NodeOperationError(
		this.getNode(),
		`The service has no structured ${typeLabel(code)}: nothing was sent`,
		{
			description: `An ${code} travels as X12. Set Integration Path to X12 Passthrough or Service JSON (Segments).`,
			itemIndex,
		},
	);
}

interface CreateAnswer {
	id?: number | string;
	status?: string;
	detail?: string;
	validationErrors?: Array<{ payloadPaths?: string[]; errorMessage?: string; outputPath?: string }>;
}

/** "message.lineItems[0].productIds: At least one product identifier is required (PO1)" */
function describeValidationErrors(answer: CreateAnswer): string[] {
	return (answer.validationErrors ?? []).map((e) => {
		const where = (e.payloadPaths ?? []).join(', ');
		const segment = e.outputPath ? ` (${e.outputPath})` : '';
		return `${where ? `${where}: ` : ''}${e.errorMessage ?? 'invalid'}${segment}`;
	});
}

/** Structured Message: the JSON document as it is, through createTransaction. */
async function sendStructured(
	this: IExecuteFunctions,
	client: ServiceClient,
	itemIndex: number,
	document: Outbound,
): Promise<IDataObject> {
	const { body } = (await client.send({
		route: 'createTransaction',
		body: { ...document },
		itemIndex,
	})) as { body: CreateAnswer };
	if (body.status === 'FAILED') {
		throw refusedError.call(this, body, {
			refused: `the document (transaction ${body.id}, status FAILED)`,
			reasons: describeValidationErrors(body).join('; ') || `${body.detail}`,
			description:
				'Fix the listed message paths and create the document again. A FAILED document is recorded by the service but not delivered.',
			itemIndex,
		});
	}
	// An empty detail is left out: n8n's table view shows it as a red "empty", as if something failed.
	const { detail, ...answer } = body;
	// The message sent comes along, so the next document of the flow can be built from it.
	return { ...answer, ...(detail ? { detail } : {}), ...document } as IDataObject;
}

/** X12 Passthrough (one interchange) or Service JSON (the segments), as an integration payload. */
async function sendAsX12(
	this: IExecuteFunctions,
	client: ServiceClient,
	itemIndex: number,
	path: 'x12' | 'serviceJson',
	document: Outbound,
	{ segments, options }: { segments: string[][]; options: IDataObject },
): Promise<IDataObject> {
	const code = document.type.split('_')[0];
	const { senderId, receiverId, stream } = document;
	let body: IDataObject;
	let sent: IDataObject;
	if (path === 'x12') {
		const set = { code, segments };
		const { content, controlNumber } = writeOneInterchange.call(
			this,
			itemIndex,
			set,
			document,
			options,
		);
		body = { format: 'x12', content };
		sent = { x12: content, interchangeControlNumber: controlNumber };
	} else {
		body = { format: 'json', type: code, stream, senderId, receiverId, content: { segments } };
		sent = { segments };
	}
	const answer = await sendPayload.call(this, client, body, itemIndex, {
		refused: `the ${code} sent as ${path === 'x12' ? 'X12' : 'service JSON'}`,
		description: 'Fix the listed segments and send again.',
	});
	return { ...(answer as IDataObject), ...document, integrationPath: path, ...sent };
}

/** The document's segments (without ST/SE), or an error naming its field. */
export function writeSegments(
	this: IExecuteFunctions,
	code: string,
	message: IDataObject,
	options: IDataObject,
	itemIndex: number,
): string[][] {
	const write = X12_WRITABLE.includes(code) ? DOCUMENT_WRITERS[code] : undefined;
	if (!write)
		throw new NodeOperationError(this.getNode(), `No X12 writer for document type ${code}`, {
			description: `X12 is written for ${X12_WRITABLE.join(', ')}.`,
			itemIndex,
		});
	const order = productIdOrder.call(this, options.productIdOrder, itemIndex);
	try {
		return write(message, {
			hierarchy: options.hierarchy as ShipNoticeHierarchy | undefined,
			productIdOrder: order,
		});
	} catch (error) {
		if (!(error instanceof DocumentError))
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		// The 865 has no structured form to fall back on.
		const orElse = codesOnPath('structured').includes(code)
			? `, or send the ${code} as a structured message`
			: '';
		throw new NodeOperationError(this.getNode(), error.message, {
			description: `Nothing was sent: X12 cannot carry this value. Fix the field named above (too long, or holding one of the X12 separators * > ~ ^)${orElse}.`,
			itemIndex,
		});
	}
}

/** One interchange around one set, numbered as X12 Options say (Control Number, Numbering). */
export function writeOneInterchange(
	this: IExecuteFunctions,
	itemIndex: number,
	set: { code: string; segments: string[][] },
	envelope: { senderId: string; receiverId: string; stream: string },
	options: IDataObject,
): { content: string; controlNumber: string } {
	const { senderId, receiverId, stream } = envelope;
	const controlNumbers = takeControlNumbers.call(this, { itemIndex }, envelope, options);
	try {
		const content = writeInterchange([{ type: set.code, segments: set.segments }], {
			senderId,
			receiverId,
			usage: stream === 'live' ? 'P' : 'T',
			controlNumbers,
			date: new Date(),
			lineEnding: '\n',
		});
		return { content, controlNumber: String(controlNumbers.interchange).padStart(9, '0') };
	} catch (error) {
		throw new NodeOperationError(this.getNode(), (error as Error).message, {
			description: 'Nothing was sent: the X12 envelope cannot carry this value.',
			itemIndex,
		});
	}
}
