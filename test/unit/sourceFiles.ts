import { readdirSync, statSync } from 'fs';
import { join } from 'path';

/** The repository's root folder. */
export const ROOT = join(__dirname, '..', '..');

/** Every .ts file below `dir`. */
export function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
	});
}
