import { execFileSync } from 'child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';

/**
 * What `npm pack` ships (npm test builds dist/ first): only what runs in n8n. Compiled code of a
 * source file in nodes/ or credentials/ (so nothing stale from a removed file), icons, codex
 * files, and the package's own LICENSE, README and package.json; no typings, no source maps, and
 * none of the dev-only X12 writer.
 */
const ROOT = resolve(__dirname, '../..');

describe('the packed package', () => {
	const packed = JSON.parse(
		execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
			cwd: ROOT,
			encoding: 'utf8',
		}),
	);
	const files: string[] = packed[0].files.map((f: { path: string }) => f.path);

	it('holds the two nodes and the credential the n8n section names', () => {
		const { n8n } = require(resolve(ROOT, 'package.json'));
		for (const entry of [...n8n.nodes, ...n8n.credentials]) expect(files).toContain(entry);
	});

	it('holds only compiled shipping code, icons and codex files', () => {
		const extra = files.filter((path) => {
			if (['LICENSE', 'README.md', 'package.json'].includes(path)) return false;
			if (
				/^dist\/nodes\/.+\.(svg|png|node\.json)$/.test(path) ||
				/^dist\/credentials\/.+\.(svg|png)$/.test(path)
			)
				return false;
			const source = /^dist\/((?:nodes|credentials)\/.+)\.js$/.exec(path);
			return !(source && existsSync(resolve(ROOT, `${source[1]}.ts`)));
		});
		expect(extra).toEqual([]);
		expect(files.filter((path) => /x12\/(write|extract)/.test(path))).toEqual([]);
	});
});

describe('npm pack on a fresh clone, before any build', () => {
	// The checkout's tracked files (as committed or edited) copied without dist/; node_modules linked.
	const copy = mkdtempSync(join(tmpdir(), 'edi-pack-'));
	afterAll(() => rmSync(copy, { recursive: true, force: true }));

	it('builds first (prepack) and ships the two nodes and the credential', () => {
		const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
			.split('\0')
			.filter((file) => file && existsSync(resolve(ROOT, file)));
		for (const file of tracked) cpSync(resolve(ROOT, file), join(copy, file));
		symlinkSync(resolve(ROOT, 'node_modules'), join(copy, 'node_modules'));
		expect(existsSync(join(copy, 'dist'))).toBe(false);

		// Plain `npm pack`, as a user or `npm publish` runs it: no flags.
		const packed = JSON.parse(
			execFileSync('npm', ['pack', '--dry-run', '--json'], {
				cwd: copy,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'pipe'],
				env: { ...process.env, npm_config_ignore_scripts: undefined },
			}).replace(/^[\s\S]*?(?=^\[$)/m, ''), // prepack's build output comes first
		);
		const files: string[] = packed[0].files.map((f: { path: string }) => f.path);
		const { n8n } = require(resolve(ROOT, 'package.json'));
		for (const entry of [...n8n.nodes, ...n8n.credentials]) expect(files).toContain(entry);
	});
});
