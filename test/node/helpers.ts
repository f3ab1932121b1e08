/**
 * Shared set-up of the action node's tests: one sandbox per test file (port 0), reset before every
 * test, admin calls over real HTTP, and runs of the compiled node through n8n's engine.
 */
import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';

import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox';
import {
	ACTION_NODE,
	ACTION_VERSION,
	CREDENTIAL_REF,
	runNode,
	type EdiCredentials,
	type RunResult,
} from '../../harness';
import { writeInterchange, type X12WriteInput } from '../../sandbox/x12/write';

export interface LoggedRequest {
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	status: number;
	authenticated: boolean;
	body?: any;
	fault?: 'error' | 'rateLimited' | 'drop';
}

export interface NodeSandbox {
	sandbox: RunningSandbox;
	baseUrl: string;
	credentials: EdiCredentials;
	/** An admin call under /_sandbox; fails the test when the sandbox refuses it. */
	admin(method: string, path: string, body?: unknown): Promise<any>;
	/** The service requests received since the last reset or clear. */
	requests(): Promise<LoggedRequest[]>;
	clearRequests(): Promise<void>;
	/** Runs the action node with this sandbox's credential (overridable). */
	run(parameters: IDataObject, options?: RunOptions): Promise<RunResult>;
}

export interface RunOptions {
	input?: Array<IDataObject | INodeExecutionData>;
	continueOnFail?: boolean;
	credentials?: Partial<EdiCredentials>;
	typeVersion?: number;
	/** The execution's ID (n8n's database assigns one); the next of this process by default. */
	executionId?: string;
}

/** Starts one sandbox for the file and resets it (state, settings, faults, request log) before each test. */
export function useNodeSandbox(options: SandboxOptions = {}): NodeSandbox {
	const context = {} as NodeSandbox;
	beforeAll(async () => {
		const sandbox = await startSandbox(options);
		const admin = async (method: string, path: string, body?: unknown) => {
			const response = await fetch(`${sandbox.baseUrl}/_sandbox${path}`, {
				method,
				headers: body === undefined ? {} : { 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			const text = await response.text();
			if (response.status >= 300)
				throw new Error(`admin ${method} ${path} answered ${response.status}: ${text}`);
			return text ? JSON.parse(text) : undefined;
		};
		Object.assign(context, {
			sandbox,
			baseUrl: sandbox.baseUrl,
			credentials: { baseUrl: sandbox.baseUrl, apiToken: sandbox.apiKey },
			admin,
			requests: async () => (await admin('GET', '/requests')) as LoggedRequest[],
			clearRequests: async () => {
				await admin('DELETE', '/requests');
			},
			run: async (parameters: IDataObject, run: RunOptions = {}) =>
				await runNode({
					parameters,
					credentials: { ...context.credentials, ...run.credentials },
					input: run.input,
					continueOnFail: run.continueOnFail,
					typeVersion: run.typeVersion,
					executionId: run.executionId,
				}),
		});
	});
	beforeEach(async () => {
		await context.admin('POST', '/reset');
	});
	afterAll(async () => {
		await context.sandbox?.stop();
	});
	return context;
}

/** The JSON of each output item. */
export const jsonOf = (result: RunResult): IDataObject[] => result.items.map((item) => item.json);

/** Ids of the output items, as numbers. */
export const idsOf = (result: RunResult): number[] =>
	result.items.map((item) => Number(item.json.id));

/** What a user sees of a failed run: the message, the description and everything serialized. */
export function failure(result: RunResult): {
	message: string;
	description: string;
	serialized: string;
} {
	expect(result.status).toBe('error');
	expect(result.error).toBeDefined();
	const error = result.error as Error & { description?: string | null };
	return {
		message: error.message,
		description: error.description ?? '',
		serialized: JSON.stringify(error),
	};
}

/** A request as the tests compare it: what reached the server, without log bookkeeping. */
export const shape = (request: LoggedRequest) => ({
	method: request.method,
	path: request.path,
	query: request.query,
});

/** Transaction → Create of an 855 from YOURCOMPANY to DEMORETAIL; `extra` sets the message and the rest. */
export const createParameters = (extra: IDataObject): IDataObject => ({
	resource: 'transaction',
	operation: 'create',
	documentType: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
	...extra,
});

export const sleepMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A valid interchange from the organization to the demo partner: one 855 set (ISA 1, GS 2, ST 3, BAK 4, PO1 5, SE 6, GE 7, IEA 8). */
export const interchange = (extra: Partial<X12WriteInput> = {}): string =>
	writeInterchange({
		senderId: 'YOURCOMPANY',
		receiverId: 'DEMORETAIL',
		usage: 'T',
		controlNumber: 5,
		date: new Date('2026-11-22T10:30:00Z'),
		sets: [
			{
				type: '855',
				segments: [
					['BAK', '00', 'AC', 'PO-1', '20261122'],
					['PO1', '1', '5', 'EA', '101.00'],
				],
			},
		],
		...extra,
	});

/** An EDI Exchange node of a workflow run through the engine. */
export const actionNode = (
	name: string,
	parameters: object,
	settings: Partial<INode> = {},
): INode => ({
	id: name,
	name,
	type: ACTION_NODE,
	typeVersion: ACTION_VERSION,
	position: [0, 0],
	parameters: parameters as INode['parameters'],
	credentials: CREDENTIAL_REF,
	...settings,
});
