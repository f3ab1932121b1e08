'use strict';
// One real n8n (with the package, its own sandbox, collector, user folder and ports) running the
// trigger test's workflow activated, and the moves a user or an operator makes on it: publish,
// unpublish, restart, crash. Every id the sandbox is asked to insert is recorded under the
// scenario that inserted it, so losses and duplicates can be counted from the collector at the end.

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib');
const n8n = require('./n8n');
const { startCollector } = require('./collector');
const outcomes = require('./outcomes');
const { WORKFLOW_ID, triggerWorkflow } = require('./trigger-workflow');

/** How long a scenario waits for what it inserted to arrive once a poll has run, and for quiet. */
const SETTLE_MS = 30000;
const QUIET_MS = 8000;
/** n8n polls at most once a minute, at a random second: a poll must come within this. */
const NEXT_POLL_MS = 80000;

class PublicationFailed extends Error {}

class TriggerInstance {
	/**
	 * @param {object} o
	 * @param {string} o.mode       short name (default, durable, queue)
	 * @param {object} o.procs      the shared lib.Processes
	 * @param {string} o.work       this instance's own folder
	 * @param {object} o.env        extra n8n settings of the mode
	 * @param {boolean} o.worker    also run `n8n worker` (queue mode)
	 * @param {string} o.source     the trigger's source: transactions (default), inbox or outcomes
	 */
	constructor({
		mode,
		procs,
		work,
		env = {},
		worker = false,
		source = 'transactions',
		verbose = false,
		log,
	}) {
		Object.assign(this, {
			mode,
			procs,
			work,
			modeEnv: env,
			withWorker: worker,
			source,
			verbose,
			log,
		});
		this.userFolder = path.join(work, 'user');
		this.inserted = new Map(); // scenario → ids
		this.scenario = 'setup';
		this.poison = new Map(); // poison mode: id → the status its message answers
		this.expected = new Map(); // outcomes mode: id → the status it must be emitted with
		this.invoices = 0;
		this.silent = false; // outcomes mode: the partner answers no invoice (they turn OVERDUE)
	}

	/** Ports, package, sandbox, collector, imported credential and workflow, n8n started, owner. */
	async setUp(tarball) {
		fs.mkdirSync(this.userFolder, { recursive: true });
		this.ports = {
			n8n: await lib.freePort(),
			broker: await lib.freePort(),
			workerBroker: await lib.freePort(),
			health: await lib.freePort(),
		};
		this.env = {
			N8N_ENCRYPTION_KEY: crypto.randomBytes(24).toString('hex'), // main, worker and CLI share it
			// A crashed activation is taken over after this lease (default 120 s). It is also the
			// deadline of every publish: at 10 s, publishes on a loaded machine were aborted.
			N8N_WORKFLOW_PUBLICATION_OUTBOX_LEASE_SECONDS: '30',
			...this.modeEnv,
		};
		await n8n.installPackage(this.userFolder, tarball);
		await n8n.startInstanceSandbox(this);
		if (this.source === 'outcomes') this.order = await outcomes.partnerOrder(this.sandbox);
		this.collector = await startCollector();
		const credentials = n8n.credentialFile(this.work, this.sandbox);
		await n8n.n8nCommand(this.userFolder, ['import:credentials', `--input=${credentials}`], {
			extraEnv: this.env,
		});
		const workflowFile = path.join(this.work, 'workflow.json');
		fs.writeFileSync(
			workflowFile,
			JSON.stringify(triggerWorkflow(this.collector.url, this.source), null, 2),
		);
		await n8n.n8nCommand(this.userFolder, ['import:workflow', `--input=${workflowFile}`], {
			extraEnv: this.env,
		});
		await this.start();
		this.session = await n8n.ownerSession(this.url);
	}

	async start() {
		this.startedAt = Date.now();
		await n8n.startMain(this);
		if (this.withWorker && (!this.worker || this.worker.exited)) {
			const p = lib.paths();
			this.worker = this.procs.start(
				`${this.mode} worker`,
				p.nodeBin,
				[p.n8nBin, 'worker', '--concurrency=5'],
				{
					cwd: this.userFolder,
					env: lib.n8nEnv(this.userFolder, {
						N8N_RUNNERS_BROKER_PORT: String(this.ports.workerBroker),
						QUEUE_HEALTH_CHECK_PORT: String(this.ports.health),
						...this.env,
					}),
					logFile: path.join(this.work, 'worker.log'),
					echo: this.verbose,
				},
			);
		}
	}

	/** Stops the main instance: SIGTERM (n8n shuts down gracefully) or SIGKILL (a crash). */
	async stop(signal) {
		if (signal === 'SIGKILL') {
			try {
				process.kill(-this.main.child.pid, 'SIGKILL');
			} catch {
				/* already gone */
			}
			await this.main.done;
		} else {
			await this.procs.stop(this.main, 60000);
		}
	}

	async restart(signal) {
		await this.stop(signal);
		await this.start();
	}

	async rest(method, route, body) {
		const r = await lib.request(method, `${this.url}/rest${route}`, {
			body,
			jar: this.session.jar,
			headers: this.session.headers,
		});
		if (r.status === 401) {
			this.session = await n8n.ownerSession(this.url); // a restart may end the session
			return this.rest(method, route, body);
		}
		if (r.status >= 400)
			throw new Error(`${method} /rest${route} answered ${r.status}: ${r.text.slice(0, 300)}`);
		return r.json && r.json.data !== undefined ? r.json.data : r.json;
	}

	/** n8n's publication status; a failed one throws with the triggers' error messages. */
	async publicationStatus() {
		const { status, triggers = [] } = await this.rest(
			'GET',
			`/workflows/${WORKFLOW_ID}/publication-status`,
		);
		if (status === 'failed' || status === 'partial') {
			const reasons = triggers.filter((t) => t.errorMessage).map((t) => t.errorMessage);
			throw new PublicationFailed(
				`publishing ${status}: ${reasons.join('; ') || 'no error message'}`,
			);
		}
		return status;
	}

	/** Publish (the UI's word for activate); `wait` for n8n to report it published. */
	async activate({ wait = true } = {}) {
		const { versionId } = await this.rest('GET', `/workflows/${WORKFLOW_ID}`);
		await this.rest('POST', `/workflows/${WORKFLOW_ID}/activate`, { versionId });
		if (wait) await this.waitForStatus('published');
	}

	async deactivate() {
		await this.rest('POST', `/workflows/${WORKFLOW_ID}/deactivate`, {});
		await this.waitForStatus('not_published');
	}

	async waitForStatus(wanted) {
		let last;
		let failed;
		await lib
			.waitFor(
				`publication status ${wanted}`,
				async () => {
					try {
						return (last = await this.publicationStatus()) === wanted;
					} catch (e) {
						if (e instanceof PublicationFailed) failed = e;
						throw e;
					}
				},
				{ timeoutMs: 90000, intervalMs: 500, alive: () => !this.main.exited && !failed },
			)
			.catch((e) => {
				throw failed || new Error(`${e.message} (last: ${last})`);
			});
	}

	/**
	 * Inbound test 850s, inserted at once; their ids are recorded under the current scenario. With
	 * the outcomes source: invoices the partner rejects (or, silent, leaves unanswered: OVERDUE).
	 */
	async insert(count) {
		if (this.source === 'outcomes') return this.sendInvoices(count);
		const r = await lib.request('POST', `${this.sandbox.baseUrl}/_sandbox/transactions`, {
			body: { count, transactionType: '850', direction: 'inbound', stream: 'test' },
		});
		if (r.status !== 201)
			throw new Error(`bulk insert answered ${r.status}: ${r.text.slice(0, 200)}`);
		const ids = [];
		for (let id = r.json.firstId; id <= r.json.lastId; id++) ids.push(String(id));
		this.record(ids);
		return ids;
	}

	/** Invoices billed above the agreed price, sent as another workflow would; ids recorded. */
	async sendInvoices(count) {
		const ids = [];
		for (let i = 0; i < count; i++) {
			const number = `INV-T${++this.invoices}`;
			const id = await outcomes.sendInvoice(this.sandbox, this.order, number, { overcharge: 1 });
			this.expected.set(id, this.silent ? 'OVERDUE' : 'REJECTED');
			ids.push(id);
		}
		this.record(ids);
		return ids;
	}

	/** How the partner answers what is sent from now on (`acknowledgments` of PUT /_sandbox/config). */
	async answers(acknowledgments) {
		await outcomes.answers(this.sandbox, acknowledgments);
		this.silent = (acknowledgments.silentFor || []).includes('810');
	}

	/** Makes the sandbox answer each poison transaction's message with its status, every time. */
	async failMessages() {
		const r = await lib.request('PUT', `${this.sandbox.baseUrl}/_sandbox/faults`, {
			body: {
				messageErrors: Object.fromEntries(
					[...this.poison].map(([id, status]) => [id, Number(status)]),
				),
			},
		});
		if (r.status !== 200) throw new Error(`faults answered ${r.status}: ${r.text.slice(0, 200)}`);
	}

	/** Delays every answer of the service by `ms` (0: answers at once again). */
	async holdAnswers(ms) {
		const r = await lib.request('PUT', `${this.sandbox.baseUrl}/_sandbox/faults`, {
			body: ms ? { latencyMs: ms } : {},
		});
		if (r.status !== 200) throw new Error(`faults answered ${r.status}: ${r.text.slice(0, 200)}`);
	}

	/** One 850 from the demo partner, as a real trading partner sends it. */
	async sendOrder() {
		const r = await lib.request('POST', `${this.sandbox.baseUrl}/_sandbox/partner/send-850`, {
			body: {},
		});
		if (r.status !== 201) throw new Error(`send-850 answered ${r.status}: ${r.text.slice(0, 200)}`);
		this.record([String(r.json.transactionId)]);
	}

	record(ids) {
		if (!this.inserted.has(this.scenario)) this.inserted.set(this.scenario, []);
		this.inserted.get(this.scenario).push(...ids);
	}

	/** The sandbox's request log: what the trigger asked, and when. */
	async requests() {
		const r = await lib.request('GET', `${this.sandbox.baseUrl}/_sandbox/requests`);
		return r.json || [];
	}

	/**
	 * The deliveries still in the inbox once the workflow's Accepts had time to run (at most 60 s):
	 * with the inbox source, every one delivered must have been accepted.
	 */
	async inboxLeft() {
		let left = [];
		await lib
			.waitFor(
				'an empty inbox',
				async () => {
					const r = await lib.request('GET', `${this.sandbox.baseUrl}/v4/inbox?limit=100`, {
						headers: { 'service-api-key': this.sandbox.apiKey },
					});
					left = (r.json || []).map((item) => String(item.transactionId));
					return left.length === 0;
				},
				{ timeoutMs: 60000, intervalMs: 1000 },
			)
			.catch(() => {});
		return left;
	}

	/** What a poll of the trigger reads first. */
	get pollPath() {
		return this.source === 'inbox' ? '/v4/inbox' : '/v3/transactions';
	}

	/** Resolves when the trigger starts a poll (lists transactions or reads the inbox) after `since` (ms). */
	async waitForPoll(since, { timeoutMs = NEXT_POLL_MS, intervalMs = 500 } = {}) {
		return lib.waitFor(
			'a poll of the trigger',
			async () =>
				(await this.requests()).find(
					(e) => e.method === 'GET' && e.path === this.pollPath && Date.parse(e.at) > since,
				),
			{ timeoutMs, intervalMs },
		);
	}

	/**
	 * After a poll: waits until every id inserted so far has reached the collector, or nothing new
	 * arrived for QUIET_MS, at most SETTLE_MS. What never arrives is counted as lost at the end.
	 */
	async settle() {
		const all = [...this.inserted.values()].flat();
		let seen = -1;
		let lastChange = Date.now();
		await lib
			.waitFor(
				'deliveries',
				async () => {
					const { deliveries } = this.collector;
					if (deliveries.length !== seen) [seen, lastChange] = [deliveries.length, Date.now()];
					const got = new Set(deliveries.map((d) => d.id));
					return all.every((id) => got.has(id)) || Date.now() - lastChange > QUIET_MS;
				},
				{ timeoutMs: SETTLE_MS, intervalMs: 500 },
			)
			.catch(() => {});
	}

	/** Waits for the next scheduled poll, then for its deliveries. */
	async nextPoll() {
		await this.waitForPoll(Date.now());
		await this.settle();
	}

	/** Per scenario: inserted, delivered, lost, duplicated (from the collector, counted now). */
	tally() {
		const times = new Map();
		for (const d of this.collector.deliveries) times.set(d.id, (times.get(d.id) || 0) + 1);
		const known = new Set([...this.inserted.values()].flat());
		const rows = [...this.inserted].map(([scenario, ids]) => {
			const delivered = ids.filter((id) => times.has(id)).length;
			const duplicated = ids.reduce((n, id) => n + Math.max(0, (times.get(id) || 0) - 1), 0);
			return {
				scenario,
				inserted: ids.length,
				delivered,
				lost: ids.length - delivered,
				duplicated,
			};
		});
		const unknown = [...times.keys()].filter((id) => !known.has(id));
		return { rows, unknown };
	}

	/** Executions n8n recorded, by status (a failed delivery shows here, not as a loss). */
	async executionStatuses() {
		const data = await this.rest(
			'GET',
			`/executions?limit=100&filter=${encodeURIComponent(JSON.stringify({ workflowId: WORKFLOW_ID }))}`,
		);
		const counts = {};
		for (const e of (data && data.results) || []) counts[e.status] = (counts[e.status] || 0) + 1;
		return counts;
	}

	/** n8n's warnings and errors (log level warn) that mention the trigger or polling: what a user sees. */
	logLines() {
		const lines = [];
		for (const file of ['n8n.log', 'worker.log']) {
			const f = path.join(this.work, file);
			if (!fs.existsSync(f)) continue;
			for (const line of fs.readFileSync(f, 'utf8').split('\n')) {
				if (/poll|trigger|cursor|EDI Exchange/i.test(line)) lines.push(line.trim());
			}
		}
		return [...new Set(lines)];
	}

	async close() {
		if (this.collector) await this.collector.close();
	}
}

module.exports = { TriggerInstance };
