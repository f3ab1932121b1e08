import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../types';
import { create } from './create/operation';
import { getMany } from './getMany';
import { getMessage } from './getMessage';

export const transactionOperations: Record<string, Operation> = { getMany, getMessage, create };

export const transactionOperationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['transaction'] } },
	default: 'getMany',
	description: 'What to do with transactions',
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create a transaction',
			description: 'Send a structured document (855, 856, 810, …) to a trading partner',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			action: 'Get many transactions',
			description: 'List transactions, newest first, with filters',
		},
		{
			name: 'Get Message',
			value: 'getMessage',
			action: 'Get a transaction message',
			description: 'Read the document content of a transaction (JSON or X12)',
		},
	],
};
