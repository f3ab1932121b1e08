import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { routePath } from '../nodes/EdiExchange/transport/routes';

export class EdiExchangeApi implements ICredentialType {
	name = 'ediExchangeApi';

	displayName = 'EDI Exchange API';

	icon: Icon = {
		light: 'file:../nodes/EdiExchange/ediExchange.svg',
		dark: 'file:../nodes/EdiExchange/ediExchange.dark.svg',
	};

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-edi-exchange#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://api.example.com',
			description:
				'The address of the exchange service, without a version segment (each operation adds its own). For the local sandbox: http://127.0.0.1:5080.',
		},
		{
			displayName: 'API Token',
			name: 'apiToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'Portal: profile menu → Settings → API Credentials (under Organization Settings) → copy the API Token. Sent as the service-api-key header.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				'service-api-key': '={{$credentials.apiToken}}',
			},
		},
	};

	// Lists one transaction: cheap, read-only, and fails with 401 on a wrong token.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "").replace(/\\/v\\d+$/i, "")}}',
			url: routePath('listTransactions'),
			qs: { limit: 1 },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The service rejected the API token. Copy the API Token again from the portal (Settings → API Credentials).',
				},
			},
		],
	};
}
