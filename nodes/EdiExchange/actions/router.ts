/** Runs the chosen operation once per input item, with Continue On Fail and pairedItem. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { optionsField } from '../shared/fields';
import { inbox } from './inbox';
import { integrationPayload } from './integrationPayload';
import { byName } from './resource';
import { transaction } from './transaction';
import type { Operation } from './types';

/** The resources in the order of their fields; the Resource field lists them alphabetically. */
const RESOURCES = [transaction, inbox, integrationPayload];

const OPERATIONS: Record<string, Record<string, Operation>> = Object.fromEntries(RESOURCES.map((r) => [r.choice.value, r.operations]));

export const properties: INodeProperties[] = [
	optionsField(
		{ displayName: 'Resource', name: 'resource', noDataExpression: true, default: transaction.choice.value, description: 'What to work with' },
		RESOURCES.map((r) => r.choice).sort(byName),
	),
	...RESOURCES.map((r) => r.operationField),
	...RESOURCES.flatMap((r) => Object.values(r.operations).flatMap((o) => o.description)),
];

/**
 * The canvas subtitle: what the chosen operation does ("Create 855", "Get Many Transactions"),
 * one editor expression made of each operation's own subtitle.
 */
export const subtitle = `={{ ${Object.entries(OPERATIONS)
	.flatMap(([resource, operations]) =>
		Object.entries(operations).map(([name, operation]) => `$parameter["resource"] + "/" + $parameter["operation"] === "${resource}/${name}" ? ${operation.subtitle} : `),
	)
	.join('')}"" }}`;

/** What a failed item carries with Continue On Fail: the message, the hint and the service's answer. */
function errorItem(error: Error): IDataObject {
	const json: IDataObject = { error: error.message };
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.description) json.description = error.description;
	}
	if (error instanceof NodeApiError) {
		if (error.httpCode) json.httpCode = error.httpCode;
		if (error.errorResponse && typeof error.errorResponse === 'object') json.details = error.errorResponse as IDataObject;
	}
	return json;
}

export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = OPERATIONS[resource]?.[operationName];
	if (!operation) throw new NodeOperationError(this.getNode(), `The operation "${operationName}" of "${resource}" is not supported`);

	const output: INodeExecutionData[] = [];
	const items = this.getInputData();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const results = await operation.execute.call(this, itemIndex);
			// No spread: Return All can bring more items than a call's arguments may hold.
			for (const result of this.helpers.constructExecutionMetaData(results, { itemData: { item: itemIndex } })) output.push(result);
		} catch (error) {
			if (this.continueOnFail()) {
				output.push({ json: errorItem(error as Error), pairedItem: { item: itemIndex } });
				continue;
			}
			if (error instanceof NodeApiError || error instanceof NodeOperationError) {
				error.context.itemIndex ??= itemIndex;
				// Already an n8n error with its hint: wrapping it again would lose NodeApiError's status.
				// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
				throw error;
			}
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		}
	}
	return [output];
}
