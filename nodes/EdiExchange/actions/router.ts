/** Runs the chosen operation once per input item, with Continue On Fail and pairedItem. */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { mapUntil } from '../shared/concurrency';
import { optionsField } from '../shared/fields';
import { ServiceClient } from '../transport/client';
import { Pacer } from '../transport/pacer';
import { inbox } from './inbox';
import { integrationPayload } from './integrationPayload';
import { byName } from './resource';
import { transaction } from './transaction';
import { x12 } from './x12';
import { DEFAULT_CONCURRENCY } from './fields';
import type { Operation } from './types';
import { withDeclaredTypes } from '../shared/parameters';

/** The resources in the order of their fields; the Resource field lists them alphabetically. */
const RESOURCES = [transaction, inbox, integrationPayload, x12];

const OPERATIONS: Record<string, Record<string, Operation>> = Object.fromEntries(
	RESOURCES.map((r) => [r.choice.value, r.operations]),
);

export const properties: INodeProperties[] = [
	optionsField(
		{
			displayName: 'Resource',
			name: 'resource',
			noDataExpression: true,
			default: transaction.choice.value,
			description: 'What to work with',
		},
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
		Object.entries(operations).map(
			([name, operation]) =>
				`$parameter["resource"] + "/" + $parameter["operation"] === "${resource}/${name}" ? ${operation.subtitle} : `,
		),
	)
	.join('')}"" }}`;

/**
 * What a failed item carries with Continue On Fail: the message, the hint and the service's answer.
 * n8n sends an item to the error output ("Continue (using error output)") only when its JSON holds
 * nothing but `error`, `message` and `details`: there the hint and the status go into `details`.
 */
function errorItem(error: Error, toErrorOutput: boolean): IDataObject {
	const json: IDataObject = {};
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.description) json.description = error.description;
	}
	if (error instanceof NodeApiError) {
		if (error.httpCode) json.httpCode = error.httpCode;
		if (error.errorResponse && typeof error.errorResponse === 'object')
			json.details = error.errorResponse as IDataObject;
	}
	if (!toErrorOutput) return { error: error.message, ...json };
	const { details, ...hint } = json;
	return { error: error.message, details: { ...(details as IDataObject | undefined), ...hint } };
}

/** What one item came to: its output items, or the error that stopped it. */
type ItemOutcome = { results: INodeExecutionData[] } | { error: Error };

export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	// Every parameter is read with the type the description declares (shared/parameters.ts).
	const typed = withDeclaredTypes(this, properties);
	const resource = typed.getNodeParameter('resource', 0) as string;
	const operationName = typed.getNodeParameter('operation', 0) as string;
	const operation = OPERATIONS[resource]?.[operationName];
	if (!operation)
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resource}" is not supported`,
		);

	if (operation.allItems?.applies.call(typed))
		return [await allItems.call(this, typed, operation.allItems)];

	// Items run one at a time unless the operation sends several at once (Create, Submit).
	const concurrency = operation.concurrent
		? (typed.getNodeParameter('options.concurrency', 0, DEFAULT_CONCURRENCY) as number)
		: 1;
	// One client for the run: the credential read once; items sent at once share one pacer.
	const client = new ServiceClient(this, {
		pacer: concurrency > 1 ? new Pacer(concurrency) : undefined,
	});
	const items = this.getInputData();
	let stopped = false;
	const outcomes = await mapUntil(
		items.map((_, itemIndex) => itemIndex),
		concurrency,
		async (itemIndex): Promise<ItemOutcome> => {
			try {
				return { results: await operation.execute.call(typed, itemIndex, client) };
			} catch (error) {
				// Without Continue On Fail, the first failure stops the items not yet started.
				stopped ||= !this.continueOnFail();
				return { error: error as Error };
			}
		},
		() => stopped,
	);

	const output: INodeExecutionData[] = [];
	for (const [itemIndex, outcome] of outcomes.entries()) {
		if (!outcome) continue;
		if ('results' in outcome) {
			// Paired in place, as constructExecutionMetaData would (an operation's own pairing wins),
			// without a second object per item, and no spread: Return All may bring 100,000 items.
			const pairedItem = { item: itemIndex };
			for (const result of outcome.results) {
				result.pairedItem ??= pairedItem;
				output.push(result);
			}
		} else if (this.continueOnFail()) {
			output.push({
				json: errorItem(outcome.error, this.getNode().onError === 'continueErrorOutput'),
				pairedItem: { item: itemIndex },
			});
		} else {
			throw failedItem.call(this, outcome.error, itemIndex, operation.concurrent ? outcomes : []);
		}
	}
	return [output];
}

/**
 * An operation's mode that reads all input items at once: its output items, or with Continue On
 * Fail one error item paired with every input item.
 */
async function allItems(
	this: IExecuteFunctions,
	typed: IExecuteFunctions,
	mode: NonNullable<Operation['allItems']>,
): Promise<INodeExecutionData[]> {
	const client = new ServiceClient(this);
	try {
		return await mode.execute.call(typed, client);
	} catch (error) {
		if (!this.continueOnFail())
			throw error instanceof NodeApiError || error instanceof NodeOperationError
				? error
				: new NodeOperationError(this.getNode(), error as Error);
		return [
			{
				json: errorItem(error as Error, this.getNode().onError === 'continueErrorOutput'),
				pairedItem: this.getInputData().map((_, item) => ({ item })),
			},
		];
	}
}

/**
 * The error that stops the run. For creates and submissions it names every item that succeeded,
 * before the failed one or at the same time, so no one sends them twice.
 */
function failedItem(
	this: IExecuteFunctions,
	error: Error,
	itemIndex: number,
	outcomes: Array<ItemOutcome | undefined>,
): Error {
	const sent = outcomes.flatMap((outcome, i) => (outcome && 'results' in outcome ? [i] : []));
	const n8nError =
		error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(this.getNode(), error, { itemIndex });
	n8nError.context.itemIndex ??= itemIndex;
	if (sent.length) {
		n8nError.description = `${n8nError.description ? `${n8nError.description} ` : ''}Items ${ranges(sent)} (counted from 0) succeeded before the run stopped: take them out of the input before running again, or they are sent twice.`;
	}
	return n8nError;
}

/** Ascending indexes as short text: runs of three or more as ranges ("0–4, 6, 8, 9"). */
function ranges(indexes: number[]): string {
	const parts: string[] = [];
	for (let i = 0; i < indexes.length;) {
		let j = i;
		while (j + 1 < indexes.length && indexes[j + 1] === indexes[j] + 1) j++;
		parts.push(j - i >= 2 ? `${indexes[i]}–${indexes[j]}` : indexes.slice(i, j + 1).join(', '));
		i = j + 1;
	}
	return parts.join(', ');
}
