'use strict';
// The "Postgres → 846 inventory feed" recipe (examples/recipes/postgres-846-inventory-feed.json) in
// real n8n, for test-recipes.js: imported as it ships, once per integration path (the copies for X12
// and service JSON differ only in Send 846's Integration Path), published, and run by its own
// Schedule Trigger. What the test sets, as a user would: the schedule (every 10 seconds instead of
// 15 minutes, so the runs come within the test) and the stock in the table.
//
// Per path: the demo partner sends two 850s (it only knows the items of its own orders), the
// `inventory` table gets one row per item of them at WH001 (a location the partner knows); the
// first scheduled run sends ONE 846 of those rows, which the partner accepts (its scorecard's
// inventory row); the next runs, stock unchanged, send nothing (the sandbox's request log) and
// say why. On the structured path a changed row is then sent in the next run.

const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib');

const FILE = 'postgres-846-inventory-feed.json';
const SCHEMA = path.join(lib.PROJECT_ROOT, 'examples', 'recipes', 'inventory-schema.sql');
const EVERY_SECONDS = 10;
const SEND_NODE = 'Send 846';
const LOCATION = 'WH001';

/** The copies the test imports: the file as it ships (structured), and one per other path. */
const PATHS = [
	{ name: 'structured', key: FILE },
	{ name: 'X12', key: 'inventory-x12', integrationPath: 'x12' },
	{ name: 'service JSON', key: 'inventory-json', integrationPath: 'serviceJson' },
];

const log = (msg) => process.stdout.write(`${msg}\n`);

function assert(condition, message) {
	if (!condition) throw new Error(message);
}

/** What the test changes in the shipped recipe: the schedule, and the path of the copies. */
function adaptFor({ integrationPath }) {
	return (workflow) => {
		const trigger = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.scheduleTrigger');
		assert(trigger, `${FILE} has no Schedule Trigger`);
		trigger.parameters.rule = {
			interval: [{ field: 'seconds', secondsInterval: EVERY_SECONDS }],
		};
		if (integrationPath) {
			const send = workflow.nodes.find((n) => n.name === SEND_NODE);
			assert(send, `${FILE} has no "${SEND_NODE}" node`);
			send.parameters.integrationPath = integrationPath;
		}
		return workflow;
	};
}

/** For RecipeStack.setUp: the three copies of the recipe. */
const inventoryRecipes = () => PATHS.map((p) => ({ file: FILE, key: p.key, adapt: adaptFor(p) }));

/** The table, created from the schema file that ships beside the recipe. */
async function createTable(stack) {
	await stack.sql(fs.readFileSync(SCHEMA, 'utf8'));
}

/** Stock rows for every item of the partner's orders: whole quantities, one at WH001 each. */
async function fillStock(stack, orders) {
	const items = new Map();
	for (const order of orders)
		for (const line of order.lineItems)
			items.set(line.productIds.buyerItemNumber, {
				gtin: line.productIds.gtin12,
				description: line.productAttributes && line.productAttributes.description,
				unit: line.quantity.unitOfMeasure || 'each',
			});
	const quote = (v) =>
		v === undefined || v === null ? 'NULL' : `'${String(v).replace(/'/g, "''")}'`;
	const rows = [...items].map(
		([buyer, item], i) =>
			`(${quote(LOCATION)}, ${quote(`SKU-${buyer}`)}, ${quote(buyer)}, ${quote(item.gtin)}, ${quote(item.description)}, ${(i * 37) % 200}, ${((i * 37) % 200) + 5}, ${i % 2 ? 24 : 'NULL'}, ${i % 2 ? "'2026-12-15'" : 'NULL'}, ${quote(item.unit)}, NULL)`,
	);
	await stack.sql('DELETE FROM inventory');
	await stack.sql(
		`INSERT INTO inventory (location, vendor_item_number, buyer_item_number, upc, description, available, on_hand, on_order, on_order_date, unit_of_measure, next_available_date) VALUES ${rows.join(', ')}`,
	);
	return rows.length;
}

/** Waits for `count` successful executions of a copy; a failed one stops the wait, saying why. */
async function executionsDone(stack, key, count) {
	const outcome = await lib.waitFor(
		`${count} scheduled runs of ${key}`,
		async () => {
			const runs = await stack.executions(key);
			const failed = runs.find((e) => ['error', 'crashed'].includes(e.status));
			if (failed) return { failed };
			const done = runs.filter((e) => e.status === 'success');
			return done.length >= count ? { done } : undefined;
		},
		{ timeoutMs: 120000, intervalMs: 1000 },
	);
	if (outcome.failed) {
		const data = await stack.runData(outcome.failed.id);
		const error = data && data.resultData && data.resultData.error;
		throw new Error(
			`execution ${outcome.failed.id} ${outcome.failed.status}: ${error ? error.message : '?'}`,
		);
	}
	return outcome.done.sort((a, b) => Number(a.id) - Number(b.id));
}

/** What Send 846 put out in one execution. */
async function sendOutput(stack, executionId) {
	const data = await stack.runData(executionId);
	const runs = data.resultData.runData[SEND_NODE];
	assert(runs && runs.length, `execution ${executionId}: ${SEND_NODE} did not run`);
	return ((runs[0].data && runs[0].data.main && runs[0].data.main[0]) || []).map((i) => i.json);
}

/** The service requests that created something (POST), outside the sandbox's admin routes. */
async function creates(stack) {
	const requests = await stack.admin('GET', '/requests');
	return requests.filter((r) => r.method === 'POST' && !r.path.startsWith('/_sandbox'));
}

/** The path a create took, from the request the service received. */
function pathOf(request) {
	if (request.path === '/v4/transactions') return 'structured';
	if (request.path === '/v2/integration-payloads')
		return request.body && request.body.format === 'x12' ? 'x12' : 'serviceJson';
	return request.path;
}

/** The scorecard's inventory rows: the partner's verdict on each 846 since the reset. */
async function inventoryRows(stack) {
	return (await stack.admin('GET', '/scorecard')).inventory || [];
}

async function onePath(stack, p) {
	await stack.admin('POST', '/reset');
	const orders = [];
	for (let i = 0; i < 2; i++) {
		const { transactionId } = await stack.admin('POST', '/partner/send-850', {});
		orders.push(await stack.message(transactionId));
	}
	const rows = await fillStock(stack, orders);
	await stack.admin('DELETE', '/requests');
	await stack.publish(p.key);
	const [first, second] = await executionsDone(stack, p.key, 2);
	const sent = await sendOutput(stack, first.id);
	assert(
		sent.length === 1 && sent[0].status === 'ACCEPTED',
		`first run: ${SEND_NODE} put out ${JSON.stringify(sent).slice(0, 400)}, not one ACCEPTED 846`,
	);
	const verdicts = await inventoryRows(stack);
	const verdict = verdicts[0];
	assert(
		verdicts.length === 1 && verdict.state === 'accepted',
		`the partner's inventory rows: ${JSON.stringify(verdicts)}, not one accepted 846`,
	);
	assert(
		verdict.lines === rows,
		`the partner counted ${verdict.lines} lines, the table has ${rows}`,
	);
	const skipped = await sendOutput(stack, second.id);
	assert(
		skipped.length === 1 && skipped[0].skipped === true && skipped[0].reason,
		`second run: ${SEND_NODE} put out ${JSON.stringify(skipped).slice(0, 400)}, not a skipped item`,
	);
	let after = await stack.executions(p.key);
	const posts = await creates(stack);
	assert(
		posts.length === 1,
		`${posts.length} creates reached the service in ${after.length} runs, not 1: ${posts.map((r) => r.path)}`,
	);
	const wanted = p.integrationPath || 'structured';
	assert(pathOf(posts[0]) === wanted, `the 846 went ${pathOf(posts[0])}, not ${wanted}`);
	log(
		`  PASS ${p.name}: run 1 sent one 846 of ${rows} rows, the partner accepted it (${verdict.lines} lines, sent ${wanted}); run 2 sent nothing ("${skipped[0].reason}"); ${after.length} runs, 1 request`,
	);

	if (!p.integrationPath) {
		// Stock moves: the next run sends it.
		await stack.sql(
			`UPDATE inventory SET available = available + 1 WHERE ctid = (SELECT min(ctid) FROM inventory)`,
		);
		await executionsDone(stack, p.key, after.length + 2);
		after = await stack.executions(p.key);
		const again = await creates(stack);
		const rows2 = await inventoryRows(stack);
		assert(
			again.length === 2 && rows2.length === 2 && rows2[1].state === 'accepted',
			`after a stock change: ${again.length} creates in all, the partner's inventory rows ${JSON.stringify(rows2)}`,
		);
		log(
			`  PASS ${p.name}: one row changed, the next run sent a new 846 and the partner accepted it; ${after.length} runs, 2 requests`,
		);
	}
	await stack.unpublish(p.key);
}

async function inventoryRecipe(stack) {
	await createTable(stack);
	const failures = [];
	for (const p of PATHS) {
		try {
			await onePath(stack, p);
		} catch (e) {
			failures.push(`${p.name}: ${e.message}`);
			await stack.unpublish(p.key).catch(() => {});
		}
	}
	if (failures.length) throw new Error(failures.join('; '));
}

module.exports = { FILE, inventoryRecipes, inventoryRecipe };
