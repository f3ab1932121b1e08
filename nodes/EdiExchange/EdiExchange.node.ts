import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchTransactions } from './actions/listSearch';
import { properties, route, subtitle } from './actions/router';
import { documentationUrl, NODE_DESCRIPTION } from './shared/node';

export class EdiExchange implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'EDI Exchange',
		name: 'ediExchange',
		icon: { light: 'file:ediExchange.svg', dark: 'file:ediExchange.dark.svg' },
		group: ['transform'],
		// 1.1: transaction IDs are resource locators. Version 1 nodes keep their plain ID fields.
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle,
		description: NODE_DESCRIPTION,
		documentationUrl: documentationUrl('edi-exchange-node'),
		defaults: { name: 'EDI Exchange' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'ediExchangeApi', required: true }],
		properties,
	};

	methods = { listSearch: { searchTransactions } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
