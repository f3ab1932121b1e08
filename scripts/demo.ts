/**
 * npm run demo: the sandbox's demo partner sends a purchase order, and examples/order-to-cash.json
 * answers it through n8n's engine in-process. Prints the story; exits 0 only when the partner
 * accepted the 855, the 856 and the 810.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../sandbox';
import { runOrderToCash } from '../harness';

process.env.N8N_LOG_LEVEL ??= 'silent';

const DOCUMENTS = [
	[
		'Create 855',
		'855',
		'acknowledgment',
		(m: IDataObject) => `${(m.lineItems as IDataObject[]).length} lines, status ${m.status}`,
	],
	['Create 856', '856', 'ship notice', (m: IDataObject) => `shipment ${m.shipmentId}`],
	[
		'Create 810',
		'810',
		'invoice',
		(m: IDataObject) => `invoice ${m.invoiceNumber}, total ${m.invoiceTotal}`,
	],
] as const;

async function main(): Promise<boolean> {
	const started = Date.now();
	const sandbox = await startSandbox({ sendInitialOrder: false });
	try {
		console.log(
			`EDI Exchange demo: order to cash with the demo trading partner (sandbox at ${sandbox.baseUrl})\n`,
		);
		const { order, run, scorecard } = await runOrderToCash({
			baseUrl: sandbox.baseUrl,
			apiToken: sandbox.apiKey,
		});
		const po = run.outputs['EDI Exchange Trigger']?.[0]?.json ?? {};
		const lines =
			((po.message as IDataObject | undefined)?.lineItems as unknown[] | undefined)?.length ?? 0;
		console.log(
			`  850  ${po.senderId} sent purchase order ${order.purchaseOrderNumber} (transaction ${order.transactionId}, ${lines} lines)`,
		);
		console.log('       the EDI Exchange Trigger emitted it; the workflow answered:');
		for (const [node, type, name, summary] of DOCUMENTS) {
			const sent = run.outputs[node]?.[0]?.json;
			if (!sent) {
				console.log(`  ${type}  ✗ ${name} not sent`);
				continue;
			}
			console.log(
				`  ${type}  ${name} → transaction ${sent.id}, ${sent.status}: ${summary(sent.message as IDataObject)}`,
			);
		}
		if (run.error) console.log(`\n  The workflow failed: ${run.error.message}`);

		console.log(`\nThe partner's scorecard for ${order.purchaseOrderNumber}:`);
		const verdicts = DOCUMENTS.map(([, type]) => ({
			type,
			...(scorecard?.[type] ?? { state: 'missing', reasons: [] }),
		}));
		for (const { type, state, reasons } of verdicts) {
			console.log(
				`  ${type}  ${state === 'accepted' ? '✓' : '✗'} ${state}${reasons.length ? `: ${reasons.join('; ')}` : ''}`,
			);
		}
		const green = verdicts.every((v) => v.state === 'accepted');
		console.log(
			`\n${green ? 'All three documents accepted' : 'Not all documents were accepted'} (${((Date.now() - started) / 1000).toFixed(1)} s).`,
		);
		return green;
	} finally {
		await sandbox.stop();
	}
}

main().then(
	(green) => process.exit(green ? 0 : 1),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
