import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../types';
import { accept, fail } from './delivery';
import { getMany } from './getMany';

export const inboxOperations: Record<string, Operation> = { getMany, accept, fail };

export const inboxOperationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['inbox'] } },
	default: 'getMany',
	description: 'What to do with the inbox',
	options: [
		{
			name: 'Accept',
			value: 'accept',
			action: 'Accept a delivery',
			description: 'Mark an inbox item as processed; it leaves the inbox',
		},
		{
			name: 'Fail',
			value: 'fail',
			action: 'Fail a delivery',
			description: 'Mark an inbox item as not processable; it leaves the inbox',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			action: 'Get many inbox items',
			description: 'Read inbound documents awaiting processing, oldest first',
		},
	],
};
