'use strict';
// The order-to-cash paths for the real-n8n scripts, from the same plans the demo and the engine
// tests run (harness/orderToCashPaths.ts, loaded through tsx): which example, the partner's inbound
// format, the Create nodes' Integration Path and the replies the partner must accept over which
// path. Plus what a script does with them against the sandbox: a fresh partner sends an 850 in the
// path's format, and the scorecard must accept every reply, each over its path.

const path = require('node:path');
const tsx = require('tsx/cjs/api');
const lib = require('./lib');

const plans = tsx.require('../../harness/orderToCashPaths.ts', __filename);

/** `{ example, inboundFormat, integrationPath?, replies: [{ type, node, path? }] }` of a path. */
function planOf(name) {
	const plan = plans.ORDER_TO_CASH_PATHS[name];
	if (!plan) throw new Error(`no order-to-cash path "${name}"`);
	return plan;
}

/** The example file of a path, as the README names it (examples/…). */
function exampleLabel(name) {
	return path.relative(lib.PROJECT_ROOT, planOf(name).example);
}

async function admin(sandbox, method, route, body) {
	const r = await lib.request(method, `${sandbox.baseUrl}/_sandbox${route}`, { body });
	if (r.status >= 300)
		throw new Error(`sandbox ${method} ${route} answered ${r.status} ${r.text.slice(0, 300)}`);
	return r.json;
}

/** The partner sends its 850s in the path's inbound format from now on. */
async function partnerFormat(sandbox, name) {
	await admin(sandbox, 'PUT', '/config', { inboundFormat: planOf(name).inboundFormat });
}

/**
 * The partner as the demo has it for a path: reset (a fresh partner, as the demo's fresh sandbox:
 * it refuses an ISA13 it has seen, and every example starts its counters at the same numbers),
 * switched to the path's inbound format, then it sends an 850. Resolves `{ purchaseOrderNumber,
 * transactionId }`.
 */
async function partnerSends850(sandbox, name) {
	await admin(sandbox, 'POST', '/reset', {});
	await partnerFormat(sandbox, name);
	const order = await admin(sandbox, 'POST', '/partner/send-850', {});
	if (!order || !order.purchaseOrderNumber)
		throw new Error(`send-850 answered ${JSON.stringify(order).slice(0, 200)}`);
	return order;
}

/** One reply's verdict in words: "997 accepted over x12". */
function verdictText(type, verdict) {
	if (!verdict) return `${type} absent`;
	const over = verdict.path ? ` over ${verdict.path}` : '';
	const why = verdict.reasons && verdict.reasons.length ? `: ${verdict.reasons.join('; ')}` : '';
	return `${type} ${verdict.state}${over}${why}`;
}

/**
 * The partner's scorecard for the PO must accept every reply of the path, each over the path the
 * plan names; throws naming each one that is not. Resolves the verdicts in words.
 */
async function expectPathAccepted(sandbox, name, purchaseOrderNumber) {
	const scorecard = await admin(sandbox, 'GET', '/scorecard');
	const entry = (scorecard.purchaseOrders || []).find(
		(o) => o.purchaseOrderNumber === purchaseOrderNumber,
	);
	if (!entry) throw new Error(`no scorecard entry for ${purchaseOrderNumber}`);
	const replies = planOf(name).replies;
	const bad = replies.filter(
		({ type, path: over }) =>
			!entry[type] || entry[type].state !== 'accepted' || entry[type].path !== over,
	);
	if (bad.length)
		throw new Error(
			bad
				.map(
					({ type, path: over }) =>
						`${verdictText(type, entry[type])} (expected accepted${over ? ` over ${over}` : ''})`,
				)
				.join(', '),
		);
	return replies.map(({ type }) => verdictText(type, entry[type])).join(', ');
}

module.exports = {
	exampleFor: (name) => plans.exampleFor(name),
	exampleLabel,
	expectPathAccepted,
	partnerFormat,
	partnerSends850,
	planOf,
};
