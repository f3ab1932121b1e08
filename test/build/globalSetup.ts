/**
 * Before any test: a stale dist/ is rebuilt (npm run build), so `npx jest test/node/…` right
 * after an edit tests the edited code, not the previous build. A failed build stops the run.
 */
import { execSync } from 'child_process';
import { join } from 'path';

import { staleness } from './freshness';

const ROOT = join(__dirname, '..', '..');

export default function globalSetup(): void {
	const why = staleness(ROOT);
	if (!why) return;
	process.stderr.write(`\ndist/ is stale (${why}): npm run build\n`);
	try {
		execSync('npm run build', { cwd: ROOT, stdio: 'pipe' });
	} catch (error) {
		const { stdout = '', stderr = '' } = error as { stdout?: Buffer; stderr?: Buffer };
		throw new Error(
			`The build is stale (${why}) and npm run build failed, so the engine tests would test old code:\n${String(stdout)}${String(stderr)}`,
		);
	}
	const still = staleness(ROOT);
	if (still) throw new Error(`The build is still stale after npm run build: ${still}`);
}
