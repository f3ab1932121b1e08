/**
 * The bench's additions to the harness: the node-types registry also knows n8n's own HTTP
 * Request, Split Out and Remove Duplicates, and the workflows also use n8n's Header Auth
 * credential (the way a user of the HTTP Request node sends `service-api-key`).
 */
import type { INodeType, IVersionedNodeType } from 'n8n-workflow';

import { NodeTypes, type EdiCredentials, type ExtraCredential } from '../../harness';

export const HEADER_AUTH = 'httpHeaderAuth';
export const HEADER_AUTH_REF = {
	[HEADER_AUTH]: { id: 'bench-header-auth', name: 'EDI Exchange key (Header Auth)' },
};

/** n8n's Header Auth credential, holding the service's key; its generic block is n8n's. */
export function headerAuth(credentials: EdiCredentials): Record<string, ExtraCredential> {
	return {
		[HEADER_AUTH]: {
			data: { name: 'service-api-key', value: credentials.apiToken },
			authenticate: {
				type: 'generic',
				properties: { headers: { '={{$credentials.name}}': '={{$credentials.value}}' } },
			},
		},
	};
}

export function benchNodeTypes(extra: Record<string, INodeType | IVersionedNodeType>): NodeTypes {
	return new NodeTypes(extra as Record<string, INodeType>);
}
