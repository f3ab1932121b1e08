'use strict';
// The workflow the trigger test activates: the example's EDI Exchange Trigger (Transactions, 850s,
// every minute, message included) → an HTTP Request node that POSTs each emitted item's id to the
// collector. What reaches the collector is what a user's workflow would have received.

const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib');
const n8n = require('./n8n');

const WORKFLOW_ID = 'ediTriggerCount';
const TRIGGER_NAME = 'EDI Exchange Trigger';

/** The example's trigger node, unchanged but for the sandbox credential. */
function exampleTrigger() {
	const example = JSON.parse(fs.readFileSync(path.join(lib.PROJECT_ROOT, 'examples', 'order-to-cash.json'), 'utf8'));
	const trigger = example.nodes.find((node) => node.type === n8n.TRIGGER_TYPE);
	if (!trigger) throw new Error('examples/order-to-cash.json has no EDI Exchange Trigger');
	return { ...trigger, name: TRIGGER_NAME, position: [0, 0] };
}

function triggerWorkflow(collectorUrl) {
	const workflow = {
		id: WORKFLOW_ID,
		name: 'EDI Exchange Trigger → collector (trigger test)',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			exampleTrigger(),
			{
				id: 'c0ffee00-0000-4000-8000-000000000001',
				name: 'Deliver to collector',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [260, 0],
				parameters: {
					method: 'POST',
					url: collectorUrl,
					sendBody: true,
					specifyBody: 'json',
					jsonBody: '={{ JSON.stringify({ id: $json.id, execution: $execution.id }) }}',
					options: {},
				},
			},
		],
		connections: { [TRIGGER_NAME]: { main: [[{ node: 'Deliver to collector', type: 'main', index: 0 }]] } },
	};
	return n8n.useSandboxCredential(workflow);
}

module.exports = { WORKFLOW_ID, triggerWorkflow };
