'use strict';
// The README's packing steps on a fresh copy of the checkout: only the files git knows (tracked,
// or new and not ignored), so no leftover dist/ can hide a packing that does not build. The copy
// borrows the checkout's node_modules (a link) instead of a second `npm ci`.

const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib');

/** Copies the checkout's files (as a fresh clone would have them, with uncommitted edits) to `dest`. */
async function freshCopy(dest) {
	const { stdout } = await lib.run(
		'git',
		['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
		{
			cwd: lib.PROJECT_ROOT,
			capture: true,
		},
	);
	for (const file of stdout.split('\0').filter(Boolean)) {
		const from = path.join(lib.PROJECT_ROOT, file);
		if (!fs.existsSync(from)) continue; // deleted, not yet committed
		fs.mkdirSync(path.dirname(path.join(dest, file)), { recursive: true });
		fs.copyFileSync(from, path.join(dest, file));
	}
	fs.symlinkSync(
		path.join(lib.PROJECT_ROOT, 'node_modules'),
		path.join(dest, 'node_modules'),
		'dir',
	);
}

/** A plain `npm pack` in a fresh copy under `work` (its prepack builds dist/); the tarball and its file list. */
async function packFreshCopy(work) {
	const copy = path.join(work, 'fresh-copy');
	await freshCopy(copy);
	if (fs.existsSync(path.join(copy, 'dist')))
		throw new Error('the fresh copy has a dist/ folder: git tracks it');
	const npm = lib.npmCli();
	const env = { ...process.env };
	for (const k of Object.keys(env)) if (/^npm_/i.test(k)) delete env[k]; // as typed in a shell
	const { stdout } = await lib.run(
		process.execPath,
		[npm, 'pack', '--json', '--pack-destination', work],
		{ cwd: copy, env, capture: true },
	);
	// (prepack's build logs lines such as "[18:08:43] Using gulpfile" first: the JSON is the "[" line on)
	const info = JSON.parse(stdout.slice(stdout.search(/^\[$/m)))[0];
	return { tarball: path.join(work, info.filename), files: info.files.map((f) => f.path) };
}

module.exports = { packFreshCopy };
