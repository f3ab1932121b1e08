#!/usr/bin/env node
'use strict';
// `npm run test:n8n:control-numbers`: X12 control numbers and SSCC serial references in real n8n
// 2.41.1 (1.123.81 with EDI_N8N_LINE=1) under load, the way production runs them. Per mode, a
// published workflow (Webhook → Create 855 over X12 Passthrough, X12 Options as they come:
// numbering from the execution ID → Create 856 over X12 with an SSCC Company Prefix and no first
// serial: SSCCs numbered from the execution ID → Print Carton Labels) and a published copy of it get 24
// executions at once, then 6 one after another, plus one manual run of a third copy from the
// editor, then all executions are deleted and one more runs; each sends an 855 answering its own
// X12 850 of the sandbox's partner, which refuses a repeated ISA13, and its 856. Prints, per mode:
// the executions, the repeated ISA13s (must be 0), the 855s the partner accepted (must be all),
// the SSCCs the 856s carry (MAN*GM) and how many repeat (must be 0), the executions whose labels
// carry exactly their 856's SSCCs (must be all the webhook's), and the executions each worker ran
// (queue mode: both workers used); exits 1 otherwise.
//
//   node scripts/n8n/test-control-numbers.js [--modes regular,queue] [--burst 24] [--after 6]
//                   [--numbering execution|counter] [--tarball FILE] [--keep] [--verbose]
//
//   regular  n8n start, SQLite
//   queue    EXECUTIONS_MODE=queue: n8n start + two `n8n worker`, Redis and Postgres started here;
//            then one more execution whose worker is killed (SIGKILL) while the partner holds its
//            answer: prints whether n8n runs it again and how often its 855 went out; then send
//            once (send-once-case.js): both workers killed while six executions send, every one
//            retried and every webhook caller sending again: 0 duplicate 855s, none lost
//
// --numbering counter runs the same with X12 Options → Numbering → This Node's Counter (what the
// issue measured: it repeats, so the run fails).
//
// The modes run one after the other, each with its own n8n, sandbox, ports and user folder.

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');
const lib = require('./lib');
const n8n = require('./n8n');
const pack = require('./pack');
const { ensureInstalled } = require('./install');
const { startQueueServers } = require('./queue-servers');
const { sendOnceAfterKill } = require('./send-once-case');

const MODES = {
	regular: {
		label: 'regular mode (n8n start, SQLite)',
		workers: 0,
		env: async () => ({ env: {} }),
	},
	queue: {
		label: 'queue mode (main + 2 workers, Redis, Postgres)',
		workers: 2,
		env: (procs, dir, say) => startQueueServers(procs, path.join(dir, 'servers'), say),
	},
};

const { values: options } = parseArgs({
	options: {
		modes: { type: 'string', default: 'regular,queue' },
		burst: { type: 'string', default: '24' },
		after: { type: 'string', default: '6' },
		numbering: { type: 'string', default: 'execution' },
		tarball: { type: 'string' },
		keep: { type: 'boolean', default: false },
		verbose: { type: 'boolean', default: false },
	},
});
const BURST = Number(options.burst);
const AFTER = Number(options.after);
const log = (msg) => process.stdout.write(`${msg}\n`);

/**
 * Webhook (or Manual Trigger) → Create 855 built from the 850 over X12 Passthrough, X12 Options
 * untouched → Create 856 over X12, SSCCs from the execution → Print Carton Labels of the 856 sent.
 */
function workflow(id, { path: webhookPath, x12 }) {
	const start = webhookPath
		? {
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				webhookId: crypto.randomUUID(),
				parameters: { path: webhookPath, httpMethod: 'POST', responseMode: 'lastNode' },
			}
		: { name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} };
	return n8n.useSandboxCredential({
		id,
		name: `Control numbers: ${id}`,
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {
			[start.name]: { main: [[{ node: 'Create 855', type: 'main', index: 0 }]] },
			'Create 855': { main: [[{ node: 'Create 856', type: 'main', index: 0 }]] },
			'Create 856': { main: [[{ node: 'Print Carton Labels', type: 'main', index: 0 }]] },
		},
		nodes: [
			{ id: `${id}-start`, position: [0, 0], ...start },
			{
				id: `${id}-855`,
				name: 'Create 855',
				type: n8n.ACTION_TYPE,
				typeVersion: 1.1,
				position: [260, 0],
				parameters: {
					resource: 'transaction',
					operation: 'create',
					documentType: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
					stream: 'test',
					messageSource: 'build',
					purchaseOrder: x12 ?? '={{ $json.body.x12 }}',
					integrationPath: 'x12',
					x12Options: options.numbering === 'execution' ? {} : { numbering: options.numbering },
				},
			},
			{
				id: `${id}-856`,
				name: 'Create 856',
				type: n8n.ACTION_TYPE,
				typeVersion: 1.1,
				position: [520, 0],
				parameters: {
					resource: 'transaction',
					operation: 'create',
					documentType: '856_SHIP_NOTICE_MANIFEST',
					stream: 'test',
					messageSource: 'build',
					purchaseOrder: x12 ?? `={{ $('${start.name}').item.json.body.x12 }}`,
					integrationPath: 'x12',
					x12Options: options.numbering === 'execution' ? {} : { numbering: options.numbering },
					documentOptions: { ssccCompanyPrefix: '0614141' },
				},
			},
			{
				id: `${id}-labels`,
				name: 'Print Carton Labels',
				type: n8n.ACTION_TYPE,
				typeVersion: 1.1,
				position: [780, 0],
				parameters: {
					resource: 'x12',
					operation: 'printLabels',
					shipFrom: { name: 'YOUR COMPANY', city: 'NEWARK', stateOrProvinceCode: 'NJ' },
				},
			},
		],
	});
}

/** The partner sends an X12 850; its text as the organization reads it. */
async function partnerOrder(sandbox) {
	const sent = await lib.request('POST', `${sandbox.baseUrl}/_sandbox/partner/send-850`, {
		body: {},
	});
	if (sent.status >= 300) throw new Error(`send-850 answered ${sent.status}: ${sent.text}`);
	const message = await lib.request(
		'GET',
		`${sandbox.baseUrl}/v3/transactions/${sent.json.transactionId}/message`,
		{ headers: { 'service-api-key': sandbox.apiKey, accept: '*/*' } },
	);
	if (message.status !== 200) throw new Error(`the 850's message answered ${message.status}`);
	return { purchaseOrderNumber: sent.json.purchaseOrderNumber, x12: message.text };
}

/** The interchanges of one transaction set type. */
const ofType = (interchanges, type) => interchanges.filter((x12) => x12.includes(`ST*${type}*`));
/** The SSCCs an X12 856 carries (MAN*GM), in order. */
const manGm = (x12) => [...x12.matchAll(/MAN\*GM\*(\d{18})/g)].map((m) => m[1]);

/** The executions a worker started, from its log ("Worker started execution N"). */
const startedBy = (worker) =>
	[...fs.readFileSync(worker.logFile, 'utf8').matchAll(/Worker started execution (\d+)/g)].map(
		(m) => m[1],
	);

class ModeRun {
	constructor(name, procs, work) {
		Object.assign(this, { name, mode: MODES[name], procs, dir: path.join(work, name) });
		this.userFolder = path.join(this.dir, 'user');
		this.say = (msg) => log(`[${name}] ${msg}`);
		this.folders = [];
	}

	async setUp(tarball) {
		fs.mkdirSync(this.userFolder, { recursive: true });
		const { env, folders = [] } = await this.mode.env(this.procs, this.dir, this.say);
		this.folders.push(...folders);
		this.env = { N8N_ENCRYPTION_KEY: crypto.randomBytes(24).toString('hex'), ...env };
		await n8n.installPackage(this.userFolder, tarball);
		this.sandbox = await n8n.startSandbox(this.procs, {
			port: await lib.freePort(),
			apiKey: n8n.DEFAULT_API_KEY,
			extraArgs: ['--no-initial-order', '--inbound-format', 'x12'],
			logFile: path.join(this.dir, 'sandbox.log'),
		});
		this.manualOrder = await partnerOrder(this.sandbox);
		const imports = [
			['import:credentials', n8n.credentialFile(this.dir, this.sandbox)],
			...[
				workflow('ediCn855', { path: 'cn-855' }),
				workflow('ediCn855Copy', { path: 'cn-855-copy' }),
				workflow('ediCn855Manual', { x12: this.manualOrder.x12 }),
			].map((wf) => {
				const file = path.join(this.dir, `${wf.id}.json`);
				fs.writeFileSync(file, JSON.stringify(wf, null, 2));
				return ['import:workflow', file];
			}),
		];
		for (const [command, file] of imports)
			await n8n.n8nCommand(this.userFolder, [command, `--input=${file}`], { extraEnv: this.env });
		const { url } = await n8n.startN8n(this.procs, this.userFolder, {
			port: await lib.freePort(),
			brokerPort: await lib.freePort(),
			logFile: path.join(this.dir, 'n8n.log'),
			echo: options.verbose,
			extraEnv: this.env,
		});
		this.url = url;
		this.workers = [];
		for (let i = 1; i <= this.mode.workers; i++) this.workers.push(await this.startWorker(i));
		this.session = await n8n.ownerSession(url);
		for (const id of ['ediCn855', 'ediCn855Copy']) await this.publish(id);
		this.say(`n8n on ${url}, ${this.workers.length} workers, sandbox ${this.sandbox.baseUrl}`);
	}

	async startWorker(i) {
		const p = lib.paths();
		const logFile = path.join(this.dir, `worker-${i}.log`);
		const entry = this.procs.start(`${this.name} worker ${i}`, p.nodeBin, [p.n8nBin, 'worker'], {
			cwd: this.userFolder,
			env: lib.n8nEnv(this.userFolder, {
				N8N_RUNNERS_BROKER_PORT: String(await lib.freePort()),
				QUEUE_HEALTH_CHECK_PORT: String(await lib.freePort()),
				...this.env,
				N8N_LOG_LEVEL: 'info', // "Worker started execution N": who ran what
			}),
			logFile,
			echo: options.verbose,
		});
		await lib.waitFor(
			`worker ${i} ready`,
			async () =>
				fs.existsSync(logFile) && /worker is now ready/.test(fs.readFileSync(logFile, 'utf8')),
			{ timeoutMs: 180000, intervalMs: 1000, alive: () => !entry.exited },
		);
		return { name: `worker ${i}`, logFile, entry };
	}

	async rest(method, route, body) {
		const r = await lib.request(method, `${this.url}/rest${route}`, {
			body,
			jar: this.session.jar,
			headers: this.session.headers,
		});
		if (r.status >= 400) throw new Error(`${method} ${route}: ${r.status} ${r.text.slice(0, 300)}`);
		return r.json && r.json.data !== undefined ? r.json.data : r.json;
	}

	/** Publish; n8n 1.x activates at once, 2.x reports its publication's progress. */
	async publish(id) {
		const { versionId } = await this.rest('GET', `/workflows/${id}`);
		const activated = await this.rest('POST', `/workflows/${id}/activate`, { versionId });
		if (lib.N8N_LINE === '1') {
			if (!activated.active) throw new Error(`${id} is not active after activate`);
			return;
		}
		await n8n.waitForPublication((method, route) => this.rest(method, route), id);
	}

	/** One production execution: the webhook answers with Print Carton Labels' item. */
	async execute(order, i, timeoutMs = 180000) {
		const webhook = i % 2 ? 'cn-855-copy' : 'cn-855';
		const r = await lib.request('POST', `${this.url}/webhook/${webhook}`, {
			body: { x12: order.x12 },
			timeoutMs,
		});
		const item = Array.isArray(r.json) ? r.json[0] : r.json;
		const ok = r.status === 200 && item && Array.isArray(item.labels) && item.labels.length > 0;
		return { ok, status: r.status, item, order };
	}

	/** The editor's Execute workflow (mode manual) on the third copy. */
	async executeManually() {
		const wf = await this.rest('GET', '/workflows/ediCn855Manual');
		const { executionId } = await this.rest('POST', '/workflows/ediCn855Manual/run', {
			workflowData: wf,
			triggerToStartFrom: { name: 'Start' },
		});
		const done = await lib.waitFor(
			`manual execution ${executionId}`,
			async () => {
				const e = await this.rest('GET', `/executions/${executionId}`);
				return e && !['new', 'running', 'waiting'].includes(e.status) ? e : undefined;
			},
			{ timeoutMs: 120000 },
		);
		return { ok: done.status === 'success', status: done.status };
	}

	async run() {
		const orders = [];
		for (let i = 0; i < BURST + AFTER; i++) orders.push(await partnerOrder(this.sandbox));
		this.orders = [...orders, this.manualOrder];
		const burst = await Promise.all(orders.slice(0, BURST).map((o, i) => this.execute(o, i)));
		const after = [];
		for (const [i, o] of orders.slice(BURST).entries()) after.push(await this.execute(o, i));
		const manual = await this.executeManually();
		this.outcomes = [...burst, ...after, manual];
		await this.deleteAllThenExecute();
	}

	/** Every execution deleted, then one more: the database never hands an execution ID out again. */
	async deleteAllThenExecute() {
		const before = (await this.received()).map((x12) => Number(x12.split('*')[13]));
		const { results } = await this.rest('GET', '/executions?limit=100');
		await this.rest('POST', '/executions/delete', { ids: results.map((e) => e.id) });
		const order = await partnerOrder(this.sandbox);
		this.orders.push(order);
		const outcome = await this.execute(order, 0);
		this.outcomes.push(outcome);
		const [sent] = ofType(await this.received(), '855').filter((x12) =>
			x12.includes(`*${order.purchaseOrderNumber}*`),
		);
		const isa13 = sent && sent.split('*')[13];
		this.afterDeleting = {
			deleted: results.length,
			isa13,
			above: Number(isa13) > Math.max(...before),
		};
	}

	/** The interchanges the partner received, in order. */
	async received() {
		const requests = (await lib.request('GET', `${this.sandbox.baseUrl}/_sandbox/requests`)).json;
		return requests
			.filter((r) => r.method === 'POST' && r.path === '/v2/integration-payloads')
			.map((r) => r.body.content);
	}

	/**
	 * One more execution, its worker killed (SIGKILL) once the partner has its 855 and holds the
	 * answer: does n8n run the job again, and how often did the 855 go out?
	 */
	async killWorkerMidExecution() {
		const order = await partnerOrder(this.sandbox);
		const faults = (body) =>
			lib.request('PUT', `${this.sandbox.baseUrl}/_sandbox/faults`, { body });
		const known = new Set(this.workers.flatMap(startedBy));
		await faults({ latencyMs: 20000 });
		void this.execute(order, 0, 5000).catch(() => undefined);
		const mine = async () =>
			ofType(await this.received(), '855').filter((x12) =>
				x12.includes(`*${order.purchaseOrderNumber}*`),
			);
		await lib.waitFor('the 855 at the partner', async () => (await mine()).length > 0);
		// The execution no worker had started before: the one under way.
		const worker = this.workers.find((w) => startedBy(w).some((id) => !known.has(id)));
		const executionId = startedBy(worker).find((id) => !known.has(id));
		process.kill(-worker.entry.child.pid, 'SIGKILL');
		await worker.entry.done;
		await faults({});
		await lib.sleep(75000); // Bull looks for stalled jobs every 30 s
		const execution = await this.rest('GET', `/executions/${executionId}`);
		const sent = await mine();
		const runAgain = this.workers.some((w) => w !== worker && startedBy(w).includes(executionId));
		return {
			executionId,
			worker: worker.name,
			status: execution.status,
			sent: sent.length,
			runAgain,
			isa13s: sent.map((x) => x.split('*')[13]),
		};
	}

	/** What the partner received and accepted, and who ran what. */
	async tally() {
		const all = await this.received();
		const isa13s = all.map((x12) => x12.split('*')[13]);
		const shipNotices = ofType(all, '856');
		const ssccs = shipNotices.flatMap(manGm);
		// The labels of each webhook execution against the SSCCs of its own 856 (found by PRF01).
		const byWebhook = this.outcomes.filter((o) => o.order);
		const matching = byWebhook.filter((o) => {
			const po = o.order.purchaseOrderNumber;
			const sent = shipNotices.find((x12) => new RegExp(`PRF\\*${po}[*~\\r\\n]`).test(x12));
			const labels = o.item && Array.isArray(o.item.labels) ? o.item.labels.map((l) => l.sscc) : [];
			return sent && JSON.stringify(manGm(sent)) === JSON.stringify(labels);
		}).length;
		const card = (await lib.request('GET', `${this.sandbox.baseUrl}/_sandbox/scorecard`)).json;
		const accepted = this.orders.filter((o) => {
			const entry = card.purchaseOrders.find(
				(e) => e.purchaseOrderNumber === o.purchaseOrderNumber,
			);
			return entry && entry['855'].state === 'accepted';
		}).length;
		const perWorker = Object.fromEntries(this.workers.map((w) => [w.name, startedBy(w).length]));
		const onWorkers = Object.values(perWorker).reduce((a, b) => a + b, 0);
		const onMain = this.outcomes.length - onWorkers;
		return {
			executions: this.outcomes.length,
			failed: this.outcomes.filter((o) => !o.ok).length,
			interchanges: isa13s.length,
			repeated: isa13s.length - new Set(isa13s).size,
			accepted,
			perWorker,
			onMain,
			isa13s,
			afterDeleting: this.afterDeleting,
			shipNotices: shipNotices.length,
			ssccs: ssccs.length,
			repeatedSsccs: ssccs.length - new Set(ssccs).size,
			labelled: { matching, of: byWebhook.length },
		};
	}
}

function report(name, t, ms) {
	const mode = MODES[name];
	log(`\n## ${mode.label} — ${lib.formatDuration(ms)}\n`);
	log(
		`executions:            ${t.executions} (${BURST} at once, ${AFTER} one after another, 1 manual, 1 after deleting all); failed: ${t.failed}`,
	);
	log(`interchanges sent:     ${t.interchanges} (an 855 and an 856 per execution)`);
	log(`repeated ISA13s:       ${t.repeated}`);
	log(
		`SSCCs in the 856s:     ${t.ssccs} in ${t.shipNotices} ship notices; repeated: ${t.repeatedSsccs}`,
	);
	log(
		`labels = their 856:    ${t.labelled.matching} of ${t.labelled.of} webhook executions (Print Carton Labels' SSCCs are the 856's MAN*GM, in order)`,
	);
	log(`partner accepted:      ${t.accepted} of ${t.executions}`);
	const workers = Object.entries(t.perWorker).map(([w, n]) => `${w}: ${n}`);
	log(`executions per worker: ${[...workers, `main: ${t.onMain}`].join(', ')}`);
	const sorted = [...t.isa13s].sort();
	log(`ISA13s:                ${sorted[0]} … ${sorted[sorted.length - 1]}`);
	const d = t.afterDeleting;
	log(
		`after deleting all ${d.deleted} executions, the next sent ISA13 ${d.isa13}: ${d.above ? 'above' : 'NOT above'} every number before`,
	);
	return (
		d.above &&
		t.failed === 0 &&
		t.interchanges === 2 * t.executions &&
		t.repeated === 0 &&
		t.shipNotices === t.executions &&
		t.ssccs > t.executions &&
		t.repeatedSsccs === 0 &&
		t.labelled.matching === t.labelled.of &&
		t.accepted === t.executions &&
		Object.values(t.perWorker).every((n) => n > 0)
	);
}

async function main() {
	const names = options.modes.split(',');
	const unknown = names.filter((m) => !MODES[m]);
	if (unknown.length) throw new Error(`unknown mode(s) ${unknown.join(', ')}`);
	const started = Date.now();
	const procs = new lib.Processes();
	const work = n8n.mkTemp('edi-n8n-control-numbers-');
	const outside = [];
	const cleanUp = () => {
		if (options.keep) return log(`kept ${work} ${outside.join(' ')}`);
		for (const f of [work, ...outside]) fs.rmSync(f, { recursive: true, force: true });
	};
	procs.installSignalHandlers(async () => {
		await procs.stopAll();
		cleanUp();
	});
	let ok = true;
	const tallies = {};
	try {
		await ensureInstalled();
		const tarball = options.tarball
			? path.resolve(options.tarball)
			: (await pack.packFreshCopy(work)).tarball;
		for (const name of names) {
			const modeStarted = Date.now();
			const run = new ModeRun(name, procs, work);
			try {
				await run.setUp(tarball);
				await run.run();
				tallies[name] = await run.tally();
				ok = report(name, tallies[name], Date.now() - modeStarted) && ok;
				if (run.workers.length) {
					const k = await run.killWorkerMidExecution();
					const copies = new Set(k.isa13s).size;
					log(
						`worker killed mid-execution: execution ${k.executionId} (${k.worker}) is "${k.status}" 75 s later; run again by the other worker: ${k.runAgain ? 'yes' : 'no'}; its 855 reached the partner ${k.sent} time(s), ISA13 ${[...new Set(k.isa13s)].join(', ')}`,
					);
					// A copy the partner accepts is a duplicate order reply: only the same number may go again.
					ok = copies === 1 && ok;
					ok = (await sendOnceAfterKill(run, partnerOrder, log)) && ok;
				}
			} catch (e) {
				ok = false;
				log(`\n## ${MODES[name].label}: FAILED — ${e.stack || e.message}`);
			} finally {
				outside.push(...run.folders);
				await procs.stopAll();
				procs.stopping = false; // Ctrl-C still stops the next mode's servers
			}
		}
		if (tallies.regular && tallies.queue) {
			const shared = tallies.regular.isa13s.filter((n) => tallies.queue.isa13s.includes(n));
			log(
				`\nISA13s both instances used (two n8n instances, each counting its own execution IDs): ${shared.length}`,
			);
		}
	} finally {
		await procs.stopAll();
		cleanUp();
	}
	log(
		`\ntest:n8n:control-numbers ${ok ? 'PASSED' : 'FAILED'} (${names.join(', ')}) in ${lib.formatDuration(Date.now() - started)}`,
	);
	process.exitCode = ok ? 0 : 1;
}

main().catch((e) => {
	log(`test:n8n:control-numbers FAILED: ${e.stack || e.message}`);
	process.exitCode = 1;
});
