#!/usr/bin/env node
'use strict';
// `npm run test:n8n:recipes`: the recipes in examples/recipes/ imported as they ship into real n8n
// 2.41.1, published, and driven by the sandbox's demo partner. Each check says what a user would
// see: rows in their database, the partner's scorecard, what their other systems received.
//
//   node scripts/n8n/test-recipes.js [--tarball FILE] [--keep] [--verbose]

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');
const lib = require('./lib');
const n8n = require('./n8n');
const { ensureInstalled } = require('./install');
const { RecipeStack } = require('./recipe-stack');

const POSTGRES_RECIPE = 'postgres-855-from-stock.json';

/** What the warehouse has on hand, by the demo partner's buyer item numbers (others: none). */
const STOCK = { 10000004: '5', 10000005: '1000', 10000006: '0', 10000001: '12.5' };

const { values: options } = parseArgs({
	options: {
		tarball: { type: 'string' },
		keep: { type: 'boolean', default: false },
		verbose: { type: 'boolean', default: false },
	},
});

const log = (msg) => process.stdout.write(`${msg}\n`);

function assert(condition, message) {
	if (!condition) throw new Error(message);
}

/** Exact decimal text arithmetic is not needed here: quantities are small; compare as numbers. */
const num = (text) => Number(text);

/** The 855 decisions the stock dictates for one purchase order's lines. */
function expectedDecisions(order) {
	const out = [];
	for (const line of order.lineItems) {
		const ordered = num(line.quantity.value);
		const onHand = num(STOCK[line.productIds.buyerItemNumber] ?? '0');
		const id = String(line.purchaseOrderLineId);
		if (onHand > 0) out.push(`${id} accepted ${Math.min(ordered, onHand)}`);
		if (ordered > onHand) out.push(`${id} backordered ${ordered - onHand}`);
	}
	return out.sort();
}

/** Waits until the workflow has `count` finished executions; a failed one stops the test, saying why. */
async function waitForExecutions(stack, file, count) {
	return lib.waitFor(
		`${count} finished executions of ${file}`,
		async () => {
			const runs = await stack.executions(file);
			const failed = runs.find((e) => ['error', 'crashed'].includes(e.status));
			if (failed) {
				const data = await stack.runData(failed.id);
				const error = data && data.resultData && data.resultData.error;
				throw Object.assign(
					new Error(`execution ${failed.id} ${failed.status}: ${error ? error.message : '?'}`),
					{ fatal: true },
				);
			}
			const done = runs.filter((e) => e.status === 'success');
			return done.length >= count ? done : undefined;
		},
		{ timeoutMs: 120000, intervalMs: 1000 },
	);
}

async function postgresRecipe(stack) {
	const file = POSTGRES_RECIPE;
	const values = Object.entries(STOCK)
		.map(([item, onHand]) => `('${item}', ${onHand})`)
		.join(', ');
	await stack.sql(`INSERT INTO stock (buyer_item_number, on_hand) VALUES ${values}`);
	await stack.publish(file); // the first poll: a baseline, nothing emitted
	const sent = [];
	for (let i = 0; i < 2; i++) sent.push(await stack.admin('POST', '/partner/send-850', {}));
	await stack.pollNow(file);
	await waitForExecutions(stack, file, 1);
	const orders = [];
	for (const { transactionId } of sent) orders.push(await stack.message(transactionId));

	// Rows: every line of every PO, once, with its quantity.
	const rows = await stack.sql(
		'SELECT purchase_order_number, line_id, quantity::text AS quantity FROM order_lines ORDER BY 1, 2',
	);
	const wantedRows = orders
		.flatMap((o) =>
			o.lineItems.map(
				(l) => `${o.purchaseOrderNumber} ${l.purchaseOrderLineId} ${l.quantity.value}`,
			),
		)
		.sort();
	const gotRows = rows
		.map((r) => `${r.purchase_order_number} ${r.line_id} ${num(r.quantity)}`)
		.sort();
	assert(
		JSON.stringify(gotRows) ===
			JSON.stringify(wantedRows.map((w) => w.replace(/ ([\d.]+)$/, (_, q) => ` ${num(q)}`))),
		`order_lines ${JSON.stringify(gotRows)} are not the POs' lines ${JSON.stringify(wantedRows)}`,
	);
	const headers = await stack.sql('SELECT purchase_order_number FROM orders ORDER BY 1');
	assert(
		headers.length === orders.length,
		`orders has ${headers.length} rows, not ${orders.length}`,
	);
	log(
		`  PASS order_lines holds the ${rows.length} lines of ${orders.length} purchase orders, each once`,
	);

	// The 855s the partner received: accepted, with the backorders the stock dictates.
	const requests = await stack.admin('GET', '/requests');
	const acks = requests
		.filter(
			(r) => r.method === 'POST' && r.body && r.body.type === '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
		)
		.map((r) => r.body.message);
	for (const order of orders) {
		const ack = acks.find((a) => a.purchaseOrderNumber === order.purchaseOrderNumber);
		assert(ack, `no 855 for ${order.purchaseOrderNumber}`);
		const got = ack.lineItems
			.flatMap((l) =>
				l.actions.map((a) => `${l.purchaseOrderLineId} ${a.status} ${num(a.quantity.value)}`),
			)
			.sort();
		const wanted = expectedDecisions(order);
		assert(
			JSON.stringify(got) === JSON.stringify(wanted),
			`855 for ${order.purchaseOrderNumber}: ${JSON.stringify(got)}, stock dictates ${JSON.stringify(wanted)}`,
		);
	}
	const scorecard = await stack.admin('GET', '/scorecard');
	for (const order of orders) {
		const entry = scorecard.purchaseOrders.find(
			(o) => o.purchaseOrderNumber === order.purchaseOrderNumber,
		);
		assert(
			entry && entry['855'] && entry['855'].state === 'accepted',
			`the partner did not accept the 855 for ${order.purchaseOrderNumber}: ${JSON.stringify(entry && entry['855'])}`,
		);
	}
	const backordered = acks
		.flatMap((a) => a.lineItems.flatMap((l) => l.actions))
		.filter((a) => a.status === 'backordered').length;
	log(
		`  PASS the partner accepted ${orders.length} 855s built from stock (${backordered} backordered actions, as stock dictates)`,
	);

	// A redelivered purchase order (the same 850 again, as after a crash or a retailer's resend): no row twice.
	const again = await stack.admin('POST', '/partner/send-850', { message: orders[0] });
	await stack.pollNow(file);
	await waitForExecutions(stack, file, 2);
	const after = await stack.sql('SELECT count(*)::int AS n FROM order_lines');
	assert(
		after[0].n === rows.length,
		`order_lines has ${after[0].n} rows after the resent PO, not ${rows.length}`,
	);
	log(
		`  PASS the resent purchase order (transaction ${again.transactionId}) left ${after[0].n} rows: none twice`,
	);
}

async function main() {
	const started = Date.now();
	const procs = new lib.Processes();
	const work = n8n.mkTemp('edi-n8n-recipes-');
	let failed = 0;
	let passed = 0;
	let stack;
	const removePostgres = () => {
		if (stack && stack.postgres) fs.rmSync(stack.postgres.dir, { recursive: true, force: true });
	};
	procs.installSignalHandlers(async () => {
		await procs.stopAll();
		removePostgres();
	});
	try {
		await ensureInstalled();
		const tarball = options.tarball
			? path.resolve(options.tarball)
			: (await n8n.buildAndPack(work, { log })).tarball;
		stack = new RecipeStack({ procs, work, verbose: options.verbose, log });
		await stack.setUp(tarball, [POSTGRES_RECIPE]);
		log(
			`n8n ${stack.url}, sandbox ${stack.sandbox.baseUrl}, postgres 127.0.0.1:${stack.postgres.port}`,
		);
		for (const [name, recipe] of [['850 → Postgres → 855 from stock', postgresRecipe]]) {
			log(`recipe: ${name}`);
			try {
				await recipe(stack);
				passed++;
			} catch (e) {
				failed++;
				log(`  FAIL ${e.message}`);
			}
		}
	} catch (e) {
		failed++;
		log(`FAIL set-up: ${e.stack || e.message}`);
	} finally {
		await procs.stopAll();
		removePostgres();
		if (options.keep || failed) log(`kept ${work} (n8n.log, sandbox.log)`);
		else fs.rmSync(work, { recursive: true, force: true });
	}
	log(`recipes: ${passed} passed, ${failed} failed (${lib.formatDuration(Date.now() - started)})`);
	process.exit(failed ? 1 : 0);
}

main();
