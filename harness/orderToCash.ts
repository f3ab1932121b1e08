/**
 * Runs an order-to-cash example workflow (the very files users import) through n8n's engine
 * against a sandbox: the demo partner sends an 850, the trigger's poll emits it, and the workflow
 * answers it. One run per integration path: structured messages (examples/order-to-cash.json), X12
 * passthrough and service JSON (examples/x12-order-to-cash.json, its Create nodes switched to the
 * path). Used by the demo, its tests and the benchmark.
 */
import { readFileSync } from 'fs';
import type { IDataObject, INode } from 'n8n-workflow';
import { join } from 'path';

import type { EdiCredentials } from './credentials';
import { TRIGGER_NODE } from './nodeTypes';
import { Poller } from './poll';
import { runWorkflow, type RunResult, type WorkflowJson } from './run';

export const EXAMPLE_WORKFLOW = join(__dirname, '..', 'examples', 'order-to-cash.json');
export const X12_EXAMPLE_WORKFLOW = join(__dirname, '..', 'examples', 'x12-order-to-cash.json');

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

/** The three ways the service takes a document, as `npm run demo -- --path NAME` names them. */
export type OrderToCashPath = 'structured' | 'x12' | 'json';

export interface PathPlan {
	/** What the workflow runs and the partner's inbound format for it. */
	example: string;
	inboundFormat: 'json' | 'x12';
	/** The Create nodes' Integration Path, when the example's own is not the one. */
	integrationPath?: 'serviceJson';
	/** The replies the partner must accept, each with the node that sends it. */
	replies: Array<{ type: '997' | '855' | '856' | '810'; node: string }>;
}

const CREATES = [
	{ type: '855', node: 'Create 855' },
	{ type: '856', node: 'Create 856' },
	{ type: '810', node: 'Create 810' },
] as const;

export const ORDER_TO_CASH_PATHS: Record<OrderToCashPath, PathPlan> = {
	structured: { example: EXAMPLE_WORKFLOW, inboundFormat: 'json', replies: [...CREATES] },
	// The 850 arrives as X12; the 997 goes back as X12 (a 997 has no other path), the rest as X12.
	x12: {
		example: X12_EXAMPLE_WORKFLOW,
		inboundFormat: 'x12',
		replies: [{ type: '997', node: 'Send 997' }, ...CREATES],
	},
	// The same, the 855, 856 and 810 sent as service-JSON segments.
	json: {
		example: X12_EXAMPLE_WORKFLOW,
		inboundFormat: 'x12',
		integrationPath: 'serviceJson',
		replies: [{ type: '997', node: 'Send 997' }, ...CREATES],
	},
};

export interface OrderToCash {
	order: { transactionId: number; purchaseOrderNumber: string };
	run: RunResult;
	scorecard: Scorecard['purchaseOrders'][number] | undefined;
}

export function loadExample(file = EXAMPLE_WORKFLOW): WorkflowJson {
	return JSON.parse(readFileSync(file, 'utf8')) as WorkflowJson;
}

/** The example of a path, ready to run: its Create nodes on the path's Integration Path. */
export function exampleFor(path: OrderToCashPath): WorkflowJson {
	const plan = ORDER_TO_CASH_PATHS[path];
	const workflow = loadExample(plan.example);
	if (plan.integrationPath)
		for (const node of workflow.nodes as INode[])
			if (CREATES.some((c) => c.node === node.name)) {
				node.parameters.integrationPath = plan.integrationPath;
				delete node.parameters.x12Options;
			}
	return workflow;
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
