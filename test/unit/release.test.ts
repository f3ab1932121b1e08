/**
 * The release path: the workflow that publishes is a valid GitHub Actions workflow (checked by an
 * independent validator), it publishes only after every check, with provenance, the tarball it
 * scanned; and a CHANGELOG entry exists for the version package.json names.
 */
import { validateWorkflow } from '@action-validator/core';
import { readFileSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '..', '..');
const workflow = readFileSync(join(root, '.github', 'workflows', 'release.yml'), 'utf8');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

test('release.yml is a valid workflow', () => {
	expect(validateWorkflow(workflow).errors).toEqual([]);
});

test('the validator would catch a broken workflow (the check can fail)', () => {
	expect(validateWorkflow(workflow.replace('runs-on:', 'runs-onn:')).errors.length).toBeGreaterThan(
		0,
	);
});

test('it publishes with provenance, after the tests, the build and the scan, the tarball it scanned', () => {
	const steps = workflow
		.split('\n')
		.filter((line) => /^\s+(- )?(run|name|uses):/.test(line))
		.join('\n');
	const order = [
		'npm ci',
		'npm run lint',
		'npm run format:check',
		'npm run typecheck',
		'npm test',
		'npm run verify',
		'npm publish',
	];
	const positions = order.map((step) => steps.indexOf(step));
	expect(positions.every((p) => p >= 0)).toBe(true);
	expect([...positions].sort((a, b) => a - b)).toEqual(positions);
	expect(workflow).toMatch(/npm publish release\.tgz --provenance/);
	expect(workflow).toMatch(/id-token: write/);
	expect(workflow).toMatch(/--keep-tarball release\.tgz/);
});

test('CHANGELOG.md has an entry for the version package.json names', () => {
	const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
	expect(changelog).toMatch(new RegExp(`^## ${pkg.version.replace(/\./g, '\\.')}\\b`, 'm'));
});
