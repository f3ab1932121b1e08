/** Driving the sandbox from trigger tests: bulk inserts, faults, the request log, accepts. */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { IDataObject } from 'n8n-workflow';

import { Poller, type PollerOptions } from '../../harness';
import type { Running } from '../sandbox/helpers';

export const credentialsOf = (running: Running) => ({
	baseUrl: running.sandbox.baseUrl,
	apiToken: running.sandbox.apiKey,
});

export interface Insert {
	count: number;
	transactionType?: string;
	direction?: 'inbound' | 'outbound';
	stream?: 'test' | 'live';
	createdAt?: string;
}

/** Bulk-inserts transactions; returns their ids. */
export async function insert(running: Running, body: Insert): Promise<number[]> {
	const res = await running.raw.post('/_sandbox/transactions', body);
	if (res.status !== 201) throw new Error(`bulk insert failed: ${JSON.stringify(res.data)}`);
	const { firstId, lastId } = res.data as { firstId: number; lastId: number };
	return Array.from({ length: lastId - firstId + 1 }, (_, i) => firstId + i);
}

export async function setFaults(running: Running, faults: IDataObject): Promise<void> {
	const res = await running.raw.put('/_sandbox/faults', faults);
	if (res.status !== 200) throw new Error(`faults refused: ${JSON.stringify(res.data)}`);
}

export async function setOrder(running: Running, order: 'newest' | 'oldest'): Promise<void> {
	await running.raw.put('/_sandbox/config', { order });
}

export async function requests(
	running: Running,
): Promise<
	Array<{ method: string; path: string; query: IDataObject; status: number; body?: any }>
> {
	return (await running.raw.get('/_sandbox/requests')).data;
}

export async function clearRequests(running: Running): Promise<void> {
	await running.raw.delete('/_sandbox/requests');
}

export async function reset(running: Running): Promise<void> {
	await running.raw.post('/_sandbox/reset');
}

/** What a workflow ending in Inbox → Accept does with the items a poll emitted. */
export async function acceptAll(running: Running, items: IDataObject[]): Promise<void> {
	for (const item of items) {
		const href = ((item.delivery as IDataObject).accept as IDataObject).href as string;
		const res = await running.api.post(new URL(href).pathname, { note: 'done' });
		if (res.status !== 200)
			throw new Error(`accept failed: ${res.status} ${JSON.stringify(res.data)}`);
	}
}

export const idsOf = (items: Array<{ json: IDataObject }> | null): number[] =>
	(items ?? []).map((item) => Number(item.json.transactionId ?? item.json.id));

export function makePoller(
	running: Running,
	parameters: IDataObject,
	options: PollerOptions = {},
): Poller {
	return new Poller(
		credentialsOf(running),
		{
			source: 'transactions',
			stream: 'test',
			transactionTypes: [],
			includeMessage: false,
			options: {},
			...parameters,
		},
		options,
	);
}

export const isoSecondsAgo = (seconds: number) =>
	new Date(Date.now() - seconds * 1000).toISOString();

/** The warnings n8n's logger receives during each test (the trigger's only way to speak between runs). */
export function useWarnings(): string[] {
	const warnings: string[] = [];
	let spy: jest.SpyInstance | undefined;
	beforeEach(() => {
		warnings.length = 0;
		spy = jest
			.spyOn(Container.get(Logger), 'warn')
			.mockImplementation((message: unknown) => void warnings.push(String(message)));
	});
	afterEach(() => spy?.mockRestore());
	return warnings;
}
