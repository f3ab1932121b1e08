/**
 * Reads a transaction's message: JSON for structured documents, X12 text for passthrough ones.
 * The body is read as text and its content decides, the content type only breaking ties: a
 * service that labels a JSON document as X12 (or the reverse) still gives the user the document.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { tryParseJson } from '../shared/json';
import type { ServiceClient } from './client';

export const X12_MIME_TYPE = 'application/edi-x12';

export interface TransactionMessage {
	format: 'json' | 'x12';
	message: IDataObject | string;
}

export async function fetchMessage(
	client: ServiceClient,
	transactionId: number | string,
	itemIndex?: number,
	/** How the body's bytes are text: UTF-8 (default) or Latin-1, for a partner that writes it. */
	encoding: 'utf8' | 'latin1' = 'utf8',
): Promise<TransactionMessage> {
	const { body, headers } = await client.send({
		route: 'getMessage',
		params: { id: transactionId },
		itemIndex,
		responseText: encoding === 'latin1' ? 'latin1' : true,
	});
	const text = typeof body === 'string' ? body : '';
	const contentType = String(headers['content-type'] ?? '');
	const document = tryParseJson(text);
	if (document && typeof document === 'object')
		return { format: 'json', message: document as IDataObject };
	// An interchange always begins with its ISA segment.
	if (contentType.includes('x12') || /^\s*ISA/.test(text)) return { format: 'x12', message: text };
	throw new NodeApiError(
		client.node,
		{ message: 'not a message', contentType },
		{
			message: `The service’s answer for transaction ${transactionId} is neither a JSON document nor X12 (content type ${contentType || 'none'})`,
			description: `It begins: ${JSON.stringify(text.slice(0, 120))}. Check the credential’s Base URL: something other than the EDI Exchange service may be answering there.`,
			// A 200 that is no message: asking again does not help (the trigger marks it at once).
			httpCode: '200',
			itemIndex,
		},
	);
}
