/**
 * No function in nodes/ is longer than MAX_LINES unless docs/maintainers.md lists it, with its
 * reason, under "Functions longer than 80 lines": the list lives in that table only, and a row
 * whose function is gone or short again fails too, so the table never outlives the code.
 */
import { readFileSync } from 'fs';
import { join, relative } from 'path';
import * as ts from 'typescript';

import { ROOT, sourceFiles } from './sourceFiles';

const MAX_LINES = 80;
const TABLE_HEADING = '## Functions longer than 80 lines';

/** A function's name as the table gives it: its own, its variable's, its property's, or its line. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
	const parent = node.parent;
	const named =
		node.name ??
		(ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) ? parent.name : undefined);
	if (named) return named.getText(source);
	return `(function at line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1})`;
}

/** "path: name (N lines)" of every function (declaration, method, arrow) longer than MAX_LINES. */
export function longFunctions(file: string, text: string): Array<{ key: string; lines: number }> {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const found: Array<{ key: string; lines: number }> = [];
	const visit = (node: ts.Node): void => {
		if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
			const line = (at: number) => source.getLineAndCharacterOfPosition(at).line;
			const lines = line(node.end) - line(node.getStart(source)) + 1;
			const name = nameOf(node as ts.FunctionLikeDeclaration, source);
			if (lines > MAX_LINES) found.push({ key: `${file}: ${name}`, lines });
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

/** The table's rows as "path: name" → reason. */
export function listedExceptions(markdown: string): Map<string, string> {
	const section = markdown.split(TABLE_HEADING)[1]?.split(/^## /m)[0] ?? '';
	const rows = [...section.matchAll(/^\| `([^`]+)` \| `([^`]+)` \| (.+?) \|$/gm)];
	return new Map(rows.map(([, file, name, reason]) => [`${file}: ${name}`, reason.trim()]));
}

const NODES = join(ROOT, 'nodes');
const found = sourceFiles(NODES).flatMap((path) =>
	longFunctions(relative(ROOT, path), readFileSync(path, 'utf8')),
);
const maintainers = readFileSync(join(ROOT, 'docs', 'maintainers.md'), 'utf8');
const listed = listedExceptions(maintainers);

test(`every function in nodes/ longer than ${MAX_LINES} lines is listed with its reason in docs/maintainers.md`, () => {
	const unlisted = found
		.filter(({ key }) => !listed.has(key))
		.map(({ key, lines }) => `${key} (${lines} lines)`);
	expect(unlisted).toEqual([]);
});

test('every listed function is still there and still long (the table holds no stale row)', () => {
	const long = new Set(found.map(({ key }) => key));
	expect([...listed.keys()].filter((key) => !long.has(key))).toEqual([]);
	for (const reason of listed.values()) expect(reason.length).toBeGreaterThan(10);
});

test('the check sees what it guards', () => {
	const body = Array.from({ length: MAX_LINES }, (_, i) => `\tconst a${i} = ${i};`).join('\n');
	const text = `export function long() {\n${body}\n}\nconst short = () => 1;\nconst obj = { m() {\n${body}\n} };`;
	expect(longFunctions('x.ts', text)).toEqual([
		{ key: 'x.ts: long', lines: MAX_LINES + 2 },
		{ key: 'x.ts: m', lines: MAX_LINES + 2 },
	]);
	expect(
		longFunctions('x.ts', `function fits() {\n${body.split('\n').slice(2).join('\n')}\n}`),
	).toEqual([]);
	const table = `${TABLE_HEADING}\n\n| File | Function | Reason |\n|---|---|---|\n| \`x.ts\` | \`long\` | one table walked in order |\n\n## Next`;
	expect([...listedExceptions(table)]).toEqual([['x.ts: long', 'one table walked in order']]);
	// The real table is where the test looks for it.
	expect(maintainers).toContain(TABLE_HEADING);
});
