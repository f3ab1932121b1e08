#!/usr/bin/env node
'use strict';
// `npm run test:n8n:trigger` / `npm run test:n8n:queue`: the EDI Exchange Trigger ACTIVATED in real
// n8n 2.41.1, each emitted id POSTed by the workflow to a collector, through first activation,
// scheduled polls, unpublish/publish, SIGTERM and SIGKILL restarts. Prints, per mode and scenario,
// inserted / delivered / lost / duplicated; exits 1 on any loss, duplicate or failed scenario.
//
//   node scripts/n8n/test-trigger.js [--modes default,durable|queue] [--tarball FILE] [--keep] [--verbose]
//
//   default  n8n's default persistence (SQLite)
//   durable  durable poll cursors: N8N_POLLER_DURABLE_CURSORS_ENABLED, N8N_SCHEDULER_ENABLED,
//            N8N_SCHEDULER_POLL_TRIGGERS_ENABLED (SQLite)
//   queue    EXECUTIONS_MODE=queue: main + one worker, Redis and Postgres started here
//   inbox    the trigger's inbox source (default persistence, SQLite); the workflow ends with
//            Inbox → Accept, and the inbox must be empty at the end
//   poison   (default persistence) one transaction whose message answers 500 every time, one 404:
//            the others arrive at once, each once, the poison ones once each, marked
//   outcomes the trigger's outcomes source (default persistence, SQLite): invoices the partner
//            rejects, answered before, between and across polls and restarts, and left unanswered
//            (OVERDUE): each outcome once, with its status
//   outcomes-queue  the same in queue mode (main + worker, Redis and Postgres)
//
// Modes run in parallel, each with its own n8n, sandbox, collector, ports and user folder.

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');
const lib = require('./lib');
const n8n = require('./n8n');
const { ensureInstalled } = require('./install');
const { startQueueServers } = require('./queue-servers');
const { TriggerInstance } = require('./trigger-instance');
const { OUTCOME_SCENARIOS, POISON_SCENARIOS, runScenarios } = require('./trigger-scenarios');

const DURABLE_CURSORS = {
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
};

/** Each mode: its label and the n8n settings it needs (queue mode starts its servers first). */
/** n8n's default settings. */
const DEFAULT_ENV = async () => ({ env: {} });
/** Queue mode: Redis and Postgres of the mode's own. */
const QUEUE_ENV = (procs, work, log) => startQueueServers(procs, path.join(work, 'servers'), log);

const MODES = {
	default: { label: 'default (SQLite)', env: DEFAULT_ENV },
	durable: { label: 'durable cursors (SQLite)', env: async () => ({ env: DURABLE_CURSORS }) },
	inbox: {
		label: 'inbox source, Accept at the end of the workflow (SQLite)',
		source: 'inbox',
		env: DEFAULT_ENV,
	},
	poison: {
		label: 'poison documents: messages answering 500 and 404 (SQLite)',
		env: DEFAULT_ENV,
		scenarios: POISON_SCENARIOS,
		check: checkPoison,
	},
	queue: {
		label: 'queue mode (main + worker, Redis, Postgres)',
		worker: true,
		env: QUEUE_ENV,
	},
	outcomes: {
		label: 'outcomes source: rejected and overdue invoices (SQLite)',
		source: 'outcomes',
		env: DEFAULT_ENV,
		scenarios: OUTCOME_SCENARIOS,
		check: checkOutcomes,
	},
	'outcomes-queue': {
		label: 'outcomes source in queue mode (main + worker, Redis, Postgres)',
		source: 'outcomes',
		worker: true,
		env: QUEUE_ENV,
		scenarios: OUTCOME_SCENARIOS,
		check: checkOutcomes,
	},
};

/**
 * Poison mode: every poison id arrived marked with its status and without a message; every other
 * id with its message, unmarked (once each is the tally's check).
 */
function checkPoison(instance) {
	const errors = [];
	for (const d of instance.collector.deliveries) {
		const status = instance.poison.get(d.id);
		if (status && (d.marked !== status || d.message))
			errors.push(
				`poison transaction ${d.id} arrived ${d.message ? 'with a message' : ''} marked ${d.marked}, not ${status}`,
			);
		if (!status && (d.marked || !d.message))
			errors.push(`transaction ${d.id} arrived marked ${d.marked}, message ${d.message}`);
	}
	return errors.map((message) => ({ scenario: 'poison check', message }));
}

/**
 * Outcomes modes: every outcome arrived with the status its invoice was sent for (REJECTED with the
 * partner's reason naming the price, or OVERDUE); once each is the tally's check.
 */
function checkOutcomes(instance) {
	const errors = [];
	const byStatus = {};
	for (const d of instance.collector.deliveries) {
		byStatus[d.status] = (byStatus[d.status] || 0) + 1;
		const wanted = instance.expected.get(d.id);
		const reasons = (d.reasons || []).map((r) => r.message).join('; ');
		if (d.status !== wanted)
			errors.push(`transaction ${d.id} was emitted ${d.status}, not ${wanted}`);
		else if (wanted === 'REJECTED' && !/billed at/.test(reasons))
			errors.push(`transaction ${d.id} was emitted REJECTED without the price reason: ${reasons}`);
	}
	instance.log(`outcomes emitted by status: ${JSON.stringify(byStatus)}`);
	return errors.map((message) => ({ scenario: 'outcomes check', message }));
}

const { values: options } = parseArgs({
	options: {
		modes: { type: 'string', default: 'default,durable' },
		tarball: { type: 'string' },
		keep: { type: 'boolean', default: false },
		verbose: { type: 'boolean', default: false },
	},
});
const KEEP = options.keep;
const VERBOSE = options.verbose;
const TARBALL = options.tarball;
const MODE_NAMES = options.modes.split(',');
/** Folders a mode made outside the work folder (Postgres's), removed with it. */
const outside = [];

function log(msg) {
	process.stdout.write(`${msg}\n`);
}

async function runMode(name, procs, work, tarball) {
	const mode = MODES[name];
	const dir = path.join(work, name);
	fs.mkdirSync(dir, { recursive: true });
	const say = (msg) => log(`[${name}] ${msg}`);
	const started = Date.now();
	const { env, folders = [] } = await mode.env(procs, dir, say);
	outside.push(...folders);
	const instance = new TriggerInstance({
		mode: name,
		procs,
		work: dir,
		env,
		worker: mode.worker,
		source: mode.source,
		verbose: VERBOSE,
		log: say,
	});
	let errors;
	try {
		await instance.setUp(tarball);
		say(
			`n8n on ${instance.url}, sandbox ${instance.sandbox.baseUrl}, collector ${instance.collector.url}`,
		);
		errors = await runScenarios(instance, mode.scenarios);
		if (mode.check) errors.push(...mode.check(instance));
		if (mode.source === 'inbox') {
			const left = await instance.inboxLeft();
			if (left.length)
				errors.push({
					scenario: 'the inbox at the end',
					message: `${left.length} deliveries never accepted: transactions ${left.join(', ')}`,
				});
		}
	} catch (e) {
		errors = [{ scenario: 'setup', message: e.message }];
		say(`setup FAILED — ${e.message}`);
	}
	const { rows, unknown } = instance.tally();
	let executions = {};
	try {
		executions = await instance.executionStatuses();
	} catch (e) {
		executions = { unknown: e.message.split('\n')[0] };
	}
	const result = {
		name,
		label: mode.label,
		rows,
		unknown,
		errors,
		executions,
		logLines: instance.logLines(),
		ms: Date.now() - started,
	};
	await instance.close();
	return result;
}

function table(result) {
	const head = ['scenario', 'inserted', 'delivered', 'lost', 'duplicated'];
	const lines = result.rows.map((r) =>
		[r.scenario, r.inserted, r.delivered, r.lost, r.duplicated].map(String),
	);
	const sum = (k) => String(result.rows.reduce((n, r) => n + r[k], 0));
	lines.push(['total', sum('inserted'), sum('delivered'), sum('lost'), sum('duplicated')]);
	const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
	const fmt = (cells) =>
		`| ${cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
	return [
		fmt(head),
		`|${widths.map((w, i) => (i ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|')}|`,
		...lines.map(fmt),
	].join('\n');
}

function report(result) {
	log(`\n## ${result.label} — ${lib.formatDuration(result.ms)}\n`);
	log(table(result));
	log(`\nexecutions: ${JSON.stringify(result.executions)}`);
	if (result.unknown.length)
		log(`delivered ids the test never inserted: ${result.unknown.join(', ')}`);
	for (const e of result.errors)
		log(`scenario "${e.scenario}": ${e.message.split('\n').join('\n    ')}`);
	if (result.logLines.length)
		log(`n8n log lines about polling/the trigger:\n  ${result.logLines.slice(0, 12).join('\n  ')}`);
	const bad =
		result.rows.some((r) => r.lost || r.duplicated) ||
		result.unknown.length > 0 ||
		result.errors.length > 0;
	return !bad;
}

async function main() {
	const unknownModes = MODE_NAMES.filter((m) => !MODES[m]);
	if (unknownModes.length)
		throw new Error(
			`unknown mode(s) ${unknownModes.join(', ')}; known: ${Object.keys(MODES).join(', ')}`,
		);
	const started = Date.now();
	const procs = new lib.Processes();
	const work = n8n.mkTemp('edi-n8n-trigger-');
	const cleanUp = () => {
		if (KEEP) return;
		for (const f of [work, ...outside]) fs.rmSync(f, { recursive: true, force: true });
	};
	procs.installSignalHandlers(async () => {
		await procs.stopAll();
		cleanUp();
	});
	log(
		`[test:n8n:trigger] modes ${MODE_NAMES.join(', ')}; work folder ${work}${KEEP ? ' (kept)' : ''}`,
	);
	let ok = false;
	try {
		await ensureInstalled();
		const tarball = TARBALL
			? path.resolve(TARBALL)
			: (await n8n.buildAndPack(work, { log })).tarball;
		const results = await Promise.all(MODE_NAMES.map((m) => runMode(m, procs, work, tarball)));
		ok = results.map(report).every(Boolean);
	} finally {
		await procs.stopAll();
		cleanUp();
	}
	log(
		`\ntest:n8n:trigger ${ok ? 'PASSED' : 'FAILED'} (${MODE_NAMES.join(', ')}) in ${lib.formatDuration(Date.now() - started)}`,
	);
	process.exitCode = ok ? 0 : 1;
}

main().catch((e) => {
	log(`test:n8n:trigger FAILED: ${e.stack || e.message}`);
	process.exitCode = 1;
});
