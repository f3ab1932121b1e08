#!/usr/bin/env node
'use strict';
// What real n8n keeps of the X12 control-number counter (an action node's static data) between
// runs of `n8n execute` (mode "cli", a non-manual mode): X12 → Convert (document to X12, nothing
// sent) run twice with this node's counter; prints the ISA13 of each run. The package is packed
// from a fresh copy of the checkout and installed the README's way.
//
//   node scripts/n8n/x12-control-numbers.js [--keep]

const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib');
const n8n = require('./n8n');
const pack = require('./pack');

const WORKFLOW_ID = 'ediX12ControlNumbers';
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
		const workflow = n8n.useSandboxCredential({
			id: WORKFLOW_ID,
			name: 'X12 control numbers across runs',
			active: false,
			settings: { executionOrder: 'v1' },
			connections: { Start: { main: [[{ node: 'Convert', type: 'main', index: 0 }]] } },
			nodes: [
				{ id: 'a1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
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
						options: { firstControlNumber: 7000 },
					},
				},
			],
		});
		const file = path.join(work, 'workflow.json');
		fs.writeFileSync(file, JSON.stringify(workflow, null, 2));
		await n8n.n8nCommand(userFolder, ['import:workflow', `--input=${file}`]);
		const numbers = [];
		for (let run = 1; run <= 3; run++) {
			const r = await n8n.n8nCommand(userFolder, ['execute', `--id=${WORKFLOW_ID}`, '--rawOutput'], {
				timeoutMs: 240000,
				extraEnv: { N8N_LOG_LEVEL: 'info' },
			});
			const items = n8n.itemsByNode(n8n.parseExecuteOutput(r.stdout)).Convert || [];
			numbers.push(items[0] && items[0].interchangeControlNumber);
			console.log(`n8n execute run ${run}: ISA13 ${numbers[run - 1]}`);
		}
		const kept = numbers[1] === '000007001' && numbers[2] === '000007002';
		console.log(
			kept
				? 'The counter was kept between runs (static data saved after each cli execution).'
				: 'The counter was NOT kept between runs.',
		);
		return kept;
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
