/**
 * npm run demo -- --scenario standard|sellerChanges|buyerChanges|cancellation|all: the demo
 * partner's certification scenarios on the structured path, each against a fresh sandbox. The
 * trigger emits what the partner sends; the node answers step by step (Build From Purchase Order,
 * Apply Change (860), the 865 over service JSON) through n8n's engine; the partner's scenario
 * scorecard is printed. The partner's X12 inbound format is not demonstrated here yet.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../sandbox';
import { SCENARIO_NAMES, type ScenarioName } from '../sandbox/partner/scenarios';
import { Poller, runNode, type EdiCredentials } from '../harness';
import { printInventory } from './demoInventory';

/** What the seller decides in its 855, per scenario: sellerChanges rejects line 1 and reprices line 2. */
const SELLER_DECISIONS: Partial<Record<ScenarioName, IDataObject[]>> = {
	sellerChanges: [
		{ purchaseOrderLineId: '1', status: 'rejected' },
		{ purchaseOrderLineId: '2', status: 'accepted', unitCostPrice: '1.23' },
	],
};

const ROWS = ['855', '860', '856', '810', '865'];

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
	console.log(`  ${label}  sent → ${String(out.status)} (transaction ${String(out.id)})`);
	return out.message as IDataObject;
}

/** The partner's scenario on the structured path; true when the partner accepts it. */
async function scenarioDemo(scenario: ScenarioName): Promise<boolean> {
	const sandbox = await startSandbox({ sendInitialOrder: false });
	const credentials = { baseUrl: sandbox.baseUrl, apiToken: sandbox.apiKey };
	const admin = async (method: string, path: string, body?: unknown) =>
		(await fetch(`${sandbox.baseUrl}/_sandbox${path}`, {
			method,
			headers: { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		}).then((r) => r.json())) as IDataObject;
	try {
		console.log(`\n── Scenario ${scenario} (structured messages), sandbox at ${sandbox.baseUrl}\n`);
		const trigger = new Poller(credentials, {
			source: 'transactions',
			stream: 'test',
			transactionTypes: [],
			includeMessage: true,
			options: {},
		});
		await trigger.poll();
		const sent = await admin('POST', '/partner/send-850', { scenario });
		const po = (await trigger.poll()).items?.[0]?.json.message as IDataObject;
		console.log(
			`  850  the partner sent ${String(sent.purchaseOrderNumber)}: ${(po.lineItems as unknown[]).length} lines`,
		);
		const decisions = SELLER_DECISIONS[scenario];
		const ack = await step(
			credentials,
			'855',
			build(
				'855_PURCHASE_ORDER_ACKNOWLEDGMENT',
				decisions ? { acknowledgmentLines: { line: decisions } } : {},
			),
			{ po },
		);
		let order: IDataObject = po;
		for (const item of (await trigger.poll()).items ?? []) {
			const change = item.json.message as IDataObject;
			console.log(
				`  860  the partner sent change ${String(change.changeSequenceNumber)} (${String(change.purpose)}), listed as ${String(item.json.transactionType)}`,
			);
			const applied = await runNode({
				credentials,
				parameters: {
					resource: 'transaction',
					operation: 'applyChange',
					changedOrder: '={{ $json.po }}',
					changes: '={{ $json.change }}',
				},
				input: [{ po: order, change }],
			});
			const result = applied.items[0].json;
			const log = (result.changeLog as IDataObject[]).map(
				(e) => `line ${String(e.purchaseOrderLineId)} ${String(e.change)}`,
			);
			console.log(`       Apply Change (860): ${String(result.status)}; ${log.join(', ')}`);
			order = result.effectiveOrder as IDataObject;
			// The service has no structured 865: the reply to the buyer's change goes as service JSON.
			if (scenario === 'buyerChanges')
				await step(
					credentials,
					'865',
					build('865_PURCHASE_ORDER_CHANGE_ACKNOWLEDGMENT', {
						purchaseOrderChange: '={{ $json.change }}',
						integrationPath: 'serviceJson',
					}),
					{ change },
				);
		}
		const asn = await step(credentials, '856', build('856_SHIP_NOTICE_MANIFEST', {}), {
			po: order,
			ack,
		});
		await step(credentials, '810', build('810_INVOICE', {}), { po: order, ack, asn });
		const entry = ((await admin('GET', '/scorecard')).purchaseOrders as IDataObject[]).find(
			(p) => p.purchaseOrderNumber === sent.purchaseOrderNumber,
		)!;
		console.log(
			`\n  The partner's scorecard for ${String(sent.purchaseOrderNumber)} (scenario ${String(entry.scenario)}):`,
		);
		let green = true;
		for (const row of ROWS.filter((r) => entry[r] !== undefined)) {
			const { state, reasons = [] } = entry[row] as { state: string; reasons?: string[] };
			// A cancelled order is answered by sending nothing more.
			const fine =
				state === 'accepted' ||
				state === 'sent' ||
				(scenario === 'cancellation' && state === 'missing' && row !== '855');
			green &&= fine;
			console.log(
				`  ${row}  ${fine ? '✓' : '✗'} ${state}${reasons.length ? `: ${reasons.join('; ')}` : ''}`,
			);
		}
		return (await printInventory(sandbox.baseUrl)) && green;
	} finally {
		await sandbox.stop();
	}
}

export async function demoScenarios(scenarios: ScenarioName[]): Promise<boolean> {
	const accepted: string[] = [];
	for (const scenario of scenarios) if (await scenarioDemo(scenario)) accepted.push(scenario);
	console.log(
		`\n${accepted.length}/${scenarios.length} scenarios accepted on the structured path${accepted.length < scenarios.length ? ` (not: ${scenarios.filter((s) => !accepted.includes(s)).join(', ')})` : ''}. The 865 goes as service JSON (the service has no structured 865); the four scenarios on the X12 and service-JSON inbound paths are not in this demo yet.`,
	);
	return accepted.length === scenarios.length;
}
