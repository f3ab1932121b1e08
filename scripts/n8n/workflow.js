'use strict';
// Turns an importable example workflow (with the EDI Exchange Trigger) into one `n8n execute` can
// run from the CLI: the trigger becomes a Manual Trigger feeding the sandbox's latest matching
// document through EDI Exchange action nodes, shaped like the trigger's own output, under the
// trigger's name (so downstream expressions such as $('EDI Exchange Trigger') keep working).

const n8n = require('./n8n');

const MANUAL_TRIGGER = 'n8n-nodes-base.manualTrigger';

function uniqueName(workflow, wanted) {
	const names = new Set(workflow.nodes.map((n) => n.name));
	let name = wanted;
	for (let i = 2; names.has(name); i++) name = `${wanted} ${i}`;
	return name;
}

function credentialsOf() {
	return { ediExchangeApi: { id: n8n.CREDENTIAL_ID, name: n8n.CREDENTIAL_NAME } };
}

/**
 * Replaces each EDI Exchange Trigger node. Source "inbox" → Inbox → Get Many (limit 1): the same
 * items the trigger emits. Source "transactions" → Transaction → Get Many (newest matching one),
 * plus, when the trigger includes the message, Transaction → Get Message and a Set node that merges
 * both into the trigger's item shape ({ ...transaction, messageFormat, message }).
 */
function adaptForCli(source, { id, name } = {}) {
	const workflow = JSON.parse(JSON.stringify(source));
	workflow.nodes = workflow.nodes || [];
	workflow.connections = workflow.connections || {};
	if (id) workflow.id = id;
	if (name) workflow.name = name;
	workflow.active = false;
	delete workflow.activeVersionId;
	delete workflow.versionId;
	n8n.useSandboxCredential(workflow);

	const triggers = workflow.nodes.filter((n) => n.type === n8n.TRIGGER_TYPE);
	for (const trigger of triggers) {
		const p = trigger.parameters || {};
		const [x, y] = trigger.position || [0, 0];
		const src = p.source || 'transactions';
		const types = Array.isArray(p.transactionTypes) ? p.transactionTypes : [];
		const stream = p.stream || 'test';
		const includeMessage = p.includeMessage !== false;
		workflow.nodes = workflow.nodes.filter((n) => n !== trigger);

		const manual = {
			id: `${trigger.id || 'trigger'}-manual`,
			name: uniqueName(workflow, 'Manual Trigger (CLI run)'),
			type: MANUAL_TRIGGER,
			typeVersion: 1,
			position: [x - 660, y],
			parameters: {},
		};
		workflow.nodes.push(manual);
		const chain = [manual];

		if (src === 'inbox') {
			chain.push({
				id: trigger.id,
				name: trigger.name,
				type: n8n.ACTION_TYPE,
				typeVersion: 1,
				position: [x, y],
				parameters: { resource: 'inbox', operation: 'getMany', limit: 1, simplify: false },
				credentials: credentialsOf(),
			});
		} else {
			const getMany = {
				id: `${trigger.id || 'trigger'}-list`,
				name: includeMessage ? uniqueName(workflow, 'Latest inbound transaction') : trigger.name,
				type: n8n.ACTION_TYPE,
				typeVersion: 1,
				position: includeMessage ? [x - 440, y] : [x, y],
				parameters: {
					resource: 'transaction',
					operation: 'getMany',
					returnAll: false,
					limit: 1,
					filters: {
						direction: 'inbound',
						stream,
						...(types.length ? { transactionTypes: types } : {}),
					},
				},
				credentials: credentialsOf(),
			};
			chain.push(getMany);
			if (includeMessage) {
				workflow.nodes.push(getMany);
				const getMessage = {
					id: `${trigger.id || 'trigger'}-message`,
					name: uniqueName(workflow, 'Its message'),
					type: n8n.ACTION_TYPE,
					typeVersion: 1,
					position: [x - 220, y],
					parameters: {
						resource: 'transaction',
						operation: 'getMessage',
						transactionId: '={{ $json.id }}',
						options: {},
					},
					credentials: credentialsOf(),
				};
				workflow.nodes.push(getMessage);
				chain.push(getMessage);
				chain.push({
					id: trigger.id,
					name: trigger.name,
					type: 'n8n-nodes-base.set',
					typeVersion: 3.4,
					position: [x, y],
					parameters: {
						mode: 'raw',
						jsonOutput: `={{ Object.assign({}, $('${getMany.name}').item.json, { messageFormat: $json.format, message: $json.message }) }}`,
						options: {},
					},
				});
			}
		}
		for (const node of chain.slice(1))
			if (!workflow.nodes.includes(node)) workflow.nodes.push(node);
		for (let i = 0; i + 1 < chain.length; i++) {
			workflow.connections[chain[i].name] = {
				main: [[{ node: chain[i + 1].name, type: 'main', index: 0 }]],
			};
		}
	}
	if (!workflow.nodes.some((n) => n.type === MANUAL_TRIGGER) && !triggers.length) {
		throw new Error(
			'the workflow has no EDI Exchange Trigger and no Manual Trigger: n8n execute needs a start node',
		);
	}
	return workflow;
}

module.exports = { adaptForCli };
