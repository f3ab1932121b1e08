/**
 * An append-only file of JSON lines, made durable in groups: records appended while one write
 * and fsync are on their way go out together in the next. `durable()` resolves once everything
 * appended before the call is on disk, so an answer sent after it is never lost to a crash.
 */
import { promises as fs } from 'fs';

interface Waiter {
	/** Resolved once this many records are on disk. */
	count: number;
	resolve: () => void;
	reject: (error: Error) => void;
}

export class Journal {
	private pending: string[] = [];
	private appended = 0;
	private synced = 0;
	private writing = false;
	private waiters: Waiter[] = [];
	private failure?: Error;

	private constructor(
		readonly file: string,
		private readonly handle: fs.FileHandle,
	) {}

	static async open(file: string): Promise<Journal> {
		return new Journal(file, await fs.open(file, 'a'));
	}

	/** Queues one record; it is written at once, or with the next group. */
	append(record: unknown): void {
		this.pending.push(`${JSON.stringify(record)}\n`);
		this.appended++;
		if (!this.writing) void this.write();
	}

	/** Resolves when every record appended so far is on disk; rejects if the file cannot be written. */
	durable(): Promise<void> {
		if (this.failure) return Promise.reject(this.failure);
		if (this.synced >= this.appended) return Promise.resolve();
		return new Promise((resolve, reject) =>
			this.waiters.push({ count: this.appended, resolve, reject }),
		);
	}

	async close(): Promise<void> {
		await this.durable().catch(() => undefined);
		await this.handle.close();
	}

	private async write(): Promise<void> {
		this.writing = true;
		try {
			while (this.pending.length > 0) {
				const group = this.pending.join('');
				const count = this.appended;
				this.pending = [];
				await this.handle.appendFile(group);
				await this.handle.datasync();
				this.synced = count;
				this.waiters = this.waiters.filter((waiter) =>
					waiter.count <= count ? (waiter.resolve(), false) : true,
				);
			}
		} catch (error) {
			this.failure = new Error(
				`the sandbox could not write its journal ${this.file}: ${(error as Error).message}`,
			);
			for (const waiter of this.waiters) waiter.reject(this.failure);
			this.waiters = [];
		} finally {
			this.writing = false;
		}
	}
}
