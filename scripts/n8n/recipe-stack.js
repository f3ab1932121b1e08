'use strict';
// One real n8n for the recipe test: the package installed as users install it, its own sandbox
// (no initial order), a Postgres of its own with the recipe's tables, both credentials imported,
// the recipes' workflows imported as they ship in examples/recipes/, and the REST calls a user
// makes (publish, unpublish) plus what the test reads back (executions, the database).

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib');
const n8n = require('./n8n');
const { ensurePackages, postgresBin, startPostgres } = require('./queue-servers');

const RECIPES = path.join(lib.PROJECT_ROOT, 'examples', 'recipes');
const POSTGRES_CREDENTIAL = { id: 'recipePostgres', name: 'Postgres (recipe)' };

/** The flatted format's inverse: strings inside objects are indexes into the top-level array. */
function unflatten(text) {
	const values = JSON.parse(text);
	const done = new Map();
	const get = (index) => {
		const value = values[index];
		if (typeof value !== 'object' || value === null) return value;
		if (done.has(index)) return done.get(index);
		const out = Array.isArray(value) ? [] : {};
		done.set(index, out);
		for (const [key, v] of Object.entries(value))
			out[key] = typeof v === 'string' ? get(Number(v)) : v;
		return out;
	};
	return get(0);
}

class RecipeStack {
	constructor({ procs, work, verbose = false, log }) {
		Object.assign(this, { procs, work, verbose, log });
		this.userFolder = path.join(work, 'user');
		this.workflows = new Map(); // file name → workflow id
	}

	/**
	 * `recipes`: [{ file, adapt?, key? }]; `adapt(workflow)` points a recipe at this test's own endpoints
	 * (an ERP URL, a folder), the one thing a user also sets when importing it; `key` names a second
	 * copy of the same file (its own workflow, id and static data).
	 */
	async setUp(tarball, recipes, { env = {} } = {}) {
		fs.mkdirSync(this.userFolder, { recursive: true });
		await ensurePackages(this.log);
		this.postgres = await startPostgres(this.procs, this.log);
		await this.sql(fs.readFileSync(path.join(RECIPES, 'postgres-schema.sql'), 'utf8'));
		await n8n.installPackage(this.userFolder, tarball);
		await n8n.startInstanceSandbox(this);
		this.env = { N8N_ENCRYPTION_KEY: crypto.randomBytes(24).toString('hex'), ...env };
		await this.importCredentials();
		for (const { file, adapt, key } of recipes) await this.importWorkflow(file, adapt, key);
		this.ports = { n8n: await lib.freePort(), broker: await lib.freePort() };
		await n8n.startMain(this);
		this.session = await n8n.ownerSession(this.url);
	}

	async importCredentials() {
		const edi = JSON.parse(fs.readFileSync(n8n.credentialFile(this.work, this.sandbox), 'utf8'));
		const postgres = {
			...POSTGRES_CREDENTIAL,
			type: 'postgres',
			data: {
				host: '127.0.0.1',
				port: this.postgres.port,
				database: 'postgres',
				user: 'postgres',
				password: '',
				ssl: 'disable',
				allowUnauthorizedCerts: false,
				sshTunnel: false,
			},
		};
		const file = path.join(this.work, 'credentials.json');
		fs.writeFileSync(file, JSON.stringify([...edi, postgres], null, 2));
		await n8n.n8nCommand(this.userFolder, ['import:credentials', `--input=${file}`], {
			extraEnv: this.env,
		});
	}

	/** Imports a recipe as it ships, with this stack's credentials and a stable id. */
	async importWorkflow(fileName, adapt = (w) => w, key = fileName) {
		const workflow = adapt(JSON.parse(fs.readFileSync(path.join(RECIPES, fileName), 'utf8')));
		workflow.id = n8n.workflowIdFor(`recipe-${key}`);
		workflow.active = false;
		for (const node of workflow.nodes) {
			if (node.credentials && node.credentials.postgres)
				node.credentials.postgres = POSTGRES_CREDENTIAL;
		}
		n8n.useSandboxCredential(workflow);
		const file = path.join(this.work, `workflow-${key}`);
		fs.writeFileSync(file, JSON.stringify(workflow, null, 2));
		await n8n.n8nCommand(this.userFolder, ['import:workflow', `--input=${file}`], {
			extraEnv: this.env,
		});
		this.workflows.set(key, workflow.id);
	}

	async rest(method, route, body) {
		const r = await lib.request(method, `${this.url}/rest${route}`, {
			body,
			jar: this.session.jar,
			headers: this.session.headers,
		});
		if (r.status >= 400)
			throw new Error(`${method} /rest${route} answered ${r.status}: ${r.text.slice(0, 300)}`);
		return r.json && r.json.data !== undefined ? r.json.data : r.json;
	}

	/** Publish: n8n polls the trigger at once (the first poll only sets the baseline). */
	async publish(fileName) {
		const id = this.workflows.get(fileName);
		const { versionId } = await this.rest('GET', `/workflows/${id}`);
		await this.rest('POST', `/workflows/${id}/activate`, { versionId });
		await this.waitForStatus(id, 'published');
	}

	async unpublish(fileName) {
		const id = this.workflows.get(fileName);
		await this.rest('POST', `/workflows/${id}/deactivate`, {});
		await this.waitForStatus(id, 'not_published');
	}

	/** Unpublish and publish again: an immediate poll instead of waiting for the next minute. */
	async pollNow(fileName) {
		await this.unpublish(fileName);
		await this.publish(fileName);
	}

	async waitForStatus(id, wanted) {
		await lib.waitFor(
			`workflow ${id} ${wanted}`,
			async () => {
				const { status, triggers = [] } = await this.rest(
					'GET',
					`/workflows/${id}/publication-status`,
				);
				if (status === 'failed' || status === 'partial')
					throw new Error(triggers.map((t) => t.errorMessage).join('; '));
				return status === wanted;
			},
			{ timeoutMs: 90000, alive: () => !this.main.exited },
		);
	}

	/** The workflow's executions, newest first (status, id). */
	async executions(fileName) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId: this.workflows.get(fileName) }));
		const data = await this.rest('GET', `/executions?limit=100&filter=${filter}`);
		return (data && data.results) || [];
	}

	/** One execution's run data (n8n stores it in the flatted format). */
	async runData(id) {
		const data = await this.rest('GET', `/executions/${id}`);
		return typeof data.data === 'string' ? unflatten(data.data) : data.data;
	}

	/** Runs SQL on the recipe's database; returns the rows of the last statement as JSON objects. */
	async sql(text) {
		const bin = path.join(postgresBin(), 'psql');
		const wrapped = `SELECT coalesce(json_agg(r), '[]') FROM (${text.trim().replace(/;$/, '')}) r`;
		const isQuery = /^\s*(SELECT|WITH)/i.test(text);
		const { stdout } = await lib.run(
			bin,
			[
				'-h',
				'127.0.0.1',
				'-p',
				String(this.postgres.port),
				'-U',
				'postgres',
				'-d',
				'postgres',
				'-v',
				'ON_ERROR_STOP=1',
				'-tAq',
				'-c',
				isQuery ? wrapped : text,
			],
			{ capture: true },
		);
		return isQuery ? JSON.parse(stdout.trim() || '[]') : stdout;
	}

	/** An admin call to the sandbox. */
	async admin(method, route, body) {
		const r = await lib.request(method, `${this.sandbox.baseUrl}/_sandbox${route}`, { body });
		if (r.status >= 300)
			throw new Error(`sandbox ${method} ${route} answered ${r.status}: ${r.text.slice(0, 300)}`);
		return r.json;
	}

	/** The open deliveries in the inbox, as the service lists them. */
	async inbox() {
		const r = await lib.request('GET', `${this.sandbox.baseUrl}/v4/inbox?limit=100`, {
			headers: { 'service-api-key': this.sandbox.apiKey },
		});
		if (r.status !== 200) throw new Error(`inbox answered ${r.status}`);
		return Array.isArray(r.json) ? r.json : r.json.data;
	}

	/** The message of a transaction, read through the service API as our nodes read it. */
	async message(transactionId) {
		const r = await lib.request(
			'GET',
			`${this.sandbox.baseUrl}/v3/transactions/${transactionId}/message`,
			{ headers: { 'service-api-key': this.sandbox.apiKey } },
		);
		if (r.status !== 200) throw new Error(`message ${transactionId} answered ${r.status}`);
		return r.json;
	}
}

module.exports = { RecipeStack };
