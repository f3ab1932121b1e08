/**
 * X12 → Convert: reads an interchange into documents locally, one output item per transaction set
 * (the purchase order for an 850). Sends nothing.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionsField } from '../../shared/fields';
import { x12DocumentItem } from '../../shared/x12Message';
import { documentsFromX12, isX12Text, READABLE_TYPES } from '../../x12Documents';
import { readRequiredText } from '../fields';
import { forOperation, type Operation } from '../types';

export const convert: Operation = {
	subtitle: '"Convert X12 to Documents"',
	description: forOperation('x12', 'convert', [
		optionsField(
			{
				displayName: 'Conversion',
				name: 'conversion',
				noDataExpression: true,
				description: 'Which way to convert',
			},
			[
				{
					name: 'X12 to Documents',
					value: 'toDocuments',
					description: `One item per transaction set, with its document (read: ${READABLE_TYPES.join(', ')}) and its envelope`,
				},
			],
		),
		{
			displayName: 'X12 Interchange',
			name: 'x12Content',
			type: 'string',
			typeOptions: { rows: 6 },
			default: '={{ $json.message }}',
			required: true,
			placeholder: 'ISA*00*          *00*          *ZZ*DEMORETAIL     *ZZ*YOURCOMPANY    *…~',
			description:
				'The whole interchange (ISA … IEA), e.g. the message Get Message or the trigger gives for an X12 transaction',
			displayOptions: { show: { conversion: ['toDocuments'] } },
		},
	]),

	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const text: unknown = readRequiredText.call(
			this,
			'x12Content',
			'X12 Interchange',
			itemIndex,
			'Enter the interchange text, or map it, e.g. {{ $json.message }} after Get Message.',
		);
		if (!isX12Text(text))
			throw new NodeOperationError(this.getNode(), 'X12 Interchange does not begin with ISA', {
				description: `It begins: ${JSON.stringify(String(text).slice(0, 40))}. Map the X12 text itself (after Get Message: {{ $json.message }}), not the whole item.`,
				itemIndex,
			});
		const { documents, errors } = documentsFromX12(text);
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
