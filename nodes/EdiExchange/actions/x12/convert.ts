/**
 * X12 → Convert: reads an interchange into documents locally, one output item per transaction set
 * (the purchase order for an 850). Sends nothing.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { typeLabel } from '../../documents/registry';
import {
	optionsCollection,
	optionsField,
	streamField,
	textEncodingField,
} from '../../shared/fields';
import { x12DocumentItem } from '../../shared/x12Message';
import { documentsFromX12, isX12Text, READABLE_TYPES } from '../../x12Documents';
import { controlNumberFields } from '../controlNumbers';
import {
	partyFields,
	readJsonParameter,
	readParties,
	readX12Content,
	x12ContentField,
} from '../fields';
import {
	hierarchyField,
	productIdOrderField,
	writeOneInterchange,
	writeSegments,
	X12_WRITABLE,
} from '../integrationPaths';
import { forOperation, type Operation } from '../types';

const forConversion = (conversion: string, fields: INodeProperties[]): INodeProperties[] =>
	fields.map((field) => ({
		...field,
		displayOptions: {
			...field.displayOptions,
			show: { ...field.displayOptions?.show, conversion: [conversion] },
		},
	}));

export const convert: Operation = {
	subtitle:
		'$parameter["conversion"] === "toX12" ? "Convert Document to X12" : "Convert X12 to Documents"',
	description: forOperation('x12', 'convert', [
		optionsField(
			{
				displayName: 'Conversion',
				name: 'conversion',
				default: 'toDocuments',
				noDataExpression: true,
				description: 'Which way to convert',
			},
			[
				{
					name: 'Document to X12',
					value: 'toX12',
					description:
						'An 855, 856 or 810 message (as Build From Purchase Order makes it) written as an X12 004010 interchange',
				},
				{
					name: 'X12 to Documents',
					value: 'toDocuments',
					description: `One item per transaction set, with its document (read: ${READABLE_TYPES.join(', ')}) and its envelope`,
				},
			],
		),
		x12ContentField({
			displayName: 'X12 Interchange',
			placeholder: 'ISA*00*          *00*          *ZZ*DEMORETAIL     *ZZ*YOURCOMPANY    *…~',
			description:
				'The whole interchange (ISA … IEA), e.g. the message Get Message or the trigger gives for an X12 transaction',
			displayOptions: { show: { conversion: ['toDocuments'] } },
		}),
		...forConversion('toDocuments', [
			optionsCollection(
				[
					{
						displayName: 'Read From Binary Field',
						name: 'binaryPropertyName',
						type: 'string',
						default: '',
						placeholder: 'data',
						description:
							'Read the interchange from this binary field of the item (a file from an FTP, email or Read Files node) instead of X12 Interchange, its bytes decoded with Text Encoding',
					},
					textEncodingField({ description: 'How the binary field’s bytes are read as text' }),
				],
				'Where the interchange’s bytes come from',
			),
		]),
		...forConversion('toX12', [
			optionsField(
				{
					displayName: 'Document Type',
					name: 'documentType',
					default: '855',
					description: 'The document to write',
				},
				X12_WRITABLE.map((code) => ({ name: typeLabel(code), value: code })),
			),
			{
				displayName: 'Document',
				name: 'document',
				type: 'json',
				default: '={{ $json.message }}',
				description:
					'The structured message, e.g. what Create or Build From Purchase Order put out as message',
			},
			...partyFields({
				sender: { description: 'ISA06: your organization’s trading ID' },
				receiver: { description: 'ISA08: the trading partner’s ID' },
			}),
			streamField({ description: 'Test (ISA15 T) or live (ISA15 P)' }),
			optionsCollection(
				[hierarchyField('856'), productIdOrderField, ...controlNumberFields()],
				'How the document is written as X12',
			),
		]),
	]),

	async execute(itemIndex) {
		if (this.getNodeParameter('conversion', itemIndex) === 'toX12')
			return toX12.call(this, itemIndex);
		const { documents, errors } = documentsFromX12(await interchangeText.call(this, itemIndex));
		if (documents.length === 0)
			throw new NodeOperationError(
				this.getNode(),
				'The X12 interchange holds no readable transaction set',
				{
					description: errors.slice(0, 5).join('\n') || 'It has no ST … SE.',
					itemIndex,
				},
			);
		return documents.map((read) => ({ json: x12DocumentItem(read, errors) }));
	},
};

/**
 * The interchange to read: X12 Interchange, or the bytes of Options → Read From Binary Field as
 * Text Encoding says (UTF-8 that is not valid is read with a warning naming the byte offset).
 */
async function interchangeText(this: IExecuteFunctions, itemIndex: number): Promise<string> {
	const options = this.getNodeParameter('options', itemIndex, {}) as {
		binaryPropertyName?: string;
		encoding?: 'utf8' | 'latin1';
	};
	if (options.binaryPropertyName) {
		this.helpers.assertBinaryData(itemIndex, options.binaryPropertyName);
		const bytes = await this.helpers.getBinaryDataBuffer(itemIndex, options.binaryPropertyName);
		const text: string = new TextDecoder(options.encoding === 'latin1' ? 'latin1' : 'utf-8').decode(
			bytes,
		);
		if (!isX12Text(text))
			throw new NodeOperationError(
				this.getNode(),
				`Binary field "${options.binaryPropertyName}" does not begin with ISA`,
				{ description: `It begins: ${JSON.stringify(String(text).slice(0, 40))}.`, itemIndex },
			);
		return text;
	}
	// Checked as text beginning with ISA, then read untrimmed: a byte order mark (which trim()
	// removes) is a warning on the item.
	readX12Content.call(this, 'X12 Interchange', itemIndex, {
		empty: 'Enter the interchange text, or map it, e.g. {{ $json.message }} after Get Message.',
		notX12: 'Map the X12 text itself (after Get Message: {{ $json.message }}), not the whole item.',
	});
	return this.getNodeParameter('x12Content', itemIndex) as string;
}

/** Document → X12: the message written as one interchange; nothing is sent. */
function toX12(this: IExecuteFunctions, itemIndex: number): INodeExecutionData[] {
	const code = this.getNodeParameter('documentType', itemIndex) as string;
	const message = readJsonParameter.call(this, 'document', 'Document', itemIndex);
	if (!message || typeof message !== 'object' || Array.isArray(message))
		throw new NodeOperationError(
			this.getNode(),
			'Document is not a JSON object: the structured message',
			{
				description: 'Map the message, e.g. {{ $json.message }} after Create.',
				itemIndex,
			},
		);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const segments = writeSegments.call(this, code, message as IDataObject, options, itemIndex);
	const envelope = {
		...readParties.call(this, itemIndex),
		stream: this.getNodeParameter('stream', itemIndex) as string,
	};
	const { content, controlNumber } = writeOneInterchange.call(
		this,
		itemIndex,
		{ code, segments },
		envelope,
		options,
	);
	return [
		{
			json: {
				x12: content,
				interchangeControlNumber: controlNumber,
				transactionType: code,
				segments,
			},
		},
	];
}
