/**
 * Arrows point down (the diagram in docs/maintainers.md, "Layers"): each folder of
 * nodes/EdiExchange/ imports only itself and the folders listed for it. The pure cores (x12/,
 * documents/, x12Documents/) know nothing of n8n's nodes, the service or each other's users;
 * transport/ talks to the service and knows neither node; the action node (actions/) and the
 * trigger (trigger/) never import each other. The node classes at the top may import anything.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';

import { ROOT, sourceFiles } from './sourceFiles';

const NODE_FOLDER = join(ROOT, 'nodes', 'EdiExchange');

/** What each folder may import besides itself. */
const MAY_IMPORT: Record<string, string[]> = {
	x12: [],
	documents: [],
	x12Documents: ['documents', 'x12'],
	shared: ['documents', 'x12', 'x12Documents'],
	transport: ['shared'],
	trigger: ['shared', 'transport', 'documents', 'x12', 'x12Documents'],
	actions: ['shared', 'transport', 'documents', 'x12', 'x12Documents', 'labels'],
	labels: ['documents'],
};

/** The node classes (EdiExchange.node.ts, EdiExchangeTrigger.node.ts): the top, importing anything. */
const NODE_CLASSES = 'node classes';

/** "actions" for nodes/EdiExchange/actions/inbox/getMany.ts (or ../actions); the node classes for a top-level file. */
const roomOf = (file: string) => {
	const parts = relative(NODE_FOLDER, file).split(/[\\/]/);
	const folder = join(NODE_FOLDER, parts[0]);
	return parts.length === 1 && !(existsSync(folder) && statSync(folder).isDirectory())
		? NODE_CLASSES
		: parts[0];
};

/** Every relative import in the node folder, as "from room → to room (file)". */
function crossings(): Array<{ from: string; to: string; file: string }> {
	return sourceFiles(NODE_FOLDER).flatMap((file) =>
		[...readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)].map((match) => ({
			from: roomOf(file),
			to: roomOf(resolve(dirname(file), match[1])),
			file: relative(ROOT, file),
		})),
	);
}

/** The imports that break the rule: into the node classes, or into a folder not listed for it. */
function wrongCrossings(all: Array<{ from: string; to: string; file: string }>): string[] {
	return all
		.filter(
			({ from, to }) =>
				from !== to &&
				(to === NODE_CLASSES || (from !== NODE_CLASSES && !(MAY_IMPORT[from] ?? []).includes(to))),
		)
		.map(({ from, to, file }) => `${file}: ${from} → ${to}`);
}

test('every folder of nodes/EdiExchange/ has its rule', () => {
	const folders = readdirSync(NODE_FOLDER).filter((name) =>
		statSync(join(NODE_FOLDER, name)).isDirectory(),
	);
	expect(folders.sort()).toEqual(Object.keys(MAY_IMPORT).sort());
});

/** The diagram under "## Layers" in docs/maintainers.md, as the same table. */
function diagram(markdown: string): Record<string, string[]> {
	const block = markdown.split('## Layers')[1]?.match(/```text\n([\s\S]*?)```/)?.[1] ?? '';
	return Object.fromEntries(
		block
			.split('\n')
			.map((line) => line.match(/^([\w]+)\/\s+→ (.+)$/))
			.filter((match): match is RegExpMatchArray => match !== null)
			.map(([, folder, targets]) => [
				folder,
				targets === 'nothing' ? [] : targets.split(' ').map((t) => t.replace(/\/$/, '')),
			]),
	);
}

test('the diagram in docs/maintainers.md is this table', () => {
	const markdown = readFileSync(join(ROOT, 'docs', 'maintainers.md'), 'utf8');
	expect(diagram(markdown)).toEqual(MAY_IMPORT);
});

test('each folder imports only itself and the folders its rule lists', () => {
	expect(wrongCrossings(crossings())).toEqual([]);
});

test('the check sees the imports it guards', () => {
	// Guards the test itself: with no crossings found at all, the test above could never fail.
	const all = crossings();
	for (const [from, to] of [
		['trigger', 'shared'],
		['actions', 'transport'],
		['x12Documents', 'documents'],
		['shared', 'x12Documents'],
		[NODE_CLASSES, 'actions'],
	])
		expect(all.some((c) => c.from === from && c.to === to)).toBe(true);
	const file = 'nodes/EdiExchange/x.ts';
	expect(
		wrongCrossings([
			{ from: 'documents', to: 'actions', file },
			{ from: 'x12', to: 'x12Documents', file },
			{ from: 'transport', to: 'trigger', file },
			{ from: 'actions', to: 'trigger', file },
			{ from: 'shared', to: NODE_CLASSES, file },
			{ from: 'actions', to: 'x12Documents', file },
			{ from: NODE_CLASSES, to: 'trigger', file },
		]),
	).toEqual([
		`${file}: documents → actions`,
		`${file}: x12 → x12Documents`,
		`${file}: transport → trigger`,
		`${file}: actions → trigger`,
		`${file}: shared → ${NODE_CLASSES}`,
	]);
});

/**
 * Module-level state in transport/ or shared/ would be shared by every run of every workflow in
 * the n8n process: per-run state (the credential, the pacer, the deadline) lives in the run's
 * service client instead (transport/client.ts). Top-level `let`/`var` and top-level collections
 * are what such state looks like.
 */
const moduleState = (text: string): string[] =>
	text
		.split('\n')
		.filter((line) =>
			/^(export )?(let|var) |^(export )?const \w+\s*=\s*new (Weak)?(Map|Set)\b/.test(line),
		);

test('transport/ and shared/ hold no module-level state', () => {
	const found = ['transport', 'shared'].flatMap((room) =>
		sourceFiles(join(NODE_FOLDER, room)).flatMap((file) =>
			moduleState(readFileSync(file, 'utf8')).map((line) => `${relative(ROOT, file)}: ${line}`),
		),
	);
	expect(found).toEqual([]);
});

test('the module-state check sees what it guards', () => {
	expect(
		moduleState('export const pacers = new WeakMap<object, Pacer>();\nlet calls = 0;'),
	).toHaveLength(2);
	expect(moduleState('\tlet inside = 0;\nconst LIMIT = 5;')).toEqual([]);
});
