#!/usr/bin/env node
'use strict';
// `npm run test:n8n`: installs the package into REAL n8n 2.41.1 the way users do and checks it
// end to end against the sandbox.
//
//   node scripts/n8n/test-n8n.js [--tarball FILE] [--keep] [--verbose]
//
//   --tarball FILE  test this packed tarball instead of running `npm run build` + `npm pack`
//   --keep          keep the temporary n8n user folder (and logs) for inspection
//   --verbose       echo n8n's and the sandbox's output
//   --workflow FILE run this workflow instead of examples/order-to-cash.json (its EDI Exchange
//                   Trigger is replaced by a Manual Trigger feeding the sandbox's latest document)
//
// The pinned n8n comes from scripts/n8n/install.js (cached outside the checkout; the first run
// installs it, about 9 minutes). Everything started here is stopped by pid at the end, also on
// failure and on Ctrl-C. One PASS/FAIL line per check, then "N passed, M failed"; exit 1 on any
// failure.

const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib');
const n8n = require('./n8n');
const { ensureInstalled } = require('./install');
const { adaptForCli } = require('./workflow');

const args = process.argv.slice(2);
const opt = (name) => {
	const i = args.indexOf(name);
	return i >= 0 ? args[i + 1] : undefined;
};
const KEEP = args.includes('--keep');
const VERBOSE = args.includes('--verbose');
const TARBALL = opt('--tarball');
const EXAMPLE = opt('--workflow') ? path.resolve(opt('--workflow')) : path.join(lib.PROJECT_ROOT, 'examples', 'order-to-cash.json');
const EXAMPLE_LABEL = opt('--workflow') ? path.basename(EXAMPLE) : 'examples/order-to-cash.json';
const FIXTURE = path.join(lib.PROJECT_ROOT, 'test', 'n8n', 'smoke-workflow.json');
const WORKFLOW_ID = 'ediOrderToCashCli'; // ≤ 21 chars
const EDITOR_WORKFLOW_ID = 'ediOrderToCashEditor';
const WRONG_KEY = 'wrong-key-for-the-credential-test';

const results = [];
const failedSteps = new Set();
const startedAt = Date.now();

function log(msg) {
	process.stdout.write(`${msg}\n`);
}

/** Runs one check; `needs` names earlier checks it depends on (a failed one means "not run"). */
async function check(name, fn, { needs = [] } = {}) {
	const missing = needs.filter((n) => failedSteps.has(n));
	const t = Date.now();
	if (missing.length) {
		results.push({ name, ok: false, detail: `not run: needs ${missing.join(', ')}` });
		failedSteps.add(name);
		log(`FAIL  ${name} — not run (needs: ${missing.join(', ')})`);
		return undefined;
	}
	try {
		const value = await fn();
		const detail = value && typeof value === 'object' && value.detail ? value.detail : typeof value === 'string' ? value : '';
		results.push({ name, ok: true, detail });
		log(`PASS  ${name}${detail ? ` — ${detail}` : ''} (${lib.formatDuration(Date.now() - t)})`);
		return value;
	} catch (e) {
		results.push({ name, ok: false, detail: e.message });
		failedSteps.add(name);
		log(`FAIL  ${name} — ${e.message.split('\n').join('\n        ')}`);
		return undefined;
	}
}

/** From a failed `n8n execute`: the failing node and its message, from the logged run data. */
function explainFailedRun(stdout) {
	try {
		const e = n8n.parseExecuteOutput(stdout).data.resultData.error || {};
		return `node "${e.node ? e.node.name : '?'}": ${e.message || ''}${e.description ? ` — ${e.description}` : ''}\n`;
	} catch {
		return stdout.trim().slice(-1200) + '\n';
	}
}

function assert(cond, message) {
	if (!cond) throw new Error(message);
}

async function main() {
	const procs = new lib.Processes();
	const work = n8n.mkTemp('edi-n8n-test-');
	procs.installSignalHandlers(async () => {
		await procs.stopAll();
		if (!KEEP) fs.rmSync(work, { recursive: true, force: true });
		summary(true);
	});
	const userFolder = path.join(work, 'user');
	fs.mkdirSync(userFolder, { recursive: true });
	log(`[test:n8n] work folder ${work}${KEEP ? ' (kept)' : ''}`);
	let sandbox;
	let n8nUrl;
	let session;
	let po;
	try {
		await check('n8n 2.41.1 + Node 24 installed (cache)', async () => {
			const p = await ensureInstalled();
			return { detail: p.dir };
		});

		const packed = await check(
			TARBALL ? 'package tarball given' : 'npm run build + npm pack',
			async () => {
				if (TARBALL) {
					assert(fs.existsSync(TARBALL), `${TARBALL} does not exist`);
					return { tarball: path.resolve(TARBALL), detail: path.resolve(TARBALL) };
				}
				const r = await n8n.buildAndPack(work, { log: () => {} });
				for (const f of [
					'dist/credentials/EdiExchangeApi.credentials.js',
					'dist/nodes/EdiExchange/EdiExchange.node.js',
					'dist/nodes/EdiExchange/EdiExchangeTrigger.node.js',
				]) {
					assert(r.files.includes(f), `the tarball lacks ${f}`);
				}
				return { tarball: r.tarball, detail: `${path.basename(r.tarball)}, ${r.files.length} files` };
			},
			{ needs: [] },
		);
		const packStep = TARBALL ? 'package tarball given' : 'npm run build + npm pack';

		await check(
			'package installed like Settings → Community Nodes',
			async () => {
				const r = await n8n.installPackage(userFolder, packed.tarball);
				const inst = path.relative(userFolder, r.pkgDir);
				return { detail: `${lib.PACKAGE_NAME}@${r.version} in $N8N_USER_FOLDER/${inst}` };
			},
			{ needs: ['n8n 2.41.1 + Node 24 installed (cache)', packStep] },
		);

		sandbox = await check('sandbox started', async () => {
			const port = await lib.freePort();
			const s = await n8n.startSandbox(procs, {
				port,
				apiKey: n8n.DEFAULT_API_KEY,
				extraArgs: ['--no-initial-order'],
				logFile: path.join(work, 'sandbox.log'),
				echo: VERBOSE,
			});
			return { ...s, detail: s.baseUrl };
		});

		po = await check(
			'demo partner sent an 850',
			async () => {
				const r = await lib.request('POST', `${sandbox.baseUrl}/_sandbox/partner/send-850`, { body: {} });
				assert(r.status === 201 && r.json && r.json.purchaseOrderNumber, `send-850 answered ${r.status} ${r.text.slice(0, 200)}`);
				return { ...r.json, detail: `${r.json.purchaseOrderNumber} (transaction ${r.json.transactionId})` };
			},
			{ needs: ['sandbox started'] },
		);

		const base = ['package installed like Settings → Community Nodes', 'sandbox started'];
		await check(
			'n8n import:credentials (ediExchangeApi → sandbox)',
			async () => {
				const file = n8n.credentialFile(work, sandbox);
				await n8n.n8nCommand(userFolder, ['import:credentials', `--input=${file}`]);
				return { detail: `id ${n8n.CREDENTIAL_ID}` };
			},
			{ needs: base },
		);

		const usingExample = fs.existsSync(EXAMPLE);
		await check(
			`n8n import:workflow (${usingExample ? `${EXAMPLE_LABEL}, trigger → manual` : 'test/n8n/smoke-workflow.json: examples/order-to-cash.json not there yet'})`,
			async () => {
				const source = JSON.parse(fs.readFileSync(usingExample ? EXAMPLE : FIXTURE, 'utf8'));
				const wf = adaptForCli(source, { id: WORKFLOW_ID, name: `${source.name || 'EDI Exchange'} (CLI run)` });
				const file = path.join(work, 'workflow.json');
				fs.writeFileSync(file, JSON.stringify(wf, null, 2));
				await n8n.n8nCommand(userFolder, ['import:workflow', `--input=${file}`]);
				return { detail: `id ${WORKFLOW_ID}, ${wf.nodes.length} nodes` };
			},
			{ needs: ['n8n import:credentials (ediExchangeApi → sandbox)'] },
		);
		const importStep = results[results.length - 1].name;

		await check(
			`n8n import:workflow (${EXAMPLE_LABEL} as published, for the editor run)`,
			async () => {
				assert(usingExample, `${EXAMPLE_LABEL} does not exist yet`);
				const wf = n8n.useSandboxCredential(JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')));
				wf.id = EDITOR_WORKFLOW_ID;
				wf.active = false;
				const file = path.join(work, 'workflow-editor.json');
				fs.writeFileSync(file, JSON.stringify(wf, null, 2));
				await n8n.n8nCommand(userFolder, ['import:workflow', `--input=${file}`]);
				return { detail: `id ${EDITOR_WORKFLOW_ID}, trigger kept` };
			},
			{ needs: ['n8n import:credentials (ediExchangeApi → sandbox)'] },
		);

		const executed = await check(
			'n8n execute --id succeeds',
			async () => {
				const r = await n8n
					.n8nCommand(userFolder, ['execute', `--id=${WORKFLOW_ID}`, '--rawOutput'], {
						timeoutMs: 240000,
						extraEnv: { N8N_LOG_LEVEL: 'info' }, // the run data is logged at info
					})
					.catch((e) => {
						if (e.stdout) fs.writeFileSync(path.join(work, 'execute-output.txt'), e.stdout + (e.stderr || ''));
						throw new Error(`${e.message.split('\n')[0]}\n${explainFailedRun(e.stdout || '')}${(e.stderr || '').trim().slice(-800)}`);
					});
				fs.writeFileSync(path.join(work, 'execute-output.txt'), r.stdout);
				const execution = n8n.parseExecuteOutput(r.stdout);
				assert(execution.status === 'success' && execution.finished, `execution status ${execution.status}`);
				const items = n8n.itemsByNode(execution);
				const empty = Object.entries(items).filter(([, v]) => !v.length).map(([k]) => k);
				if (!usingExample) {
					const got = items['Latest 850'] || [];
					assert(got.length === 1 && String(got[0].id) === String(po.transactionId), `Latest 850 gave ${JSON.stringify(got).slice(0, 300)}`);
				}
				return {
					execution,
					detail: `status ${execution.status}; ${Object.keys(items).length} nodes ran${empty.length ? ` (no output: ${empty.join(', ')})` : ''}`,
				};
			},
			{ needs: [importStep, 'demo partner sent an 850'] },
		);

		await check(
			usingExample
				? 'scorecard: 855, 856 and 810 accepted for the PO'
				: 'scorecard: 855, 856 and 810 accepted for the PO (needs examples/order-to-cash.json)',
			async () => {
				assert(usingExample, 'examples/order-to-cash.json does not exist yet: only the smoke workflow ran');
				const r = await lib.request('GET', `${sandbox.baseUrl}/_sandbox/scorecard`);
				const entry = (r.json && r.json.purchaseOrders || []).find((o) => o.purchaseOrderNumber === po.purchaseOrderNumber);
				assert(entry, `no scorecard entry for ${po.purchaseOrderNumber}: ${r.text.slice(0, 300)}`);
				const bad = ['855', '856', '810'].filter((t) => !entry[t] || entry[t].state !== 'accepted');
				assert(
					!bad.length,
					bad.map((t) => `${t}: ${entry[t] ? entry[t].state : 'absent'}${entry[t] && entry[t].reasons && entry[t].reasons.length ? ` (${entry[t].reasons.join('; ')})` : ''}`).join(', '),
				);
				return { detail: `${po.purchaseOrderNumber}: 855 accepted, 856 accepted, 810 accepted` };
			},
			{ needs: ['n8n execute --id succeeds'] },
		);
		void executed;

		const started = await check(
			'n8n start: /healthz healthy on 127.0.0.1',
			async () => {
				const port = await lib.freePort();
				const brokerPort = await lib.freePort();
				const r = await n8n.startN8n(procs, userFolder, { port, brokerPort, logFile: path.join(work, 'n8n.log'), echo: VERBOSE });
				n8nUrl = r.url;
				return { entry: r.entry, detail: r.url };
			},
			{ needs: ['package installed like Settings → Community Nodes'] },
		);

		session = await check(
			'owner setup + login (REST API)',
			async () => {
				const s = await n8n.ownerSession(n8nUrl);
				assert(s.created, `owner setup answered ${s.setupStatus}`);
				return { ...s, detail: n8n.OWNER.email };
			},
			{ needs: ['n8n start: /healthz healthy on 127.0.0.1'] },
		);

		const credTest = async (apiToken) => {
			const r = await lib.request('POST', `${n8nUrl}/rest/credentials/test`, {
				jar: session.jar,
				headers: session.headers,
				body: {
					credentials: {
						id: n8n.CREDENTIAL_ID,
						name: n8n.CREDENTIAL_NAME,
						type: 'ediExchangeApi',
						data: { baseUrl: sandbox.baseUrl, apiToken },
					},
				},
			});
			assert(r.status === 200 && r.json && r.json.data, `credentials/test answered ${r.status} ${r.text.slice(0, 300)}`);
			return r.json.data;
		};
		await check(
			'credential test: OK with the right token',
			async () => {
				const d = await credTest(sandbox.apiKey);
				assert(d.status === 'OK', `status ${d.status}: ${d.message}`);
				return { detail: `${d.status}${d.message ? `: ${d.message}` : ''}` };
			},
			{ needs: ['owner setup + login (REST API)', 'sandbox started'] },
		);
		await check(
			'credential test: clear failure with a wrong token',
			async () => {
				const d = await credTest(WRONG_KEY);
				assert(d.status === 'Error', `status ${d.status} (expected Error): ${d.message}`);
				assert(/rejected the API token/.test(d.message ?? ''), `not the credential's own 401 message: ${JSON.stringify(d)}`);
				assert(!String(d.message).includes(WRONG_KEY), `the message leaks the token: ${d.message}`);
				return { detail: `Error: ${d.message}` };
			},
			{ needs: ['owner setup + login (REST API)', 'sandbox started'] },
		);

		const typesDir = path.join(userFolder, '.cache', 'n8n', 'public', 'types');
		await check(
			'node types: ediExchange, ediExchangeTrigger, ediExchangeTool',
			async () => {
				const file = path.join(typesDir, 'nodes.json');
				await lib.waitFor('nodes.json', () => fs.existsSync(file), { timeoutMs: 30000 });
				const nodes = JSON.parse(fs.readFileSync(file, 'utf8'));
				const names = new Set(nodes.map((n) => n.name));
				const want = [n8n.ACTION_TYPE, n8n.TRIGGER_TYPE, n8n.TOOL_TYPE];
				const absent = want.filter((w) => !names.has(w));
				const ours = [...names].filter((n) => n.startsWith(`${lib.PACKAGE_NAME}.`));
				assert(!absent.length, `missing ${absent.join(', ')} (ours: ${ours.join(', ') || 'none'})`);
				return { detail: ours.join(', ') };
			},
			{ needs: ['n8n start: /healthz healthy on 127.0.0.1'] },
		);
		await check(
			'credential types: ediExchangeApi',
			async () => {
				const file = path.join(typesDir, 'credentials.json');
				await lib.waitFor('credentials.json', () => fs.existsSync(file), { timeoutMs: 30000 });
				const creds = JSON.parse(fs.readFileSync(file, 'utf8'));
				const c = creds.find((x) => x.name === 'ediExchangeApi');
				assert(c, 'ediExchangeApi is not in credentials.json');
				return { detail: `${c.displayName}` };
			},
			{ needs: ['n8n start: /healthz healthy on 127.0.0.1'] },
		);
		await check(
			'editor "Execute workflow" (REST): trigger in manual mode → 855, 856, 810 accepted for a new PO',
			async () => {
				const sent = await lib.request('POST', `${sandbox.baseUrl}/_sandbox/partner/send-850`, { body: {} });
				assert(sent.status === 201, `send-850 answered ${sent.status}`);
				const poNumber = sent.json.purchaseOrderNumber;
				const opts = { jar: session.jar, headers: session.headers };
				const got = await lib.request('GET', `${n8nUrl}/rest/workflows/${EDITOR_WORKFLOW_ID}`, opts);
				assert(got.status === 200, `GET workflow answered ${got.status} ${got.text.slice(0, 200)}`);
				const trigger = got.json.data.nodes.find((n) => n.type === n8n.TRIGGER_TYPE);
				assert(trigger, 'the example has no EDI Exchange Trigger');
				const run = await lib.request('POST', `${n8nUrl}/rest/workflows/${EDITOR_WORKFLOW_ID}/run`, {
					...opts,
					body: { workflowData: got.json.data, triggerToStartFrom: { name: trigger.name } },
				});
				assert(run.status === 200 && run.json && run.json.data && run.json.data.executionId, `run answered ${run.status} ${run.text.slice(0, 300)}`);
				const executionId = run.json.data.executionId;
				const execution = await lib.waitFor(
					`execution ${executionId}`,
					async () => {
						const r = await lib.request('GET', `${n8nUrl}/rest/executions/${executionId}`, opts);
						const st = r.json && r.json.data && r.json.data.status;
						return st && !['new', 'running', 'waiting'].includes(st) ? r.json.data : undefined;
					},
					{ timeoutMs: 60000, intervalMs: 500 },
				);
				assert(execution.status === 'success', `execution ${executionId} ended ${execution.status}`);
				const card = await lib.request('GET', `${sandbox.baseUrl}/_sandbox/scorecard`);
				const entry = ((card.json && card.json.purchaseOrders) || []).find((o) => o.purchaseOrderNumber === poNumber);
				assert(entry, `no scorecard entry for ${poNumber}`);
				const bad = ['855', '856', '810'].filter((t) => !entry[t] || entry[t].state !== 'accepted');
				assert(!bad.length, bad.map((t) => `${t}: ${entry[t] ? `${entry[t].state} ${(entry[t].reasons || []).join('; ')}` : 'absent'}`).join(', '));
				return { detail: `execution ${executionId} success; ${poNumber}: 855, 856, 810 accepted` };
			},
			{
				needs: [
					'owner setup + login (REST API)',
					`n8n import:workflow (${EXAMPLE_LABEL} as published, for the editor run)`,
				],
			},
		);
		await check(
			'n8n log: no load errors for the package',
			async () => {
				// (the cache folder's own name contains the package name: leave paths out of the match)
				const text = fs.readFileSync(path.join(work, 'n8n.log'), 'utf8').split(lib.cacheDir()).join('<cache>');
				const bad = text
					.split('\n')
					.filter((l) => /n8n-nodes-edi-exchange|ediExchange/i.test(l) && /error|fail|could not|cannot|unknown/i.test(l));
				assert(!bad.length, bad.slice(0, 5).join('\n'));
				return '';
			},
			{ needs: ['n8n start: /healthz healthy on 127.0.0.1'] },
		);
		void started;
	} finally {
		await procs.stopAll();
		if (!KEEP) fs.rmSync(work, { recursive: true, force: true });
	}
	return summary(false);
}

function summary(interrupted) {
	const passed = results.filter((r) => r.ok).length;
	const failed = results.length - passed + (interrupted ? 1 : 0);
	log('');
	log(`test:n8n ${failed ? 'FAILED' : 'PASSED'} in ${lib.formatDuration(Date.now() - startedAt)}${interrupted ? ' (interrupted)' : ''}`);
	log(`${passed} passed, ${failed} failed`);
	return failed ? 1 : 0;
}

main().then(
	(code) => process.exit(code),
	(e) => {
		log(`FAIL  test:n8n crashed — ${e.stack || e.message}`);
		process.exit(1);
	},
);
