import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { fetchAcknowledgment } from '../../transport/acknowledgments';
import { asNodeError } from '../../transport/errors';
import { fetchMessage } from '../../transport/messages';
import type { ServiceClient } from '../../transport/client';
import { readTransactionId, transactionIdFields } from '../fields';
import { forOperation, type Operation } from '../types';

/**
 * Whether the transaction exists, asked of its message (the service has no single-transaction
 * read): only after a 404 from the acknowledgment, to tell "not answered yet" from a wrong id.
 */
async function exists(client: ServiceClient, transactionId: number, itemIndex: number) {
	try {
		await fetchMessage(client, transactionId, itemIndex);
		return true;
	} catch (error) {
		if (error instanceof NodeApiError && error.httpCode === '404') return false;
		throw asNodeError(client.node, error);
	}
}

export const getAcknowledgment: Operation = {
	subtitle: '"Get Acknowledgment"',
	description: forOperation('transaction', 'getAcknowledgment', [
		...transactionIdFields('The sent (outbound) transaction whose receiver’s answer to read'),
	]),

	async execute(itemIndex, client) {
		const transactionId = readTransactionId.call(this, 'transactionId', itemIndex);
		const acknowledgment = await fetchAcknowledgment(client, transactionId, itemIndex);
		if (acknowledgment) {
			const { status, createdAt, reasons } = acknowledgment;
			return [
				{
					json: {
						transactionId,
						acknowledged: true,
						status,
						...(createdAt ? { acknowledgedAt: createdAt } : {}),
						reasons,
					},
				},
			];
		}
		if (!(await exists(client, transactionId, itemIndex)))
			throw new NodeOperationError(this.getNode(), `Transaction ${transactionId} does not exist`, {
				description:
					'Check the transaction id: use the id of a sent transaction, e.g. {{ $json.id }} after Transaction → Get Many or Create.',
				itemIndex,
			});
		return [
			{
				json: {
					transactionId,
					acknowledged: false,
					status: 'NOT_ACKNOWLEDGED',
					reasons: [],
					note: 'The receiver has not answered this transaction yet (Transaction → Get Many shows whether it is OVERDUE), or it was received rather than sent. A service without an acknowledgment endpoint also answers so: its Get Many still shows each transaction’s acknowledgmentStatus.',
				},
			},
		];
	},
};
