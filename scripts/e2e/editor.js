'use strict';
// What a user does in the n8n editor, as playwright-core steps. Elements are found by n8n's
// data-test-id attributes and visible text. Each step waits for what the user would wait for and
// throws with what the page showed instead.

const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');

const STEP_TIMEOUT_MS = 30000;
const RUN_TIMEOUT_MS = 120000;
const id = (testId) => `[data-test-id="${testId}"]`;
// Anything n8n shows when a parameter, a credential or the node itself is wrong.
const PANEL_ERRORS = [
	'parameter-issues',
	'node-issues',
	'node-error-message',
	'ndv-redacted-error',
	'rlc-error-container',
]
	.map(id)
	.join(', ');

async function launch(executablePath) {
	return chromium.launch({ executablePath, args: ['--no-sandbox'] });
}

async function shot(page, dir, name) {
	fs.mkdirSync(dir, { recursive: true });
	// (finite CSS transitions, such as the node creator's sliding panels, are shown finished)
	await page.screenshot({ path: path.join(dir, `${name}.png`), animations: 'disabled' });
}

async function signIn(browser, url, { email, password }) {
	const page = await (
		await browser.newContext({ viewport: { width: 1440, height: 900 } })
	).newPage();
	page.setDefaultTimeout(STEP_TIMEOUT_MS);
	await page.goto(`${url}/signin`);
	await page.locator(id('signin-form')).waitFor();
	await page.getByLabel(/email/i).first().fill(email);
	await page
		.getByLabel(/password/i)
		.first()
		.fill(password);
	await page.keyboard.press('Enter');
	await page.waitForURL(/\/home\//).catch(async () => {
		throw new Error(
			`still on ${page.url()} after signing in: ${(await page.locator('body').innerText()).slice(0, 300)}`,
		);
	});
	return page;
}

async function openWorkflow(page, url, workflowId) {
	await page.goto(`${url}/workflow/${workflowId}`);
	await page.locator(id('canvas-node')).first().waitFor();
}

/** A node on the canvas: its icon (loaded or not) and the subtitle under its name. */
async function canvasNode(page, name) {
	const node = page.locator(`${id('canvas-node')}[data-node-name="${name}"]`);
	await node.waitFor().catch(() => {
		throw new Error(`"${name}" is not on the canvas`);
	});
	const img = node.locator('img').first();
	await img.waitFor({ timeout: 10000 }).catch(async () => {
		throw new Error(
			`"${name}" shows no icon (is its node type installed?): ${(await node.innerText()).replace(/\n/g, ' ')}`,
		);
	});
	// An icon that failed to load has no natural size; wait for it like the eye does.
	const iconLoaded = await img
		.evaluate(
			(el) =>
				(el.complete && el.naturalWidth > 0) ||
				new Promise((r) => el.addEventListener('load', () => r(true), { once: true })),
		)
		.catch(() => false);
	const lines = (await node.innerText())
		.split('\n')
		.map((l) => l.trim())
		.filter(Boolean);
	const at = lines.indexOf(name);
	return {
		iconLoaded,
		iconSrc: await img.getAttribute('src'),
		subtitle: at >= 0 ? lines[at + 1] || '' : '',
	};
}

/** Opens a node's panel; throws if it shows any issue or error. */
async function openPanel(page, name) {
	await page.locator(`${id('canvas-node')}[data-node-name="${name}"]`).dblclick();
	const ndv = page.locator(id('ndv'));
	await ndv
		.locator(id('node-parameters'))
		.waitFor({ timeout: 10000 })
		.catch(async () => {
			// e.g. n8n's "node is not installed" panel instead of the parameters
			const shown =
				(await ndv.innerText().catch(() => '')) || (await page.locator('body').innerText());
			await page.keyboard.press('Escape');
			throw new Error(
				`the panel of "${name}" shows no parameters: ${shown.replace(/\s+/g, ' ').slice(0, 300)}`,
			);
		});
	await page.waitForLoadState('networkidle');
	const errors = await ndv
		.locator(PANEL_ERRORS)
		.evaluateAll((els) =>
			els
				.filter((e) => e.offsetParent !== null)
				.map((e) => e.innerText || e.getAttribute('data-test-id')),
		);
	if (errors.length) throw new Error(`the panel of "${name}" shows: ${errors.join(' | ')}`);
	const text = await ndv.innerText();
	if (/install this node|node is not currently installed|unknown node/i.test(text))
		throw new Error(`"${name}" is not installed: ${text.slice(0, 300)}`);
	const parameters = await ndv.locator(id('parameter-item')).count();
	const credential =
		(
			await ndv
				.locator(id('node-credentials-select'))
				.innerText()
				.catch(() => '')
		).trim() ||
		(await ndv
			.locator(`${id('node-credentials-select')} input`)
			.inputValue()
			.catch(() => ''));
	return { parameters, credential };
}

async function closePanel(page) {
	const ndv = page.locator(id('ndv'));
	if (await ndv.isVisible()) await ndv.locator(id('ndv-close-button')).click();
	await ndv.waitFor({ state: 'hidden' });
}

/** Escape until `locator` is gone (the node creator steps back one view per Escape). */
async function escapeFrom(page, locator) {
	for (let i = 0; i < 3 && (await locator.isVisible()); i++) {
		await page.keyboard.press('Escape');
		await locator.waitFor({ state: 'hidden', timeout: 2000 }).catch(() => {});
	}
	if (await locator.isVisible()) throw new Error('Escape does not close it');
}

/** Searches the node creator; opens the entry named `name`; counts its actions and triggers. */
async function findInNodeCreator(page, name, shotsDir) {
	await page.locator(id('canvas-wrapper')).click({ position: { x: 600, y: 120 } }); // an empty spot: nothing selected
	const plus = page.locator(id('node-creator-plus-button'));
	if (await plus.isVisible()) await plus.click();
	else await page.keyboard.press('n'); // n8n 2.x's shortcut for "browse nodes"
	const creator = page.locator(id('node-creator'));
	await creator.locator(id('node-creator-search-bar')).fill(name);
	const entry = creator.locator(id('node-creator-item-name'), { hasText: new RegExp(`^${name}$`) });
	await entry
		.first()
		.waitFor()
		.catch(async () => {
			throw new Error(
				`"${name}" is not in the node creator; it lists: ${(await creator.locator(id('node-creator-item-name')).allInnerTexts()).join(', ') || 'nothing'}`,
			);
		});
	await shot(page, shotsDir, 'node-creator-search');
	await entry.first().click();
	await creator.getByText(/Actions \(\d+\)/).waitFor();
	const text = await creator.innerText();
	await shot(page, shotsDir, 'node-creator');
	const count = (re) => Number((text.match(re) || [])[1] || 0);
	const actionNames = (await creator.locator(id('node-creator-item-name')).allInnerTexts()).filter(
		(a) => a !== name,
	);
	await escapeFrom(page, creator);
	return {
		text,
		actions: count(/Actions \((\d+)\)/),
		triggers: count(/Triggers \((\d+)\)/),
		actionNames,
	};
}

/** Opens the credential of a node from its panel (the pencil next to it). */
async function openCredential(page, nodeName) {
	await openPanel(page, nodeName);
	await page.locator(`${id('ndv')} ${id('credential-edit-button')}`).click();
	const dialog = page.locator(id('credential-edit-dialog'));
	await dialog.waitFor();
	return dialog;
}

/** n8n tests a credential when it opens and on every save: wait for the green result. */
async function credentialTestPasses(page, dialog) {
	await dialog
		.locator(id('credentials-config-container-test-success'))
		.waitFor()
		.catch(async () => {
			throw new Error(
				`the credential test did not pass: ${(await dialog.innerText()).slice(0, 600)}`,
			);
		});
}

async function saveToken(page, dialog, token) {
	await dialog.locator(`${id('parameter-input-apiToken')} input`).fill(token);
	await page.locator(id('credential-save-button')).click();
}

/** Saves a wrong token; returns the failure n8n shows, with its details opened. */
async function saveTokenExpectingFailure(page, dialog, token) {
	await saveToken(page, dialog, token);
	const failure = dialog.getByText(/couldn.t connect/i);
	await failure.waitFor().catch(async () => {
		throw new Error(
			`no failure shown for a wrong token: ${(await dialog.innerText()).slice(0, 600)}`,
		);
	});
	await dialog
		.getByText(/more details/i)
		.click()
		.catch(() => {});
	const text = await dialog.innerText();
	const from = text.search(/couldn.t connect/i);
	// the heading and the credential test's own message under it
	const lines = text
		.slice(from)
		.split('\n')
		.map((l) => l.trim());
	return lines
		.filter((l) => l && !/^(retry|more details|less details)$/i.test(l))
		.slice(0, 2)
		.join('\n');
}

async function closeCredential(page) {
	await escapeFrom(page, page.locator(id('credential-edit-dialog')));
}

/**
 * Clicks "Execute workflow" (the one beside `trigger`, when given) and waits until `lastNode` ran;
 * throws at the first node in error.
 */
async function executeWorkflow(page, lastNode, trigger = undefined) {
	if (trigger) {
		// A workflow with several triggers has an "Execute workflow" button beside each of them,
		// shown while the pointer is over the trigger.
		await page.locator(`${id('canvas-node')}[data-node-name="${trigger}"]`).hover();
		await page.locator(id(`execute-workflow-button-${trigger}`)).click();
	} else await page.locator(id('execute-workflow-button')).click();
	const last = page.locator(
		`${id('canvas-node')}[data-node-name="${lastNode}"] ${id('canvas-node-status-success')}`,
	);
	const failed = page.locator(
		`${id('canvas-node')}:has([data-test-id^="canvas-node-status-error"], ${id('node-issues')})`,
	);
	const outcome = await Promise.race([
		last.waitFor({ timeout: RUN_TIMEOUT_MS }).then(() => 'success'),
		failed
			.first()
			.waitFor({ timeout: RUN_TIMEOUT_MS })
			.then(() => 'error'),
	]).catch(() => 'timeout');
	if (outcome === 'success') return;
	const names = await failed.evaluateAll((els) => els.map((e) => e.getAttribute('data-node-name')));
	throw new Error(
		outcome === 'error'
			? `the run stopped with an error at ${names.join(', ')}`
			: `"${lastNode}" did not finish within ${RUN_TIMEOUT_MS / 1000} s`,
	);
}

/** For a screenshot of the whole workflow: the pointer off the nodes, zoomed to fit, no toasts. */
async function fitCanvas(page) {
	await page.mouse.move(5, 450);
	await page.locator(id('zoom-to-fit')).click();
	await page
		.getByText('Workflow executed successfully')
		.last()
		.waitFor({ state: 'hidden', timeout: 20000 })
		.catch(() => {});
}

/**
 * Opens a node's panel after a run and reads its output pane (left open: close it after), once the
 * pane shows `expected`: the pane's header and item count render before the data itself.
 */
async function outputOf(page, name, expected) {
	await page.locator(`${id('canvas-node')}[data-node-name="${name}"]`).dblclick();
	const out = page.locator(`${id('ndv')} ${id('output-panel')}`);
	await out.locator(id('ndv-data-container')).waitFor();
	await out
		.getByText(expected)
		.first()
		.waitFor({ timeout: 15000 })
		.catch(() => {});
	const items = (
		await out
			.locator(id('ndv-items-count'))
			.innerText()
			.catch(() => '')
	).trim();
	return { items, text: await out.innerText() };
}

async function publish(page) {
	await page.locator(id('workflow-open-publish-modal-button')).click();
	await page.locator(id('workflow-publish-button')).click();
	await page.locator(id('workflowPublish-modal')).waitFor({ state: 'hidden' });
	// n8n explains where published runs show up, once: acknowledge it like a user.
	const gotIt = page.getByRole('button', { name: 'Got it' });
	await gotIt.click({ timeout: 10000 }).catch(() => {});
	await page.getByText('Published', { exact: true }).first().waitFor();
}

/** Opens the workflow's Executions tab and waits for the given execution in its list. */
async function executionListed(page, executionId) {
	await page.locator(id('radio-button-executions')).click();
	await page
		.locator(`${id('executions-sidebar')} ${id(`execution-details-${executionId}`)}`)
		.waitFor()
		.catch(async () => {
			throw new Error(
				`execution ${executionId} is not listed: ${(await page.locator(id('executions-sidebar')).innerText()).slice(0, 300)}`,
			);
		});
}

module.exports = {
	launch,
	shot,
	signIn,
	openWorkflow,
	canvasNode,
	openPanel,
	closePanel,
	findInNodeCreator,
	openCredential,
	credentialTestPasses,
	saveToken,
	saveTokenExpectingFailure,
	closeCredential,
	executeWorkflow,
	fitCanvas,
	outputOf,
	publish,
	executionListed,
};
