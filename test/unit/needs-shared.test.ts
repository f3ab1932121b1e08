/**
 * test/shared.ts's promise, run in a child jest over test/fixtures/needs-shared/ with EDI_SHARED
 * pointing at a folder that does not exist: its tests are reported as skipped, with the reason in
 * their titles, and none passes; under CI=true each fails, naming what is missing.
 */
import { spawnSync } from 'child_process';
import { join } from 'path';

import { ROOT } from './sourceFiles';

const MISSING = join(ROOT, 'test', 'fixtures', 'needs-shared', 'no-such-shared');

interface Report {
	numPassedTests: number;
	numPendingTests: number;
	numFailedTests: number;
	testResults: Array<{
		assertionResults: Array<{ title: string; status: string; failureMessages: string[] }>;
	}>;
}

function runSample(ci: boolean): { code: number | null; report: Report } {
	const config = {
		rootDir: ROOT,
		roots: ['<rootDir>/test/fixtures/needs-shared'],
		testMatch: ['**/*.check.ts'],
		transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json', diagnostics: false }] },
	};
	const child = spawnSync(
		process.execPath,
		[require.resolve('jest/bin/jest'), '--config', JSON.stringify(config), '--json', '--ci'],
		{ cwd: ROOT, env: { ...process.env, EDI_SHARED: MISSING, CI: ci ? 'true' : '' } },
	);
	return { code: child.status, report: JSON.parse(child.stdout.toString('utf8')) as Report };
}

const tests = (report: Report) => report.testResults.flatMap((file) => file.assertionResults);

test('without ../shared: skipped, the reason in the title, none passes', () => {
	const { code, report } = runSample(false);
	expect(code).toBe(0);
	expect(report.numPassedTests).toBe(0);
	expect(report.numPendingTests).toBe(2);
	expect(tests(report).map(({ title, status }) => [title, status])).toEqual([
		[
			`asserts with the validator [skipped: ${MISSING}/x12-validate/validate.mjs is absent]`,
			'pending',
		],
		[`needs ../shared [skipped: ${MISSING}/x12-public is absent]`, 'pending'],
	]);
});

test('without ../shared under CI=true: each fails, naming what is missing', () => {
	const { code, report } = runSample(true);
	expect(code).toBe(1);
	expect(report.numPassedTests).toBe(0);
	expect(report.numFailedTests).toBe(2);
	for (const { failureMessages } of tests(report))
		expect(failureMessages.join('\n')).toContain(
			`is absent: under CI=true the tests that need ../shared must run`,
		);
});
