/**
 * Running workflows for the bench through the harness's engine set-up, with two additions the
 * baselines need: the node-types registry also knows n8n's own HTTP Request, Split Out and
 * Remove Duplicates, and the credentials helper also serves n8n's Header Auth credential (the
 * way a user of the HTTP Request node sends `service-api-key`).
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeType,
	IRequestOptionsSimplified,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { createRunExecutionData } from 'n8n-workflow';

import { additionalData, CredentialsHelper, makeWorkflow, NodeTypes, type EdiCredentials, type RunResult, type WorkflowJson } from '../../test/harness';

export const HEADER_AUTH = 'httpHeaderAuth';
export const HEADER_AUTH_REF = { [HEADER_AUTH]: { id: 'bench-header-auth', name: 'EDI Exchange key (Header Auth)' } };

/** n8n's Header Auth credential: `authenticate` sets the header named `name` to `value`. */
const HEADER_AUTH_BLOCK = { '={{$credentials.name}}': '={{$credentials.value}}' };

export class BenchCredentialsHelper extends CredentialsHelper {
	constructor(private readonly edi: EdiCredentials) {
		super(edi);
	}

	/** n8n calls it as (additionalData, nodeCredentials, type, …). */
	async getDecrypted(...args: unknown[]): Promise<ICredentialDataDecryptedObject> {
		const [, , type] = args as [IWorkflowExecuteAdditionalData, INodeCredentialsDetails, string];
		if (type === HEADER_AUTH) return { name: 'service-api-key', value: this.edi.apiToken };
		return { ...this.edi };
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		if (typeName !== HEADER_AUTH) return await super.authenticate(credentials, typeName, requestOptions, workflow, node);
		// Resolved through the expression engine, as n8n's generic authenticate blocks are.
		const resolve = (value: string) => workflow!.expression.getSimpleParameterValue(node!, value, 'internal', { $credentials: credentials }, undefined, '') as string;
		const options = requestOptions as IHttpRequestOptions;
		options.headers ??= {};
		for (const [name, value] of Object.entries(HEADER_AUTH_BLOCK)) options.headers[resolve(name)] = resolve(value);
		return options;
	}
}

export function benchNodeTypes(extra: Record<string, INodeType | IVersionedNodeType>): NodeTypes {
	return new NodeTypes(extra as Record<string, INodeType>);
}

let executions = 0;

/**
 * Runs a workflow from `startNode` (with `input` as its input items), as the harness's
 * runWorkflow does, with the bench's credentials helper. `staticData` persists on the returned
 * workflow object; pass it back in `json.staticData` for the next run.
 */
export async function runBenchWorkflow(
	json: WorkflowJson,
	options: { credentials: EdiCredentials; startNode: string; input?: INodeExecutionData[]; mode?: WorkflowExecuteMode; nodeTypes: NodeTypes },
): Promise<RunResult> {
	const workflow = makeWorkflow(json, options.nodeTypes);
	const start = workflow.getNode(options.startNode);
	if (!start) throw new Error(`No node named ${options.startNode}`);
	const mode = options.mode ?? 'trigger';
	const workflowData = { id: workflow.id, name: workflow.name, nodes: json.nodes, connections: json.connections } as IWorkflowBase;
	const hooks = new ExecutionLifecycleHooks(mode, `bench-${++executions}`, workflowData);
	const data = additionalData(options.credentials, hooks);
	data.credentialsHelper = new BenchCredentialsHelper(options.credentials);
	const runData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node: start, data: { main: [options.input ?? [{ json: {} }]] }, source: null }] },
	});
	const run = await new WorkflowExecute(data, mode, runData).processRunExecutionData(workflow);
	const outputs: Record<string, INodeExecutionData[]> = {};
	for (const [name, tasks] of Object.entries(run.data.resultData.runData)) outputs[name] = tasks[0]?.data?.main?.[0] ?? [];
	const last = run.data.resultData.lastNodeExecuted;
	return { outputs, items: last ? outputs[last] ?? [] : [], status: run.status, error: run.data.resultData.error, run, workflow };
}
