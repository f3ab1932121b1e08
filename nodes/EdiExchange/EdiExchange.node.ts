import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { properties, route } from './actions/router';

export class EdiExchange implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'EDI Exchange',
		name: 'ediExchange',
		icon: { light: 'file:ediExchange.svg', dark: 'file:ediExchange.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Send and receive EDI documents (850, 855, 856, 810, …) with trading partners',
		defaults: { name: 'EDI Exchange' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'ediExchangeApi', required: true }],
		hints: [
			{
				message:
					'Creates on the live stream send real business documents to your trading partner. Test with the Test stream (or the sandbox) first.',
				type: 'warning',
				location: 'outputPane',
				whenToDisplay: 'beforeExecution',
				displayCondition: '={{ $parameter["operation"] === "create" && $parameter["stream"] === "live" }}',
			},
		],
		properties,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
