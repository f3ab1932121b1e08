/**
 * The hand-built alternative: what an n8n user builds without our nodes, run through the same
 * engine. Preferably n8n's own nodes (HTTP Request with limit/offset pagination → Split Out →
 * Remove Duplicates against its stored history, → HTTP Request per item for the messages); when
 * n8n-nodes-base cannot be loaded, a faithful reimplementation of exactly what that workflow does.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeType,
} from 'n8n-workflow';

import { runWorkflow, type EdiCredentials, type NodeTypes, type WorkflowJson } from '../../harness';
import { benchNodeTypes, HEADER_AUTH, HEADER_AUTH_REF, headerAuth } from './engine';
import { deduplicationStore, loadBaseNodes, type BaseNodes } from './nodesBase';

export const PAGE = 100;
/** Remove Duplicates refuses a run when stored + incoming ids exceed its history size (default 10,000). */
export const HISTORY_SIZE = 1_000_000;

export interface PollRun {
	items: INodeExecutionData[];
	/**
	 * With a message: the ms from the start of the list request to the end of Remove Duplicates (from
	 * n8n's run data), i.e. what the same execution costs without the message node.
	 */
	untilDeduplicatedMs?: number;
}

export interface HandBuilt {
	/** "n8n-nodes-base 2.41.1 (HTTP Request 4.2, Split Out 1, Remove Duplicates 2)" or "reimplementation". */
	what: string;
	real: boolean;
	loadError?: string;
	/**
	 * A scheduled poll: each run() is one execution of the workflow; returns the new items it
	 * emitted. With a message, each new item's message is fetched by a further HTTP Request node;
	 * both shapes share the workflow's id and Remove Duplicates node, hence its stored history.
	 */
	poller(id: string): { run(withMessage: boolean): Promise<PollRun> };
	/** Return All of the transaction list. */
	listAll(): Promise<INodeExecutionData[]>;
	/** One create per input item; `settings`: the node's own settings (On Error, Retry On Fail). */
	createEach(bodies: IDataObject[], settings?: NodeSettings): Promise<INodeExecutionData[]>;
	/** The first `pages` pages of the list (HTTP Request's "Limit Pages Fetched"), split into items. */
	listPages(pages: number): Promise<INodeExecutionData[]>;
}

export type NodeSettings = Pick<INode, 'onError' | 'retryOnFail' | 'maxTries' | 'waitBetweenTries'>;

const listQuery = (filters: IDataObject) => [
	{ name: 'limit', value: String(PAGE) },
	...Object.entries(filters).map(([name, value]) => ({ name, value: String(value) })),
];

/** A node of the workflow, at x along its one row; its id follows its name. */
export const workflowNode = (
	name: string,
	type: string,
	typeVersion: number,
	x: number,
	parameters: IDataObject,
): INode => ({
	id: `bench-${name.toLowerCase().replace(/\W+/g, '-')}`,
	name,
	type,
	typeVersion,
	position: [x, 0],
	parameters: parameters as INode['parameters'],
});

const httpNode = (name: string, x: number, parameters: IDataObject): INode => ({
	...workflowNode(name, 'n8n-nodes-base.httpRequest', 4.2, x, {
		authentication: 'genericCredentialType',
		genericAuthType: HEADER_AUTH,
		...parameters,
	}),
	credentials: HEADER_AUTH_REF,
});

/** HTTP Request, Return All by limit/offset: $pageCount × 100 until offset + items ≥ meta.total (or `maxPages`). */
export const listNode = (baseUrl: string, filters: IDataObject, maxPages?: number): INode =>
	httpNode('List Transactions', 0, {
		method: 'GET',
		url: `${baseUrl}/v3/transactions`,
		sendQuery: true,
		specifyQuery: 'keypair',
		queryParameters: { parameters: listQuery(filters) },
		options: {
			pagination: {
				pagination: {
					paginationMode: 'updateAParameterInEachRequest',
					parameters: {
						parameters: [{ type: 'qs', name: 'offset', value: `={{ $pageCount * ${PAGE} }}` }],
					},
					paginationCompleteWhen: 'other',
					completeExpression:
						'={{ $response.body.meta.offset + $response.body.items.length >= $response.body.meta.total }}',
					...(maxPages ? { limitPagesFetched: true, maxRequests: maxPages } : {}),
					requestInterval: 0,
				},
			},
		},
	});

export const splitNode = workflowNode('Split Out Items', 'n8n-nodes-base.splitOut', 1, 200, {
	fieldToSplitOut: 'items',
	include: 'noOtherFields',
	options: {},
});

export const dedupeNode = workflowNode(
	'Remove Duplicates',
	'n8n-nodes-base.removeDuplicates',
	2,
	400,
	{
		operation: 'removeItemsSeenInPreviousExecutions',
		logic: 'removeItemsWithAlreadySeenKeyValues',
		dedupeValue: '={{ $json.id }}',
		options: { scope: 'node', historySize: HISTORY_SIZE },
	},
);

const messageNode = (baseUrl: string) =>
	httpNode('Get Message', 600, {
		method: 'GET',
		url: `=${baseUrl}/v3/transactions/{{ $json.id }}/message`,
		options: {},
	});

const createNode = (baseUrl: string) =>
	httpNode('Create Transaction', 0, {
		method: 'POST',
		url: `${baseUrl}/v4/transactions`,
		sendBody: true,
		specifyBody: 'json',
		jsonBody: '={{ JSON.stringify($json) }}',
		options: {},
	});

export const chain = (names: string[]) =>
	Object.fromEntries(
		names
			.slice(0, -1)
			.map((name, i) => [name, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }]),
	) as WorkflowJson['connections'];

function realHandBuilt(base: BaseNodes, credentials: EdiCredentials): HandBuilt {
	const nodeTypes = benchNodeTypes({
		'n8n-nodes-base.httpRequest': base.httpRequest,
		'n8n-nodes-base.splitOut': base.splitOut,
		'n8n-nodes-base.removeDuplicates': base.removeDuplicates,
	});
	const run = async (json: WorkflowJson, input?: INodeExecutionData[]) => {
		const result = await runWorkflow(json, {
			credentials,
			startNode: json.nodes[0].name,
			input,
			nodeTypes,
			mode: 'trigger',
			extraCredentials: headerAuth(credentials),
		});
		if (result.error) throw result.error;
		return result;
	};
	return {
		what: `n8n-nodes-base ${base.version}: HTTP Request 4.2 (pagination) → Split Out → Remove Duplicates 2`,
		real: true,
		poller(id) {
			const shape = (withMessage: boolean): WorkflowJson => {
				const nodes = [
					listNode(credentials.baseUrl, { stream: 'test', direction: 'inbound' }),
					splitNode,
					dedupeNode,
					...(withMessage ? [messageNode(credentials.baseUrl)] : []),
				];
				return {
					id,
					name: id,
					nodes,
					connections: chain(nodes.map((n) => n.name)),
					settings: { executionOrder: 'v1' },
				};
			};
			const shapes = [shape(false), shape(true)];
			return {
				run: async (withMessage) => {
					await deduplicationStore();
					const result = await run(shapes[Number(withMessage)]);
					const runData = result.run.data.resultData.runData;
					const [list, dedupe] = [
						runData['List Transactions']?.[0],
						runData['Remove Duplicates']?.[0],
					];
					return {
						items: result.outputs[withMessage ? 'Get Message' : 'Remove Duplicates'] ?? [],
						untilDeduplicatedMs:
							list && dedupe ? dedupe.startTime + dedupe.executionTime - list.startTime : undefined,
					};
				},
			};
		},
		async listAll() {
			const nodes = [listNode(credentials.baseUrl, {}), splitNode];
			return (
				await run({
					id: 'hand-built-list',
					nodes,
					connections: chain(nodes.map((n) => n.name)),
					settings: { executionOrder: 'v1' },
				})
			).items;
		},
		async createEach(bodies, settings = {}) {
			const json: WorkflowJson = {
				id: 'hand-built-create',
				nodes: [{ ...createNode(credentials.baseUrl), ...settings }],
				connections: {},
				settings: { executionOrder: 'v1' },
			};
			return (
				await run(
					json,
					bodies.map((body) => ({ json: body })),
				)
			).items;
		},
		async listPages(pages) {
			const nodes = [listNode(credentials.baseUrl, {}, pages), splitNode];
			return (
				await run({
					id: 'hand-built-list-pages',
					nodes,
					connections: chain(nodes.map((n) => n.name)),
					settings: { executionOrder: 'v1' },
				})
			).items;
		},
	};
}

/**
 * The reimplementation: one node doing what the n8n workflow does, with the engine's own request
 * helper (axios underneath): fetch every page of the list with the same page size, compare ids
 * with the stored set, emit the new ones (and fetch their messages, all at once as the HTTP
 * Request node does for its input items); Return All without the comparison; one POST per item.
 */
const reimplementation: INodeType = {
	description: {
		displayName: 'Hand-built (reimplementation)',
		name: 'benchHandBuilt',
		group: ['transform'],
		version: 1,
		description: '',
		defaults: { name: 'Hand-built' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [
			{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
			{
				displayName: 'API Token',
				name: 'apiToken',
				type: 'string',
				typeOptions: { password: true },
				default: '',
			},
			{ displayName: 'Operation', name: 'operation', type: 'string', default: 'poll' },
			{ displayName: 'With Message', name: 'withMessage', type: 'boolean', default: false },
			{ displayName: 'Max Pages', name: 'maxPages', type: 'number', default: 0 },
		],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const [baseUrl, apiToken, operation, withMessage] = [
			'baseUrl',
			'apiToken',
			'operation',
			'withMessage',
		].map((name) => this.getNodeParameter(name, 0)) as [string, string, string, boolean];
		const headers = { 'service-api-key': String(apiToken) };
		const request = (options: IDataObject) =>
			this.helpers.httpRequest({ headers, json: true, ...options } as never) as Promise<any>;
		if (operation === 'create') {
			const items = this.getInputData();
			return [
				await Promise.all(
					items.map(async (item) => ({
						json: await request({
							method: 'POST',
							url: `${baseUrl}/v4/transactions`,
							body: item.json,
						}),
					})),
				),
			];
		}
		const started = Date.now();
		const qs = operation === 'poll' ? { stream: 'test', direction: 'inbound' } : {};
		const all: IDataObject[] = [];
		for (let offset = 0; ; offset += PAGE) {
			const page = await request({
				method: 'GET',
				url: `${baseUrl}/v3/transactions`,
				qs: { limit: PAGE, offset, ...qs },
			});
			all.push(...page.items);
			if (page.meta.offset + page.items.length >= page.meta.total) break;
			if (offset / PAGE + 1 === this.getNodeParameter('maxPages', 0)) break;
		}
		if (operation === 'list') return [all.map((json) => ({ json }))];
		const data = this.getWorkflowStaticData('node');
		const seen = new Set<string>((data.seen as string[] | undefined) ?? []);
		const fresh = all.filter((item) => !seen.has(String(item.id)));
		data.seen = [...seen, ...fresh.map((item) => String(item.id))];
		// What the n8n workflow's run data tells: the time up to the end of Remove Duplicates.
		data.untilDeduplicatedMs = Date.now() - started;
		if (!withMessage) return [fresh.map((json) => ({ json }))];
		return [
			await Promise.all(
				fresh.map(async (item) => ({
					json: await request({
						method: 'GET',
						url: `${baseUrl}/v3/transactions/${item.id}/message`,
					}),
				})),
			),
		];
	},
};

function reimplementedHandBuilt(credentials: EdiCredentials, loadError: string): HandBuilt {
	const nodeTypes: NodeTypes = benchNodeTypes({ benchHandBuilt: reimplementation });
	const node = (parameters: IDataObject): INode =>
		workflowNode('Hand-built', 'benchHandBuilt', 1, 0, { ...credentials, ...parameters });
	const run = async (json: WorkflowJson, input?: INodeExecutionData[]) => {
		const result = await runWorkflow(json, {
			credentials,
			startNode: 'Hand-built',
			input,
			nodeTypes,
			mode: 'trigger',
		});
		if (result.error) throw result.error;
		return result;
	};
	return {
		what: 'reimplementation of HTTP Request (pagination) + Remove Duplicates (n8n-nodes-base not loadable)',
		real: false,
		loadError,
		poller(id) {
			let staticData: IDataObject = {};
			return {
				run: async (withMessage) => {
					const result = await run({
						id,
						nodes: [node({ operation: 'poll', withMessage })],
						connections: {},
						staticData,
					});
					staticData = JSON.parse(JSON.stringify(result.workflow.staticData));
					const data = staticData['node:Hand-built'] as IDataObject | undefined;
					return {
						items: result.items,
						untilDeduplicatedMs: data?.untilDeduplicatedMs as number | undefined,
					};
				},
			};
		},
		listAll: async () =>
			(await run({ nodes: [node({ operation: 'list' })], connections: {} })).items,
		listPages: async (maxPages) =>
			(await run({ nodes: [node({ operation: 'list', maxPages })], connections: {} })).items,
		createEach: async (bodies) =>
			(
				await run(
					{ nodes: [node({ operation: 'create' })], connections: {} },
					bodies.map((json) => ({ json })),
				)
			).items,
	};
}

export function handBuilt(
	credentials: EdiCredentials,
	options: { forceReimplementation?: boolean } = {},
): HandBuilt {
	const base = options.forceReimplementation
		? { error: 'reimplementation forced (--reimplementation)' }
		: loadBaseNodes();
	return 'error' in base
		? reimplementedHandBuilt(credentials, base.error)
		: realHandBuilt(base, credentials);
}
