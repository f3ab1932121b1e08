import axios from 'axios';
import { spawn, spawnSync } from 'child_process';
import { join } from 'path';

const root = join(__dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const cli = join(root, 'sandbox', 'cli.ts');

describe('sandbox CLI', () => {
	it('starts, prints the URL, key and a sample curl, serves, and stops on SIGTERM', async () => {
		const child = spawn(
			tsx,
			[
				cli,
				'--port',
				'0',
				'--seed',
				'3',
				'--api-key',
				'cli-key-1',
				'--order',
				'oldest',
				'--rate-limit',
				'50/10',
			],
			{ cwd: root },
		);
		let output = '';
		child.stdout.on('data', (chunk) => (output += chunk));
		const exited = new Promise<number | null>((resolve) =>
			child.on('exit', (code) => resolve(code)),
		);
		try {
			const baseUrl = await new Promise<string>((resolve, reject) => {
				const timer = setTimeout(() => reject(new Error(`no URL printed: ${output}`)), 15000);
				child.stdout.on('data', () => {
					const match = /listening on (http:\/\/\S+)/.exec(output);
					if (match) {
						clearTimeout(timer);
						resolve(match[1]);
					}
				});
			});
			expect(output).toContain('API key: cli-key-1');
			expect(output).toContain(
				`curl -H 'service-api-key: cli-key-1' '${baseUrl}/v3/transactions?limit=5'`,
			);
			const list = await axios.get(`${baseUrl}/v3/transactions`, {
				headers: { 'service-api-key': 'cli-key-1' },
			});
			expect(list.data.meta.total).toBe(4);
			expect(list.data.items[0].id).toBe(1);
			expect(list.headers['x-ratelimit-limit']).toBe('50');
		} finally {
			child.kill('SIGTERM');
		}
		expect(await exited).toBe(0);
	});

	it('prints help, and refuses unknown options', () => {
		const help = spawnSync(tsx, [cli, '--help'], { cwd: root, encoding: 'utf8' });
		expect(help.status).toBe(0);
		for (const option of [
			'--port',
			'--host',
			'--api-key',
			'--order',
			'--seed',
			'--latency-ms',
			'--rate-limit',
			'--data',
			'--partner-interval-ms',
		]) {
			expect(help.stdout).toContain(option);
		}
		const bad = spawnSync(tsx, [cli, '--colour', 'red'], { cwd: root, encoding: 'utf8' });
		expect(bad.status).toBe(2);
		expect(bad.stderr).toContain('unknown option --colour');
	});
});
