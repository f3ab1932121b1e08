import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { INBOX_WINDOW, readInbox } from '../../transport/inbox';
import { limitField } from '../fields';
import { forOperation, type Operation } from '../types';

export const getMany: Operation = {
	subtitle: '"Get Many Inbox Items"',
	description: forOperation('inbox', 'getMany', [
		limitField(INBOX_WINDOW, {
			description: 'Max number of inbox items to return. The inbox shows its oldest items first, at most 100.',
		}),
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: false,
			description: 'Whether to leave out each item’s message (the document itself) and keep IDs, type, parties and delivery links',
		},
	]),

	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const limit = this.getNodeParameter('limit', itemIndex) as number;
		const simplify = this.getNodeParameter('simplify', itemIndex, false) as boolean;
		const items = await readInbox.call(this, limit, itemIndex);
		return items.map((item) => {
			if (!simplify) return { json: item };
			const { message: _message, ...rest } = item;
			return { json: rest };
		});
	},
};
