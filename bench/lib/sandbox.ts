/** The bench's sandbox: started in-process on 127.0.0.1, driven through its admin calls. */
import axios from 'axios';
import { Agent } from 'http';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import type { EdiCredentials } from '../../harness';

export interface BenchSandbox {
	sandbox: RunningSandbox;
	baseUrl: string;
	credentials: EdiCredentials;
	admin<T = any>(method: string, path: string, body?: unknown): Promise<T>;
	reset(): Promise<void>;
	/** Bulk-inserts inbound test 850s (or as given); returns the ids. */
	insert(body: {
		count: number;
		createdAt?: string;
		transactionType?: string;
		direction?: string;
		stream?: string;
	}): Promise<{ firstId: number; lastId: number }>;
	setLatency(latencyMs: number): Promise<void>;
	clearRequests(): Promise<void>;
	/** Service requests received since the last clear (the sandbox's request log). */
	requestCount(): Promise<number>;
	stop(): Promise<void>;
}

export async function startBenchSandbox(): Promise<BenchSandbox> {
	// No start-up 850 (each scenario inserts its own history) and no rate limit in the way.
	const sandbox = await startSandbox({ sendInitialOrder: false, rateLimit: null });
	let latencyMs = 0;
	// A fresh connection per admin call: a kept-alive one may have timed out during a long run.
	const http = axios.create({
		baseURL: `${sandbox.baseUrl}/_sandbox`,
		httpAgent: new Agent({ keepAlive: false }),
		validateStatus: () => true,
	});
	const admin = async (method: string, path: string, body?: unknown) => {
		const response = await http.request({ method, url: path, data: body });
		if (response.status >= 300)
			throw new Error(
				`sandbox admin ${method} ${path} answered ${response.status}: ${JSON.stringify(response.data)}`,
			);
		return response.data;
	};
	const bench: BenchSandbox = {
		sandbox,
		baseUrl: sandbox.baseUrl,
		credentials: { baseUrl: sandbox.baseUrl, apiToken: sandbox.apiKey },
		admin,
		// Reset clears the faults too: the latency is set again.
		reset: async () => {
			await admin('POST', '/reset');
			if (latencyMs) await admin('PUT', '/faults', { latencyMs });
		},
		insert: async (body) => await admin('POST', '/transactions', body),
		setLatency: async (ms) => {
			latencyMs = ms;
			await admin('PUT', '/faults', ms ? { latencyMs: ms } : {});
		},
		clearRequests: async () => {
			await admin('DELETE', '/requests');
		},
		requestCount: async () => ((await admin('GET', '/requests')) as unknown[]).length,
		stop: async () => await sandbox.stop(),
	};
	return bench;
}

export const isoSecondsAgo = (seconds: number) =>
	new Date(Date.now() - seconds * 1000).toISOString();
