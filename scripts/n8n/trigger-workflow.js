'use strict';
// The workflow the trigger test activates: the example's EDI Exchange Trigger (Transactions, 850s,
// every minute, message included) → an HTTP Request node that POSTs each emitted item's id to the
// collector (with the HTTP status of a messageError, and whether the message came). What reaches
// the collector is what a user's workflow would have received. With the
// inbox source, the workflow ends with Inbox → Accept. With the outcomes source, the trigger is the
// outcomes recipe's (examples/recipes/outcomes-to-postgres.json), and each item's status and
// reasons go to the collector too.

const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib');
const n8n = require('./n8n');

const WORKFLOW_ID = 'ediTriggerCount';
const TRIGGER_NAME = 'EDI Exchange Trigger';

/** The trigger node of an example (path under examples/), unchanged but for the sandbox credential. */
function exampleTrigger(file = 'order-to-cash.json') {
	const example = JSON.parse(
		fs.readFileSync(path.join(lib.PROJECT_ROOT, 'examples', file), 'utf8'),
	);
	const trigger = example.nodes.find((node) => node.type === n8n.TRIGGER_TYPE);
	if (!trigger) throw new Error(`examples/${file} has no EDI Exchange Trigger`);
	return { ...trigger, name: TRIGGER_NAME, position: [0, 0] };
}

const OUTCOMES_RECIPE = 'recipes/outcomes-to-postgres.json';

/**
 * The inbox source, Acceptance "Left to the Workflow": each delivery goes to the collector, then
 * EDI Exchange → Inbox → Accept, so a run that dies before its Accept leaves the delivery in the
 * inbox. Redeliver After 30 s brings such a delivery back within the test (a run here takes ~1 s).
 */
const INBOX = { source: 'inbox', acceptMode: 'workflow' };
const REDELIVER_AFTER_MINUTES = 0.5;
const fromTrigger = (field) => `={{ $('${TRIGGER_NAME}').item.json.${field} }}`;
const acceptNode = {
	id: 'c0ffee00-0000-4000-8000-000000000002',
	name: 'Accept delivery',
	type: n8n.ACTION_TYPE,
	typeVersion: 1.1,
	position: [520, 0],
	parameters: {
		resource: 'inbox',
		operation: 'accept',
		deliverySource: 'ids',
		transactionId: { __rl: true, mode: 'id', value: fromTrigger('transactionId') },
		deliveryId: fromTrigger('delivery.deliveryId'),
		note: 'Delivered to the collector (trigger test)',
	},
};

/** `source`: 'transactions' (the example's trigger as it is), 'inbox' or 'outcomes' (the recipe's). */
function triggerWorkflow(collectorUrl, source = 'transactions') {
	const trigger = exampleTrigger(source === 'outcomes' ? OUTCOMES_RECIPE : undefined);
	const inbox = source === 'inbox';
	const workflow = {
		id: WORKFLOW_ID,
		name: `EDI Exchange Trigger (${source}) → collector (trigger test)`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			inbox
				? {
						...trigger,
						parameters: {
							...trigger.parameters,
							...INBOX,
							options: {
								...trigger.parameters.options,
								redeliverAfterMinutes: REDELIVER_AFTER_MINUTES,
							},
						},
					}
				: trigger,
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
					// Inbox items and outcomes name their transaction transactionId.
					jsonBody:
						'={{ JSON.stringify({ id: $json.transactionId ?? $json.id, execution: $execution.id, marked: $json.messageError ? $json.messageError.httpCode : null, message: $json.message !== undefined, status: $json.status, reasons: $json.reasons }) }}',
					options: {},
				},
			},
			...(inbox ? [acceptNode] : []),
		],
		connections: {
			[TRIGGER_NAME]: { main: [[{ node: 'Deliver to collector', type: 'main', index: 0 }]] },
			...(inbox
				? {
						'Deliver to collector': { main: [[{ node: acceptNode.name, type: 'main', index: 0 }]] },
					}
				: {}),
		},
	};
	return n8n.useSandboxCredential(workflow);
}

module.exports = { WORKFLOW_ID, triggerWorkflow };
