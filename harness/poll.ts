/**
 * Runs a trigger's poll through n8n's real `PollContext`, carrying the workflow's static data from
 * poll to poll through JSON, and persisting it the way n8n 2.41 does (read from its code:
 * n8n-core `PollTriggerExecutor`, n8n `TriggerExecutionContextFactory`, `PollTriggerTaskHandler`,
 * `WorkflowTriggerActivator`):
 *
 * - `every-poll`: every successful poll's state is kept (the simple model most tests need).
 * - `default`: the running workflow keeps its static data in memory from poll to poll; the
 *   database copy is saved at activation (awaited) and after a poll that emits, never after a
 *   poll that returns null. `restart()` drops the memory; n8n then activates again.
 * - `durable` (durable cursors): the node's static data is a cursor row, created at activation
 *   from the workflow's node data and committed with an emitting poll or after an empty scheduled
 *   poll, never by the activation poll; the workflow's static data (with `global`) is saved at
 *   activation and after an emitting poll. Scheduled polls get a poll budget and activation mode
 *   `update`. A restart keeps everything and polls no activation.
 */
import { PollContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	IPollFunctions,
	WorkflowActivateMode,
} from 'n8n-workflow';

import type { EdiCredentials } from './credentials';
import { TRIGGER_NODE } from './nodeTypes';
import { additionalData, CREDENTIAL_REF, makeWorkflow } from './run';

export interface PollResult {
	items: INodeExecutionData[] | null;
	error?: Error;
}

export type Persistence = 'every-poll' | 'default' | 'durable';

export interface PollerOptions {
	pollBudgetMs?: number;
	persistence?: Persistence;
}

/** n8n 2.41's poll budget for scheduled polls with durable cursors (36 s). */
export const DURABLE_POLL_BUDGET_MS = 36_000;

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? {})) as T;

export class Poller {
	/** The workflow's static data as stored in n8n's database (`global`, `node:<name>`). */
	workflowRow: IDataObject = {};

	/** Durable cursors: the node's cursor row (undefined until the first activation creates it). */
	cursorRow?: IDataObject;

	/** Default mode: the static data the running workflow keeps in memory (none after a restart). */
	private memory?: IDataObject;

	/** The node's static data as the node left it after the last poll, kept whatever the outcome. */
	lastPollStaticData: IDataObject = {};

	readonly node: INode;

	readonly persistence: Persistence;

	constructor(
		private readonly credentials: EdiCredentials,
		public parameters: IDataObject,
		private readonly options: PollerOptions = {},
	) {
		this.persistence = options.persistence ?? 'every-poll';
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

	private get nodeKey(): string {
		return `node:${this.node.name}`;
	}

	/** The node's static data as the next poll would read it. */
	get staticData(): IDataObject {
		if (this.persistence === 'durable')
			return copy(this.cursorRow ?? (this.workflowRow[this.nodeKey] as IDataObject));
		return copy((this.memory ?? this.workflowRow)[this.nodeKey] as IDataObject);
	}

	set staticData(value: IDataObject) {
		if (this.persistence === 'durable' && this.cursorRow) this.cursorRow = copy(value);
		else this.workflowRow = { ...this.workflowRow, [this.nodeKey]: copy(value) };
		if (this.memory) this.memory = { ...this.memory, [this.nodeKey]: copy(value) };
	}

	/** The poll n8n runs when the workflow is activated (published), or re-activated at a restart. */
	async activate(): Promise<PollResult> {
		if (this.persistence === 'every-poll') return await this.poll();
		if (this.persistence === 'durable') {
			// getOrCreateCursor: seeded from the workflow's node data before the poll runs.
			this.cursorRow ??= copy((this.workflowRow[this.nodeKey] as IDataObject) ?? {});
			const { result, after } = await this.run(
				{ ...copy(this.workflowRow), [this.nodeKey]: copy(this.cursorRow) },
				'activate',
			);
			if (result.error) return result;
			// A test poll: its cursor is committed only with an execution; the workflow's data is saved.
			if (result.items) this.cursorRow = copy(after[this.nodeKey] as IDataObject);
			this.workflowRow = { ...after, [this.nodeKey]: this.workflowRow[this.nodeKey] };
			return result;
		}
		const { result, after } = await this.run(copy(this.workflowRow), 'activate');
		if (result.error) return result;
		this.memory = after;
		this.workflowRow = copy(after);
		return result;
	}

	/** n8n stops (SIGTERM or SIGKILL alike: nothing is saved on the way out). */
	restart(): void {
		this.memory = undefined;
	}

	/**
	 * Default mode: n8n dies right after a poll that emitted, after starting the execution but
	 * before its un-awaited save committed (the window n8n leaves open). The memory is gone too.
	 */
	async pollAndDieBeforeSave(): Promise<PollResult> {
		if (this.persistence !== 'default' || !this.memory)
			throw new Error('only in default mode, once activated');
		const { result } = await this.run(copy(this.memory), 'activate');
		this.memory = undefined;
		return result;
	}

	/** One scheduled poll (or, in manual mode, "Fetch Test Event", which keeps nothing). */
	async poll(mode: 'trigger' | 'manual' = 'trigger'): Promise<PollResult> {
		if (mode === 'manual') {
			const { result } = await this.run(copy(this.memory ?? this.workflowRow), 'manual');
			return result;
		}
		if (this.persistence === 'durable') {
			const nodeData = this.cursorRow ?? (this.workflowRow[this.nodeKey] as IDataObject);
			const { result, after } = await this.run(
				{ ...copy(this.workflowRow), [this.nodeKey]: copy(nodeData) },
				'update',
				DURABLE_POLL_BUDGET_MS,
			);
			if (result.error) return result;
			this.cursorRow = copy(after[this.nodeKey] as IDataObject);
			if (result.items)
				this.workflowRow = { ...after, [this.nodeKey]: this.workflowRow[this.nodeKey] };
			return result;
		}
		if (this.persistence === 'default' && !this.memory)
			throw new Error('default mode: activate() before polling (n8n activates at start-up)');
		const { result, after } = await this.run(copy(this.memory ?? this.workflowRow), 'activate');
		if (result.error) return result;
		if (this.persistence === 'default') {
			this.memory = after;
			if (result.items) this.workflowRow = copy(after);
		} else {
			this.workflowRow = after;
		}
		return result;
	}

	private async run(
		staticData: IDataObject,
		activation: WorkflowActivateMode | 'manual',
		budgetMs?: number,
	): Promise<{ result: PollResult; after: IDataObject }> {
		const node = { ...this.node, parameters: this.parameters as INode['parameters'] };
		const workflow = makeWorkflow({ nodes: [node], connections: {}, staticData });
		const manual = activation === 'manual';
		const budget = this.options.pollBudgetMs ?? budgetMs;
		const context = new PollContext(
			workflow,
			node,
			additionalData(this.credentials),
			manual ? 'manual' : 'trigger',
			manual ? 'manual' : activation,
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
			budget === undefined ? undefined : () => budget,
		);
		const type = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
		// n8n's change flag is not data: leave it out, as the database does.
		const after = () =>
			Object.fromEntries(
				Object.entries(copy(workflow.staticData)).filter(([key]) => !key.startsWith('__')),
			) as IDataObject;
		try {
			const output = await type.poll!.call(context as IPollFunctions);
			const data = after();
			this.lastPollStaticData = copy((data[this.nodeKey] as IDataObject) ?? {});
			return { result: { items: output ? output[0] : null }, after: data };
		} catch (error) {
			this.lastPollStaticData = copy((after()[this.nodeKey] as IDataObject) ?? {});
			return { result: { items: null, error: error as Error }, after: {} };
		}
	}
}
