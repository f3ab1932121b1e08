import { readdirSync, readFileSync } from 'fs';
import { dirname, join, relative, resolve, sep } from 'path';

import { ROOT } from './sourceFiles';

/**
 * Which room may import from which (architecture guide): the sandbox is an independent peer of
 * the node, so nothing in sandbox/ imports from nodes/; tests are a leaf, so nothing outside
 * test/ imports from test/. Scans the sources' import/require specifiers.
 */
const SKIP = new Set(['node_modules', 'dist', '.git', 'coverage', '.tmp']);
const SOURCE = /\.(ts|js|mjs|cjs)$/;
const SPECIFIER =
	/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

function sourcesUnder(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		if (SKIP.has(entry.name)) return [];
		const path = join(folder, entry.name);
		return entry.isDirectory() ? sourcesUnder(path) : SOURCE.test(entry.name) ? [path] : [];
	});
}

/** Every relative import of `file`, resolved to a path relative to the repository root. */
function importsOf(file: string): string[] {
	const specifiers = [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map((m) => m[1]);
	return specifiers
		.filter((s) => s.startsWith('.'))
		.map((s) =>
			relative(ROOT, resolve(dirname(file), s))
				.split(sep)
				.join('/'),
		);
}

const inRoom = (path: string, room: string) => path === room || path.startsWith(`${room}/`);
const rel = (file: string) => relative(ROOT, file).split(sep).join('/');
/** `file → imported path` for every import from `from` (files) into `into` (a room). */
const crossings = (files: string[], into: string) =>
	files.flatMap((file) =>
		importsOf(file)
			.filter((p) => inRoom(p, into))
			.map((p) => `${rel(file)} → ${p}`),
	);

describe('import boundaries', () => {
	const all = sourcesUnder(ROOT);

	it('finds the sources and their imports (the scan itself works)', () => {
		expect(all.filter((f) => inRoom(rel(f), 'sandbox')).length).toBeGreaterThan(10);
		expect(importsOf(join(ROOT, 'sandbox/payloads.ts'))).toContain('sandbox/x12/envelope');
		expect(crossings([__filename], 'nodes')).toEqual([]);
		expect(crossings([join(ROOT, 'test/unit/partner-amounts.test.ts')], 'nodes')).toEqual([
			'test/unit/partner-amounts.test.ts → nodes/EdiExchange/documents',
		]);
	});

	it('nothing in sandbox/ imports from nodes/', () => {
		expect(
			crossings(
				all.filter((f) => inRoom(rel(f), 'sandbox')),
				'nodes',
			),
		).toEqual([]);
	});

	it('nothing outside test/ imports from test/', () => {
		expect(
			crossings(
				all.filter((f) => !inRoom(rel(f), 'test')),
				'test',
			),
		).toEqual([]);
	});
});
