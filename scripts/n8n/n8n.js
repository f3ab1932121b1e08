'use strict';
// Steps shared by test-n8n.js and start.js: pack the package, install it into an n8n user folder
// the way n8n's Community Nodes installer does, start the sandbox, import credentials/workflows,
// run n8n commands, and set up the owner account.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const lib = require('./lib');

const CREDENTIAL_ID = 'ediSandboxCredential'; // ≤ 21 chars like every n8n id
const CREDENTIAL_NAME = 'EDI Exchange sandbox';
const DEFAULT_API_KEY = 'sandbox-api-key-0123456789';
const OWNER = {
	email: 'owner@example.com',
	firstName: 'Demo',
	lastName: 'Owner',
	password: 'EdiSandbox2026!',
};
const TRIGGER_TYPE = `${lib.PACKAGE_NAME}.ediExchangeTrigger`;
const ACTION_TYPE = `${lib.PACKAGE_NAME}.ediExchange`;
const TOOL_TYPE = `${lib.PACKAGE_NAME}.ediExchangeTool`;

/** `npm run build` then `npm pack` of the project; returns the tarball's path. */
async function buildAndPack(destDir, { log = console.log } = {}) {
	const npm = lib.npmCli();
	const env = { ...process.env };
	for (const k of Object.keys(env)) if (/^npm_/i.test(k)) delete env[k];
	log('[pack] npm run build');
	await lib.run(process.execPath, [npm, 'run', 'build'], {
		cwd: lib.PROJECT_ROOT,
		env,
		capture: true,
	});
	log('[pack] npm pack');
	const { stdout } = await lib.run(
		process.execPath,
		[npm, 'pack', '--json', '--ignore-scripts', '--pack-destination', destDir],
		{ cwd: lib.PROJECT_ROOT, env, capture: true },
	);
	const info = JSON.parse(stdout.slice(stdout.indexOf('[')));
	const tarball = path.join(destDir, info[0].filename);
	log(
		`[pack] ${path.basename(tarball)} (${info[0].entryCount} files, ${Math.round(info[0].size / 1024)} kB)`,
	);
	return { tarball, files: info[0].files.map((f) => f.path) };
}

/**
 * Installs the tarball into `$N8N_USER_FOLDER/.n8n/nodes` exactly as n8n 2.41's Community Nodes
 * installer does (CommunityPackagesService.downloadPackage): extract into
 * nodes/node_modules/<name>, drop dev/peer/optional dependencies from its package.json, run
 * `npm install --audit=false --fund=false --bin-links=false --install-strategy=shallow
 * --ignore-scripts=true --package-lock=false` in that folder, and record the dependency in
 * nodes/package.json.
 */
async function installPackage(userFolder, tarball) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const pkgDir = path.join(nodesDir, 'node_modules', lib.PACKAGE_NAME);
	fs.mkdirSync(nodesDir, { recursive: true });
	const nodesPkg = path.join(nodesDir, 'package.json');
	const manifest = fs.existsSync(nodesPkg)
		? JSON.parse(fs.readFileSync(nodesPkg, 'utf8'))
		: { name: 'installed-nodes', private: true, dependencies: {} };
	fs.rmSync(pkgDir, { recursive: true, force: true });
	fs.mkdirSync(pkgDir, { recursive: true });
	await lib.run('tar', ['-xzf', tarball, '-C', pkgDir, '--strip-components=1']);
	const pj = path.join(pkgDir, 'package.json');
	const { devDependencies, peerDependencies, optionalDependencies, ...packageJson } = JSON.parse(
		fs.readFileSync(pj, 'utf8'),
	);
	fs.writeFileSync(pj, JSON.stringify(packageJson, null, 2), 'utf8');
	await npmInstall(pkgDir, [
		'--audit=false',
		'--fund=false',
		'--bin-links=false',
		'--install-strategy=shallow',
		'--ignore-scripts=true',
		'--package-lock=false',
	]);
	manifest.dependencies = {
		...(manifest.dependencies || {}),
		[lib.PACKAGE_NAME]: packageJson.version,
	};
	fs.writeFileSync(nodesPkg, JSON.stringify(manifest, null, 2));
	return { pkgDir, version: packageJson.version };
}

/** `npm install <args>` in `cwd` with Node 24, quietly (errors only). */
async function npmInstall(cwd, args) {
	await lib.run(lib.paths().nodeBin, [lib.npmCli(), 'install', '--loglevel=error', ...args], {
		cwd,
		env: lib.node24Env(),
		capture: true,
	});
}

/**
 * Installs the tarball the README's way: `npm install --omit=peer <tarball>` in
 * `$N8N_USER_FOLDER/.n8n/nodes` (n8n's own installer drops peer dependencies too; installing the
 * peer n8n-workflow would build isolated-vm for nothing).
 */
async function installTarball(userFolder, tarball) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	await npmInstall(nodesDir, ['--omit=peer', '--no-audit', '--no-fund', tarball]);
	const pkgDir = path.join(nodesDir, 'node_modules', lib.PACKAGE_NAME);
	return {
		pkgDir,
		version: JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version,
	};
}

/** Starts the sandbox CLI (tsx sandbox/cli.ts) on a port; resolves once its admin API answers. */
async function startSandbox(procs, { port, apiKey, logFile, echo = false, extraArgs = [] }) {
	const tsx = path.join(lib.PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
	const cli = path.join(lib.PROJECT_ROOT, 'sandbox', 'cli.ts');
	if (!fs.existsSync(cli))
		throw new Error(`${path.relative(lib.PROJECT_ROOT, cli)} does not exist yet`);
	const args = [cli, '--port', String(port), '--host', '127.0.0.1'];
	if (apiKey) args.push('--api-key', apiKey);
	args.push(...extraArgs);
	const entry = procs.start('sandbox', tsx, args, { cwd: lib.PROJECT_ROOT, logFile, echo });
	const baseUrl = `http://127.0.0.1:${port}`;
	await lib
		.waitFor(
			'sandbox',
			async () =>
				(await lib.request('GET', `${baseUrl}/_sandbox/scorecard`, { timeoutMs: 2000 })).status ===
				200,
			{ timeoutMs: 60000, alive: () => !entry.exited },
		)
		.catch((e) => {
			throw new Error(`${e.message}\n${entry.tail.slice(-15).join('\n')}`);
		});
	return { entry, baseUrl, port, apiKey: apiKey || DEFAULT_API_KEY };
}

function credentialFile(dir, { baseUrl, apiKey }) {
	const file = path.join(dir, 'credentials.json');
	fs.writeFileSync(
		file,
		JSON.stringify(
			[
				{
					id: CREDENTIAL_ID,
					name: CREDENTIAL_NAME,
					type: 'ediExchangeApi',
					data: { baseUrl, apiToken: apiKey },
				},
			],
			null,
			2,
		),
	);
	return file;
}

/** Points every EDI Exchange credential reference at the imported sandbox credential. */
function useSandboxCredential(workflow) {
	for (const node of workflow.nodes || []) {
		if (node.credentials && node.credentials.ediExchangeApi) {
			node.credentials.ediExchangeApi = { id: CREDENTIAL_ID, name: CREDENTIAL_NAME };
		} else if (typeof node.type === 'string' && node.type.startsWith(`${lib.PACKAGE_NAME}.`)) {
			node.credentials = {
				...(node.credentials || {}),
				ediExchangeApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME },
			};
		}
	}
	return workflow;
}

/** A stable n8n workflow id (≤ 21 chars, [A-Za-z0-9]) derived from a file name. */
function workflowIdFor(name) {
	const base = name.replace(/\.json$/, '').replace(/[^A-Za-z0-9]/g, '');
	return `edi${base.charAt(0).toUpperCase()}${base.slice(1)}`.slice(0, 21);
}

/** Spawns the n8n CLI on Node 24 and waits for it (import:*, execute). */
async function n8nCommand(userFolder, args, { extraEnv = {}, timeoutMs = 180000 } = {}) {
	const p = lib.paths();
	// `execute` starts a task broker too: give it a free port so it never meets a running n8n.
	const brokerPort = await lib.freePort();
	const runP = lib.run(p.nodeBin, [p.n8nBin, ...args], {
		cwd: userFolder,
		env: lib.n8nEnv(userFolder, { N8N_RUNNERS_BROKER_PORT: String(brokerPort), ...extraEnv }),
		capture: true,
	});
	let timer;
	const timeout = new Promise((_, reject) => {
		timer = setTimeout(
			() => reject(new Error(`n8n ${args[0]} took longer than ${timeoutMs / 1000} s`)),
			timeoutMs,
		);
	});
	try {
		return await Promise.race([runP, timeout]);
	} finally {
		clearTimeout(timer);
	}
}

/**
 * Starts the sandbox of an instance object (its procs, work folder and verbose) with no initial
 * order, as the recipe and trigger stacks want it, and sets its `sandbox`.
 */
async function startInstanceSandbox(instance) {
	instance.sandbox = await startSandbox(instance.procs, {
		port: await lib.freePort(),
		apiKey: DEFAULT_API_KEY,
		extraArgs: ['--no-initial-order'],
		logFile: path.join(instance.work, 'sandbox.log'),
		echo: instance.verbose,
	});
}

/**
 * Starts the main n8n of an instance object (its procs, userFolder, ports, work folder, verbose
 * and env) and sets its `main` process and `url`: the recipe and trigger stacks share this.
 */
async function startMain(instance) {
	const started = await startN8n(instance.procs, instance.userFolder, {
		port: instance.ports.n8n,
		brokerPort: instance.ports.broker,
		logFile: path.join(instance.work, 'n8n.log'),
		echo: instance.verbose,
		extraEnv: instance.env,
	});
	instance.main = started.entry;
	instance.url = started.url;
}

/** Starts `n8n start` (its own process group) and waits for /healthz. */
async function startN8n(
	procs,
	userFolder,
	{ port, brokerPort, logFile, echo = false, extraEnv = {} },
) {
	const p = lib.paths();
	const entry = procs.start('n8n', p.nodeBin, [p.n8nBin, 'start'], {
		cwd: userFolder,
		env: lib.n8nEnv(userFolder, {
			N8N_PORT: String(port),
			N8N_RUNNERS_BROKER_PORT: String(brokerPort),
			N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}`,
			N8N_WEBHOOK_URL: `http://127.0.0.1:${port}/`,
			...extraEnv,
		}),
		logFile,
		echo,
	});
	const url = `http://127.0.0.1:${port}`;
	await lib
		.waitFor(
			'n8n /healthz',
			async () => (await lib.request('GET', `${url}/healthz`, { timeoutMs: 2000 })).status === 200,
			{
				timeoutMs: 180000,
				intervalMs: 1000,
				alive: () => !entry.exited,
			},
		)
		.catch((e) => {
			throw new Error(`${e.message}\n${entry.tail.slice(-20).join('\n')}`);
		});
	// /healthz answers before the REST API and the editor are mounted: wait for those too.
	await lib
		.waitFor(
			'n8n REST API',
			async () => {
				// while it boots, n8n answers everything with 200 "n8n is starting up. Please wait"
				const r = await lib.request('GET', `${url}/rest/settings`, { timeoutMs: 5000 });
				return r.status === 200 && r.json && r.json.data;
			},
			{ timeoutMs: 180000, intervalMs: 1000, alive: () => !entry.exited },
		)
		.catch((e) => {
			throw new Error(`${e.message}\n${entry.tail.slice(-20).join('\n')}`);
		});
	return { entry, url };
}

/** The run data JSON that `n8n execute --rawOutput` prints (at log level info) among its log lines. */
function parseExecuteOutput(stdout) {
	const start = stdout.search(/^\{/m);
	const end = stdout.lastIndexOf('\n}');
	if (start < 0 || end < start)
		throw new Error(`no execution data in n8n's output:\n${stdout.slice(-1500)}`);
	return JSON.parse(stdout.slice(start, end + 2));
}

/** Items each node produced in the last run, by node name. */
function itemsByNode(execution) {
	const out = {};
	for (const [name, runs] of Object.entries(execution.data.resultData.runData || {})) {
		const last = runs[runs.length - 1];
		out[name] = ((last.data && last.data.main) || [])
			.flat()
			.filter(Boolean)
			.map((i) => i.json);
	}
	return out;
}

/** The partner's scorecard entry for a PO; throws naming each of its 855, 856, 810 not accepted. */
async function expectAccepted(sandbox, purchaseOrderNumber) {
	const r = await lib.request('GET', `${sandbox.baseUrl}/_sandbox/scorecard`);
	const entry = ((r.json && r.json.purchaseOrders) || []).find(
		(o) => o.purchaseOrderNumber === purchaseOrderNumber,
	);
	if (!entry)
		throw new Error(`no scorecard entry for ${purchaseOrderNumber}: ${r.text.slice(0, 300)}`);
	const bad = ['855', '856', '810'].filter((t) => !entry[t] || entry[t].state !== 'accepted');
	if (bad.length) {
		throw new Error(
			bad
				.map(
					(t) =>
						`${t}: ${entry[t] ? `${entry[t].state} ${(entry[t].reasons || []).join('; ')}` : 'absent'}`,
				)
				.join(', '),
		);
	}
	return entry;
}

const BROWSER_ID = 'edi-exchange-scripts';

/** Creates the owner (first run) and logs in; returns a cookie jar for the REST API. */
async function ownerSession(url) {
	const jar = {};
	const headers = { 'browser-id': BROWSER_ID };
	const setup = await lib.request('POST', `${url}/rest/owner/setup`, { body: OWNER, headers, jar });
	const created = setup.status === 200;
	const login = await lib.request('POST', `${url}/rest/login`, {
		body: { emailOrLdapLoginId: OWNER.email, email: OWNER.email, password: OWNER.password },
		headers,
		jar,
	});
	if (login.status !== 200 || !jar.cookie) {
		throw new Error(
			`login as ${OWNER.email} failed: ${login.status} ${login.text.slice(0, 300)}` +
				(created ? '' : ` (owner setup answered ${setup.status} ${setup.text.slice(0, 200)})`),
		);
	}
	return { jar, headers, created, setupStatus: setup.status };
}

/**
 * Waits for n8n 2.x to report a workflow's publication `wanted` (published, not_published); a
 * failed or partial one throws with its triggers' messages. `rest(method, route)` answers n8n's
 * REST API as the caller's session sees it.
 */
async function waitForPublication(rest, id, wanted = 'published', { alive } = {}) {
	await lib.waitFor(
		`workflow ${id} ${wanted}`,
		async () => {
			const { status, triggers = [] } = await rest('GET', `/workflows/${id}/publication-status`);
			if (status === 'failed' || status === 'partial')
				throw new Error(triggers.map((t) => t.errorMessage).join('; '));
			return status === wanted;
		},
		{ timeoutMs: 90000, alive },
	);
}

function mkTemp(prefix) {
	return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

module.exports = {
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	DEFAULT_API_KEY,
	OWNER,
	TRIGGER_TYPE,
	ACTION_TYPE,
	TOOL_TYPE,
	BROWSER_ID,
	buildAndPack,
	installPackage,
	installTarball,
	parseExecuteOutput,
	itemsByNode,
	expectAccepted,
	startSandbox,
	startInstanceSandbox,
	credentialFile,
	useSandboxCredential,
	workflowIdFor,
	n8nCommand,
	startN8n,
	startMain,
	ownerSession,
	waitForPublication,
	mkTemp,
};
