'use strict';
// Send once in real n8n, queue mode (part of `npm run test:n8n:control-numbers`): both workers are
// killed (SIGKILL) while five executions' 855s have reached the partner and a sixth is still
// looking up whether its 855 was sent; a new worker starts; every one of those executions is
// retried (the Executions list's Retry) and every webhook caller sends its order again. Each order
// must end with exactly one 855 at the partner, accepted: 0 duplicates, none lost.
const lib = require('./lib');

const SENT = 5;

/**
 * The 855s the partner received for an order (X12 passthrough: BAK03 is the PO number; the same
 * executions also send an 856, whose PRF01 names it too).
 */
const for855 = (interchanges, order) =>
	interchanges.filter(
		(x12) => x12.includes('ST*855*') && x12.includes(`*${order.purchaseOrderNumber}*`),
	).length;

/** GET /v3/transactions lookups that asked for an order's PO number. */
async function lookedUp(run, order) {
	const requests = (await lib.request('GET', `${run.sandbox.baseUrl}/_sandbox/requests`)).json;
	return requests.some(
		(r) =>
			r.method === 'GET' &&
			r.path === '/v3/transactions' &&
			String(r.query.businessNumber ?? '')
				.split(',')
				.includes(order.purchaseOrderNumber),
	);
}

async function executionsSince(run, known) {
	const { results } = await run.rest('GET', '/executions?limit=100');
	return results.filter((e) => !known.has(String(e.id)));
}

/** Runs the case on `run` (a queue-mode ModeRun after its other steps); prints; true when it held. */
async function sendOnceAfterKill(run, partnerOrder, log) {
	const started = Date.now();
	// Two workers again (an earlier step killed one).
	run.workers = run.workers.filter((w) => !w.entry.exited);
	while (run.workers.length < 2) run.workers.push(await run.startWorker(run.workers.length + 3));
	const orders = [];
	for (let i = 0; i <= SENT; i++) orders.push(await partnerOrder(run.sandbox));
	const known = new Set((await executionsSince(run, new Set())).map((e) => String(e.id)));
	const faults = (body) => lib.request('PUT', `${run.sandbox.baseUrl}/_sandbox/faults`, { body });
	// Every answer held 20 s: the lookups, then the 855s, are under way when the workers die.
	await faults({ latencyMs: 20000 });
	const callers = orders.slice(0, SENT).map((o, i) => run.execute(o, i, 90000).catch((e) => e));
	await lib.waitFor(
		`the first ${SENT} 855s at the partner`,
		async () => {
			const received = await run.received();
			return orders.slice(0, SENT).every((o) => for855(received, o) > 0);
		},
		{ timeoutMs: 120000 },
	);
	const last = orders[SENT];
	const lastCaller = run.execute(last, 0, 90000).catch((e) => e);
	await lib.waitFor('the sixth lookup', () => lookedUp(run, last), { timeoutMs: 60000 });
	for (const worker of run.workers) {
		process.kill(-worker.entry.child.pid, 'SIGKILL');
		await worker.entry.done;
	}
	await faults({});
	const killed = await executionsSince(run, known);
	const received = await run.received();
	log(
		`send once, both workers killed while sending: ${killed.length} executions (${killed.map((e) => e.status).join(', ')}); 855s at the partner: ${orders.map((o) => for855(received, o)).join(', ')}`,
	);
	run.workers = [await run.startWorker(9)];

	// Retry in the Executions list, each failed (or stalled) execution.
	const retried = new Set(killed.map((e) => String(e.id)));
	for (const e of killed)
		await run.rest('POST', `/executions/${e.id}/retry`, { loadWorkflow: false });
	const retries = await lib.waitFor(
		'the retries',
		async () => {
			const all = await executionsSince(run, new Set([...known, ...retried]));
			const done = all.filter((e) => retried.has(String(e.retryOf)));
			return done.length === killed.length &&
				done.every((e) => !['new', 'running', 'waiting'].includes(e.status))
				? done
				: undefined;
		},
		{ timeoutMs: 120000 },
	);
	const afterRetries = await run.received();
	log(
		`send once, every execution retried: ${retries.length} retries (${retries.map((e) => e.status).join(', ')}); 855s at the partner: ${orders.map((o) => for855(afterRetries, o)).join(', ')}`,
	);

	const firstTry = await Promise.all([...callers, lastCaller]);
	log(
		`send once, the webhook callers of the killed executions got: ${firstTry.map((r) => r.status ?? 'no answer').join(', ')}`,
	);
	// Every webhook caller sends its order again.
	const again = await Promise.all(orders.map((o, i) => run.execute(o, i, 60000).catch((e) => e)));
	const final = await run.received();
	const card = (await lib.request('GET', `${run.sandbox.baseUrl}/_sandbox/scorecard`)).json;
	const accepted = orders.map((o) => {
		const entry = card.purchaseOrders.find((p) => p.purchaseOrderNumber === o.purchaseOrderNumber);
		return entry && entry['855'].state === 'accepted';
	});
	const counts = orders.map((o) => for855(final, o));
	log(
		`send once, every webhook caller sent again: answered ${again.map((r) => r.status ?? 'no answer').join(', ')}; 855s at the partner: ${counts.join(', ')}`,
	);
	const duplicates = counts.reduce((sum, n) => sum + Math.max(0, n - 1), 0);
	const lost = counts.filter((n) => n === 0).length;
	const ok = duplicates === 0 && lost === 0 && accepted.every(Boolean);
	log(
		`send once: ${orders.length} orders, ${duplicates} duplicate 855s at the partner, ${lost} lost, ${accepted.filter(Boolean).length} of ${orders.length} accepted — ${ok ? 'held' : 'FAILED'} (${lib.formatDuration(Date.now() - started)})`,
	);
	return ok;
}

module.exports = { sendOnceAfterKill };
