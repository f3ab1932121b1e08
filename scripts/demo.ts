/**
 * npm run demo [-- --path structured|x12|json|all]: the sandbox's demo partner sends a purchase
 * order, and the order-to-cash example answers it through n8n's engine in-process, on each
 * integration path asked for (default: all three, each against a fresh sandbox); then the stock of
 * the order's items goes out as an inventory feed (846) on the same path. On the structured path,
 * the outcomes recipe's trigger watches what was sent, and catches an invoice the partner rejects
 * (billed at a price it never agreed: sent on purpose, expected). Prints the story and the
 * partner's scorecard; exits 0 only when the partner accepted every reply on every path and the
 * trigger caught the one rejection.
 * With --scenario, the partner's certification scenarios instead, on the paths asked for (demoScenarios.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../sandbox';
import { ORDER_TO_CASH_PATHS, runOrderToCash, type OrderToCashPath } from '../harness';
import { printInventory, sendInventoryFeed } from './demoInventory';
import { rejectedInvoice, watchOutcomes } from './demoOutcomes';
import { demoScenarios, parseScenarios } from './demoScenarios';

process.env.N8N_LOG_LEVEL ??= 'silent';

const TITLES: Record<OrderToCashPath, string> = {
	structured: 'structured messages (examples/order-to-cash.json)',
	x12: 'X12 passthrough (examples/x12-order-to-cash.json)',
	json: 'service JSON (examples/x12-order-to-cash.json, Integration Path: Service JSON)',
};

/** The Integration Path the inventory feed takes on each demo path. */
const FEED_PATHS: Record<OrderToCashPath, 'structured' | 'x12' | 'serviceJson'> = {
	structured: 'structured',
	x12: 'x12',
	json: 'serviceJson',
};

const NAMES: Record<string, string> = {
	'997': 'functional acknowledgment',
	'855': 'acknowledgment',
	'856': 'ship notice',
	'810': 'invoice',
};

/** What the reply said, in a few words. */
function summary(type: string, out: IDataObject): string {
	const m = (out.message ?? {}) as IDataObject;
	const sent =
		out.interchangeControlNumber !== undefined
			? `, sent as interchange ${out.interchangeControlNumber}`
			: out.segments
				? `, ${(out.segments as unknown[]).length} segments`
				: '';
	const what: Record<string, () => string> = {
		'997': () => {
			const acknowledged = (out.acknowledged ?? {}) as IDataObject;
			const accepted = (acknowledged.accepted ?? []) as boolean[];
			return `acknowledges interchange ${acknowledged.interchangeControlNumber}, ${accepted.filter(Boolean).length} of ${accepted.length} group(s) accepted`;
		},
		'855': () => `${(m.lineItems as unknown[]).length} lines, status ${m.status}`,
		'856': () => `shipment ${m.shipmentId}`,
		'810': () => `invoice ${m.invoiceNumber}, total ${m.invoiceTotal}`,
	};
	return `${what[type]()}${sent}`;
}

function parsePaths(argv: string[]): OrderToCashPath[] {
	const at = argv.indexOf('--path');
	const asked = at >= 0 ? argv[at + 1] : 'all';
	if (asked === 'all') return ['structured', 'x12', 'json'];
	if (asked && asked in ORDER_TO_CASH_PATHS) return [asked as OrderToCashPath];
	throw new Error(`--path must be structured, x12, json or all, not ${asked ?? 'nothing'}`);
}

async function demo(path: OrderToCashPath): Promise<boolean> {
	const sandbox = await startSandbox({ sendInitialOrder: false });
	try {
		console.log(`\n── Order to cash over ${TITLES[path]}, sandbox at ${sandbox.baseUrl}\n`);
		const credentials = { baseUrl: sandbox.baseUrl, apiToken: sandbox.apiKey };
		// On the structured path the outcomes recipe's trigger watches everything sent from here on.
		const outcomes = path === 'structured' ? await watchOutcomes(credentials) : undefined;
		const { order, run, scorecard } = await runOrderToCash(credentials, { path });
		const po = run.outputs['EDI Exchange Trigger']?.[0]?.json ?? {};
		const document = (po.document ?? po.message) as IDataObject | undefined;
		const lines = (document?.lineItems as unknown[] | undefined)?.length ?? 0;
		console.log(
			`  850  ${po.senderId} sent purchase order ${order.purchaseOrderNumber} as ${po.messageFormat === 'x12' ? 'X12' : 'a structured message'} (transaction ${order.transactionId}, ${lines} lines)`,
		);
		console.log('       the EDI Exchange Trigger emitted it; the workflow answered:');
		const { replies } = ORDER_TO_CASH_PATHS[path];
		for (const { type, node } of replies) {
			const sent = run.outputs[node]?.[0]?.json;
			console.log(
				sent
					? `  ${type}  ${NAMES[type]} → ${sent.status}: ${summary(type, sent)}`
					: `  ${type}  ✗ ${NAMES[type]} not sent`,
			);
		}
		if (run.error) console.log(`\n  The workflow failed: ${run.error.message}`);
		if (document) {
			console.log("       then the stock of the order's items, as a scheduled feed sends it:");
			await sendInventoryFeed(credentials, document, FEED_PATHS[path]);
		}

		console.log(`\n  The partner's scorecard for ${order.purchaseOrderNumber}:`);
		const verdicts = replies.map(({ type }) => ({
			type,
			...(scorecard?.[type] ?? { state: 'missing', reasons: [] }),
		}));
		for (const { type, state, reasons, path: over } of verdicts)
			console.log(
				`  ${type}  ${state === 'accepted' ? '✓' : '✗'} ${state}${over ? ` (over ${over})` : ''}${reasons.length ? `: ${reasons.join('; ')}` : ''}`,
			);
		const inventory = await printInventory(sandbox.baseUrl);
		const invoice = run.outputs[replies.find((r) => r.type === '810')!.node]?.[0]?.json.message;
		const loop = outcomes
			? invoice !== undefined &&
				(await rejectedInvoice(credentials, outcomes, invoice as IDataObject))
			: true;
		return verdicts.every((v) => v.state === 'accepted') && inventory && loop;
	} finally {
		await sandbox.stop();
	}
}

async function main(): Promise<boolean> {
	const scenarios = parseScenarios(process.argv.slice(2));
	const paths = parsePaths(process.argv.slice(2));
	if (scenarios) return await demoScenarios(scenarios, paths);
	const started = Date.now();
	console.log('EDI Exchange demo: order to cash with the demo trading partner');
	const green: OrderToCashPath[] = [];
	for (const path of paths) if (await demo(path)) green.push(path);
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	console.log(
		green.length === paths.length
			? `\nEvery reply accepted on ${paths.length === 1 ? 'the' : 'all'} ${paths.join(', ')} path${paths.length === 1 ? '' : 's'}${paths.includes('structured') ? '; the invoice sent to be rejected was rejected, and the outcome trigger caught it' : ''} (${seconds} s).`
			: `\nNot every reply was accepted${paths.includes('structured') ? ', or the rejection was not caught' : ''}: ${paths.filter((p) => !green.includes(p)).join(', ')} (${seconds} s).`,
	);
	return green.length === paths.length;
}

main().then(
	(green) => process.exit(green ? 0 : 1),
	(error) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	},
);
