/**
 * `--data FILE`: the state survives restarts and crashes. What the sandbox acknowledged is on disk
 * before the answer leaves: every change is appended to FILE.journal and fsynced (in groups) before
 * the server answers. At start-up FILE (the last snapshot) and the journal are read back and
 * compacted into a new FILE; on a clean stop too, and the journal is removed. A journal line cut
 * short by a crash was never acknowledged and is dropped; any other unreadable line is an error.
 */
import { promises as fs } from 'fs';
import { dirname, resolve } from 'path';
import { Journal } from './journal';
import type { ScorecardEntry } from './scorecard';
import type { SandboxState, StateChange, StateSnapshot } from './state';
import type { Transaction } from './types';

/** A journal record: one state change, numbered so a replay after a compaction skips what the snapshot holds. */
type JournalRecord = StateChange & { n: number };

export class DataFile {
	private constructor(
		private readonly file: string,
		private readonly journal: Journal,
		private serial: number,
		private readonly state: SandboxState,
	) {}

	/** Loads (or starts) the state of `file`, compacts it, and journals every change from now on. */
	static async open(file: string, state: SandboxState): Promise<DataFile> {
		await checkFolder(file);
		const journalFile = `${file}.journal`;
		const saved = await readSnapshot(file);
		const { snapshot: replayed, records } = await replay(journalFile, saved);
		if (replayed) state.restore(replayed);
		if (replayed && records > 0) await writeSnapshot(file, replayed);
		await fs.rm(journalFile, { force: true });
		const data = new DataFile(file, await Journal.open(journalFile), replayed?.serial ?? 0, state);
		state.onChange = (change) =>
			data.journal.append({ n: ++data.serial, ...change } satisfies JournalRecord);
		if (!replayed) state.startUp();
		await data.durable();
		return data;
	}

	/** Resolves once every change so far is on disk. */
	durable(): Promise<void> {
		return this.journal.durable();
	}

	/** Clean stop: one snapshot with everything, no journal left. */
	async close(): Promise<void> {
		this.state.onChange = () => undefined;
		await this.journal.close();
		await writeSnapshot(this.file, { ...this.state.snapshot(), serial: this.serial });
		await fs.rm(this.journal.file, { force: true });
	}
}

async function checkFolder(file: string): Promise<void> {
	const folder = dirname(resolve(file));
	const stat = await fs.stat(folder).catch(() => undefined);
	if (!stat?.isDirectory())
		throw new Error(`the folder of the data file ${file} does not exist: ${folder}`);
}

async function readSnapshot(file: string): Promise<StateSnapshot | undefined> {
	let text: string;
	try {
		text = await fs.readFile(file, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
		throw new Error(`cannot read the data file ${file}: ${(error as Error).message}`);
	}
	let snapshot: StateSnapshot;
	try {
		snapshot = JSON.parse(text) as StateSnapshot;
	} catch (error) {
		throw new Error(
			`the data file ${file} is corrupt (not JSON: ${(error as Error).message}); move it away to start afresh`,
		);
	}
	if (snapshot?.version !== 1 || !Array.isArray(snapshot.transactions)) {
		throw new Error(
			`the data file ${file} is not a sandbox data file (version 1); move it away to start afresh`,
		);
	}
	return snapshot;
}

/** The snapshot with the journal's changes applied (undefined when there is neither), and how many there were. */
async function replay(
	journalFile: string,
	saved: StateSnapshot | undefined,
): Promise<{ snapshot?: StateSnapshot; records: number }> {
	const text = await fs.readFile(journalFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
		if (error.code === 'ENOENT') return '';
		throw new Error(`cannot read the journal ${journalFile}: ${error.message}`);
	});
	const lines = text.split('\n');
	// The last piece is '' after a complete line, or a line cut short by a crash: never acknowledged.
	lines.pop();
	if (lines.length === 0) return { snapshot: saved, records: 0 };
	const state = new Replay(saved);
	lines.forEach((line, index) => {
		let record: JournalRecord;
		try {
			record = JSON.parse(line) as JournalRecord;
		} catch (error) {
			throw new Error(
				`the journal ${journalFile} is corrupt at line ${index + 1}: ${(error as Error).message}`,
			);
		}
		state.apply(record);
	});
	return { snapshot: state.snapshot(), records: lines.length };
}

/** Rebuilds the state from a snapshot and journal records, without the domain's side effects. */
class Replay {
	private transactions = new Map<number, Transaction>();
	private entries = new Map<string, ScorecardEntry>();
	private unmatched: StateSnapshot['scorecard']['unmatched'] = [];
	private inventory: NonNullable<StateSnapshot['scorecard']['inventory']> = [];
	private acceptedNumbers: NonNullable<StateSnapshot['scorecard']['acceptedNumbers']> = [];
	private pendingAnswers: StateSnapshot['pendingAnswers'] = [];
	private nextId = 1;
	private sequence = 0;
	private serial = 0;

	constructor(saved: StateSnapshot | undefined) {
		if (!saved) return;
		for (const transaction of saved.transactions) this.put(transaction);
		for (const entry of saved.scorecard?.entries ?? [])
			this.entries.set(entry.purchaseOrderNumber, entry);
		this.unmatched = [...(saved.scorecard?.unmatched ?? [])];
		this.inventory = [...(saved.scorecard?.inventory ?? [])];
		this.acceptedNumbers = [...(saved.scorecard?.acceptedNumbers ?? [])];
		this.pendingAnswers = saved.pendingAnswers ?? [];
		this.nextId = Math.max(this.nextId, saved.nextId);
		this.sequence = saved.sequence;
		this.serial = saved.serial ?? 0;
	}

	apply(record: JournalRecord): void {
		if (record.n <= this.serial) return; // already in the snapshot (a crash during compaction)
		this.serial = record.n;
		if (record.reset) {
			this.transactions.clear();
			this.entries.clear();
			this.unmatched = [];
			this.inventory = [];
			this.acceptedNumbers = [];
			this.pendingAnswers = [];
			this.nextId = 1;
			this.sequence = 0;
		}
		if (record.bulk) {
			const { count, first } = record.bulk;
			for (let i = 0; i < count; i++) this.put({ ...first, id: first.id + i });
		}
		for (const transaction of record.transactions ?? []) this.put(transaction);
		for (const entry of record.scorecard?.entries ?? [])
			this.entries.set(entry.purchaseOrderNumber, entry);
		this.unmatched.push(...(record.scorecard?.unmatched ?? []));
		this.inventory.push(...(record.scorecard?.inventory ?? []));
		this.acceptedNumbers.push(...(record.scorecard?.acceptedNumbers ?? []));
		if (record.sequence !== undefined) this.sequence = record.sequence;
		if (record.pendingAnswers) this.pendingAnswers = record.pendingAnswers;
	}

	snapshot(): StateSnapshot {
		return {
			version: 1,
			serial: this.serial,
			nextId: this.nextId,
			sequence: this.sequence,
			transactions: [...this.transactions.values()].sort((a, b) => a.id - b.id),
			scorecard: {
				entries: [...this.entries.values()],
				unmatched: this.unmatched,
				inventory: this.inventory,
				acceptedNumbers: this.acceptedNumbers,
			},
			pendingAnswers: this.pendingAnswers,
		};
	}

	private put(transaction: Transaction): void {
		this.transactions.set(transaction.id, transaction);
		if (transaction.id >= this.nextId) this.nextId = transaction.id + 1;
	}
}

/** Atomic and durable: a temporary file, fsynced, renamed over the old one, and the folder fsynced. */
async function writeSnapshot(file: string, snapshot: StateSnapshot): Promise<void> {
	const temporary = `${file}.${process.pid}.tmp`;
	const handle = await fs.open(temporary, 'w');
	try {
		await handle.writeFile(JSON.stringify(snapshot));
		await handle.sync();
	} finally {
		await handle.close();
	}
	await fs.rename(temporary, file);
	const folder = await fs.open(dirname(resolve(file)), 'r');
	try {
		await folder.sync();
	} finally {
		await folder.close();
	}
}
