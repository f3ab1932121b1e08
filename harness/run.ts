/**
 * Runs workflows and single nodes through n8n's own execution code (`WorkflowExecute`), returning
 * what a user sees of a run: the items each node put out, the run status and the error.
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ExecutionBaseError,
	IConnections,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	IRun,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { createRunExecutionData, Workflow } from 'n8n-workflow';

import { CredentialsHelper, type EdiCredentials, type ExtraCredential } from './credentials';
import { ACTION_NODE, ACTION_VERSION, NodeTypes } from './nodeTypes';

export const CREDENTIAL_REF = { ediExchangeApi: { id: 'sandbox', name: 'EDI Exchange sandbox' } };

/** Execution IDs as n8n's database assigns them: whole numbers counting up (per process here). */
let executions = 0;

export function additionalData(
	credentials: EdiCredentials,
	hooks?: ExecutionLifecycleHooks,
	extraCredentials?: Record<string, ExtraCredential>,
): IWorkflowExecuteAdditionalData {
	const base = 'http://127.0.0.1:5678';
	return {
		credentialsHelper: new CredentialsHelper(credentials, extraCredentials),
		hooks,
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not used here');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: base,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: {},
		userId: 'harness-user',
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface WorkflowJson {
	id?: string;
	name?: string;
	nodes: INode[];
	connections: IConnections;
	settings?: IDataObject;
	staticData?: IDataObject;
}

export interface RunResult {
	/** Output items of each node that ran (first run, first output). */
	outputs: Record<string, INodeExecutionData[]>;
	/** Output items of the last node that ran. */
	items: INodeExecutionData[];
	status: IRun['status'];
	error?: ExecutionBaseError;
	run: IRun;
	workflow: Workflow;
}

export function makeWorkflow(json: WorkflowJson, nodeTypes = new NodeTypes()): Workflow {
	return new Workflow({
		id: json.id ?? 'harness',
		name: json.name ?? 'harness',
		nodes: json.nodes,
		connections: json.connections,
		active: false,
		nodeTypes,
		staticData: json.staticData,
		settings: json.settings,
	});
}

/**
 * Runs a workflow from `startNode`, which receives `input` as its input items (for a trigger
 * node: the items its poll emitted, which the engine passes through as n8n does).
 */
export async function runWorkflow(
	json: WorkflowJson,
	options: {
		credentials: EdiCredentials;
		startNode: string;
		input?: INodeExecutionData[];
		mode?: WorkflowExecuteMode;
		nodeTypes?: NodeTypes;
		extraCredentials?: Record<string, ExtraCredential>;
		/** The execution's ID (what `this.getExecutionId()` gives); the next of this process by default. */
		executionId?: string;
		/** More of what n8n gives the engine, e.g. `startRunnerTask` for a Code node (the bench). */
		additionalData?: Partial<IWorkflowExecuteAdditionalData>;
	},
): Promise<RunResult> {
	const workflow = makeWorkflow(json, options.nodeTypes);
	const start = workflow.getNode(options.startNode);
	if (!start) throw new Error(`No node named ${options.startNode}`);
	const mode = options.mode ?? 'manual';
	const workflowData = {
		id: workflow.id,
		name: workflow.name,
		nodes: json.nodes,
		connections: json.connections,
	} as IWorkflowBase;
	const executionId = options.executionId ?? String(++executions);
	const hooks = new ExecutionLifecycleHooks(mode, executionId, workflowData);
	const runData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{ node: start, data: { main: [options.input ?? [{ json: {} }]] }, source: null },
			],
		},
	});
	const data = {
		...additionalData(options.credentials, hooks, options.extraCredentials),
		...options.additionalData,
		executionId,
	};
	const run = await new WorkflowExecute(data, mode, runData).processRunExecutionData(workflow);
	const outputs: Record<string, INodeExecutionData[]> = {};
	for (const [name, tasks] of Object.entries(run.data.resultData.runData)) {
		outputs[name] = tasks[0]?.data?.main?.[0] ?? [];
	}
	const last = run.data.resultData.lastNodeExecuted;
	return {
		outputs,
		items: last ? (outputs[last] ?? []) : [],
		status: run.status,
		error: run.data.resultData.error,
		run,
		workflow,
	};
}

export interface NodeRun {
	parameters: IDataObject;
	credentials: EdiCredentials;
	/** Input items: plain JSON objects or full items (with binary). */
	input?: Array<IDataObject | INodeExecutionData>;
	continueOnFail?: boolean;
	type?: string;
	/** The node's version: the version n8n gives a new node unless a test says otherwise. */
	typeVersion?: number;
	nodeTypes?: NodeTypes;
	executionId?: string;
}

/** Runs one node on the given input items, as a single-node workflow. */
export async function runNode(options: NodeRun): Promise<RunResult> {
	const node: INode = {
		id: 'node-under-test',
		name: 'EDI Exchange',
		type: options.type ?? ACTION_NODE,
		typeVersion: options.typeVersion ?? ACTION_VERSION,
		position: [0, 0],
		parameters: options.parameters as INode['parameters'],
		credentials: CREDENTIAL_REF,
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
	const input = (options.input ?? [{}]).map((item) =>
		'json' in item && typeof item.json === 'object'
			? (item as INodeExecutionData)
			: { json: item as IDataObject },
	);
	return await runWorkflow(
		{ nodes: [node], connections: {} },
		{
			credentials: options.credentials,
			startNode: node.name,
			input,
			nodeTypes: options.nodeTypes,
			executionId: options.executionId,
		},
	);
}

/**
 * Runs the credential's test request the way n8n's "Test credential" button does: as a
 * declarative request (n8n's RoutingNode) with the credential applied.
 */
export async function testCredential(credentials: EdiCredentials): Promise<RunResult> {
	const { credentialType } = await import('./credentials');
	const tester: INodeType = {
		description: {
			displayName: 'Credential test',
			name: 'credentialTest',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Credential test' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: credentialType.name, required: true }],
			requestDefaults: credentialType.test!.request as INodeType['description']['requestDefaults'],
			properties: [],
		},
	};
	const nodeTypes = new NodeTypes({ credentialTest: tester });
	return await runNode({ parameters: {}, credentials, type: 'credentialTest', nodeTypes });
}
