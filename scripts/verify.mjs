#!/usr/bin/env node
// `npm run verify`: n8n's own verification scanner (@n8n/scan-community-package) on both of its
// legs, as n8n runs it on a published package: the source patterns it lints (package.json, nodes/,
// credentials/) and the packed tarball (its .js files and package.json). n8n lists a package as
// verified only when both pass. Inline eslint-disable comments do not count here (the scanner
// turns them off), so this catches what `npm run lint` lets through.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
// --keep-tarball FILE: keep the scanned tarball there (the release publishes exactly that file).
const keepAt = process.argv.includes('--keep-tarball')
	? path.resolve(process.argv[process.argv.indexOf('--keep-tarball') + 1])
	: undefined;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'edi-verify-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function report(leg, result) {
	process.stdout.write(
		`${result.passed ? 'PASS' : 'FAIL'}  ${leg}${result.passed ? '' : `: ${result.message}`}\n`,
	);
	if (!result.passed && result.details) process.stdout.write(`${result.details}\n`);
	return result.passed;
}

let ok = false;
try {
	const source = await analyzePackage(root, SOURCE_FILE_PATTERNS);
	// The tarball as npm publishes it.
	const packed = JSON.parse(
		execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
			cwd: root,
			encoding: 'utf8',
		}),
	)[0];
	execFileSync('tar', ['-xzf', path.join(work, packed.filename), '-C', work]);
	const unpacked = path.join(work, 'package');
	// Packed as built above (--ignore-scripts: prepack's build output would mix into the JSON); refuse what n8n could not load.
	const listed = [...pkg.n8n.nodes, ...pkg.n8n.credentials];
	const missing = listed.filter((file) => !fs.existsSync(path.join(unpacked, file)));
	const built = report(
		`tarball ships ${listed.length} files n8n loads`,
		missing.length
			? {
					passed: false,
					message: `missing ${missing.join(', ')}: run npm run build before packing`,
				}
			: { passed: true },
	);
	const tarball = await analyzePackage(unpacked, ['**/*.js', 'package.json']);
	if (keepAt) fs.copyFileSync(path.join(work, packed.filename), keepAt);
	ok = [
		built,
		report('source (package.json, nodes/, credentials/)', source),
		report(`tarball ${packed.filename} (${packed.entryCount} files)`, tarball),
	].every(Boolean);
} finally {
	fs.rmSync(work, { recursive: true, force: true });
}
process.stdout.write(`verify: ${ok ? 'passed' : 'FAILED'}\n`);
process.exit(ok ? 0 : 1);
