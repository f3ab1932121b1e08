import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { serviceRequest } from '../../transport/request';
import { limitField } from '../fields';
import { showFor, type Operation } from '../types';

const show = showFor('inbox', ['getMany']);

/** Reads the inbox: a bare array per the contract, or an envelope's items if the service wraps it. */
export function readInboxItems(body: unknown): IDataObject[] {
	if (Array.isArray(body)) return body as IDataObject[];
	const items = (body as { items?: unknown } | undefined)?.items;
	return Array.isArray(items) ? (items as IDataObject[]) : [];
}

export const getMany: Operation = {
	description: [
		limitField('inbox', 'getMany', 100, {
			description: 'Max number of inbox items to return. The inbox shows its oldest items first, at most 100.',
		}),
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: false,
			description: 'Whether to leave out each item’s message (the document itself) and keep IDs, type, parties and delivery links',
			displayOptions: show,
		},
	],

	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const limit = this.getNodeParameter('limit', itemIndex) as number;
		const simplify = this.getNodeParameter('simplify', itemIndex, false) as boolean;
		const { body } = await serviceRequest.call(this, { route: 'listInbox', qs: { limit }, itemIndex });
		return readInboxItems(body).map((item) => {
			if (!simplify) return { json: item };
			const { message: _message, ...rest } = item;
			return { json: rest };
		});
	},
};
