/**
 * `--data FILE` keeps what the sandbox acknowledged: the CLI is killed with SIGKILL while 16
 * clients create documents, restarted on the same file, and every answered create must be there
 * with its document, and no id handed out twice. Start-up refuses a file it cannot use, naming it.
 */
import axios from 'axios';
import { type ChildProcess, spawn, spawnSync } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const root = join(__dirname, '..', '..');
const cli = join(root, 'sandbox', 'cli.ts');
/** Node itself runs the CLI (tsx as a loader, not a wrapper process), so a signal reaches the sandbox. */
const command = (...args: string[]): [string, string[]] => [
	process.execPath,
	['--import', 'tsx', cli, ...args],
];
const KEY = 'durability-key';
const CLIENTS = 16;
/** Answered creates before the kill: enough that a save lagging behind its answers would lose some. */
const ACKNOWLEDGED_BEFORE_KILL = 600;

const dir = mkdtempSync(join(tmpdir(), 'edi-sandbox-durability-'));
const children: ChildProcess[] = [];
afterAll(() => {
	for (const child of children)
		if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
	rmSync(dir, { recursive: true, force: true });
});

interface Sandbox {
	child: ChildProcess;
	baseUrl: string;
	exited: Promise<number | null>;
}

async function startCli(dataFile: string): Promise<Sandbox> {
	const child = spawn(
		...command(
			'--port',
			'0',
			'--api-key',
			KEY,
			'--rate-limit',
			'off',
			'--no-initial-order',
			'--data',
			dataFile,
		),
		{ cwd: root },
	);
	children.push(child);
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	child.stdout!.setEncoding('utf8');
	let output = '';
	const baseUrl = await new Promise<string>((resolve, reject) => {
		child.stdout!.on('data', (chunk) => {
			output += chunk;
			const match = /listening on (http:\/\/\S+)/.exec(output);
			if (match) resolve(match[1]);
		});
		child.stderr!.on('data', (chunk) => (output += chunk));
		void exited.then(() => reject(new Error(`the sandbox exited before listening: ${output}`)));
	});
	return { child, baseUrl, exited };
}

const document = (marker: string) => ({
	type: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
	stream: 'test',
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
	message: { purchaseOrderNumber: marker, status: 'accepted' },
});

test('SIGKILL under 16 concurrent clients: every acknowledged create survives with its document, no id is issued twice', async () => {
	const dataFile = join(dir, 'crash.json');
	const first = await startCli(dataFile);
	const api = axios.create({
		baseURL: first.baseUrl,
		headers: { 'service-api-key': KEY },
		timeout: 20000,
	});
	const acknowledged = new Map<number, string>();
	const issuedTwice: number[] = [];
	let killed = false;
	const client = async (n: number) => {
		for (let i = 0; !killed; i++) {
			const marker = `PO-${n}-${i}`;
			let id: number;
			try {
				id = (await api.post('/v4/transactions', document(marker))).data.id;
			} catch {
				return; // the kill cut this request: never acknowledged
			}
			if (acknowledged.has(id)) issuedTwice.push(id);
			acknowledged.set(id, marker);
			if (acknowledged.size >= ACKNOWLEDGED_BEFORE_KILL && !killed) {
				killed = true;
				first.child.kill('SIGKILL');
			}
		}
	};
	await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
	expect(issuedTwice).toEqual([]);
	expect(await first.exited).toBeNull(); // killed, not exited
	expect(acknowledged.size).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

	const second = await startCli(dataFile);
	try {
		const again = axios.create({
			baseURL: second.baseUrl,
			headers: { 'service-api-key': KEY },
			timeout: 20000,
			validateStatus: () => true,
		});
		const missing: number[] = [];
		for (const [id, marker] of acknowledged) {
			const { status, data } = await again.get(`/v3/transactions/${id}/message`);
			if (status !== 200 || data.purchaseOrderNumber !== marker) missing.push(id);
		}
		expect(missing).toEqual([]);
		const fresh = await Promise.all(
			Array.from({ length: CLIENTS }, (_, n) =>
				again.post('/v4/transactions', document(`AFTER-${n}`)),
			),
		);
		const reissued = fresh.map((r) => r.data.id as number).filter((id) => acknowledged.has(id));
		expect(reissued).toEqual([]);
	} finally {
		second.child.kill('SIGTERM');
	}
	expect(await second.exited).toBe(0);
});

describe('a data file it cannot use stops the start-up, naming it', () => {
	const run = (dataFile: string) =>
		spawnSync(...command('--port', '0', '--data', dataFile), {
			cwd: root,
			encoding: 'utf8',
			timeout: 30000,
		});

	test('in a folder that does not exist', () => {
		const dataFile = join(dir, 'no-such-folder', 'state.json');
		const result = run(dataFile);
		expect(result.status).toBe(1);
		expect(result.stderr).toBe(
			`sandbox failed to start: the folder of the data file ${dataFile} does not exist: ${join(dir, 'no-such-folder')}\n`,
		);
	});

	test('not JSON', () => {
		const dataFile = join(dir, 'corrupt.json');
		writeFileSync(dataFile, '{"version": 1, "transactions": [');
		const result = run(dataFile);
		expect(result.status).toBe(1);
		expect(result.stderr).toMatch(
			new RegExp(
				`^sandbox failed to start: the data file ${dataFile} is corrupt \\(not JSON: .+\\); move it away to start afresh\\n$`,
			),
		);
	});

	test('a journal line that is not JSON, before the last one', () => {
		const dataFile = join(dir, 'journal.json');
		writeFileSync(
			`${dataFile}.journal`,
			'{"n":1,"sequence":1}\n{"n":2,"seq\n{"n":3,"sequence":3}\n',
		);
		const result = run(dataFile);
		expect(result.status).toBe(1);
		expect(result.stderr).toMatch(
			new RegExp(
				`^sandbox failed to start: the journal ${dataFile}.journal is corrupt at line 2: `,
			),
		);
	});
});
