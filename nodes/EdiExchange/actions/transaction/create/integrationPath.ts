/**
 * Create → Integration Path: a built (or given) 855, 856 or 810 sent as a structured message (the
 * default, in operation.ts), as an X12 interchange through integration payloads (X12 passthrough),
 * or as its X12 segments in service JSON. The X12 is written here, checked element by element,
 * before anything is sent: what X12 cannot carry is an error naming the document's field.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { codesOnPath, serviceTypeOf } from '../../../shared/documentTypes';
import { type PayloadAnswer, payloadReasons, refusedError } from '../../../shared/failed';
import { optionsCollection, optionsField } from '../../../shared/fields';
import type { ServiceClient } from '../../../transport/client';
import { controlNumberFields } from '../../controlNumbers';
import { writeOneInterchange, writeSegments, X12_WRITABLE } from '../../x12Writing';

export { X12_WRITABLE };

const writable = (codes: string[]) => codes.map(serviceTypeOf);
/** The 856's HL shapes, as the writer names them. */
export const SHIP_NOTICE_HIERARCHY_OPTIONS = [
	{ name: 'Shipment, Order, Pack, Item (Pick and Pack)', value: 'shipmentOrderPackItem' },
	{ name: 'Shipment, Order, Item (Flat)', value: 'shipmentOrderItem' },
	{ name: 'Shipment, Order, Tare, Pack, Item', value: 'shipmentOrderTarePackItem' },
];
const onX12Paths = { show: { integrationPath: ['x12', 'serviceJson'] } };

export const integrationPathFields: INodeProperties[] = [
	optionsField(
		{
			displayName: 'Integration Path',
			name: 'integrationPath',
			default: 'structured',
			description: 'How the document travels to the service',
			displayOptions: { show: { documentType: writable(codesOnPath('x12')) } },
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
				optionsField(
					{
						displayName: '856 Hierarchy',
						name: 'hierarchy',
						default: 'shipmentOrderPackItem',
						description: 'The HL levels of the ship notice',
						displayOptions: { show: { '/documentType': writable(['856']) } },
					},
					SHIP_NOTICE_HIERARCHY_OPTIONS,
				),
				...controlNumberFields({ show: { '/integrationPath': ['x12'] } }),
			],
			'How the document is written as X12',
		),
		displayName: 'X12 Options',
		name: 'x12Options',
		displayOptions: onX12Paths,
	},
];

export interface Outbound {
	type: string;
	stream: string;
	senderId: string;
	receiverId: string;
	message: IDataObject;
}

/** Sends the document over the X12 passthrough or service-JSON path; the output item's JSON. */
export async function sendOverX12Path(
	this: IExecuteFunctions,
	client: ServiceClient,
	itemIndex: number,
	path: 'x12' | 'serviceJson',
	document: Outbound,
): Promise<IDataObject> {
	const code = document.type.split('_')[0];
	const options = this.getNodeParameter('x12Options', itemIndex, {}) as IDataObject;
	const segments = writeSegments.call(this, code, document.message, options, itemIndex);
	const { senderId, receiverId, stream } = document;
	let body: IDataObject;
	let sent: IDataObject;
	if (path === 'x12') {
		const { content, controlNumber } = writeOneInterchange.call(
			this,
			itemIndex,
			{ code, segments },
			document,
			options,
		);
		body = { format: 'x12', content };
		sent = { x12: content, interchangeControlNumber: controlNumber };
	} else {
		body = { format: 'json', type: code, stream, senderId, receiverId, content: { segments } };
		sent = { segments };
	}
	const { body: answer } = (await client.send({
		route: 'submitIntegrationPayload',
		body,
		itemIndex,
	})) as { body: PayloadAnswer };
	if (answer.status === 'FAILED') {
		throw refusedError.call(this, answer, {
			refused: `the ${code} sent as ${path === 'x12' ? 'X12' : 'service JSON'} (status FAILED)`,
			reasons: payloadReasons(answer),
			description: 'Fix the listed segments and send again.',
			itemIndex,
		});
	}
	return { ...(answer as IDataObject), ...document, integrationPath: path, ...sent };
}
