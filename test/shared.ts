/**
 * ../shared (beside the checkout): the independent 004010 validator and the public X12 files.
 * Every test that needs something there asks `needing(path)` for its `test` or `describe`:
 *
 * - present: jest's own, run as written;
 * - absent: reported as skipped, the title saying what is missing. It never runs, so it can never
 *   pass without asserting;
 * - absent under CI=true: a failing test naming what is missing, so CI cannot go green without it.
 *
 * EDI_SHARED points elsewhere (e.g. at a missing folder, to see both behaviours).
 */
import { existsSync } from 'fs';
import { resolve } from 'path';

export const SHARED = resolve(process.env.EDI_SHARED || resolve(__dirname, '..', '..', 'shared'));

/** A path inside ../shared. */
export const inShared = (...parts: string[]): string => resolve(SHARED, ...parts);

type TestBody = jest.ProvidesCallback;

export interface NeedingShared {
	present: boolean;
	test(title: string, body: TestBody, timeout?: number): void;
	describe(title: string, body: () => void): void;
}

export function needing(path: string): NeedingShared {
	const present = existsSync(path);
	const missing = `${path} is absent`;
	const ci = process.env.CI === 'true';
	let warned = false;
	const needed: NeedingShared['test'] = (title, body, timeout) => {
		if (present) test(title, body, timeout);
		else if (ci)
			test(title, () => {
				throw new Error(
					`${missing}: under CI=true the tests that need ../shared must run (place it beside the checkout, or set EDI_SHARED)`,
				);
			});
		else {
			// Jest leaves a suite whose every test is skipped out of its report: said here too.
			if (!warned) console.warn(`Skipped, ${missing}: the tests that need it did not run`);
			warned = true;
			test.skip(`${title} [skipped: ${missing}]`, body);
		}
	};
	return {
		present,
		test: needed,
		describe(title, body) {
			// Absent, the body is not even collected: it may read the files that are missing.
			if (present) describe(title, body);
			else describe(title, () => needed('needs ../shared', () => undefined));
		},
	};
}
