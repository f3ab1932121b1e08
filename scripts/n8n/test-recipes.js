#!/usr/bin/env node
'use strict';
// `npm run test:n8n:recipes`: the recipes in examples/recipes/ imported as they ship into real n8n
// 2.41.1, published, and driven by the sandbox's demo partner. Each check says what a user would
// see: rows in their database, the partner's scorecard, what their other systems received.
//
//   node scripts/n8n/test-recipes.js [--tarball FILE] [--keep] [--verbose] [--only TEXT]

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { parseArgs } = require('node:util');
const lib = require('./lib');
const n8n = require('./n8n');
const { ensureInstalled } = require('./install');
const { RecipeStack } = require('./recipe-stack');
const inventory = require('./recipe-inventory');
const outcomes = require('./recipe-outcomes');
const labels = require('./recipe-labels');

const POSTGRES_RECIPE = 'postgres-855-from-stock.json';
const ERP_RECIPE = 'inbox-erp-accept.json';
const CSV_RECIPE = 'lines-to-csv.json';
const CHANGES_RECIPE = 'postgres-860-changes.json';
/** Where the shipped recipes point, and what this test points them at instead. */
const SHIPPED_ERP_URL = 'http://127.0.0.1:8080/purchase-orders';
const SHIPPED_CSV_FOLDER = '/home/node/.n8n-files/purchase-orders/';

/** What the warehouse has on hand, by the demo partner's buyer item numbers (others: none). */
const STOCK = { 10000004: '5', 10000005: '1000', 10000006: '0', 10000001: '12.5' };

const { values: options } = parseArgs({
	options: {
		tarball: { type: 'string' },
		keep: { type: 'boolean', default: false },
		verbose: { type: 'boolean', default: false },
		only: { type: 'string' }, // run only the recipes whose file name contains this
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
	const acksAfter = (await stack.admin('GET', '/requests')).filter(
		(r) => r.method === 'POST' && r.body && r.body.type === '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
	);
	assert(
		acksAfter.length === acks.length,
		`the resent purchase order sent ${acksAfter.length - acks.length} more 855s: Mark as Already Sent should send none`,
	);
	log(
		`  PASS the resent purchase order (transaction ${again.transactionId}) left ${after[0].n} rows, none twice, and sent no second 855 (send once)`,
	);
}

/**
 * 860 → Apply Change → Postgres → 865: the partner's buyerChanges order saved as the 850 recipe
 * saves it, its first line partly shipped; the partner's 860 then changes that line and others.
 * The rows must follow the 860 except on the shipped line, and the 865 must reject only that line.
 */
async function changesRecipe(stack) {
	const file = CHANGES_RECIPE;
	await stack.publish(file);
	const sent = await stack.admin('POST', '/partner/send-850', { scenario: 'buyerChanges' });
	const order = await stack.message(sent.transactionId);
	const po = order.purchaseOrderNumber;
	const text = (v) =>
		v === undefined || v === null ? 'NULL' : `'${String(v).replace(/'/g, "''")}'`;
	await stack.sql(
		`INSERT INTO orders (purchase_order_number, purchase_order_date, transaction_id) VALUES (${text(po)}, ${text(order.purchaseOrderDate)}, ${text(sent.transactionId)})`,
	);
	for (const l of order.lineItems)
		await stack.sql(
			`INSERT INTO order_lines (purchase_order_number, line_id, buyer_item_number, quantity, unit_of_measure, unit_price) VALUES (${text(po)}, ${text(l.purchaseOrderLineId)}, ${text(l.productIds.buyerItemNumber)}, ${l.quantity.value}, ${text(l.quantity.unitOfMeasure)}, ${l.unitCostPrice})`,
		);
	const shipped = String(order.lineItems[0].purchaseOrderLineId);
	await stack.sql(
		`UPDATE order_lines SET shipped_quantity = 2 WHERE purchase_order_number = ${text(po)} AND line_id = ${text(shipped)}`,
	);
	const before = await stack.sql(
		`SELECT line_id, quantity::text AS quantity, unit_price::text AS price, status FROM order_lines WHERE purchase_order_number = ${text(po)}`,
	);
	const { transactionIds } = await stack.admin('POST', '/partner/send-860', {
		purchaseOrderNumber: po,
	});
	const change = await stack.message(transactionIds[0]);
	await stack.pollNow(file);
	const [execution] = await waitForExecutions(stack, file, 1);

	// The rows: each changed line as the 860 says, except the shipped one, left as it was.
	const rows = await stack.sql(
		`SELECT line_id, quantity::text AS quantity, unit_price::text AS price, status FROM order_lines WHERE purchase_order_number = ${text(po)}`,
	);
	const row = (id) => rows.find((r) => r.line_id === String(id));
	const was = (id) => before.find((r) => r.line_id === String(id));
	const done = [];
	for (const line of change.lineItems) {
		const id = String(line.purchaseOrderLineId);
		const got = row(id);
		const want =
			id === shipped
				? was(id)
				: line.changeReason === 'deleteItem'
					? { ...was(id), status: 'deleted' }
					: line.changeReason === 'priceChange'
						? { ...was(id), price: line.unitCostPrice }
						: { ...(was(id) || {}), quantity: line.quantity.value, status: 'open' };
		if (line.changeReason === 'addItem') want.price = line.unitCostPrice;
		const same =
			got &&
			num(got.quantity) === num(want.quantity) &&
			num(got.price) === num(want.price) &&
			got.status === want.status;
		assert(
			same,
			`line ${id} (${line.changeReason}${id === shipped ? ', shipped' : ''}): row ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`,
		);
		done.push(`${id} ${id === shipped ? 'refused (shipped)' : line.changeReason}`);
	}
	assert(
		rows.length ===
			before.length + change.lineItems.filter((l) => l.changeReason === 'addItem').length,
		`order_lines has ${rows.length} rows for ${po}`,
	);
	log(`  PASS order_lines of ${po} follow the 860 except the shipped line: ${done.join(', ')}`);

	// The 865: the shipped line rejected with the reason the data gave, every other line accepted.
	const data = await stack.runData(execution.id);
	const sentAck = data.resultData.runData['Create 865'][0].data.main[0][0].json.message;
	const rejected = sentAck.lineItems.filter((l) => l.status === 'rejected');
	assert(
		rejected.length === 1 &&
			String(rejected[0].purchaseOrderLineId) === shipped &&
			rejected[0].reason === 'Already shipped: 2',
		`the 865's rejected lines: ${JSON.stringify(rejected)}`,
	);
	const entry = (await stack.admin('GET', '/scorecard')).purchaseOrders.find(
		(o) => o.purchaseOrderNumber === po,
	);
	const verdict = entry && entry['865'];
	const lineReasons = ((verdict && verdict.reasons) || []).filter((r) => /^line /.test(r));
	assert(
		verdict &&
			verdict.state === 'rejected' &&
			verdict.path === 'serviceJson' &&
			lineReasons.length === 1 &&
			lineReasons[0].startsWith(`line ${shipped}:`),
		`the partner's 865 verdict: ${JSON.stringify(verdict)}`,
	);
	log(
		`  PASS the 865 (${sentAck.status}) rejects line ${shipped} "${rejected[0].reason}" and accepts the rest; the partner: 865 ${verdict.state} over ${verdict.path}: ${verdict.reasons.join('; ')}`,
	);
}

/** The "ERP": records each purchase order it is sent; can be down, or refuse with a 422. */
function startErp() {
	const received = [];
	const erp = { received, refuse: false, url: '', server: undefined, port: 0 };
	const handler = (req, res) => {
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => {
			const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
			received.push({
				transactionId: String(body.transactionId),
				at: Date.now(),
				refused: erp.refuse,
			});
			if (erp.refuse)
				res.writeHead(422, { 'content-type': 'application/json' }).end('{"error":"unknown item"}');
			else res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
		});
	};
	erp.up = () =>
		new Promise((resolve) => {
			erp.server = http.createServer(handler);
			erp.server.listen(erp.port, '127.0.0.1', () => {
				erp.port = erp.server.address().port;
				erp.url = `http://127.0.0.1:${erp.port}/purchase-orders`;
				resolve();
			});
		});
	erp.down = () =>
		new Promise((resolve) => {
			erp.server.closeAllConnections();
			erp.server.close(() => resolve());
		});
	return erp;
}

async function erpRecipe(stack, erp) {
	const file = ERP_RECIPE;
	const mine = [];
	const openIds = async () =>
		(await stack.inbox()).map((i) => String(i.transactionId)).filter((id) => mine.includes(id));
	const send = async () => {
		const id = String((await stack.admin('POST', '/partner/send-850', {})).transactionId);
		mine.push(id);
		return id;
	};
	await stack.publish(file);
	const a = await send();
	await stack.pollNow(file);
	await lib.waitFor(
		'the ERP to have A and A accepted',
		async () => erp.received.length === 1 && (await openIds()).length === 0,
		{ timeoutMs: 90000, intervalMs: 1000 },
	);
	log(`  PASS ERP up: the ERP got ${a}, then it was accepted`);

	await erp.down();
	const downAt = Date.now();
	const [b, c] = [await send(), await send()];
	await stack.pollNow(file);
	await lib.sleep(35000); // past Redeliver After (30 s): the next poll brings them back while still down
	await stack.pollNow(file);
	await lib.sleep(10000);
	const waiting = await openIds();
	assert(
		waiting.includes(b) && waiting.includes(c),
		`with the ERP down, ${b} and ${c} left the inbox: ${waiting}`,
	);
	log(
		`  PASS ERP down ${lib.formatDuration(Date.now() - downAt)}: ${b} and ${c} stay in the inbox, nothing accepted or failed`,
	);

	await erp.up();
	await lib.sleep(31000);
	await stack.pollNow(file);
	await lib.waitFor(
		'the ERP to have B and C, and both accepted',
		async () => (await openIds()).length === 0,
		{ timeoutMs: 150000, intervalMs: 2000 },
	);
	erp.refuse = true;
	const d = await send();
	await stack.pollNow(file);
	await lib.waitFor(
		'the refused D failed',
		async () => erp.received.some((r) => r.transactionId === d) && (await openIds()).length === 0,
		{ timeoutMs: 90000, intervalMs: 1000 },
	);

	const times = new Map();
	for (const r of erp.received) times.set(r.transactionId, (times.get(r.transactionId) || 0) + 1);
	for (const id of [a, b, c, d])
		assert(times.get(id) === 1, `the ERP got ${id} ${times.get(id) || 0} times, not once`);
	assert(times.size === 4, `the ERP got documents the partner never sent: ${[...times.keys()]}`);
	const outcomes = (await stack.admin('GET', '/requests')).filter(
		(r) =>
			r.method === 'POST' &&
			/\/deliveries\/[^/]+\/(accept|fail)$/.test(r.path) &&
			mine.includes(r.path.split('/')[3]),
	);
	for (const o of outcomes) {
		const id = o.path.split('/')[3];
		const got = erp.received.find((r) => r.transactionId === id);
		assert(got && got.at <= Date.parse(o.at), `${o.path} came before the ERP had ${id}`);
	}
	const failed = outcomes.filter((o) => o.path.endsWith('/fail')).map((o) => o.path.split('/')[3]);
	assert(
		JSON.stringify(failed) === JSON.stringify([d]),
		`failed deliveries ${failed}, expected only the refused ${d}`,
	);
	log(
		`  PASS after it came back the ERP got ${b} and ${c} once each, then they were accepted; the refused ${d} was failed; none recorded before the ERP had it`,
	);
}

/** A minimal CSV reader (quoted fields with commas and doubled quotes; n8n writes a UTF-8 BOM first). */
function parseCsv(input) {
	const text = input.replace(/^\uFEFF/, '');
	const rows = [];
	let row = [];
	let field = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const ch = text[i];
		if (quoted) {
			if (ch === '"' && text[i + 1] === '"') ((field += '"'), i++);
			else if (ch === '"') quoted = false;
			else field += ch;
		} else if (ch === '"') quoted = true;
		else if (ch === ',') (row.push(field), (field = ''));
		else if (ch === '\n' || ch === '\r') {
			if (ch === '\r' && text[i + 1] === '\n') i++;
			(row.push(field), rows.push(row), (row = []), (field = ''));
		} else field += ch;
	}
	if (field || row.length) (row.push(field), rows.push(row));
	const [header, ...body] = rows.filter((r) => r.length > 1 || r[0]);
	return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

async function csvRecipe(stack, folder) {
	const file = CSV_RECIPE;
	await stack.publish(file);
	const ids = [];
	for (let i = 0; i < 2; i++)
		ids.push((await stack.admin('POST', '/partner/send-850', {})).transactionId);
	await stack.pollNow(file);
	await waitForExecutions(stack, file, 1);
	const orders = [];
	for (const id of ids) orders.push(await stack.message(id));
	const rows = fs
		.readdirSync(folder)
		.filter((f) => f.endsWith('.csv'))
		.flatMap((f) => parseCsv(fs.readFileSync(path.join(folder, f), 'utf8')));
	const got = rows
		.map(
			(r) => `${r.purchaseOrderNumber} ${r.purchaseOrderLineId} ${r.quantity} ${r.unitCostPrice}`,
		)
		.sort();
	const wanted = orders
		.flatMap((o) =>
			o.lineItems.map(
				(l) =>
					`${o.purchaseOrderNumber} ${l.purchaseOrderLineId} ${l.quantity.value} ${l.unitCostPrice}`,
			),
		)
		.sort();
	assert(
		JSON.stringify(got) === JSON.stringify(wanted),
		`the CSV rows ${JSON.stringify(got)} are not the POs' lines ${JSON.stringify(wanted)}`,
	);
	for (const column of [
		'transactionId',
		'senderId',
		'purchaseOrderDate',
		'shipToName',
		'buyerItemNumber',
		'description',
	])
		assert(
			rows.every((r) => r[column] !== undefined),
			`the CSV has no ${column} column`,
		);
	log(
		`  PASS the CSV holds the ${rows.length} lines of ${orders.length} purchase orders with their header fields, decimals as sent`,
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
		const erp = startErp();
		await erp.up();
		const printer = await labels.startPrinter();
		const files = path.join(work, 'files');
		const csvFolder = path.join(files, 'purchase-orders');
		fs.mkdirSync(csvFolder, { recursive: true });
		const replaceIn = (text, from, to) => (w) => JSON.parse(JSON.stringify(w).split(from).join(to));
		await stack.setUp(
			tarball,
			[
				{ file: POSTGRES_RECIPE },
				{ file: ERP_RECIPE, adapt: replaceIn(ERP_RECIPE, SHIPPED_ERP_URL, erp.url) },
				{ file: CSV_RECIPE, adapt: replaceIn(CSV_RECIPE, SHIPPED_CSV_FOLDER, `${csvFolder}/`) },
				...inventory.inventoryRecipes(),
				{ file: CHANGES_RECIPE },
				{ file: outcomes.FILE },
				...labels.labelsRecipes(printer),
			],
			{ env: { N8N_RESTRICT_FILE_ACCESS_TO: files } },
		);
		log(
			`n8n ${stack.url}, sandbox ${stack.sandbox.baseUrl}, postgres 127.0.0.1:${stack.postgres.port}`,
		);
		const recipes = [
			['850 → Postgres → 855 from stock', POSTGRES_RECIPE, () => postgresRecipe(stack)],
			['850 lines → CSV for a spreadsheet', CSV_RECIPE, () => csvRecipe(stack, csvFolder)],
			['Inbox → ERP → Accept', ERP_RECIPE, () => erpRecipe(stack, erp)],
			['860 → Apply Change → Postgres → 865', CHANGES_RECIPE, () => changesRecipe(stack)],
			[
				'Schedule → Postgres → 846 inventory feed',
				inventory.FILE,
				() => inventory.inventoryRecipe(stack),
			],
			[
				'Outcomes of what you sent → Postgres and a message',
				outcomes.FILE,
				() => outcomes.outcomesRecipe(stack),
			],
			[
				'850 → 855 → 856 → carton labels to a printer',
				labels.FILE,
				() => labels.labelsRecipe(stack, printer),
			],
		].filter(([, file]) => !options.only || file.includes(options.only));
		for (const [name, file, recipe] of recipes) {
			log(`recipe: ${name}`);
			const began = Date.now();
			try {
				await recipe();
				passed++;
			} catch (e) {
				failed++;
				log(`  FAIL ${e.message}`);
			}
			log(`  (${lib.formatDuration(Date.now() - began)})`);
			// Each recipe alone: its trigger stops before the next one's partner sends its orders.
			await stack.unpublish(file).catch(() => {});
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
