/**
 * Arrows point down: the action node (actions/) and the trigger (trigger/) never import each
 * other; what both use lives in shared/ or transport/, which import neither.
 */
import { readFileSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';

import { ROOT, sourceFiles } from './sourceFiles';

const NODE_FOLDER = join(ROOT, 'nodes', 'EdiExchange');

/** "actions" for nodes/EdiExchange/actions/inbox/getMany.ts; the file name for top-level files. */
const roomOf = (file: string) => relative(NODE_FOLDER, file).split(/[\\/]/)[0];

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

const FORBIDDEN: Record<string, string[]> = {
	actions: ['trigger'],
	trigger: ['actions'],
	shared: ['actions', 'trigger', 'transport'],
	transport: ['actions', 'trigger'],
};

test('actions/ and trigger/ do not import each other; shared/ and transport/ import neither', () => {
	const wrong = crossings()
		.filter(({ from, to }) => FORBIDDEN[from]?.includes(to))
		.map(({ from, to, file }) => `${file}: ${from} → ${to}`);
	expect(wrong).toEqual([]);
});

test('the check sees the imports it guards', () => {
	// Guards the test itself: with no crossings found at all, the test above could never fail.
	expect(crossings().some(({ from, to }) => from === 'trigger' && to === 'shared')).toBe(true);
	expect(crossings().some(({ from, to }) => from === 'actions' && to === 'transport')).toBe(true);
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
