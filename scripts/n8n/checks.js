'use strict';
// Runs a table of named checks in order, each with the names of the checks it needs: a check
// whose need failed is reported as not run. One PASS/FAIL line per check, then "N passed, M
// failed". Used by test-n8n.js and the browser test (scripts/e2e/test-e2e.js), through
// runChecksScript.
//
//   { name: 'sandbox started', needs: ['…'], run: async (ctx) => 'detail shown after PASS' }
//
// `run` gets one shared context object; checks hand results to later checks through it.

const fs = require('node:fs');
const lib = require('./lib');
const n8n = require('./n8n');

function assert(cond, message) {
	if (!cond) throw new Error(message);
}

function log(msg) {
	process.stdout.write(`${msg}\n`);
}

class Checks {
	constructor(title) {
		this.title = title;
		this.results = [];
		this.failed = new Set();
		this.startedAt = Date.now();
	}

	/** Runs the table; never throws (a throwing check is a FAIL with its message). */
	async run(table, ctx) {
		const names = new Set();
		for (const c of table) {
			for (const n of c.needs || []) {
				if (!names.has(n))
					throw new Error(`check "${c.name}" needs "${n}", which is not an earlier check`);
			}
			names.add(c.name);
		}
		for (const c of table) await this.runOne(c, ctx);
	}

	async runOne({ name, needs = [], run }, ctx) {
		const missing = needs.filter((n) => this.failed.has(n));
		if (missing.length) {
			this.results.push({ name, ok: false });
			this.failed.add(name);
			log(`FAIL  ${name} — not run (needs: ${missing.join(', ')})`);
			return;
		}
		const t = Date.now();
		try {
			const detail = (await run(ctx)) || '';
			this.results.push({ name, ok: true });
			log(`PASS  ${name}${detail ? ` — ${detail}` : ''} (${lib.formatDuration(Date.now() - t)})`);
		} catch (e) {
			this.results.push({ name, ok: false });
			this.failed.add(name);
			// (playwright appends its call log: the first part says what was awaited)
			const message = String(e.message).split('\nCall log:')[0].trim();
			log(`FAIL  ${name} — ${message.split('\n').join('\n        ')}`);
		}
	}

	/** Prints the closing lines; returns the exit code. */
	summary(interrupted = false) {
		const passed = this.results.filter((r) => r.ok).length;
		const failed = this.results.length - passed + (interrupted ? 1 : 0);
		log('');
		log(
			`${this.title} ${failed ? 'FAILED' : 'PASSED'} in ${lib.formatDuration(Date.now() - this.startedAt)}${interrupted ? ' (interrupted)' : ''}`,
		);
		log(`${passed} passed, ${failed} failed`);
		return failed ? 1 : 0;
	}
}

/** `--name value` and `--flag` from the command line. */
function cliArgs(argv = process.argv.slice(2)) {
	return {
		value: (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined),
		flag: (name) => argv.includes(name),
	};
}

/**
 * The whole life of a check script: a temporary work folder, `setUp(ctx)`, the table run with
 * `ctx` (which has `procs` and `work`), then `tearDown(ctx)`, every started process stopped by pid (also on Ctrl-C),
 * the folder removed unless `keep`, the summary printed, and the process exits with its code.
 */
function runChecksScript({
	title,
	table,
	keep = false,
	setUp = () => {},
	tearDown = async () => {},
}) {
	const checks = new Checks(title);
	const procs = new lib.Processes();
	const work = n8n.mkTemp(
		`edi-${title
			.split(/[^a-z0-9]+/i)
			.filter(Boolean)
			.join('-')}-`,
	);
	const ctx = { procs, work };
	const cleanUp = async () => {
		await tearDown(ctx).catch(() => {});
		await procs.stopAll();
		if (!keep) fs.rmSync(work, { recursive: true, force: true });
	};
	procs.installSignalHandlers(async () => {
		await cleanUp();
		checks.summary(true);
	});
	log(`[${title}] work folder ${work}${keep ? ' (kept)' : ''}`);
	(async () => {
		try {
			setUp(ctx);
			await checks.run(table, ctx);
		} finally {
			await cleanUp();
		}
		return checks.summary();
	})().then(
		(code) => process.exit(code),
		(e) => {
			log(`FAIL  ${title} crashed — ${e.stack || e.message}`);
			process.exit(1);
		},
	);
}

module.exports = { Checks, assert, cliArgs, runChecksScript };
