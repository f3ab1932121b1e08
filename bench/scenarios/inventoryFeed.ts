/**
 * Scenario 6: one inventory feed (846) of N stock rows, built and sent, as a scheduled feed runs:
 * the rows a database query returned come in as N input items.
 *
 * - ours: Transaction → Create → Build Inventory Advice (846), structured path, one 846.
 * - hand-built: what a user builds without it, through the same engine: n8n's Code node (Run Once
 *   for All Items, JavaScript mapping the rows to the structured 846) → HTTP Request 4.2 POST
 *   /v4/transactions. The Code node runs on n8n's own task-runner code in-process
 *   (bench/lib/codeNode.ts).
 * - limit: the same mapping in plain JavaScript and one axios POST, no n8n.
 *
 * Every run's answer must be ACCEPTED, and the sandbox must have received N lines.
 */
import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';

import { runNode, runWorkflow } from '../../harness';
import { loadCodeNode } from '../lib/codeNode';
import type { Context, ScenarioResult } from '../lib/context';
import { benchNodeTypes, HEADER_AUTH, HEADER_AUTH_REF, headerAuth } from '../lib/engine';
import { workflowNode } from '../lib/handBuilt';
import { cellOf, timed } from '../lib/measure';
import { loadBaseNodes } from '../lib/nodesBase';
import { repeat } from './polling';

const ENVELOPE = {
	type: '846_INVENTORY_ADVICE',
	stream: 'test',
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
};

/** A stock row as n8n's Postgres node gives it (numeric columns as text, as `pg` returns them). */
export function stockRow(i: number): IDataObject {
	return {
		warehouse: `WH${(i % 3) + 1}`,
		buyer_item_number: String(20000000 + i),
		upc: String(100000000000 + i),
		available: String((i * 7) % 500),
		unit_of_measure: 'each',
		next_available_date: i % 10 === 0 ? '2026-12-15' : null,
	};
}

/** The Code node's JavaScript: what a user writes to turn the rows into the structured 846. */
export const HAND_CODE = `// One structured 846 (Inventory Inquiry/Advice) from every stock row.
const now = new Date();
const lineItems = $input.all().map(({ json: row }, index) => ({
  lineNumber: String(index + 1),
  productIds: { buyerItemNumber: row.buyer_item_number, gtin12: row.upc },
  unitOfMeasure: row.unit_of_measure,
  inventoryQuantities: [
    {
      locationId: row.warehouse,
      type: 'available',
      quantity: String(row.available),
      ...(row.next_available_date ? { availableDate: row.next_available_date } : {}),
    },
  ],
}));
return [{
  json: {
    type: '846_INVENTORY_ADVICE',
    stream: 'test',
    senderId: 'YOURCOMPANY',
    receiverId: 'DEMORETAIL',
    message: {
      purpose: 'full',
      reportType: 'sellerInventory',
      reportNumber: 'INV-' + now.getTime(),
      reportDate: now.toISOString().slice(0, 10),
      lineItems,
    },
  },
}];`;

/** The limit's mapping: the Code node's own JavaScript, run as a plain function. */
function handDocument(rows: IDataObject[]): IDataObject {
	const input = { all: () => rows.map((json) => ({ json })) };
	const run = new Function('$input', HAND_CODE) as (i: typeof input) => INodeExecutionData[];
	return run(input)[0].json;
}

/** The hand-built workflow (Code → HTTP Request), or why it cannot run. */
export function handBuiltFeed(ctx: Context):
	| ((rows: IDataObject[]) => Promise<IDataObject[]>)
	| {
			error: string;
	  } {
	const base = loadBaseNodes();
	if ('error' in base) return base;
	const code = loadCodeNode();
	if ('error' in code) return code;
	const nodeTypes = benchNodeTypes({
		'n8n-nodes-base.code': code.node,
		'n8n-nodes-base.httpRequest': base.httpRequest,
	});
	const nodes: INode[] = [
		workflowNode('Build 846', 'n8n-nodes-base.code', 2, 0, {
			mode: 'runOnceForAllItems',
			language: 'javaScript',
			jsCode: HAND_CODE,
		}),
		{
			...workflowNode('Send 846', 'n8n-nodes-base.httpRequest', 4.2, 200, {
				method: 'POST',
				url: `${ctx.sb.baseUrl}/v4/transactions`,
				authentication: 'genericCredentialType',
				genericAuthType: HEADER_AUTH,
				sendBody: true,
				specifyBody: 'json',
				jsonBody: '={{ JSON.stringify($json) }}',
				options: {},
			}),
			credentials: HEADER_AUTH_REF,
		},
	];
	return async (rows) => {
		const result = await runWorkflow(
			{
				id: 'hand-built-inventory',
				nodes,
				connections: { 'Build 846': { main: [[{ node: 'Send 846', type: 'main', index: 0 }]] } },
				settings: { executionOrder: 'v1' },
			},
			{
				credentials: ctx.sb.credentials,
				startNode: 'Build 846',
				input: rows.map((json) => ({ json })),
				nodeTypes,
				mode: 'trigger',
				extraCredentials: headerAuth(ctx.sb.credentials),
				additionalData: { startRunnerTask: code.startRunnerTask },
			},
		);
		if (result.error) throw result.error;
		return result.items.map((item: INodeExecutionData) => item.json);
	};
}

/** Our node's parameters: the rows' columns mapped as a user maps them (Row Columns). */
export const OURS_PARAMETERS: IDataObject = {
	resource: 'transaction',
	operation: 'create',
	documentType: ENVELOPE.type,
	stream: ENVELOPE.stream,
	messageSource: 'inventoryRows',
	senderId: ENVELOPE.senderId,
	receiverId: ENVELOPE.receiverId,
	integrationPath: 'structured',
	inventoryColumns: {
		buyerItemNumber: 'buyer_item_number',
		gtin: 'upc',
		quantityAvailable: 'available',
		unitOfMeasure: 'unit_of_measure',
		location: 'warehouse',
		nextAvailableDate: 'next_available_date',
	},
	inventoryOptions: {},
};

/** Every answer ACCEPTED, and the documents the sandbox stored hold `rows` lines in all. */
async function check(ctx: Context, what: string, answers: IDataObject[], rows: number) {
	const refused = answers.filter((answer) => answer.status !== 'ACCEPTED');
	if (!answers.length || refused.length)
		throw new Error(`${what}: ${refused.length} of ${answers.length} answers not ACCEPTED`);
	let lines = 0;
	for (const answer of answers) {
		const message = (await ctx.limit.message(Number(answer.id))) as { lineItems?: unknown[] };
		lines += message.lineItems?.length ?? 0;
	}
	if (lines !== rows) throw new Error(`${what}: the sandbox stored ${lines} lines, not ${rows}`);
	return answers.length;
}

export async function inventoryFeed(ctx: Context, results: ScenarioResult[]): Promise<void> {
	const { sb, limit, plan } = ctx;
	const count = plan.inventoryRows;
	await sb.reset();
	await sb.setLatency(0);
	ctx.latencyMs = 0;
	const rows = Array.from({ length: count }, (_, i) => stockRow(i + 1));
	ctx.log(`  inventory feed of ${count} rows`);
	// The request log is cleared by timed(); each run is checked against it right after.
	const measured = async (what: string, send: () => Promise<IDataObject[]>) =>
		await repeat(ctx, async () => {
			let answers: IDataObject[] = [];
			const sample = await timed(sb, async () => (answers = await send()).length, {
				memory: true,
			});
			sample.items = await check(ctx, what, answers, count);
			return sample;
		});

	const ours = await measured('ours', async () => {
		const result = await runNode({
			credentials: sb.credentials,
			input: rows,
			parameters: OURS_PARAMETERS,
		});
		if (result.error) throw result.error;
		return result.items.map((item) => item.json);
	});
	const hand = handBuiltFeed(ctx);
	const handRuns =
		'error' in hand ? undefined : await measured('hand-built', async () => await hand(rows));
	const bare = await measured('limit', async () => [
		(await limit.create(handDocument(rows))) as unknown as IDataObject,
	]);
	results.push({
		id: 'inventory-feed',
		scenario: 6,
		title: `6. Inventory feed: ${count.toLocaleString('en-US')} rows → one 846, built and sent`,
		latencyMs: 0,
		metrics: ['requests', 'ms', 'heapMB'],
		ours: cellOf(
			'ours',
			'EDI Exchange: Transaction → Create → Build Inventory Advice (846), structured',
			ours.samples,
			ours.warmups,
		),
		...(handRuns
			? {
					handBuilt: cellOf(
						'handBuilt',
						"n8n-nodes-base: Code 2 (JavaScript, Run Once for All Items, on n8n's task-runner code in-process) → HTTP Request 4.2 POST",
						handRuns.samples,
						handRuns.warmups,
					),
				}
			: {}),
		limit: cellOf('limit', 'plain JavaScript mapping + one axios POST', bare.samples, bare.warmups),
		notes: [
			'error' in hand
				? `no hand-built figure: ${hand.error}`
				: "hand-built here: n8n's Code node (JavaScript mapping the rows) → HTTP Request POST; limit: the same mapping and one axios POST",
		],
	});
}
