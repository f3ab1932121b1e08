'use strict';
// Runs a table of named checks in order, each with the names of the checks it needs: a check
// whose need failed is reported as not run. One PASS/FAIL line per check, then "N passed, M
// failed". Used by test-n8n.js and the browser test (scripts/e2e/test-e2e.js).
//
//   { name: 'sandbox started', needs: ['…'], run: async (ctx) => 'detail shown after PASS' }
//
// `run` gets one shared context object; checks hand results to later checks through it.

const lib = require('./lib');

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
				if (!names.has(n)) throw new Error(`check "${c.name}" needs "${n}", which is not an earlier check`);
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
			log(`FAIL  ${name} — ${String(e.message).split('\n').join('\n        ')}`);
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

module.exports = { Checks, assert };
