'use strict';
// A throwaway real-n8n stack for tests that drive n8n from outside (the browser test): the package
// packed and installed the way Community Nodes installs it, the sandbox, the sandbox credential,
// the example workflow and an owner account, all in a temporary user folder on free ports.

const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib');
const n8n = require('./n8n');
const { ensureInstalled } = require('./install');

/**
 * Starts the stack under `work` (a temporary folder); everything it starts is registered in
 * `procs` and stopped by pid with it. `example` is the workflow file to import.
 */
async function startStack(procs, work, { example, tarball, echo = false, log = () => {} }) {
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
	const workflow = n8n.useSandboxCredential(JSON.parse(fs.readFileSync(example, 'utf8')));
	workflow.id = n8n.workflowIdFor(path.basename(example));
	workflow.active = false;
	const file = path.join(work, 'workflow.json');
	fs.writeFileSync(file, JSON.stringify(workflow, null, 2));
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
	return { userFolder, sandbox, url: started.url, session, workflow };
}

module.exports = { startStack };
