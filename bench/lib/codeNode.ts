/**
 * n8n's Code node for the hand-built baseline. In n8n 2.x the Code node runs its JavaScript on a
 * task runner: n8n hands the task's data (built and stripped by n8n's own classes) to a runner
 * process over a websocket as JSON, the runner (`@n8n/task-runner`'s JsTaskRunner) runs the code
 * in a `vm` context with `$input`, `items` and the rest, and sends the result back as JSON.
 *
 * Here the same classes run in-process, loaded from the real n8n install: n8n's
 * DataRequestResponseBuilder and Stripper make the data, a JSON round trip stands in for the
 * websocket each way, and JsTaskRunner's own `executeTask` runs the code (secure mode, as n8n's
 * default). What is left out is the socket and the second process, so this favours the hand-built
 * side a little.
 */
import { randomUUID } from 'crypto';
import type { INodeType, IVersionedNodeType, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { join } from 'path';

import { N8N_CACHE, redirectSharedModules } from './nodesBase';

type StartRunnerTask = NonNullable<IWorkflowExecuteAdditionalData['startRunnerTask']>;

/** n8n's default task timeout (N8N_RUNNERS_TASK_TIMEOUT), seconds. */
const TASK_TIMEOUT_S = 300;

const load = (file: string) => require(join(N8N_CACHE, file));

export interface CodeNode {
	node: INodeType | IVersionedNodeType;
	/** `additionalData.startRunnerTask`, as n8n's TaskRequester answers it. */
	startRunnerTask: StartRunnerTask;
}

/** The Code node and an in-process task runner, or the reason they could not be loaded. */
export function loadCodeNode(): CodeNode | { error: string } {
	try {
		redirectSharedModules();
		const runnerDir = '@n8n/task-runner/dist';
		const managers = 'n8n/dist/task-runners/task-managers';
		const { JsTaskRunner } = load(`${runnerDir}/js-task-runner/js-task-runner.js`);
		const { BuiltInsParser } = load(
			`${runnerDir}/js-task-runner/built-ins-parser/built-ins-parser.js`,
		);
		const { DataRequestResponseReconstruct } = load(
			`${runnerDir}/data-request/data-request-response-reconstruct.js`,
		);
		const { createRequireResolver } = load(`${runnerDir}/js-task-runner/require-resolver.js`);
		const { TaskRunnerNodeTypes } = load(`${runnerDir}/node-types.js`);
		const { DataRequestResponseBuilder } = load(`${managers}/data-request-response-builder.js`);
		const { DataRequestResponseStripper } = load(`${managers}/data-request-response-stripper.js`);
		const { Code } = load('n8n-nodes-base/dist/nodes/Code/Code.node.js');

		const builder = new DataRequestResponseBuilder();
		const overTheWire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

		const startRunnerTask: StartRunnerTask = async (
			additionalData,
			_jobType,
			settings,
			_executeFunctions,
			inputData,
			node,
			workflow,
			runExecutionData,
			runIndex,
			itemIndex,
			activeNodeName,
			connectionInputData,
			siblingParameters,
			mode,
			envProviderState,
			executeData,
		) => {
			const taskData = {
				workflow,
				runExecutionData,
				runIndex,
				connectionInputData,
				inputData,
				node,
				itemIndex,
				siblingParameters,
				mode,
				envProviderState,
				executeData,
				defaultReturnRunIndex: -1,
				selfData: {},
				contextNodeName: activeNodeName,
				activeNodeName,
				additionalData,
			};
			// A runner as JsTaskRunner's constructor makes one, without its broker connection.
			const runner = Object.create(JsTaskRunner.prototype);
			Object.assign(runner, {
				mode: 'secure',
				taskTimeout: TASK_TIMEOUT_S,
				builtInsParser: new BuiltInsParser(),
				taskDataReconstruct: new DataRequestResponseReconstruct(),
				requireResolver: createRequireResolver({
					allowedBuiltInModules: new Set(),
					allowedExternalModules: new Set(),
					secureModules: true,
				}),
				nodeTypes: new TaskRunnerNodeTypes([]),
				requestData: async (_taskId: string, params: unknown) =>
					overTheWire(
						new DataRequestResponseStripper(builder.buildFromTaskData(taskData), params).strip(),
					),
				requestNodeTypes: async () => [],
				makeRpcCall: async () => undefined,
			});
			try {
				const done = overTheWire(
					await runner.executeTask(
						{ taskId: randomUUID(), settings: overTheWire(settings) },
						new AbortController().signal,
					),
				) as { result: unknown };
				return { ok: true, result: done.result } as never;
			} catch (error) {
				return { ok: false, error } as never;
			}
		};
		return { node: new Code() as INodeType, startRunnerTask };
	} catch (error) {
		return { error: `loading n8n's Code node and task runner failed: ${(error as Error).message}` };
	}
}
