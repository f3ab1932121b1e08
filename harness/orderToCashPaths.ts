/**
 * The order-to-cash examples and the integration paths they run on: which example, the partner's
 * inbound format, the Create nodes' Integration Path and the replies the partner must accept, each
 * with the path its verdict names. Plain data and JSON edits (no n8n-core), so the real-n8n scripts
 * (scripts/n8n/orderToCash.js) load it too and run exactly what the demo runs.
 */
import { readFileSync } from 'fs';
import type { INode } from 'n8n-workflow';
import { join } from 'path';

import type { WorkflowJson } from './run';

export const EXAMPLE_WORKFLOW = join(__dirname, '..', 'examples', 'order-to-cash.json');
export const X12_EXAMPLE_WORKFLOW = join(__dirname, '..', 'examples', 'x12-order-to-cash.json');

/** The three ways the service takes a document, as `npm run demo -- --path NAME` names them. */
export type OrderToCashPath = 'structured' | 'x12' | 'json';

export type ReplyType = '997' | '855' | '856' | '810';

export interface PathPlan {
	/** What the workflow runs and the partner's inbound format for it. */
	example: string;
	inboundFormat: 'json' | 'x12';
	/** The Create nodes' Integration Path, when the example's own is not the one. */
	integrationPath?: 'serviceJson';
	/**
	 * The replies the partner must accept, each with the node that sends it and the path the
	 * partner's verdict names (none for a structured message).
	 */
	replies: Array<{ type: ReplyType; node: string; path?: 'x12' | 'serviceJson' }>;
}

const CREATE_NODES = [
	{ type: '855', node: 'Create 855' },
	{ type: '856', node: 'Create 856' },
	{ type: '810', node: 'Create 810' },
] as const;

const creates = (path?: 'x12' | 'serviceJson') => CREATE_NODES.map((c) => ({ ...c, path }));

export const ORDER_TO_CASH_PATHS: Record<OrderToCashPath, PathPlan> = {
	structured: { example: EXAMPLE_WORKFLOW, inboundFormat: 'json', replies: creates() },
	// The 850 arrives as X12; the 997 goes back as X12 (a 997 has no other path), the rest as X12.
	x12: {
		example: X12_EXAMPLE_WORKFLOW,
		inboundFormat: 'x12',
		replies: [{ type: '997', node: 'Send 997', path: 'x12' }, ...creates('x12')],
	},
	// The same, the 855, 856 and 810 sent as service-JSON segments.
	json: {
		example: X12_EXAMPLE_WORKFLOW,
		inboundFormat: 'x12',
		integrationPath: 'serviceJson',
		replies: [{ type: '997', node: 'Send 997', path: 'x12' }, ...creates('serviceJson')],
	},
};

export function loadExample(file = EXAMPLE_WORKFLOW): WorkflowJson {
	return JSON.parse(readFileSync(file, 'utf8')) as WorkflowJson;
}

/** The example of a path, ready to run: its Create nodes on the path's Integration Path. */
export function exampleFor(path: OrderToCashPath): WorkflowJson {
	const plan = ORDER_TO_CASH_PATHS[path];
	const workflow = loadExample(plan.example);
	if (plan.integrationPath)
		for (const node of workflow.nodes as INode[])
			if (CREATE_NODES.some((c) => c.node === node.name)) {
				node.parameters.integrationPath = plan.integrationPath;
				delete node.parameters.x12Options;
			}
	return workflow;
}
