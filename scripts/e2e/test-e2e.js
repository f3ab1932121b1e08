#!/usr/bin/env node
'use strict';
// `npm run test:e2e`: a newcomer's first session in the real n8n editor, in a real browser.
// Debian's Chromium (installed when missing), driven by playwright-core, against the pinned real
// n8n with this package installed the way Community Nodes installs it, the sandbox and the example
// workflows: sign in, see our nodes, open their panels, find them in the node creator, test the
// credential, execute the example, execute the X12 example against the partner trading X12, publish
// the example and see a scheduled poll answer a new 850.
//
//   node scripts/e2e/test-e2e.js [--tarball FILE] [--keep] [--verbose] [--shots DIR]
//
//   --tarball FILE  use this packed tarball instead of `npm run build` + `npm pack`
//   --keep          keep the temporary n8n user folder (and n8n's and the sandbox's logs)
//   --verbose       echo n8n's and the sandbox's output
//   --shots DIR     where the screenshots go (default .tmp/e2e-screenshots, printed at the start)
//
// Elements are found by n8n's data-test-id attributes and by visible text, never by CSS paths.
// Texts that the node panels will change (subtitles, descriptions, action names) are checked for
// presence, not word for word.

const fs = require('node:fs');
const path = require('node:path');
const lib = require('../n8n/lib');
const n8n = require('../n8n/n8n');
const { assert, cliArgs, runChecksScript } = require('../n8n/checks');
const { startStack } = require('../n8n/stack');
const orderToCash = require('../n8n/orderToCash');
const orderChanges = require('../n8n/orderChanges');
const { ensureChromium } = require('./chromium');
const editor = require('./editor');

const cli = cliArgs();
const VERBOSE = cli.flag('--verbose');
const EXAMPLE = orderToCash.planOf('structured').example;
const X12 = orderToCash.planOf('x12');
const CHANGES = path.join(lib.PROJECT_ROOT, 'examples', 'order-changes.json');
const RECIPES = path.join(lib.PROJECT_ROOT, 'examples', 'recipes');
const SHOTS = path.resolve(
	cli.value('--shots') || path.join(lib.PROJECT_ROOT, '.tmp', 'e2e-screenshots'),
);
const WRONG_TOKEN = 'wrong-token-from-the-browser-test';
const OUR_TYPES = [n8n.ACTION_TYPE, n8n.TRIGGER_TYPE];
// n8n polls at most once a minute; activation polls at once (and only sets the baseline).
const NEXT_POLL_TIMEOUT_MS = 150000;

/** The example's nodes of our package, its trigger and its Create nodes (from the file itself). */
function exampleNodes(workflow) {
	const ours = workflow.nodes.filter((n) => OUR_TYPES.includes(n.type));
	return {
		ours,
		trigger: ours.find((n) => n.type === n8n.TRIGGER_TYPE),
		creates: ours.filter((n) => n.parameters && n.parameters.operation === 'create'),
	};
}

const CHECKS = [
	{
		name: 'Chromium (Debian package)',
		run: async (ctx) => (ctx.chromium = await ensureChromium()),
	},
	{
		name: 'real n8n with the package, the sandbox and the examples',
		run: async (ctx) => {
			ctx.stack = await startStack(ctx.procs, ctx.work, {
				examples: [EXAMPLE, X12.example, CHANGES],
				tarball: cli.value('--tarball'),
				echo: VERBOSE,
			});
			[ctx.workflow, ctx.x12Workflow, ctx.changesWorkflow] = ctx.stack.workflows;
			ctx.nodes = exampleNodes(ctx.workflow);
			assert(
				ctx.nodes.trigger && ctx.nodes.creates.length,
				'the example has no EDI Exchange Trigger or no Create node',
			);
			return `n8n ${lib.N8N_VERSION} on ${ctx.stack.url}, sandbox on ${ctx.stack.sandbox.baseUrl}`;
		},
	},
	{
		name: 'sign in',
		needs: ['Chromium (Debian package)', 'real n8n with the package, the sandbox and the examples'],
		run: async (ctx) => {
			ctx.browser = await editor.launch(ctx.chromium);
			ctx.page = await editor.signIn(ctx.browser, ctx.stack.url, n8n.OWNER);
			return n8n.OWNER.email;
		},
	},
	{
		name: 'the example opens',
		needs: ['sign in'],
		run: async (ctx) => {
			await editor.openWorkflow(ctx.page, ctx.stack.url, ctx.workflow.id);
			return ctx.workflow.name;
		},
	},
	{
		name: 'our nodes render with their icons and subtitles',
		needs: ['the example opens'],
		run: async (ctx) => {
			const seen = [];
			for (const node of ctx.nodes.ours) {
				const r = await editor.canvasNode(ctx.page, node.name);
				assert(r.iconLoaded, `"${node.name}": its icon did not load (${r.iconSrc || 'no icon'})`);
				assert(
					r.iconSrc.includes(`/icons/${lib.PACKAGE_NAME}/`),
					`"${node.name}": the icon is not ours: ${r.iconSrc}`,
				);
				assert(r.subtitle, `"${node.name}": no subtitle under the name`);
				seen.push(`${node.name} (${r.subtitle})`);
			}
			await editor.shot(ctx.page, SHOTS, 'canvas');
			return seen.join(', ');
		},
	},
	{
		name: 'the trigger panel opens without errors',
		needs: ['the example opens'],
		run: async (ctx) => {
			const r = await editor.openPanel(ctx.page, ctx.nodes.trigger.name);
			await editor.shot(ctx.page, SHOTS, 'trigger-panel');
			await editor.closePanel(ctx.page);
			return `${r.parameters} parameters, credential "${r.credential}"`;
		},
	},
	{
		name: 'a Create panel opens without errors',
		needs: ['the example opens'],
		run: async (ctx) => {
			const name = ctx.nodes.creates[0].name;
			const r = await editor.openPanel(ctx.page, name);
			await editor.shot(ctx.page, SHOTS, 'create-panel');
			await editor.closePanel(ctx.page);
			return `"${name}": ${r.parameters} parameters, credential "${r.credential}"`;
		},
	},
	{
		name: 'node creator: "EDI Exchange" with its actions and its trigger',
		needs: ['the example opens'],
		run: async (ctx) => {
			const r = await editor.findInNodeCreator(ctx.page, 'EDI Exchange', SHOTS);
			assert(r.actions >= 1, `no actions listed: ${r.text.slice(0, 400)}`);
			assert(
				!/No EDI Exchange Triggers available/i.test(r.text),
				'the node creator says "No EDI Exchange Triggers available"',
			);
			assert(r.triggers >= 1, `no trigger listed: ${r.text.slice(0, 400)}`);
			assert(
				r.actionNames.some((a) => /transaction/i.test(a)),
				`no transaction action among ${r.actionNames.join(', ')}`,
			);
			return `${r.actions} actions (${r.actionNames.join(', ')}), ${r.triggers} trigger(s)`;
		},
	},
	{
		name: 'credential test: the right token connects',
		needs: ['the example opens'],
		run: async (ctx) => {
			ctx.credentialDialog = await editor.openCredential(ctx.page, ctx.nodes.creates[0].name);
			await editor.credentialTestPasses(ctx.page, ctx.credentialDialog);
			return 'Connection tested successfully';
		},
	},
	{
		name: 'credential test: a wrong token fails with a clear message, the right one is saved back',
		needs: ['credential test: the right token connects'],
		run: async (ctx) => {
			const message = await editor.saveTokenExpectingFailure(
				ctx.page,
				ctx.credentialDialog,
				WRONG_TOKEN,
			);
			assert(/token/i.test(message), `the failure does not mention the token: ${message}`);
			assert(!message.includes(WRONG_TOKEN), `the message shows the token: ${message}`);
			await editor.shot(ctx.page, SHOTS, 'credential-wrong-token');
			await editor.saveToken(ctx.page, ctx.credentialDialog, ctx.stack.sandbox.apiKey);
			await editor.credentialTestPasses(ctx.page, ctx.credentialDialog);
			await editor.closeCredential(ctx.page);
			await editor.closePanel(ctx.page);
			return message.split('\n').join(' — ');
		},
	},
	{
		name: 'Execute workflow: the 855, 856 and 810 go out and the partner accepts them',
		needs: ['credential test: the right token connects'],
		run: async (ctx) => {
			const last = ctx.nodes.creates[ctx.nodes.creates.length - 1].name;
			await editor.executeWorkflow(ctx.page, last);
			await editor.shot(ctx.page, SHOTS, 'canvas-executed');
			const outputs = [];
			for (const node of ctx.nodes.creates) {
				const out = await editor.outputOf(ctx.page, node.name, 'ACCEPTED');
				assert(
					/ACCEPTED/.test(out.text),
					`"${node.name}" output has no ACCEPTED document: ${out.text.slice(0, 300)}`,
				);
				if (node.name === last) await editor.shot(ctx.page, SHOTS, 'create-810-output');
				await editor.closePanel(ctx.page);
				outputs.push(`${node.name}: ${out.items}`);
			}
			const po = (await lib.request('GET', `${ctx.stack.sandbox.baseUrl}/_sandbox/scorecard`)).json
				.purchaseOrders[0];
			await n8n.expectAccepted(ctx.stack.sandbox, po.purchaseOrderNumber);
			return `${outputs.join(', ')}; scorecard ${po.purchaseOrderNumber}: 855, 856, 810 accepted`;
		},
	},
	{
		name: 'X12 example: Execute workflow answers an X12 850 with the 997, 855, 856 and 810, the partner accepts each over x12',
		needs: ['credential test: the right token connects'],
		run: async (ctx) => {
			const { sandbox, url } = ctx.stack;
			const po = await orderToCash.partnerSends850(sandbox, 'x12');
			try {
				await editor.openWorkflow(ctx.page, url, ctx.x12Workflow.id);
				const last = X12.replies[X12.replies.length - 1].node;
				await editor.executeWorkflow(ctx.page, last);
				await editor.shot(ctx.page, SHOTS, 'x12-canvas-executed');
				const outputs = [];
				for (const { node } of X12.replies) {
					const out = await editor.outputOf(ctx.page, node, 'ACCEPTED');
					assert(
						/ACCEPTED/.test(out.text),
						`"${node}" output has no ACCEPTED reply: ${out.text.slice(0, 300)}`,
					);
					if (node === X12.replies[0].node || node === last)
						await editor.shot(
							ctx.page,
							SHOTS,
							`x12-${node.toLowerCase().replace(/\W+/g, '-')}-output`,
						);
					await editor.closePanel(ctx.page);
					outputs.push(`${node}: ${out.items}`);
				}
				const verdicts = await orderToCash.expectPathAccepted(
					sandbox,
					'x12',
					po.purchaseOrderNumber,
				);
				return `${outputs.join(', ')}; scorecard ${po.purchaseOrderNumber}: ${verdicts}`;
			} finally {
				// Back to the structured example and a partner sending structured 850s, for Publish.
				await orderToCash.partnerFormat(sandbox, 'structured');
				await editor.openWorkflow(ctx.page, url, ctx.workflow.id);
			}
		},
	},
	{
		name: `${orderChanges.LABEL}: Execute workflow beside "850 arrives" (855), then beside "860 arrives" (Apply Change → 865), the partner accepts the 865`,
		needs: ['credential test: the right token connects'],
		run: async (ctx) => {
			const { sandbox, url } = ctx.stack;
			const po = await orderChanges.partnerSends(sandbox, 'buyerChanges');
			try {
				await editor.openWorkflow(ctx.page, url, ctx.changesWorkflow.id);
				await editor.executeWorkflow(ctx.page, 'Create 855', '850 arrives');
				await editor.executeWorkflow(ctx.page, 'Create 865', '860 arrives');
				await editor.fitCanvas(ctx.page);
				await editor.shot(ctx.page, SHOTS, 'order-changes-canvas-executed');
				const applied = await editor.outputOf(ctx.page, 'Apply Change (860)', 'effectiveOrder');
				assert(
					/changeLog/.test(applied.text),
					`Apply Change shows no change log: ${applied.text.slice(0, 300)}`,
				);
				await editor.shot(ctx.page, SHOTS, 'order-changes-apply-change-output');
				await editor.closePanel(ctx.page);
				const reply = await editor.outputOf(ctx.page, 'Create 865', 'ACCEPTED');
				assert(/ACCEPTED/.test(reply.text), `Create 865: ${reply.text.slice(0, 300)}`);
				await editor.shot(ctx.page, SHOTS, 'order-changes-865-output');
				await editor.closePanel(ctx.page);
				return await orderChanges.expectScorecard(sandbox, 'buyerChanges', po.purchaseOrderNumber);
			} finally {
				await editor.openWorkflow(ctx.page, url, ctx.workflow.id);
			}
		},
	},
	{
		name: 'Publish',
		needs: ['Execute workflow: the 855, 856 and 810 go out and the partner accepts them'],
		run: async (ctx) => {
			await editor.publish(ctx.page);
			await lib.waitFor(
				'publication status "published"',
				async () => {
					const r = await lib.request(
						'GET',
						`${ctx.stack.url}/rest/workflows/${ctx.workflow.id}/publication-status`,
						{
							jar: ctx.stack.session.jar,
							headers: ctx.stack.session.headers,
						},
					);
					return /"published"/.test(r.text);
				},
				{ timeoutMs: 60000, intervalMs: 1000 },
			);
			return 'published';
		},
	},
	{
		name: 'published: the next scheduled poll answers a new 850 (scorecard green)',
		needs: ['Publish'],
		run: async (ctx) => {
			const sent = await lib.request(
				'POST',
				`${ctx.stack.sandbox.baseUrl}/_sandbox/partner/send-850`,
				{ body: {} },
			);
			assert(sent.status === 201, `send-850 answered ${sent.status} ${sent.text.slice(0, 200)}`);
			const t = Date.now();
			await lib.waitFor(
				'the 855, 856 and 810 for the new PO',
				() => n8n.expectAccepted(ctx.stack.sandbox, sent.json.purchaseOrderNumber),
				{
					timeoutMs: NEXT_POLL_TIMEOUT_MS,
					intervalMs: 2000,
				},
			);
			return `${sent.json.purchaseOrderNumber}: 855, 856, 810 accepted ${lib.formatDuration(Date.now() - t)} after the partner sent it`;
		},
	},
	{
		name: 'the run is listed under Executions',
		needs: ['published: the next scheduled poll answers a new 850 (scorecard green)'],
		run: async (ctx) => {
			const r = await lib.request('GET', `${ctx.stack.url}/rest/executions?limit=20`, {
				jar: ctx.stack.session.jar,
				headers: ctx.stack.session.headers,
			});
			const runs = ((r.json && r.json.data && r.json.data.results) || []).filter(
				(e) => String(e.workflowId) === ctx.workflow.id && e.mode === 'trigger',
			);
			assert(runs.length, `no trigger execution of the workflow: ${r.text.slice(0, 300)}`);
			await editor.executionListed(ctx.page, runs[0].id);
			await editor.shot(ctx.page, SHOTS, 'executions');
			return `execution ${runs[0].id} (${runs[0].status})`;
		},
	},
	{
		name: 'the recipes import and open, our nodes rendered',
		needs: ['sign in'],
		run: async (ctx) => {
			const opened = [];
			for (const file of fs
				.readdirSync(RECIPES)
				.filter((f) => f.endsWith('.json'))
				.sort()) {
				const workflow = n8n.useSandboxCredential(
					JSON.parse(fs.readFileSync(path.join(RECIPES, file), 'utf8')),
				);
				const r = await lib.request('POST', `${ctx.stack.url}/rest/workflows`, {
					body: {
						name: workflow.name,
						nodes: workflow.nodes,
						connections: workflow.connections,
						settings: workflow.settings,
					},
					jar: ctx.stack.session.jar,
					headers: ctx.stack.session.headers,
				});
				assert(
					r.status === 200 && r.json.data.id,
					`${file}: import answered ${r.status} ${r.text.slice(0, 300)}`,
				);
				await editor.openWorkflow(ctx.page, ctx.stack.url, r.json.data.id);
				for (const node of workflow.nodes.filter((n) => OUR_TYPES.includes(n.type))) {
					const seen = await editor.canvasNode(ctx.page, node.name);
					assert(seen.iconLoaded, `${file}: "${node.name}" rendered without its icon`);
				}
				await editor.shot(ctx.page, SHOTS, `recipe-${file.replace(/\.json$/, '')}`);
				opened.push(workflow.name);
			}
			return opened.join(', ');
		},
	},
];

runChecksScript({
	title: 'test:e2e',
	table: CHECKS,
	keep: cli.flag('--keep'),
	setUp: () => {
		fs.rmSync(SHOTS, { recursive: true, force: true });
		fs.mkdirSync(SHOTS, { recursive: true });
		process.stdout.write(`[test:e2e] screenshots in ${SHOTS}\n`);
	},
	tearDown: async (ctx) => {
		if (ctx.page) await editor.shot(ctx.page, SHOTS, 'last-page').catch(() => {});
		if (ctx.browser) await ctx.browser.close();
	},
});
