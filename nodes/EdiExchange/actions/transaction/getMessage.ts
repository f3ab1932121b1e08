import type { INodeExecutionData } from 'n8n-workflow';

import { fetchMessage, X12_MIME_TYPE } from '../../transport/messages';
import { optionsCollection, textEncodingField } from '../../shared/fields';
import { x12MessageFields } from '../../shared/x12Message';
import { lineOutputField, splitIntoLines, splitsLines } from '../../shared/lineOutput';
import { readTransactionId, transactionIdFields } from '../fields';
import { forOperation, type Operation } from '../types';

export const getMessage: Operation = {
	subtitle: '"Get Transaction Message"',
	description: forOperation('transaction', 'getMessage', [
		...transactionIdFields('The transaction whose message (document content) to read'),
		lineOutputField,
		optionsCollection(
			[
				{
					displayName: 'Put X12 in Binary Field',
					name: 'binaryPropertyName',
					type: 'string',
					default: 'data',
					description:
						'For X12 content: also output the text as a file (.edi, application/edi-x12) in this binary field, to save or attach it',
				},
				textEncodingField(),
			],
			'How the message is put out',
		),
	]),

	async execute(itemIndex, client) {
		const transactionId = readTransactionId.call(this, 'transactionId', itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as {
			binaryPropertyName?: string;
			encoding?: 'utf8' | 'latin1';
		};
		const lines = splitsLines(this.getNodeParameter('output', itemIndex, 'document'));
		const { format, message } = await fetchMessage(
			client,
			transactionId,
			itemIndex,
			options.encoding,
		);
		// X12 also comes as its document (the purchase order for an 850), read locally.
		const document = format === 'x12' ? x12MessageFields(message as string) : {};
		const item: INodeExecutionData = { json: { transactionId, format, message, ...document } };
		if (format === 'x12' && options.binaryPropertyName) {
			const data = await this.helpers.prepareBinaryData(
				Buffer.from(message as string, 'utf8'),
				`transaction-${transactionId}.edi`,
				X12_MIME_TYPE,
			);
			item.binary = { [options.binaryPropertyName]: data };
		}
		return lines ? splitIntoLines([item]) : [item];
	},
};
