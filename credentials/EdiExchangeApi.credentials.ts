import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { DEFAULT_TIMEOUT_SECONDS } from '../nodes/EdiExchange/transport/client';
import { NORMALIZED_BASE_URL_EXPRESSION, routePath } from '../nodes/EdiExchange/transport/routes';

/** A redirect of the test request is refused: the token goes only to the Base URL (see transport/redirects.ts). */
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

export class EdiExchangeApi implements ICredentialType {
	name = 'ediExchangeApi';

	displayName = 'EDI Exchange API';

	icon: Icon = {
		light: 'file:../nodes/EdiExchange/ediExchange.svg',
		dark: 'file:../nodes/EdiExchange/ediExchange.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-edi-exchange/n8n-nodes-edi-exchange#credentials';

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
				'Portal: profile menu → Settings → API Credentials (under Organization Settings) → copy the API Token. Sent as the service-api-key header, only ever to the Base URL’s own address.',
		},
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			default: DEFAULT_TIMEOUT_SECONDS,
			typeOptions: { minValue: 1 },
			description:
				'The longest one request to the service may take, from sending it to the last byte of the answer. A request that runs out of time fails and is not repeated.',
		},
	];

	/**
	 * The token in the service-api-key header. A function rather than a generic block
	 * (`'={{$credentials.apiToken}}'`): n8n then sets the header without evaluating an expression
	 * on every request (measured with npm run bench:gap, docs/maintainers.md).
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, 'service-api-key': String(credentials.apiToken ?? '') },
		};
	}

	// Lists one transaction: cheap, read-only, and fails with 401 on a wrong token.
	test: ICredentialTestRequest = {
		request: {
			baseURL: NORMALIZED_BASE_URL_EXPRESSION,
			url: routePath('listTransactions'),
			qs: { limit: 1 },
			disableFollowRedirect: true,
		},
		rules: [
			...REDIRECT_STATUSES.map((status) => ({
				type: 'responseCode' as const,
				properties: {
					value: status,
					message: `The service at the Base URL redirects (status ${status}), and the API token is never sent to another address. Enter the address the service really answers at as the Base URL.`,
				},
			})),
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The service rejected the API token. Copy the API Token again from the portal (Settings → API Credentials).',
				},
			},
		],
	};
}
