/**
 * Runs a trigger's poll through n8n's real `PollContext`, in `trigger` or `manual` mode, carrying
 * the node's static data from poll to poll through JSON, as n8n stores it in its database.
 */
import { PollContext } from 'n8n-core';
import type { IDataObject, INode, INodeExecutionData, IPollFunctions, WorkflowExecuteMode } from 'n8n-workflow';

import type { EdiCredentials } from './credentials';
import { TRIGGER_NODE } from './nodeTypes';
import { additionalData, CREDENTIAL_REF, makeWorkflow } from './run';

export interface PollResult {
	items: INodeExecutionData[] | null;
	error?: Error;
}

export class Poller {
	/** The node's static data as n8n would have stored it after the last successful poll. */
	staticData: IDataObject = {};

	/**
	 * The static data as the node left it after the last poll, kept whatever the outcome: tests use
	 * it to prove that a manual or failing poll did not touch the state.
	 */
	lastPollStaticData: IDataObject = {};

	readonly node: INode;

	constructor(
		private readonly credentials: EdiCredentials,
		public parameters: IDataObject,
		private readonly options: { pollBudgetMs?: number } = {},
	) {
		this.node = {
			id: 'trigger-under-test',
			name: 'EDI Exchange Trigger',
			type: TRIGGER_NODE,
			typeVersion: 1,
			position: [0, 0],
			parameters: parameters as INode['parameters'],
			credentials: CREDENTIAL_REF,
		};
	}

	/**
	 * One poll. State changes are kept only when the poll succeeds (n8n 2.x commits static data
	 * after a successful poll; a throw keeps the old state).
	 */
	async poll(mode: 'trigger' | 'manual' = 'trigger'): Promise<PollResult> {
		const node = { ...this.node, parameters: this.parameters as INode['parameters'] };
		const workflow = makeWorkflow({ nodes: [node], connections: {}, staticData: { [`node:${node.name}`]: JSON.parse(JSON.stringify(this.staticData)) } });
		const executionMode: WorkflowExecuteMode = mode === 'manual' ? 'manual' : 'trigger';
		const context = new PollContext(
			workflow,
			node,
			additionalData(this.credentials),
			executionMode,
			mode === 'manual' ? 'manual' : 'activate',
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
			this.options.pollBudgetMs === undefined ? undefined : () => this.options.pollBudgetMs!,
		);
		const type = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
		const after = () => JSON.parse(JSON.stringify(workflow.staticData[`node:${node.name}`] ?? {})) as IDataObject;
		try {
			const output = await type.poll!.call(context as IPollFunctions);
			this.lastPollStaticData = after();
			if (mode === 'trigger') this.staticData = this.lastPollStaticData;
			return { items: output ? output[0] : null };
		} catch (error) {
			this.lastPollStaticData = after();
			return { items: null, error: error as Error };
		}
	}
}
