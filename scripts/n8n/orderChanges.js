'use strict';
// examples/order-changes.json in real n8n (npm run test:n8n): one trigger per document type. The
// partner runs a certification scenario: its 850 is answered by the 850 branch (Create 855); once
// the 855 has arrived it sends its 860, answered by the 860 branch (its 850 looked up, Apply Change,
// Create 865 over service JSON). Each branch is run as n8n runs it: `n8n execute` of a CLI variant
// whose first start node is that branch's trigger, and the editor's "Execute workflow" from that
// trigger of the example as it ships. The partner's scorecard is the judge.

const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib');
const n8n = require('./n8n');
const { assert } = require('./checks');
const { adaptForCli } = require('./workflow');

const FILE = path.join(lib.PROJECT_ROOT, 'examples', 'order-changes.json');
const LABEL = 'examples/order-changes.json';
const TRIGGERS = { 850: '850 arrives', 860: '860 arrives' };
const CLI_IDS = { 850: 'ediOrderChanges850', 860: 'ediOrderChanges860' }; // ≤ 21 chars
const EDITOR_ID = 'ediOrderChangesEdit';

const example = () => JSON.parse(fs.readFileSync(FILE, 'utf8'));

/** `n8n execute` starts at the first start node: this branch's trigger goes first. */
function cliVariant(type) {
	const workflow = example();
	const first = workflow.nodes.find((n) => n.name === TRIGGERS[type]);
	workflow.nodes = [first, ...workflow.nodes.filter((n) => n !== first)];
	return adaptForCli(workflow, { id: CLI_IDS[type], name: `Order changes, ${type} (CLI run)` });
}

/** The workflows to import: a CLI variant per branch, and the example as it ships for the editor. */
function workflows(forTheEditor) {
	return [cliVariant(850), cliVariant(860), forTheEditor(example(), EDITOR_ID)];
}

async function admin(sandbox, method, route, body) {
	const r = await lib.request(method, `${sandbox.baseUrl}/_sandbox${route}`, { body });
	if (r.status >= 300)
		throw new Error(`sandbox ${method} ${route} answered ${r.status} ${r.text.slice(0, 300)}`);
	return r.json;
}

/** A fresh partner in the structured format sends an 850 of the scenario. */
async function partnerSends(sandbox, scenario) {
	await admin(sandbox, 'POST', '/reset', {});
	await admin(sandbox, 'PUT', '/config', { inboundFormat: 'json' });
	const order = await admin(sandbox, 'POST', '/partner/send-850', { scenario });
	assert(order && order.purchaseOrderNumber, `send-850 answered ${JSON.stringify(order)}`);
	return order;
}

async function entryOf(sandbox, purchaseOrderNumber) {
	const scorecard = await admin(sandbox, 'GET', '/scorecard');
	const entry = scorecard.purchaseOrders.find((o) => o.purchaseOrderNumber === purchaseOrderNumber);
	assert(entry, `no scorecard entry for ${purchaseOrderNumber}`);
	return entry;
}

const verdict = (entry, type) =>
	entry[type]
		? `${type} ${entry[type].state}${entry[type].path ? ` over ${entry[type].path}` : ''}${entry[type].reasons && entry[type].reasons.length ? `: ${entry[type].reasons.join('; ')}` : ''}`
		: `${type} absent`;

/** What the scenario must leave on the scorecard; throws naming what is not so. */
async function expectScorecard(sandbox, scenario, purchaseOrderNumber) {
	const entry = await entryOf(sandbox, purchaseOrderNumber);
	const sent = (entry['860'] && entry['860'].sent) || [];
	const wanted =
		scenario === 'buyerChanges'
			? [
					['855', entry['855'].state === 'accepted'],
					['865', entry['865'] && entry['865'].state === 'accepted'],
					['865 over serviceJson', entry['865'] && entry['865'].path === 'serviceJson'],
				]
			: [
					['855', entry['855'].state === 'accepted'],
					['860 cancellation sent', sent.some((s) => s.purpose === 'cancellation')],
					[
						'nothing shipped or billed',
						[entry['856'].state, entry['810'].state].join() === 'missing,missing',
					],
				];
	const bad = wanted.filter(([, ok]) => !ok).map(([what]) => what);
	const said = ['855', '860', '865', '856', '810']
		.map((t) =>
			t === '860'
				? `860 ${sent.map((s) => `${s.changeSequenceNumber} ${s.purpose}`).join(', ') || 'none'}`
				: verdict(entry, t),
		)
		.join(', ');
	assert(
		!bad.length,
		`${purchaseOrderNumber} (${entry.scenario}): not so: ${bad.join(', ')}; ${said}`,
	);
	return `${purchaseOrderNumber} (${entry.scenario}): ${said}`;
}

/** The CLI checks: per scenario, `n8n execute` of the 850 branch, then of the 860 branch. */
function cliChecks({ needs, executeCli }) {
	return ['buyerChanges', 'cancellation'].map((scenario) => ({
		name: `${LABEL}, ${scenario}: n8n execute of the 850 branch (855 accepted), then of the 860 branch (Apply Change → 865 over service JSON); the scorecard ${scenario === 'buyerChanges' ? 'accepts the 865' : 'shows the order cancelled, nothing shipped or billed'}`,
		needs,
		run: async (ctx) => {
			const order = await partnerSends(ctx.sandbox, scenario);
			const first = n8n.itemsByNode(await executeCli(ctx, CLI_IDS[850]));
			assert(
				first['Create 855'] && first['Create 855'][0].status === 'ACCEPTED',
				`Create 855: ${JSON.stringify(first['Create 855'])}`,
			);
			const second = n8n.itemsByNode(await executeCli(ctx, CLI_IDS[860]));
			const applied = (second['Apply Change (860)'] || [])[0];
			assert(
				applied && applied.purchaseOrderNumber === order.purchaseOrderNumber,
				`Apply Change (860): ${JSON.stringify(applied).slice(0, 300)}`,
			);
			const status = scenario === 'cancellation' ? 'cancelled' : 'open';
			assert(applied.status === status, `Apply Change said ${applied.status}, not ${status}`);
			const reply = (second['Create 865'] || [])[0];
			assert(reply && reply.status === 'ACCEPTED', `Create 865: ${JSON.stringify(reply)}`);
			const log = applied.changeLog.map((e) => `${e.purchaseOrderLineId} ${e.change}`).join(', ');
			return `Apply Change ${applied.status} (${log}); ${await expectScorecard(ctx.sandbox, scenario, order.purchaseOrderNumber)}`;
		},
	}));
}

/** The editor's "Execute workflow" of the example as it ships, from each trigger in turn. */
function editorCheck({ needs, runLikeTheEditor }) {
	return {
		name: `editor "Execute workflow" (REST) of ${LABEL} as it ships: from "850 arrives" (855), then from "860 arrives" (865 accepted) for a buyerChanges order`,
		needs,
		run: async (ctx) => {
			const order = await partnerSends(ctx.sandbox, 'buyerChanges');
			for (const type of [850, 860]) {
				const execution = await runLikeTheEditor(ctx, EDITOR_ID, TRIGGERS[type]);
				assert(
					execution.status === 'success',
					`execution ${execution.id} from "${TRIGGERS[type]}" ended ${execution.status}`,
				);
			}
			return expectScorecard(ctx.sandbox, 'buyerChanges', order.purchaseOrderNumber);
		},
	};
}

module.exports = { workflows, cliChecks, editorCheck, partnerSends, expectScorecard, LABEL };
