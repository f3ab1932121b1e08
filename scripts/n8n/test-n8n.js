#!/usr/bin/env node
'use strict';
// `npm run test:n8n`: packs the package from a fresh copy of the checkout, installs the tarball into
// REAL n8n the way the README says, and checks it end to end against the sandbox.
//
//   node scripts/n8n/test-n8n.js [--tarball FILE] [--workflow FILE] [--keep] [--verbose]
//
//   --tarball FILE  test this packed tarball instead of packing a fresh copy of the checkout
//   --workflow FILE run this workflow instead of examples/order-to-cash.json (its EDI Exchange
//                   Trigger is replaced by a Manual Trigger feeding the sandbox's latest document)
//   --keep          keep the temporary n8n user folder (and logs) for inspection
//   --verbose       echo n8n's and the sandbox's output
//
// EDI_N8N_LINE=1 runs it against the pinned n8n 1.x instead of 2.x (npm run test:n8n:1).
// The pinned n8n comes from scripts/n8n/install.js (cached outside the checkout; the first run
// installs it, about 9 minutes). Everything started here is stopped by pid at the end, also on
// failure and on Ctrl-C. The checks are the table below, each naming the checks it needs.

const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib');
const n8n = require('./n8n');
const pack = require('./pack');
const { assert, cliArgs, runChecksScript } = require('./checks');
const { ensureInstalled } = require('./install');
const { adaptForCli } = require('./workflow');
const orderToCash = require('./orderToCash');
const orderChanges = require('./orderChanges');

const cli = cliArgs();
const VERBOSE = cli.flag('--verbose');
const TARBALL = cli.value('--tarball');
const EXAMPLE = cli.value('--workflow')
	? path.resolve(cli.value('--workflow'))
	: path.join(lib.PROJECT_ROOT, 'examples', 'order-to-cash.json');
const EXAMPLE_LABEL = cli.value('--workflow')
	? path.basename(EXAMPLE)
	: 'examples/order-to-cash.json';
const WORKFLOW_ID = 'ediOrderToCashCli'; // ≤ 21 chars
const EDITOR_WORKFLOW_ID = 'ediOrderToCashEditor';
const WRONG_KEY = 'wrong-key-for-the-credential-test';
const SHIPPED = [
	'dist/credentials/EdiExchangeApi.credentials.js',
	'dist/nodes/EdiExchange/EdiExchange.node.js',
	'dist/nodes/EdiExchange/EdiExchangeTrigger.node.js',
];

// Names later checks refer to.
const INSTALLED_N8N = `n8n ${lib.N8N_VERSION} + Node ${lib.NODE_VERSION} installed (cache)`;
const PACKED = TARBALL
	? 'package tarball given'
	: "fresh copy of the checkout: the README's npm pack builds first and ships dist/";
const INSTALLED = "tarball installed the README's way (npm install in ~/.n8n/nodes)";
const SANDBOX = 'sandbox started';
const PO_SENT = 'demo partner sent an 850';
const CREDENTIAL = 'n8n import:credentials (ediExchangeApi → sandbox)';
const WORKFLOWS = `n8n import:workflow (${EXAMPLE_LABEL}, examples/x12-order-to-cash.json and ${orderChanges.LABEL}, trigger → manual for n8n execute; kept for the editor runs)`;
const EXECUTED = 'n8n execute --id succeeds';
const STARTED = 'n8n start: /healthz healthy on 127.0.0.1';
const SESSION = 'owner setup + login (REST API)';

/** From a failed `n8n execute`: the failing node and its message, from the logged run data. */
function explainFailedRun(stdout) {
	try {
		const e = n8n.parseExecuteOutput(stdout).data.resultData.error || {};
		return `node "${e.node ? e.node.name : '?'}": ${e.message || ''}${e.description ? ` — ${e.description}` : ''}\n`;
	} catch {
		return stdout.trim().slice(-1200) + '\n';
	}
}

async function credentialTest(ctx, apiToken) {
	const r = await lib.request('POST', `${ctx.n8nUrl}/rest/credentials/test`, {
		jar: ctx.session.jar,
		headers: ctx.session.headers,
		body: {
			credentials: {
				id: n8n.CREDENTIAL_ID,
				name: n8n.CREDENTIAL_NAME,
				type: 'ediExchangeApi',
				data: { baseUrl: ctx.sandbox.baseUrl, apiToken },
			},
		},
	});
	assert(
		r.status === 200 && r.json && r.json.data,
		`credentials/test answered ${r.status} ${r.text.slice(0, 300)}`,
	);
	return r.json.data;
}

/** Imports the workflows with one `n8n import:workflow` (one n8n start-up: 10–30 s each). */
async function importWorkflows(ctx, workflows) {
	const target = path.join(ctx.work, 'workflows.json');
	fs.writeFileSync(target, JSON.stringify(workflows, null, 2));
	await n8n.n8nCommand(ctx.userFolder, ['import:workflow', `--input=${target}`]);
}

/** A workflow as the editor gets it: as it ships, credential references on the sandbox's. */
function forTheEditor(workflow, id) {
	return Object.assign(n8n.useSandboxCredential(workflow), { id, active: false });
}

/** `n8n execute` of a CLI variant of an example; keeps its output in the work folder. */
async function executeCli(ctx, workflowId = WORKFLOW_ID) {
	const output = path.join(ctx.work, `execute-output-${workflowId}.txt`);
	const r = await n8n
		.n8nCommand(ctx.userFolder, ['execute', `--id=${workflowId}`, '--rawOutput'], {
			timeoutMs: 240000,
			extraEnv: { N8N_LOG_LEVEL: 'info' }, // the run data is logged at info
		})
		.catch((e) => {
			if (e.stdout) fs.writeFileSync(output, e.stdout + (e.stderr || ''));
			throw new Error(
				`${e.message.split('\n')[0]}\n${explainFailedRun(e.stdout || '')}${(e.stderr || '').trim().slice(-800)}`,
			);
		});
	fs.writeFileSync(output, r.stdout);
	return n8n.parseExecuteOutput(r.stdout);
}

/**
 * What the editor's "Execute workflow" sends (the trigger runs in manual mode), from the named
 * trigger (else the first); resolves the run.
 */
async function runLikeTheEditor(ctx, workflowId = EDITOR_WORKFLOW_ID, triggerName = undefined) {
	const opts = { jar: ctx.session.jar, headers: ctx.session.headers };
	const got = await lib.request('GET', `${ctx.n8nUrl}/rest/workflows/${workflowId}`, opts);
	assert(got.status === 200, `GET workflow answered ${got.status} ${got.text.slice(0, 200)}`);
	const trigger = got.json.data.nodes.find(
		(n) => n.type === n8n.TRIGGER_TYPE && (!triggerName || n.name === triggerName),
	);
	assert(trigger, 'the example has no EDI Exchange Trigger');
	const run = await lib.request('POST', `${ctx.n8nUrl}/rest/workflows/${workflowId}/run`, {
		...opts,
		body: { workflowData: got.json.data, triggerToStartFrom: { name: trigger.name } },
	});
	assert(
		run.status === 200 && run.json && run.json.data && run.json.data.executionId,
		`run answered ${run.status} ${run.text.slice(0, 300)}`,
	);
	const executionId = run.json.data.executionId;
	return lib.waitFor(
		`execution ${executionId}`,
		async () => {
			const r = await lib.request('GET', `${ctx.n8nUrl}/rest/executions/${executionId}`, opts);
			const st = r.json && r.json.data && r.json.data.status;
			return st && !['new', 'running', 'waiting'].includes(st)
				? { ...r.json.data, id: executionId }
				: undefined;
		},
		{ timeoutMs: 60000, intervalMs: 500 },
	);
}

/** The public type lists n8n writes at start-up, unauthenticated. */
async function publicTypes(ctx, file) {
	const full = path.join(ctx.userFolder, '.cache', 'n8n', 'public', 'types', file);
	await lib.waitFor(file, () => fs.existsSync(full), { timeoutMs: 30000 });
	return JSON.parse(fs.readFileSync(full, 'utf8'));
}

/** Each reply node's first item must say ACCEPTED (what the service answered); returns their names. */
function repliesAccepted(execution, replies) {
	const items = n8n.itemsByNode(execution);
	const said = replies.map(({ node }) => [node, items[node] && items[node][0]]);
	const bad = said.filter(([, item]) => !item || item.status !== 'ACCEPTED');
	assert(
		!bad.length,
		bad
			.map(([node, item]) => `"${node}": ${item ? `status ${item.status}` : 'no output'}`)
			.join(', '),
	);
	return said.map(([node]) => node).join(', ');
}

/**
 * The X12 and service-JSON paths of the demo (orderToCash.js): the X12 example imported as it
 * ships (trigger → manual for the CLI), on the path's Integration Path, against a fresh partner
 * that sends its 850 as X12; `n8n execute`, then the partner's verdict on the 997, 855, 856 and
 * 810, each over its path. `editor` adds a run of the unmodified example the way the editor's
 * "Execute workflow" runs it (its real trigger, in manual mode).
 */
function pathChecks(name, { title, cliId, editorId }) {
	const plan = orderToCash.planOf(name);
	const label = orderToCash.exampleLabel(name);
	const types = plan.replies.map((r) => r.type).join(', ');
	const onPath = plan.integrationPath ? `, Create nodes on ${plan.integrationPath}` : '';
	const executed = `${title}: ${label} as it ships${onPath}; the partner sends an X12 850, n8n execute --id succeeds`;
	const workflows = () => [
		adaptForCli(orderToCash.exampleFor(name), { id: cliId, name: `${title} (CLI run)` }),
		...(editorId ? [forTheEditor(orderToCash.exampleFor(name), editorId)] : []),
	];
	const checks = [
		{
			name: executed,
			needs: [WORKFLOWS, SANDBOX],
			run: async (ctx) => {
				ctx.orders[name] = await orderToCash.partnerSends850(ctx.sandbox, name);
				const execution = await executeCli(ctx, cliId);
				assert(
					execution.status === 'success' && execution.finished,
					`execution status ${execution.status}`,
				);
				return `${ctx.orders[name].purchaseOrderNumber}; ACCEPTED from ${repliesAccepted(execution, plan.replies)}`;
			},
		},
		{
			name: `${title}: scorecard: ${types} accepted, each over its path`,
			needs: [executed],
			run: (ctx) =>
				orderToCash.expectPathAccepted(ctx.sandbox, name, ctx.orders[name].purchaseOrderNumber),
		},
	];
	if (!editorId) return { workflows, cli: checks, editor: [] };
	const editor = [
		{
			name: `${title}: editor "Execute workflow" (REST) of ${label} as it ships: trigger in manual mode → ${types} accepted for a new X12 850`,
			needs: [SESSION, WORKFLOWS],
			run: async (ctx) => {
				const po = await orderToCash.partnerSends850(ctx.sandbox, name);
				const execution = await runLikeTheEditor(ctx, editorId);
				assert(
					execution.status === 'success',
					`execution ${execution.id} ended ${execution.status}`,
				);
				const verdicts = await orderToCash.expectPathAccepted(
					ctx.sandbox,
					name,
					po.purchaseOrderNumber,
				);
				return `execution ${execution.id} success; ${po.purchaseOrderNumber}: ${verdicts}`;
			},
		},
	];
	return { workflows, cli: checks, editor };
}

const X12_PATH = pathChecks('x12', {
	title: 'X12 path',
	cliId: 'ediX12OrderToCashCli',
	editorId: 'ediX12OrderToCashEdit',
});
const JSON_PATH = pathChecks('json', {
	title: 'service-JSON path',
	cliId: 'ediJsonOrderToCashCli',
});

const CHECKS = [
	{
		name: INSTALLED_N8N,
		run: async () => (await ensureInstalled()).dir,
	},
	{
		name: PACKED,
		run: async (ctx) => {
			if (TARBALL) {
				assert(fs.existsSync(TARBALL), `${TARBALL} does not exist`);
				ctx.tarball = path.resolve(TARBALL);
				return ctx.tarball;
			}
			const r = await pack.packFreshCopy(ctx.work);
			const absent = SHIPPED.filter((f) => !r.files.includes(f));
			assert(
				!absent.length,
				`the tarball lacks ${absent.join(', ')} (it has ${r.files.join(', ')})`,
			);
			ctx.tarball = r.tarball;
			return `${path.basename(r.tarball)}, ${r.files.length} files`;
		},
	},
	{
		name: INSTALLED,
		needs: [INSTALLED_N8N, PACKED],
		run: async (ctx) => {
			const r = await n8n.installTarball(ctx.userFolder, ctx.tarball);
			return `${lib.PACKAGE_NAME}@${r.version} in $N8N_USER_FOLDER/${path.relative(ctx.userFolder, r.pkgDir)}`;
		},
	},
	{
		name: SANDBOX,
		run: async (ctx) => {
			ctx.sandbox = await n8n.startSandbox(ctx.procs, {
				port: await lib.freePort(),
				apiKey: n8n.DEFAULT_API_KEY,
				extraArgs: ['--no-initial-order'],
				logFile: path.join(ctx.work, 'sandbox.log'),
				echo: VERBOSE,
			});
			return ctx.sandbox.baseUrl;
		},
	},
	{
		name: PO_SENT,
		needs: [SANDBOX],
		run: async (ctx) => {
			ctx.po = await orderToCash.partnerSends850(ctx.sandbox, 'structured');
			return `${ctx.po.purchaseOrderNumber} (transaction ${ctx.po.transactionId})`;
		},
	},
	{
		name: CREDENTIAL,
		needs: [INSTALLED, SANDBOX],
		run: async (ctx) => {
			await n8n.n8nCommand(ctx.userFolder, [
				'import:credentials',
				`--input=${n8n.credentialFile(ctx.work, ctx.sandbox)}`,
			]);
			return `id ${n8n.CREDENTIAL_ID}`;
		},
	},
	{
		name: WORKFLOWS,
		needs: [CREDENTIAL],
		run: async (ctx) => {
			const source = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8'));
			const workflows = [
				adaptForCli(source, {
					id: WORKFLOW_ID,
					name: `${source.name || 'EDI Exchange'} (CLI run)`,
				}),
				forTheEditor(JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')), EDITOR_WORKFLOW_ID),
				...X12_PATH.workflows(),
				...JSON_PATH.workflows(),
				...orderChanges.workflows(forTheEditor),
			];
			await importWorkflows(ctx, workflows);
			return workflows.map((w) => `${w.id} (${w.nodes.length} nodes)`).join(', ');
		},
	},
	{
		name: EXECUTED,
		needs: [WORKFLOWS, PO_SENT],
		run: async (ctx) => {
			const execution = await executeCli(ctx);
			assert(
				execution.status === 'success' && execution.finished,
				`execution status ${execution.status}`,
			);
			const items = n8n.itemsByNode(execution);
			const empty = Object.entries(items)
				.filter(([, v]) => !v.length)
				.map(([k]) => k);
			return `status ${execution.status}; ${Object.keys(items).length} nodes ran${empty.length ? ` (no output: ${empty.join(', ')})` : ''}`;
		},
	},
	{
		name: 'scorecard: 855, 856 and 810 accepted for the PO',
		needs: [EXECUTED],
		run: async (ctx) =>
			`${ctx.po.purchaseOrderNumber}: ${await orderToCash.expectPathAccepted(ctx.sandbox, 'structured', ctx.po.purchaseOrderNumber)}`,
	},
	...X12_PATH.cli,
	...JSON_PATH.cli,
	...orderChanges.cliChecks({ needs: [WORKFLOWS, SANDBOX], executeCli }),
	{
		name: STARTED,
		needs: [INSTALLED],
		run: async (ctx) => {
			const r = await n8n.startN8n(ctx.procs, ctx.userFolder, {
				port: await lib.freePort(),
				brokerPort: await lib.freePort(),
				logFile: path.join(ctx.work, 'n8n.log'),
				echo: VERBOSE,
			});
			ctx.n8nUrl = r.url;
			return r.url;
		},
	},
	{
		name: SESSION,
		needs: [STARTED],
		run: async (ctx) => {
			ctx.session = await n8n.ownerSession(ctx.n8nUrl);
			assert(ctx.session.created, `owner setup answered ${ctx.session.setupStatus}`);
			return n8n.OWNER.email;
		},
	},
	{
		name: 'credential test: OK with the right token',
		needs: [SESSION, SANDBOX],
		run: async (ctx) => {
			const d = await credentialTest(ctx, ctx.sandbox.apiKey);
			assert(d.status === 'OK', `status ${d.status}: ${d.message}`);
			return `${d.status}${d.message ? `: ${d.message}` : ''}`;
		},
	},
	{
		name: 'credential test: clear failure with a wrong token',
		needs: [SESSION, SANDBOX],
		run: async (ctx) => {
			const d = await credentialTest(ctx, WRONG_KEY);
			assert(d.status === 'Error', `status ${d.status} (expected Error): ${d.message}`);
			// n8n 1.x shows its own generic 401 text instead of the credential's message.
			const expected = lib.N8N_LINE === '1' ? /^Authorization failed/ : /rejected the API token/;
			assert(expected.test(d.message ?? ''), `not the expected 401 message: ${JSON.stringify(d)}`);
			assert(!String(d.message).includes(WRONG_KEY), `the message leaks the token: ${d.message}`);
			return `Error: ${d.message}`;
		},
	},
	{
		name: 'node types: ediExchange, ediExchangeTrigger, ediExchangeTool',
		needs: [STARTED],
		run: async (ctx) => {
			const names = new Set((await publicTypes(ctx, 'nodes.json')).map((n) => n.name));
			const absent = [n8n.ACTION_TYPE, n8n.TRIGGER_TYPE, n8n.TOOL_TYPE].filter(
				(w) => !names.has(w),
			);
			const ours = [...names].filter((n) => n.startsWith(`${lib.PACKAGE_NAME}.`));
			assert(!absent.length, `missing ${absent.join(', ')} (ours: ${ours.join(', ') || 'none'})`);
			return ours.join(', ');
		},
	},
	{
		name: 'credential types: ediExchangeApi',
		needs: [STARTED],
		run: async (ctx) => {
			const c = (await publicTypes(ctx, 'credentials.json')).find(
				(x) => x.name === 'ediExchangeApi',
			);
			assert(c, 'ediExchangeApi is not in credentials.json');
			return c.displayName;
		},
	},
	{
		name: 'editor "Execute workflow" (REST): trigger in manual mode → 855, 856, 810 accepted for a new PO',
		needs: [SESSION, WORKFLOWS],
		run: async (ctx) => {
			const po = await orderToCash.partnerSends850(ctx.sandbox, 'structured');
			const execution = await runLikeTheEditor(ctx);
			assert(execution.status === 'success', `execution ${execution.id} ended ${execution.status}`);
			const verdicts = await orderToCash.expectPathAccepted(
				ctx.sandbox,
				'structured',
				po.purchaseOrderNumber,
			);
			return `execution ${execution.id} success; ${po.purchaseOrderNumber}: ${verdicts}`;
		},
	},
	...X12_PATH.editor,
	orderChanges.editorCheck({ needs: [SESSION, WORKFLOWS], runLikeTheEditor }),
	{
		name: 'n8n log: no load errors for the package',
		needs: [STARTED],
		run: async (ctx) => {
			// (the cache folder's own name contains the package name: leave paths out of the match)
			const text = fs
				.readFileSync(path.join(ctx.work, 'n8n.log'), 'utf8')
				.split(lib.cacheDir())
				.join('<cache>');
			const bad = text
				.split('\n')
				.filter(
					(l) =>
						/n8n-nodes-edi-exchange|ediExchange/i.test(l) &&
						/error|fail|could not|cannot|unknown/i.test(l),
				);
			assert(!bad.length, bad.slice(0, 5).join('\n'));
		},
	},
];

runChecksScript({
	title: `test:n8n (n8n ${lib.N8N_VERSION})`,
	table: CHECKS,
	keep: cli.flag('--keep'),
	setUp: (ctx) => {
		ctx.userFolder = path.join(ctx.work, 'user'); // n8n's user folder, fresh for every run
		fs.mkdirSync(ctx.userFolder, { recursive: true });
		ctx.orders = {}; // the partner's 850 of each path's CLI run
	},
});
