/**
 * Runs an order-to-cash example workflow (the very files users import) through n8n's engine
 * against a sandbox: the demo partner sends an 850, the trigger's poll emits it, and the workflow
 * answers it. One run per integration path: structured messages (examples/order-to-cash.json), X12
 * passthrough and service JSON (examples/x12-order-to-cash.json, its Create nodes switched to the
 * path; see orderToCashPaths.ts). Used by the demo, its tests and the benchmark.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import type { EdiCredentials } from './credentials';
import { TRIGGER_NODE } from './nodeTypes';
import { exampleFor, ORDER_TO_CASH_PATHS, type OrderToCashPath } from './orderToCashPaths';
import { Poller } from './poll';
import { runWorkflow, type RunResult, type WorkflowJson } from './run';

export * from './orderToCashPaths';

/** The partner's verdict on one reply; `path` names the X12 or service-JSON path it came over. */
export interface Verdict {
	state: string;
	reasons: string[];
	path?: string;
}

export interface Scorecard {
	purchaseOrders: Array<
		{ purchaseOrderNumber: string; transactionId: number } & Record<
			'855' | '856' | '810',
			Verdict
		> &
			Partial<Record<'997', Verdict>>
	>;
}

export interface OrderToCash {
	order: { transactionId: number; purchaseOrderNumber: string };
	run: RunResult;
	scorecard: Scorecard['purchaseOrders'][number] | undefined;
}

async function admin(credentials: EdiCredentials, method: string, route: string, body?: object) {
	const response = await fetch(`${credentials.baseUrl}/_sandbox${route}`, {
		method,
		headers: body ? { 'content-type': 'application/json' } : undefined,
		body: body && JSON.stringify(body),
	});
	if (!response.ok)
		throw new Error(`sandbox ${method} ${route}: ${response.status} ${await response.text()}`);
	return (await response.json()) as IDataObject;
}

/**
 * Sets the partner's inbound format for the path, activates the example's trigger, has the partner
 * send an 850, and runs what the poll emits.
 */
export async function runOrderToCash(
	credentials: EdiCredentials,
	{
		path = 'structured',
		adjust,
	}: { path?: OrderToCashPath; adjust?: (w: WorkflowJson) => void } = {},
): Promise<OrderToCash> {
	await admin(credentials, 'PUT', '/config', {
		inboundFormat: ORDER_TO_CASH_PATHS[path].inboundFormat,
	});
	const workflow = exampleFor(path);
	adjust?.(workflow);
	const trigger = workflow.nodes.find((node) => node.type === TRIGGER_NODE) as INode;
	const poller = new Poller(credentials, trigger.parameters as IDataObject);
	const activation = await poller.poll();
	if (activation.error) throw activation.error;

	const order = (await admin(credentials, 'POST', '/partner/send-850')) as OrderToCash['order'];
	const emitted = await poller.poll();
	if (emitted.error) throw emitted.error;
	if (!emitted.items?.length)
		throw new Error('The trigger emitted nothing after the partner sent an 850');

	const run = await runWorkflow(workflow, {
		credentials,
		startNode: trigger.name,
		input: emitted.items,
		mode: 'trigger',
	});
	const scorecard = (await admin(credentials, 'GET', '/scorecard')) as unknown as Scorecard;
	return {
		order,
		run,
		scorecard: scorecard.purchaseOrders.find(
			(po) => po.purchaseOrderNumber === order.purchaseOrderNumber,
		),
	};
}
