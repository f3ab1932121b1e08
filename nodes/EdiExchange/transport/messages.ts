/** Reads a transaction's message: JSON for structured documents, X12 text for passthrough ones. */
import type { IDataObject } from 'n8n-workflow';

import { serviceRequest, type ServiceContext } from './request';

export const X12_MIME_TYPE = 'application/edi-x12';

export interface TransactionMessage {
	format: 'json' | 'x12';
	message: IDataObject | string;
}

export async function fetchMessage(this: ServiceContext, transactionId: number | string, itemIndex?: number): Promise<TransactionMessage> {
	const { body, headers } = await serviceRequest.call(this, { route: 'getMessage', params: { id: transactionId }, itemIndex });
	const isX12 = String(headers['content-type'] ?? '').includes('x12') || typeof body === 'string';
	return isX12 ? { format: 'x12', message: String(body) } : { format: 'json', message: body as IDataObject };
}
