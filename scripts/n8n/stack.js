'use strict';
// A throwaway real-n8n stack for tests that drive n8n from outside (the browser test): the package
// packed and installed the way Community Nodes installs it, the sandbox, the sandbox credential,
// the example workflows and an owner account, all in a temporary user folder on free ports.

const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib');
const n8n = require('./n8n');
const { ensureInstalled } = require('./install');

/**
 * Starts the stack under `work` (a temporary folder); everything it starts is registered in
 * `procs` and stopped by pid with it. `examples` are the workflow files to import, each as it ships
 * (only its credential references pointed at the sandbox credential); `workflows` come back in the
 * same order, each with the id it got.
 */
async function startStack(procs, work, { examples, tarball, echo = false, log = () => {} }) {
	const userFolder = path.join(work, 'user');
	fs.mkdirSync(userFolder, { recursive: true });
	await ensureInstalled({ quiet: true });
	if (!tarball) {
		log('building and packing the package');
		tarball = (await n8n.buildAndPack(work, { log: () => {} })).tarball;
	}
	await n8n.installPackage(userFolder, tarball);
	const sandbox = await n8n.startSandbox(procs, {
		port: await lib.freePort(),
		apiKey: n8n.DEFAULT_API_KEY,
		logFile: path.join(work, 'sandbox.log'),
		echo,
	});
	log(`sandbox on ${sandbox.baseUrl}`);
	await n8n.n8nCommand(userFolder, [
		'import:credentials',
		`--input=${n8n.credentialFile(work, sandbox)}`,
	]);
	const workflows = examples.map((example) => {
		const workflow = n8n.useSandboxCredential(JSON.parse(fs.readFileSync(example, 'utf8')));
		return Object.assign(workflow, {
			id: n8n.workflowIdFor(path.basename(example)),
			active: false,
		});
	});
	// (one file holding them all: one n8n start-up for the import)
	const file = path.join(work, 'workflows.json');
	fs.writeFileSync(file, JSON.stringify(workflows, null, 2));
	await n8n.n8nCommand(userFolder, ['import:workflow', `--input=${file}`]);
	log(`starting n8n ${lib.N8N_VERSION}`);
	const started = await n8n.startN8n(procs, userFolder, {
		port: await lib.freePort(),
		brokerPort: await lib.freePort(),
		logFile: path.join(work, 'n8n.log'),
		echo,
	});
	const session = await n8n.ownerSession(started.url);
	log(`n8n on ${started.url}`);
	return { userFolder, sandbox, url: started.url, session, workflows };
}

module.exports = { startStack };
