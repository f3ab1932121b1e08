/** The stale-build check that jest's global setup runs before every test run (test/build/). */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { staleness } from '../build/freshness';

let root: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'freshness-'));
	mkdirSync(join(root, 'nodes', 'EdiExchange'), { recursive: true });
	mkdirSync(join(root, 'dist', 'nodes', 'EdiExchange'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (path: string, secondsAgo: number) => {
	writeFileSync(join(root, path), '');
	const at = Date.now() / 1000 - secondsAgo;
	utimesSync(join(root, path), at, at);
};

test('no build at all is stale', () => {
	write('nodes/EdiExchange/A.node.ts', 10);
	expect(staleness(root)).toBe('there is no build in dist/');
});

test('a build newer than every source is current', () => {
	write('nodes/EdiExchange/A.node.ts', 10);
	write('dist/nodes/EdiExchange/A.node.js', 5);
	expect(staleness(root)).toBeUndefined();
});

test('a source edited after the build is named', () => {
	write('nodes/EdiExchange/A.node.ts', 10);
	write('dist/nodes/EdiExchange/A.node.js', 5);
	write('nodes/EdiExchange/B.ts', 1);
	expect(staleness(root)).toBe(
		`${join('nodes', 'EdiExchange', 'B.ts')} changed after the last build`,
	);
});

test('the build counts from its oldest compiled file', () => {
	write('nodes/EdiExchange/A.node.ts', 10);
	write('dist/nodes/EdiExchange/A.node.js', 20);
	write('dist/nodes/EdiExchange/B.js', 5);
	expect(staleness(root)).toBe(
		`${join('nodes', 'EdiExchange', 'A.node.ts')} changed after the last build`,
	);
});
