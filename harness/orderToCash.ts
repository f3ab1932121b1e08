/**
 * Runs examples/order-to-cash.json (the very file users import) through n8n's engine against a
 * sandbox: the demo partner sends an 850, the trigger's poll emits it, and the workflow answers
 * with an 855, an 856 and an 810. Used by the demo, its test and the benchmark.
 */
import { readFileSync } from 'fs';
import type { IDataObject, INode } from 'n8n-workflow';
import { join } from 'path';

import type { EdiCredentials } from './credentials';
import { TRIGGER_NODE } from './nodeTypes';
import { Poller } from './poll';
import { runWorkflow, type RunResult, type WorkflowJson } from './run';

export const EXAMPLE_WORKFLOW = join(__dirname, '..', 'examples', 'order-to-cash.json');

export interface Scorecard {
	purchaseOrders: Array<
		{ purchaseOrderNumber: string; transactionId: number } & Record<
			'855' | '856' | '810',
			{ state: string; reasons: string[] }
		>
	>;
}

export interface OrderToCash {
	order: { transactionId: number; purchaseOrderNumber: string };
	run: RunResult;
	scorecard: Scorecard['purchaseOrders'][number] | undefined;
}

export function loadExample(file = EXAMPLE_WORKFLOW): WorkflowJson {
	return JSON.parse(readFileSync(file, 'utf8')) as WorkflowJson;
}

/** Activates the example's trigger, has the partner send an 850, and runs what the poll emits. */
export async function runOrderToCash(
	credentials: EdiCredentials,
	adjust?: (workflow: WorkflowJson) => void,
): Promise<OrderToCash> {
	const workflow = loadExample();
	adjust?.(workflow);
	const trigger = workflow.nodes.find((node) => node.type === TRIGGER_NODE) as INode;
	const poller = new Poller(credentials, trigger.parameters as IDataObject);
	const activation = await poller.poll();
	if (activation.error) throw activation.error;

	const sent = await fetch(`${credentials.baseUrl}/_sandbox/partner/send-850`, { method: 'POST' });
	const order = (await sent.json()) as OrderToCash['order'];
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
	const scorecard = (await (
		await fetch(`${credentials.baseUrl}/_sandbox/scorecard`)
	).json()) as Scorecard;
	return {
		order,
		run,
		scorecard: scorecard.purchaseOrders.find(
			(po) => po.purchaseOrderNumber === order.purchaseOrderNumber,
		),
	};
}
