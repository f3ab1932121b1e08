/**
 * Every relative link and anchor in README.md and docs/*.md resolves: the README is a front door
 * whose depth lives in docs/, and a moved section must not leave a dead link behind.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';

const root = join(__dirname, '..', '..');
const pages = [
	'README.md',
	'CHANGELOG.md',
	...readdirSync(join(root, 'docs'))
		.filter((f) => f.endsWith('.md'))
		.map((f) => `docs/${f}`),
];

/** The text outside fenced code blocks (links and headings there are examples, not links). */
function prose(text: string): string {
	return text.replace(/^```[\s\S]*?^```/gm, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
	const seen = new Map<string, number>();
	const anchors = new Set<string>();
	for (const [, title] of prose(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
		const base = title
			.trim()
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\- _]/gu, '')
			.replace(/ /g, '-');
		const n = seen.get(base) ?? 0;
		seen.set(base, n + 1);
		anchors.add(n ? `${base}-${n}` : base);
	}
	return anchors;
}

function links(page: string): Array<{ page: string; target: string }> {
	const text = prose(readFileSync(join(root, page), 'utf8'));
	return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
		.map((m) => m[1])
		.filter((target) => !/^[a-z]+:/i.test(target))
		.map((target) => ({ page, target }));
}

const all = pages.flatMap(links);

test('the pages have links to check', () => {
	expect(all.length).toBeGreaterThan(30);
});

test.each(all.map((l) => [l.page, l.target]))('%s → %s resolves', (page, target) => {
	const [path, anchor] = target.split('#');
	const file = path ? resolve(dirname(join(root, page)), path) : join(root, page);
	expect(relative(root, file).startsWith('..')).toBe(false);
	expect(existsSync(file)).toBe(true);
	if (anchor && statSync(file).isFile() && file.endsWith('.md'))
		expect([...anchorsOf(readFileSync(file, 'utf8'))]).toContain(anchor);
});

test('the anchor rule matches GitHub on this repository’s own headings', () => {
	const anchors = anchorsOf(
		"## Where the state lives: n8n's two persistence modes\n## Inbox → Get Many, Accept, Fail\n## A\n## A",
	);
	expect([...anchors]).toEqual([
		'where-the-state-lives-n8ns-two-persistence-modes',
		'inbox--get-many-accept-fail',
		'a',
		'a-1',
	]);
});

/** "see *Title* below" (or above): a reference to a section by name, without a link. */
const namedSections = (page: string) =>
	[...prose(readFileSync(join(root, page), 'utf8')).matchAll(/\*([^*\n]+)\* (?:below|above)/g)].map(
		(m) => ({ page, name: m[1] }),
	);

test.each(pages.flatMap(namedSections).map((s) => [s.page, s.name]))(
	'%s: the section "%s" named below or above is a heading of that page',
	(page, name) => {
		const headings = [...prose(readFileSync(join(root, page), 'utf8')).matchAll(/^#{1,6} (.+)$/gm)];
		expect(headings.some(([, title]) => title.toLowerCase().startsWith(name.toLowerCase()))).toBe(
			true,
		);
	},
);
