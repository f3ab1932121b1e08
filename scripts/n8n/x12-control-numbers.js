#!/usr/bin/env node
'use strict';
// What real n8n keeps of the X12 control-number counter (an action node's static data) between
// runs: X12 → Convert (document to X12, nothing sent) with this node's counter, run by `n8n
// execute` (mode cli), by the editor's Execute workflow (mode manual, POST /rest/workflows/:id/run)
// and by a published workflow's Webhook (mode webhook: a production execution). Prints the ISA13
// of each run and the counter n8n stored. The package is packed from a fresh copy of the checkout
// and installed the README's way.
//
//   node scripts/n8n/x12-control-numbers.js [--keep]

const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib');
const n8n = require('./n8n');
const pack = require('./pack');

const WORKFLOW_ID = 'ediX12ControlNumbers';
const WEBHOOK_WORKFLOW_ID = 'ediX12CtrlNumbersWh';
const MESSAGE = {
	purchaseOrderNumber: 'PO-CN1',
	status: 'accepted',
	dates: { purchaseOrderDate: '2026-11-22' },
	lineItems: [
		{
			purchaseOrderLineId: '1',
			quantity: { value: '5', unitOfMeasure: 'each' },
			unitCostPrice: '1.00',
			productIds: { buyerItemNumber: 'A-1' },
			actions: [{ status: 'accepted', quantity: { value: '5', unitOfMeasure: 'each' } }],
		},
	],
};

/** A trigger, then X12 → Convert (document to X12) numbering from its own counter. */
function convertWorkflow(id, trigger) {
	return n8n.useSandboxCredential({
		id,
		name: `X12 control numbers across runs (${trigger.type.split('.').pop()})`,
		active: false,
		settings: { executionOrder: 'v1' },
		connections: { Start: { main: [[{ node: 'Convert', type: 'main', index: 0 }]] } },
		nodes: [
			trigger,
			{
				id: 'a2',
				name: 'Convert',
				type: n8n.ACTION_TYPE,
				typeVersion: 1.1,
				position: [260, 0],
				parameters: {
					resource: 'x12',
					operation: 'convert',
					conversion: 'toX12',
					documentType: '855',
					document: JSON.stringify(MESSAGE),
					senderId: 'YOURCOMPANY',
					receiverId: 'DEMORETAIL',
					stream: 'test',
					options: { numbering: 'counter', firstControlNumber: 7000 },
				},
			},
		],
	});
}

async function main() {
	const work = n8n.mkTemp('edi-x12-cn-');
	const userFolder = path.join(work, 'user');
	fs.mkdirSync(userFolder, { recursive: true });
	try {
		const { tarball } = await pack.packFreshCopy(work);
		await n8n.installTarball(userFolder, tarball);
		await n8n.n8nCommand(userFolder, [
			'import:credentials',
			`--input=${n8n.credentialFile(work, { baseUrl: 'http://127.0.0.1:9', apiKey: 'unused-0123456789' })}`,
		]);
		const start = (type, typeVersion, more) => ({
			id: 'a1',
			name: 'Start',
			type,
			typeVersion,
			position: [0, 0],
			...more,
		});
		const workflow = convertWorkflow(
			WORKFLOW_ID,
			start('n8n-nodes-base.manualTrigger', 1, { parameters: {} }),
		);
		const webhookWorkflow = convertWorkflow(
			WEBHOOK_WORKFLOW_ID,
			start('n8n-nodes-base.webhook', 2, {
				webhookId: '5f1d7a52-7c1e-4b5e-9c3a-1f2e3d4c5b6a',
				parameters: { path: 'x12-control-numbers', httpMethod: 'GET', responseMode: 'lastNode' },
			}),
		);
		for (const [name, wf] of [
			['workflow.json', workflow],
			['workflow-webhook.json', webhookWorkflow],
		]) {
			const file = path.join(work, name);
			fs.writeFileSync(file, JSON.stringify(wf, null, 2));
			await n8n.n8nCommand(userFolder, ['import:workflow', `--input=${file}`]);
		}

		const numbers = [];
		for (let run = 1; run <= 3; run++) {
			const r = await n8n.n8nCommand(
				userFolder,
				['execute', `--id=${WORKFLOW_ID}`, '--rawOutput'],
				{
					timeoutMs: 240000,
					extraEnv: { N8N_LOG_LEVEL: 'info' },
				},
			);
			const items = n8n.itemsByNode(n8n.parseExecuteOutput(r.stdout)).Convert || [];
			numbers.push(items[0] && items[0].interchangeControlNumber);
			console.log(`n8n execute run ${run}: ISA13 ${numbers[run - 1]}`);
		}
		const cliKept = numbers[1] === '000007001' && numbers[2] === '000007002';
		console.log(`cli: the counter was ${cliKept ? '' : 'NOT '}kept between runs`);

		// The same n8n, started: manual runs from the editor, then production runs by the webhook.
		const procs = new lib.Processes();
		try {
			const port = await lib.freePort();
			const { url } = await n8n.startN8n(procs, userFolder, {
				port,
				brokerPort: await lib.freePort(),
				logFile: path.join(work, 'n8n.log'),
			});
			const session = await n8n.ownerSession(url);
			const rest = async (method, route, body) => {
				const r = await lib.request(method, `${url}/rest${route}`, {
					body,
					jar: session.jar,
					headers: session.headers,
				});
				if (r.status >= 400)
					throw new Error(`${method} ${route}: ${r.status} ${r.text.slice(0, 300)}`);
				return r.json && r.json.data !== undefined ? r.json.data : r.json;
			};
			const stored = async (id) => {
				const wf = await rest('GET', `/workflows/${id}`);
				const node = (wf.staticData || {})['node:Convert'] || {};
				return JSON.stringify(node.x12ControlNumbers || null);
			};
			console.log(`stored after the cli runs: ${await stored(WORKFLOW_ID)}`);
			for (let run = 1; run <= 2; run++) {
				const wf = await rest('GET', `/workflows/${WORKFLOW_ID}`);
				const started = await rest('POST', `/workflows/${WORKFLOW_ID}/run`, {
					workflowData: wf,
					triggerToStartFrom: { name: 'Start' },
				});
				const done = await lib.waitFor(
					`manual execution ${started.executionId}`,
					async () => {
						const e = await rest('GET', `/executions/${started.executionId}`);
						return e && !['new', 'running', 'waiting'].includes(e.status) ? e : undefined;
					},
					{ timeoutMs: 60000, intervalMs: 500 },
				);
				console.log(`manual run ${run}: execution ${started.executionId} ${done.status}`);
			}
			const afterManual = await stored(WORKFLOW_ID);
			console.log(`stored after 2 manual runs: ${afterManual}`);

			const { versionId } = await rest('GET', `/workflows/${WEBHOOK_WORKFLOW_ID}`);
			await rest('POST', `/workflows/${WEBHOOK_WORKFLOW_ID}/activate`, { versionId });
			await n8n.waitForPublication(rest, WEBHOOK_WORKFLOW_ID);
			const production = [];
			for (let run = 1; run <= 3; run++) {
				const r = await lib.request('GET', `${url}/webhook/x12-control-numbers`, {
					timeoutMs: 60000,
				});
				const body = Array.isArray(r.json) ? r.json[0] : r.json;
				production.push(body && body.interchangeControlNumber);
				console.log(`webhook (production) run ${run}: ${r.status} ISA13 ${production[run - 1]}`);
			}
			await lib.sleep(1000);
			console.log(`stored after 3 production runs: ${await stored(WEBHOOK_WORKFLOW_ID)}`);
			const productionKept = production[1] === '000007001' && production[2] === '000007002';
			console.log(`production: the counter was ${productionKept ? '' : 'NOT '}kept between runs`);
			return cliKept && productionKept;
		} finally {
			await procs.stopAll();
		}
	} finally {
		if (!process.argv.includes('--keep')) fs.rmSync(work, { recursive: true, force: true });
		else console.log(`kept ${work}`);
	}
}

main().then(
	(ok) => process.exit(ok ? 0 : 1),
	(error) => {
		console.error(error);
		process.exit(2);
	},
);
