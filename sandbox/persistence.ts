/**
 * Optional JSON persistence: the state is saved shortly after changes (debounced) and on stop,
 * atomically (write a temporary file, then rename), so a crash never leaves a half-written file.
 */
import { promises as fs } from 'fs';
import type { StateSnapshot } from './state';

const DEBOUNCE_MS = 150;

export async function loadSnapshot(file: string): Promise<StateSnapshot | undefined> {
	let text: string;
	try {
		text = await fs.readFile(file, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
		throw error;
	}
	const snapshot = JSON.parse(text) as StateSnapshot;
	if (snapshot?.version !== 1 || !Array.isArray(snapshot.transactions)) {
		throw new Error(`${file} is not a sandbox data file (version 1)`);
	}
	return snapshot;
}

export class Persistence {
	private timer?: NodeJS.Timeout;
	private dirty = false;
	private saving: Promise<void> = Promise.resolve();
	private counter = 0;

	constructor(
		private readonly file: string,
		private readonly snapshot: () => StateSnapshot,
	) {}

	/** Marks the state changed; a save follows shortly. */
	changed(): void {
		this.dirty = true;
		if (this.timer) return;
		this.timer = setTimeout(() => {
			this.timer = undefined;
			void this.flush().catch(() => undefined);
		}, DEBOUNCE_MS);
		this.timer.unref();
	}

	/** Saves now if anything changed; saves never overlap. */
	async flush(): Promise<void> {
		if (this.timer) {
			clearTimeout(this.timer);
			this.timer = undefined;
		}
		this.saving = this.saving.then(async () => {
			if (!this.dirty) return;
			this.dirty = false;
			const temporary = `${this.file}.${process.pid}.${++this.counter}.tmp`;
			await fs.writeFile(temporary, JSON.stringify(this.snapshot()));
			await fs.rename(temporary, this.file);
		});
		return this.saving;
	}
}
