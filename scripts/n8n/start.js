#!/usr/bin/env node
'use strict';
// `npm start`: the sandbox plus real n8n 2.41.1 with this package installed, the sandbox
// credential and the example workflows imported, and an owner account ready. Ctrl-C stops both.
//
//   node scripts/n8n/start.js [--tarball FILE] [--verbose]
//
// Environment:
//   N8N_PORT               n8n's port (default 5678)
//   SANDBOX_PORT           the sandbox's port (default 5080)
//   EDI_N8N_USER_FOLDER    n8n's user folder, kept between runs
//                          (default ~/.cache/n8n-nodes-edi-exchange/n8n-user)
//   EDI_N8N_CACHE_DIR      where the pinned n8n is installed (see install.js)

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const lib = require('./lib');
const n8n = require('./n8n');
const { ensureInstalled } = require('./install');

const args = process.argv.slice(2);
const VERBOSE = args.includes('--verbose');
const TARBALL = args.includes('--tarball') ? args[args.indexOf('--tarball') + 1] : undefined;
const N8N_PORT = Number(process.env.N8N_PORT || 5678);
const SANDBOX_PORT = Number(process.env.SANDBOX_PORT || 5080);
const USER_FOLDER = path.resolve(
	process.env.EDI_N8N_USER_FOLDER ||
		path.join(
			process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'),
			lib.PACKAGE_NAME,
			'n8n-user',
		),
);
const EXAMPLES = path.join(lib.PROJECT_ROOT, 'examples');

function log(msg) {
	process.stdout.write(`[start] ${msg}\n`);
}

async function portFree(port) {
	const net = require('node:net');
	return await new Promise((resolve) => {
		const srv = net.createServer();
		srv.once('error', () => resolve(false));
		srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
	});
}

/** Imports the example workflows that are new or changed since the last `npm start`. */
async function importExamples(work) {
	const stateFile = path.join(USER_FOLDER, 'imported-examples.json');
	const state = fs.existsSync(stateFile) ? JSON.parse(fs.readFileSync(stateFile, 'utf8')) : {};
	const files = fs.existsSync(EXAMPLES)
		? fs
				.readdirSync(EXAMPLES)
				.filter((f) => f.endsWith('.json'))
				.sort()
		: [];
	if (!files.length) log('no examples/*.json yet: no workflows to import');
	const imported = [];
	for (const f of files) {
		const text = fs.readFileSync(path.join(EXAMPLES, f), 'utf8');
		const hash = crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);
		let wf;
		try {
			wf = JSON.parse(text);
		} catch (e) {
			log(`skipping examples/${f}: not JSON (${e.message})`);
			continue;
		}
		if (!Array.isArray(wf.nodes)) {
			log(`skipping examples/${f}: not a workflow`);
			continue;
		}
		if (!wf.id || !/^[A-Za-z0-9]{1,21}$/.test(wf.id)) wf.id = n8n.workflowIdFor(f);
		if (state[f] && state[f].hash === hash) {
			imported.push({ file: f, id: wf.id, name: wf.name, fresh: false });
			continue;
		}
		n8n.useSandboxCredential(wf);
		wf.active = false;
		const file = path.join(work, `workflow-${f}`);
		fs.writeFileSync(file, JSON.stringify(wf, null, 2));
		await n8n.n8nCommand(USER_FOLDER, ['import:workflow', `--input=${file}`]);
		state[f] = { hash, id: wf.id };
		imported.push({ file: f, id: wf.id, name: wf.name, fresh: true });
	}
	fs.writeFileSync(stateFile, JSON.stringify(state, null, 2));
	return imported;
}

async function main() {
	const procs = new lib.Processes();
	procs.installSignalHandlers();
	const work = n8n.mkTemp('edi-n8n-start-');
	try {
		if (!(await portFree(N8N_PORT)))
			throw new Error(`port ${N8N_PORT} is in use (set N8N_PORT to use another)`);
		if (!(await portFree(SANDBOX_PORT)))
			throw new Error(`port ${SANDBOX_PORT} is in use (set SANDBOX_PORT to use another)`);

		await ensureInstalled();
		let tarball = TARBALL && path.resolve(TARBALL);
		if (!tarball) {
			log('building and packing the package…');
			tarball = (await n8n.buildAndPack(work, { log: () => {} })).tarball;
		}
		fs.mkdirSync(USER_FOLDER, { recursive: true });
		const inst = await n8n.installPackage(USER_FOLDER, tarball);
		log(
			`installed ${lib.PACKAGE_NAME}@${inst.version} into ${path.join(USER_FOLDER, '.n8n', 'nodes')} (as Community Nodes does)`,
		);

		const sandbox = await n8n.startSandbox(procs, {
			port: SANDBOX_PORT,
			apiKey: n8n.DEFAULT_API_KEY,
			extraArgs: ['--data', path.join(USER_FOLDER, 'sandbox-state.json')],
			logFile: path.join(USER_FOLDER, 'sandbox.log'),
			echo: VERBOSE,
		});
		log(
			`sandbox on ${sandbox.baseUrl} (state kept in ${path.join(USER_FOLDER, 'sandbox-state.json')})`,
		);

		await n8n.n8nCommand(USER_FOLDER, [
			'import:credentials',
			`--input=${n8n.credentialFile(work, sandbox)}`,
		]);
		log(`credential "${n8n.CREDENTIAL_NAME}" (EDI Exchange API → ${sandbox.baseUrl})`);
		const workflows = await importExamples(work);
		for (const w of workflows)
			log(
				`workflow "${w.name || w.file}" (id ${w.id}${w.fresh ? ', imported' : ', already there'})`,
			);

		log(`starting n8n ${lib.N8N_VERSION} on http://127.0.0.1:${N8N_PORT} …`);
		const started = await n8n.startN8n(procs, USER_FOLDER, {
			port: N8N_PORT,
			brokerPort: await lib.freePort(),
			logFile: path.join(USER_FOLDER, 'n8n.log'),
			echo: VERBOSE,
		});
		const session = await n8n.ownerSession(started.url);

		const line = '─'.repeat(64);
		process.stdout.write(
			`\n${line}\n` +
				`  n8n editor:   ${started.url}/home/workflows\n` +
				`  login:        ${n8n.OWNER.email}\n` +
				`  password:     ${n8n.OWNER.password}${session.created ? '   (owner account created now)' : ''}\n` +
				`  sandbox:      ${sandbox.baseUrl}   (API key ${sandbox.apiKey})\n` +
				(workflows.length
					? `  workflows:    ${workflows.map((w) => `${started.url}/workflow/${w.id}`).join('\n                ')}\n` +
						'                (open one and click "Execute workflow" to run it on the newest 850, or "Publish" it)\n'
					: '') +
				`  new 850:      curl -X POST ${sandbox.baseUrl}/_sandbox/partner/send-850\n` +
				`  scorecard:    curl ${sandbox.baseUrl}/_sandbox/scorecard\n` +
				`  logs:         ${path.join(USER_FOLDER, 'n8n.log')}, ${path.join(USER_FOLDER, 'sandbox.log')}\n` +
				`${line}\n  Ctrl-C stops n8n and the sandbox.\n\n`,
		);
		fs.rmSync(work, { recursive: true, force: true });

		// Run until Ctrl-C (the signal handlers stop both), or until one of them dies.
		const which = await Promise.race(procs.children.map((c) => c.done.then(() => c)));
		if (!procs.stopping) {
			log(
				`${which.name} exited (${which.code}); stopping the rest.\n${which.tail.slice(-15).join('\n')}`,
			);
			await procs.stopAll();
			process.exit(1);
		}
	} catch (e) {
		process.stderr.write(`[start] FAILED: ${e.message}\n`);
		await procs.stopAll();
		fs.rmSync(work, { recursive: true, force: true });
		process.exit(1);
	}
}

main();
