/**
 * npm run demo -- --scenario standard|sellerChanges|buyerChanges|cancellation|all [--path
 * structured|x12|json|all]: the demo partner's certification scenarios on each integration path
 * asked for (default all three), each scenario against a fresh sandbox. The trigger emits what the
 * partner sends (its 850 and 860s in the path's inbound format: structured messages, or X12 on the
 * X12 and service-JSON paths); the node answers step by step through n8n's engine (Acknowledge
 * With 997 on the X12 paths, Build From Purchase Order, Apply Change (860), the 865) and the
 * partner's scenario scorecard is printed per path.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../sandbox';
import { SCENARIO_NAMES, type ScenarioName } from '../sandbox/partner/scenarios';
import {
	ORDER_TO_CASH_PATHS,
	Poller,
	runNode,
	type EdiCredentials,
	type OrderToCashPath,
} from '../harness';

/**
 * What the seller decides in its 855, per scenario: sellerChanges rejects line 1, reprices line 2
 * and backorders line 3 (X12 ACK01 IR, IP, IB; line 4 IA).
 */
const SELLER_DECISIONS: Partial<Record<ScenarioName, IDataObject[]>> = {
	sellerChanges: [
		{ purchaseOrderLineId: '1', status: 'rejected' },
		{ purchaseOrderLineId: '2', status: 'accepted', unitCostPrice: '1.23' },
		{ purchaseOrderLineId: '3', status: 'backordered' },
	],
};

/** The 855's line decisions in a few words (a repriced line says its Price Adjustment: X12 ACK01 IP). */
function decisionsOf(ack: IDataObject, asX12: boolean): string {
	return (ack.lineItems as IDataObject[])
		.map((line) => {
			const [action] = line.actions as IDataObject[];
			const note = action.statusNote as IDataObject | undefined;
			const price = note
				? ` at ${String(action.unitCostPrice)} (${String(note.description)}${asX12 ? ': ACK01 IP' : ''})`
				: '';
			return `line ${String(line.purchaseOrderLineId)} ${String(action.status)}${price}`;
		})
		.join(', ');
}

const ROWS = ['997', '855', '860', '856', '810', '865'];

/**
 * Each path's replies: the Create nodes' Integration Path (none: structured messages) and the
 * 865's. The service has no structured 865, so on the structured path it goes as service JSON.
 * The inbound format is the order-to-cash demo's (harness/orderToCashPaths.ts): on the
 * service-JSON path the partner's 850 and 860 arrive as X12, as the service delivers them.
 */
const REPLIES: Record<OrderToCashPath, { documents?: string; changeAck: string; title: string }> = {
	structured: { changeAck: 'serviceJson', title: 'structured messages' },
	x12: { documents: 'x12', changeAck: 'x12', title: 'X12 passthrough' },
	json: { documents: 'serviceJson', changeAck: 'serviceJson', title: 'service JSON' },
};

export function parseScenarios(argv: string[]): ScenarioName[] | undefined {
	const at = argv.indexOf('--scenario');
	if (at < 0) return undefined;
	const asked = argv[at + 1];
	if (asked === 'all') return SCENARIO_NAMES;
	if ((SCENARIO_NAMES as string[]).includes(asked)) return [asked as ScenarioName];
	throw new Error(
		`--scenario must be ${SCENARIO_NAMES.join(', ')} or all, not ${asked ?? 'nothing'}`,
	);
}

const build = (documentType: string, extra: IDataObject): IDataObject => ({
	resource: 'transaction',
	operation: 'create',
	documentType,
	stream: 'test',
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
	messageSource: 'build',
	purchaseOrder: '={{ $json.po }}',
	acknowledgment: '={{ $json.ack ?? "" }}',
	shipNotice: '={{ $json.asn ?? "" }}',
	documentOptions: {},
	...extra,
});

/** How a sent reply went: its transaction, or the interchange or segments it travelled as. */
function sentAs(out: IDataObject): string {
	if (out.interchangeControlNumber !== undefined)
		return `interchange ${String(out.interchangeControlNumber)}`;
	if (Array.isArray(out.segments)) return `${out.segments.length} service-JSON segments`;
	return `transaction ${String(out.id)}`;
}

/** Runs one step; prints what was sent or why it was refused; returns the sent message. */
async function step(
	credentials: EdiCredentials,
	label: string,
	parameters: IDataObject,
	input: IDataObject,
): Promise<IDataObject | undefined> {
	const run = await runNode({ credentials, parameters, input: [input] });
	if (run.error) {
		console.log(`  ${label}  refused before sending: ${run.error.message}`);
		return undefined;
	}
	const out = run.items[0].json;
	console.log(`  ${label}  sent → ${String(out.status)} (${sentAs(out)})`);
	return out.message as IDataObject;
}

/** Apply Change (860) on the order so far; prints the change log; returns the effective order. */
async function applyChange(
	credentials: EdiCredentials,
	order: IDataObject,
	change: unknown,
): Promise<IDataObject> {
	const applied = await runNode({
		credentials,
		parameters: {
			resource: 'transaction',
			operation: 'applyChange',
			changedOrder: '={{ $json.po }}',
			changes: '={{ $json.change }}',
		},
		input: [{ po: order, change } as IDataObject],
	});
	if (applied.error) throw new Error(`Apply Change (860) failed: ${applied.error.message}`);
	const result = applied.items[0].json;
	const log = (result.changeLog as IDataObject[]).map(
		(e) => `line ${String(e.purchaseOrderLineId)} ${String(e.change)}`,
	);
	console.log(`       Apply Change (860): ${String(result.status)}; ${log.join(', ')}`);
	return result.effectiveOrder as IDataObject;
}

/** The partner's scorecard entry, printed row by row; true when the partner accepts the scenario. */
function judged(entry: IDataObject, scenario: ScenarioName): boolean {
	let green = true;
	for (const row of ROWS.filter((r) => entry[r] !== undefined)) {
		const {
			state,
			reasons = [],
			path,
		} = entry[row] as {
			state: string;
			reasons?: string[];
			path?: string;
		};
		// A cancelled order is answered by sending nothing more.
		const fine =
			state === 'accepted' ||
			state === 'sent' ||
			(scenario === 'cancellation' && state === 'missing' && !['855', '997'].includes(row));
		green &&= fine;
		console.log(
			`  ${row}  ${fine ? '✓' : '✗'} ${state}${path ? ` (over ${path})` : ''}${reasons.length ? `: ${reasons.join('; ')}` : ''}`,
		);
	}
	return green;
}

/** The partner's scenario on one path; true when the partner accepts it. */
async function scenarioDemo(path: OrderToCashPath, scenario: ScenarioName): Promise<boolean> {
	const { inboundFormat } = ORDER_TO_CASH_PATHS[path];
	const replies = REPLIES[path];
	const sandbox = await startSandbox({ sendInitialOrder: false, inboundFormat });
	const credentials = { baseUrl: sandbox.baseUrl, apiToken: sandbox.apiKey };
	const admin = async (method: string, at: string, body?: unknown) =>
		(await fetch(`${sandbox.baseUrl}/_sandbox${at}`, {
			method,
			headers: { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		}).then((r) => r.json())) as IDataObject;
	const onPath = replies.documents ? { integrationPath: replies.documents } : {};
	try {
		console.log(`\n── Scenario ${scenario} over ${replies.title}, sandbox at ${sandbox.baseUrl}\n`);
		const trigger = new Poller(credentials, {
			source: 'transactions',
			stream: 'test',
			// The partner's orders and changes; its answers (997, 824) to what the workflow sends are not.
			transactionTypes: ['850', '860'],
			includeMessage: true,
			options: {},
		});
		await trigger.poll();
		const sent = await admin('POST', '/partner/send-850', { scenario });
		const item = (await trigger.poll()).items![0].json;
		const x12 = item.messageFormat === 'x12';
		const document = (x12 ? item.document : item.message) as IDataObject;
		console.log(
			`  850  the partner sent ${String(sent.purchaseOrderNumber)} as ${x12 ? 'X12' : 'a structured message'}: ${(document.lineItems as unknown[]).length} lines`,
		);
		if (x12)
			await step(
				credentials,
				'997',
				{
					resource: 'x12',
					operation: 'acknowledge',
					x12Content: '={{ $json.message }}',
					send: true,
				},
				item,
			);
		const decisions = SELLER_DECISIONS[scenario];
		const ack = await step(
			credentials,
			'855',
			build('855_PURCHASE_ORDER_ACKNOWLEDGMENT', {
				...onPath,
				...(decisions && { acknowledgmentLines: { line: decisions } }),
			}),
			{ po: item },
		);
		if (ack && decisions)
			console.log(`       ${decisionsOf(ack, replies.documents !== undefined)}`);
		let order: IDataObject = item;
		for (const arrived of (await trigger.poll()).items ?? []) {
			const json = arrived.json;
			// On the X12 paths the 860's bare X12 text: Apply Change and the 865 read it themselves.
			const change = json.message as IDataObject | string;
			const read = (json.document ?? json.message) as IDataObject;
			console.log(
				`  860  the partner sent change ${String(read.changeSequenceNumber)} (${String(read.purpose)}) as ${x12 ? 'X12' : 'a structured message'}, listed as ${String(json.transactionType)}`,
			);
			order = await applyChange(credentials, order, change);
			if (scenario === 'buyerChanges')
				await step(
					credentials,
					'865',
					build('865_PURCHASE_ORDER_CHANGE_ACKNOWLEDGMENT', {
						purchaseOrderChange: '={{ $json.change }}',
						integrationPath: replies.changeAck,
					}),
					{ change } as IDataObject,
				);
		}
		const asn = await step(credentials, '856', build('856_SHIP_NOTICE_MANIFEST', onPath), {
			po: order,
			ack,
		});
		await step(credentials, '810', build('810_INVOICE', onPath), { po: order, ack, asn });
		const entry = ((await admin('GET', '/scorecard')).purchaseOrders as IDataObject[]).find(
			(p) => p.purchaseOrderNumber === sent.purchaseOrderNumber,
		)!;
		console.log(
			`\n  The partner's scorecard for ${String(sent.purchaseOrderNumber)} (scenario ${String(entry.scenario)}, ${replies.title}):`,
		);
		return judged(entry, scenario);
	} finally {
		await sandbox.stop();
	}
}

/** Every scenario asked for on every path asked for; true when the partner accepts them all. */
export async function demoScenarios(
	scenarios: ScenarioName[],
	paths: OrderToCashPath[],
): Promise<boolean> {
	const tally: string[] = [];
	let green = true;
	for (const path of paths) {
		const accepted: string[] = [];
		for (const scenario of scenarios)
			if (await scenarioDemo(path, scenario)) accepted.push(scenario);
		const missed = scenarios.filter((s) => !accepted.includes(s));
		green &&= missed.length === 0;
		tally.push(
			`${accepted.length}/${scenarios.length} on the ${REPLIES[path].title} path${missed.length ? ` (not: ${missed.join(', ')})` : ''}`,
		);
	}
	console.log(
		`\nScenarios accepted by the partner: ${tally.join('; ')}. The 865 goes as X12 or service JSON (the service has no structured 865).`,
	);
	return green;
}
