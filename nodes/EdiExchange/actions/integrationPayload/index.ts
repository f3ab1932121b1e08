import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../types';
import { submit } from './submit';

export const integrationPayloadOperations: Record<string, Operation> = { submit };

export const integrationPayloadOperationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['integrationPayload'] } },
	default: 'submit',
	description: 'What to do with integration payloads',
	options: [
		{
			name: 'Submit',
			value: 'submit',
			action: 'Submit an integration payload',
			description: 'Send X12 (passthrough) or service JSON; the service creates one transaction per transaction set',
		},
	],
};
