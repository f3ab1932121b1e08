/**
 * Whether dist/ was built from the sources as they are now. Engine tests load the compiled nodes
 * from dist/ (as n8n does), so a source edited after the last build would be tested in its old
 * form: jest's global setup (globalSetup.ts) rebuilds first when this finds the build stale.
 */
import { existsSync, readdirSync, statSync } from 'fs';
import { join, relative } from 'path';

/** What the build compiles or copies: a change to any of these makes dist/ stale. */
export const BUILD_INPUTS = ['nodes', 'credentials', 'tsconfig.json', 'gulpfile.js'];

function files(path: string): string[] {
	if (!existsSync(path)) return [];
	if (!statSync(path).isDirectory()) return [path];
	return readdirSync(path).flatMap((name) => files(join(path, name)));
}

/**
 * Why dist/ under `root` is stale ("no build", or the newest input changed after the build),
 * undefined when it is current. The build's time is its oldest compiled file: tsc writes every
 * .js anew, while gulp's copies of icons and codex files keep their sources' times.
 */
export function staleness(root: string): string | undefined {
	const built = files(join(root, 'dist')).filter((file) => file.endsWith('.js'));
	if (!built.length) return 'there is no build in dist/';
	const buildTime = Math.min(...built.map((file) => statSync(file).mtimeMs));
	const inputs = BUILD_INPUTS.flatMap((input) => files(join(root, input)));
	const newest = inputs.reduce<{ file: string; ms: number } | undefined>((found, file) => {
		const ms = statSync(file).mtimeMs;
		return !found || ms > found.ms ? { file, ms } : found;
	}, undefined);
	if (newest && newest.ms > buildTime)
		return `${relative(root, newest.file)} changed after the last build`;
	return undefined;
}
