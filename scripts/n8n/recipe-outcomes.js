'use strict';
// The "what became of what you sent → Postgres" recipe (examples/recipes/outcomes-to-postgres.json)
// in real n8n, for test-recipes.js: imported as it ships and published. The demo partner sends an
// 850; three invoices for it go out as another workflow would send them: one billed above the
// agreed price (the partner rejects it), one billed right (accepted), and one the partner leaves
// unanswered past its acknowledgment window (3 seconds here: OVERDUE). After one poll
// `document_outcomes` must hold the rejected and the overdue invoice, each once, with its type,
// invoice number, PO number, partner, status, the partner's reasons, when it was sent, and the
// message Write the Message built for a person; the accepted one nowhere; a second poll adds nothing.

const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib');
const outcomes = require('./outcomes');

const FILE = 'outcomes-to-postgres.json';
const SCHEMA = path.join(lib.PROJECT_ROOT, 'examples', 'recipes', 'outcomes-schema.sql');

const log = (msg) => process.stdout.write(`${msg}\n`);

function assert(condition, message) {
	if (!condition) throw new Error(message);
}

const ROWS = `SELECT transaction_id, status, document_type, business_number, purchase_order_number,
	partner_id, reasons, message, sent_at, recorded_at FROM document_outcomes ORDER BY business_number`;

/** Waits until the recipe's runs since the test began are `count`, all successful. */
async function runsDone(stack, count) {
	return lib.waitFor(
		`${count} successful runs of ${FILE}`,
		async () => {
			const runs = await stack.executions(FILE);
			const failed = runs.find((e) => ['error', 'crashed'].includes(e.status));
			if (failed) {
				const data = await stack.runData(failed.id);
				const error = data && data.resultData && data.resultData.error;
				throw Object.assign(
					new Error(`run ${failed.id} ${failed.status}: ${error && error.message}`),
					{
						fatal: true,
					},
				);
			}
			return runs.filter((e) => e.status === 'success').length >= count;
		},
		{ timeoutMs: 60000, intervalMs: 1000 },
	);
}

async function outcomesRecipe(stack) {
	await stack.admin('POST', '/reset'); // what the other recipes sent has outcomes of its own
	await stack.sql(fs.readFileSync(SCHEMA, 'utf8'));
	await stack.publish(FILE); // the first poll notes where things stand
	const { sandbox } = stack;
	const order = await outcomes.partnerOrder(sandbox);
	const po = order.purchaseOrderNumber;
	const rejected = await outcomes.sendInvoice(sandbox, order, 'INV-R1', { overcharge: 1 });
	const accepted = await outcomes.sendInvoice(sandbox, order, 'INV-A1');
	await outcomes.answers(sandbox, { silentFor: ['810'], windowMinutes: 0.05 });
	const overdue = await outcomes.sendInvoice(sandbox, order, 'INV-O1');
	await outcomes.answers(sandbox, {});
	await lib.sleep(4000); // past the 3-second window
	await stack.pollNow(FILE);
	await runsDone(stack, 1);

	const rows = await stack.sql(ROWS);
	const got = rows.map((r) => `${r.business_number} ${r.transaction_id} ${r.status}`);
	const wanted = [`INV-O1 ${overdue} OVERDUE`, `INV-R1 ${rejected} REJECTED`];
	assert(
		JSON.stringify(got) === JSON.stringify(wanted),
		`document_outcomes holds ${JSON.stringify(got)}, not ${JSON.stringify(wanted)} (accepted: ${accepted})`,
	);
	for (const r of rows) {
		assert(
			r.document_type === '810' &&
				r.purchase_order_number === po &&
				r.partner_id === outcomes.PARTNER &&
				r.sent_at &&
				r.recorded_at,
			`row of ${r.business_number}: ${JSON.stringify(r)}`,
		);
	}
	const [late, refused] = rows;
	const reasons = refused.reasons.map((x) => x.message);
	assert(
		reasons.length === 1 && /billed at/.test(reasons[0]) && late.reasons.length === 0,
		`reasons: rejected ${JSON.stringify(refused.reasons)}, overdue ${JSON.stringify(late.reasons)}`,
	);
	const firstLine = `Invoice INV-R1 for PO ${po} to ${outcomes.PARTNER} was REJECTED`;
	assert(
		refused.message.startsWith(firstLine) && refused.message.includes(reasons[0]),
		`the message for INV-R1:\n${refused.message}`,
	);
	assert(
		late.message.startsWith(`Invoice INV-O1 for PO ${po} to ${outcomes.PARTNER} is OVERDUE`),
		`the message for INV-O1:\n${late.message}`,
	);
	log(
		`  PASS document_outcomes holds the rejected INV-R1 and the overdue INV-O1 (type 810, PO ${po}, partner, reasons, sent and recorded times), not the accepted INV-A1`,
	);
	log(`  PASS the message for a person:\n      ${refused.message.split('\n').join('\n      ')}`);

	await stack.pollNow(FILE);
	await lib.sleep(3000);
	const again = await stack.sql('SELECT count(*)::int AS n FROM document_outcomes');
	const runs = await stack.executions(FILE);
	assert(
		again[0].n === 2 && runs.length === 1,
		`after another poll: ${again[0].n} rows, ${runs.length} runs`,
	);
	log('  PASS another poll emits nothing: still 2 rows, 1 run');
}

module.exports = { FILE, outcomesRecipe };
