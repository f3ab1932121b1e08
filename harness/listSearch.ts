/**
 * Runs a resource locator's "From List" search the way the editor asks n8n for it: the node's
 * listSearch method called on n8n's real `LoadOptionsContext`, with the credential applied.
 */
import { LoadOptionsContext } from 'n8n-core';
import type { IDataObject, INode, INodeListSearchResult, INodeType } from 'n8n-workflow';

import type { EdiCredentials } from './credentials';
import { ACTION_NODE, ACTION_VERSION, NodeTypes } from './nodeTypes';
import { additionalData, CREDENTIAL_REF, makeWorkflow } from './run';

export async function listSearch(options: {
	method: string;
	credentials: EdiCredentials;
	parameters: IDataObject;
	filter?: string;
	paginationToken?: string;
	typeVersion?: number;
}): Promise<INodeListSearchResult> {
	const node: INode = {
		id: 'node-under-test',
		name: 'EDI Exchange',
		type: ACTION_NODE,
		typeVersion: options.typeVersion ?? ACTION_VERSION,
		position: [0, 0],
		parameters: options.parameters as INode['parameters'],
		credentials: CREDENTIAL_REF,
	};
	const nodeTypes = new NodeTypes();
	const workflow = makeWorkflow({ nodes: [node], connections: {} }, nodeTypes);
	const type = nodeTypes.getByNameAndVersion(ACTION_NODE, node.typeVersion) as INodeType;
	const method = type.methods?.listSearch?.[options.method];
	if (!method) throw new Error(`The action node has no listSearch method ${options.method}`);
	const context = new LoadOptionsContext(
		workflow,
		node,
		additionalData(options.credentials),
		'parameters.transactionId',
	);
	return await method.call(context, options.filter, options.paginationToken);
}
