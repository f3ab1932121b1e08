import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { TRANSACTION_TYPE_OPTIONS } from '../../documents/registry';
import { type PayloadAnswer, payloadReasons, refusedError } from '../../shared/failed';
import { optionsField, streamField } from '../../shared/fields';
import type { ServiceClient } from '../../transport/client';
import { readInterchange } from '../../x12';
import {
	partyFields,
	readJsonParameter,
	readParties,
	readRequiredText,
	sendingOptions,
} from '../fields';
import { forOperation, type Operation } from '../types';

export const submit: Operation = {
	subtitle: '$parameter["format"] === "json" ? "Submit JSON Payload" : "Submit X12 Payload"',
	description: forOperation('integrationPayload', 'submit', [
		optionsField(
			{
				displayName: 'Format',
				name: 'format',
				description:
					'How the payload is given: a whole X12 interchange, or one transaction set as segments',
			},
			[
				{
					name: 'X12',
					value: 'x12',
					description: 'A whole X12 interchange (ISA … IEA), passed through as is',
				},
				{
					name: 'Service JSON',
					value: 'json',
					description: 'One transaction set given as its segments, with the envelope fields stated',
				},
			],
		),
		optionsField(
			{
				displayName: 'X12 Source',
				name: 'x12Source',
				description: 'Where the interchange text comes from',
				displayOptions: { show: { format: ['x12'] } },
			},
			[
				{ name: 'Text', value: 'parameter', description: 'Enter or map the interchange text' },
				{
					name: 'Binary File',
					value: 'binary',
					description: 'Read the interchange from a binary field of the input item',
				},
			],
		),
		{
			displayName: 'X12 Interchange',
			name: 'x12Content',
			type: 'string',
			typeOptions: { rows: 6 },
			default: '',
			required: true,
			placeholder: 'ISA*00*          *00*          *ZZ*YOURCOMPANY    *ZZ*DEMORETAIL     *…~',
			description:
				'The whole interchange. Its envelope is checked before sending (ISA, control numbers, segment counts).',
			displayOptions: { show: { format: ['x12'], x12Source: ['parameter'] } },
		},
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			description: 'The name of the input binary field containing the .edi file',
			displayOptions: { show: { format: ['x12'], x12Source: ['binary'] } },
		},
		optionsField(
			{
				displayName: 'Transaction Type',
				name: 'transactionType',
				default: '855',
				description: 'The X12 transaction set the segments make up',
				displayOptions: { show: { format: ['json'] } },
			},
			TRANSACTION_TYPE_OPTIONS,
		),
		streamField({
			description: 'Test documents are not passed on as real business documents',
			displayOptions: { show: { format: ['json'] } },
		}),
		...partyFields({ shared: { required: true, displayOptions: { show: { format: ['json'] } } } }),
		{
			displayName: 'Segments',
			name: 'segments',
			type: 'json',
			default: '[\n  ["BAK", "00", "AC", "PO-1042", "20261122"]\n]',
			description:
				'The transaction set’s segments without ST and SE (the service adds them): an array of arrays of strings',
			displayOptions: { show: { format: ['json'] } },
		},
		sendingOptions('payloads'),
	]),
	concurrent: true,

	async execute(itemIndex, client) {
		const format = this.getNodeParameter('format', itemIndex) as string;
		const body =
			format === 'x12'
				? { format, content: await readX12.call(this, itemIndex) }
				: jsonPayload.call(this, itemIndex);
		const answer = await sendPayload.call(this, client, body, itemIndex, {
			refused: 'the payload',
			description: 'Fix the listed segments and submit again.',
		});
		return [{ json: answer as IDataObject }];
	},
};

async function readX12(this: IExecuteFunctions, itemIndex: number): Promise<string> {
	let text: string;
	if (this.getNodeParameter('x12Source', itemIndex) === 'binary') {
		const field = this.getNodeParameter('binaryPropertyName', itemIndex) as string;
		this.helpers.assertBinaryData(itemIndex, field);
		text = (await this.helpers.getBinaryDataBuffer(itemIndex, field)).toString('utf8');
	} else {
		readRequiredText.call(
			this,
			'x12Content',
			'X12 Interchange',
			itemIndex,
			'Enter a whole interchange, from ISA to IEA.',
		);
		// Untrimmed: with a newline terminator, the last line break IS the IEA's terminator.
		text = String(this.getNodeParameter('x12Content', itemIndex));
	}
	// A broken envelope is refused here, with the segment and the reason, before anything is sent.
	const read = readInterchange(text);
	if (read.problems.length) {
		const list = read.problems.map((p) => `${p.segment} (segment ${p.position}): ${p.message}`);
		if (read.moreProblems) list.push(`and ${read.moreProblems} more problems not listed`);
		throw new NodeOperationError(this.getNode(), `The X12 interchange is not valid: ${list[0]}`, {
			description: `Nothing was sent. Problems found: ${list.join('; ')}`,
			itemIndex,
		});
	}
	return read.text ?? text;
}

function jsonPayload(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const segments = readJsonParameter.call(this, 'segments', 'Segments', itemIndex);
	const valid =
		Array.isArray(segments) &&
		segments.length > 0 &&
		segments.every(
			(s) => Array.isArray(s) && s.length > 0 && s.every((e) => typeof e === 'string'),
		);
	if (!valid) {
		throw new NodeOperationError(
			this.getNode(),
			'Segments must be a non-empty array of segments, each an array of strings',
			{
				description:
					'Example: [["BAK", "00", "AC", "PO-1042", "20261122"], ["PO1", "1", "5", "EA", "101.00"]]',
				itemIndex,
			},
		);
	}
	return {
		format: 'json',
		type: this.getNodeParameter('transactionType', itemIndex) as string,
		stream: this.getNodeParameter('stream', itemIndex) as string,
		...readParties.call(this, itemIndex),
		content: { segments } as IDataObject,
	};
}

/**
 * Submits one integration payload; a FAILED answer (the service recorded it but refused its
 * content) is an error listing the refused segments. Also how Create's X12 paths send.
 */
export async function sendPayload(
	this: IExecuteFunctions,
	client: ServiceClient,
	body: IDataObject,
	itemIndex: number,
	refusal: { refused: string; description: string },
): Promise<PayloadAnswer> {
	const { body: answer } = (await client.send({
		route: 'submitIntegrationPayload',
		body,
		itemIndex,
	})) as { body: PayloadAnswer };
	if (answer.status === 'FAILED') {
		throw refusedError.call(this, answer, {
			refused: `${refusal.refused} (status FAILED)`,
			reasons: payloadReasons(answer),
			description: refusal.description,
			itemIndex,
		});
	}
	return answer;
}
