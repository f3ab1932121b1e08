/**
 * What the editor shows in the node panels, read from the rendered descriptions (dist/) with n8n's
 * own display logic: every parameter described, each document type's own options, the trigger's
 * options for its source, the Live notice, subtitles, the trigger's actions in the node creator.
 */
import type {
	IDataObject,
	INode,
	INodeProperties,
	INodePropertyCollection,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { readFileSync } from 'fs';
import { join } from 'path';

import { ACTION_NODE, makeWorkflow, TRIGGER_NODE } from '../../harness';
import { ROOT } from './sourceFiles';

const load = (file: string, name: string): INodeTypeDescription =>
	new (require(join(ROOT, 'dist/nodes/EdiExchange', file))[name])().description;
const action = load('EdiExchange.node.js', 'EdiExchange');
const trigger = load('EdiExchangeTrigger.node.js', 'EdiExchangeTrigger');

/** Every parameter, nested ones (collection options, fixedCollection values) included, with its path. */
function parameters(
	properties: INodeProperties[],
	path = '',
): Array<{ path: string; property: INodeProperties }> {
	return properties.flatMap((property) => {
		const here = `${path}${property.displayName}`;
		const nested = (property.options ?? []).flatMap((option) => {
			if ('values' in option)
				return parameters(
					(option as INodePropertyCollection).values,
					`${here} → ${option.displayName} → `,
				);
			if ('type' in option) return parameters([option as INodeProperties], `${here} → `);
			return [];
		});
		return [{ path: here, property }, ...nested];
	});
}

test.each([
	['EDI Exchange', action],
	['EDI Exchange Trigger', trigger],
])(
	'every parameter of %s has a description (notices, callouts and hidden fields excepted)',
	(_name, description) => {
		const silent = ['notice', 'callout', 'hidden'];
		const undescribed = parameters(description.properties)
			.filter(({ property }) => !silent.includes(property.type) && !property.description?.trim())
			.map(({ path }) => path);
		expect(undescribed).toEqual([]);
	},
);

/** The node as the editor holds it: the given parameters with every default filled in. */
function nodeWith(
	type: string,
	description: INodeTypeDescription,
	given: IDataObject,
	typeVersion = 1.1,
): INode {
	const node = {
		id: 'n',
		name: 'Node',
		type,
		typeVersion,
		position: [0, 0],
		parameters: {},
	} as INode;
	node.parameters =
		NodeHelpers.getNodeParameters(
			description.properties,
			given as INode['parameters'],
			true,
			false,
			node,
			description,
		) ?? {};
	return node;
}

/** The names of the parameters shown at the top level, or inside the collection `within`. */
function shown(description: INodeTypeDescription, node: INode, within?: string): string[] {
	const visible = (list: INodeProperties[], values: IDataObject) =>
		list.filter((property) =>
			NodeHelpers.displayParameter(
				values as INode['parameters'],
				property,
				node,
				description,
				node.parameters,
			),
		);
	const top = visible(description.properties, node.parameters);
	if (!within) return top.map((property) => property.name);
	const collections = top.filter((property) => property.name === within);
	expect(collections).toHaveLength(1);
	return visible(collections[0].options as INodeProperties[], {}).map((property) => property.name);
}

const create = (extra: IDataObject) =>
	nodeWith(ACTION_NODE, action, {
		resource: 'transaction',
		operation: 'create',
		messageSource: 'build',
		...extra,
	});

test.each([
	[
		'855_PURCHASE_ORDER_ACKNOWLEDGMENT',
		['estimatedDeliveryDate', 'pricesForUnpricedLines', 'scheduledShipDate', 'unitWhenMissing'],
	],
	[
		'856_SHIP_NOTICE_MANIFEST',
		[
			'billOfLadingNumber',
			'carrierScac',
			'deliveryDate',
			'packing',
			'serviceLevel',
			'shipDate',
			'shipmentId',
			'ssccCompanyPrefix',
			'ssccExtensionDigit',
			'ssccFirstSerial',
			'trackingNumber',
			'transportationMethod',
			'unitWhenMissing',
		],
	],
	[
		'810_INVOICE',
		[
			'carryChargesAndAllowances',
			'invoiceDate',
			'invoiceNumber',
			'pricesForUnpricedLines',
			'unitWhenMissing',
		],
	],
])(
	'Create %s built from a purchase order offers only its own Document Options',
	(documentType, options) => {
		expect(shown(action, create({ documentType }), 'documentOptions')).toEqual(options);
	},
);

test('Create shows the Live notice next to Stream only when Live is chosen', () => {
	const live = shown(action, create({ stream: 'live' }));
	expect(live.slice(live.indexOf('stream'), live.indexOf('stream') + 2)).toEqual([
		'stream',
		'liveNotice',
	]);
	expect(shown(action, create({ stream: 'test' }))).not.toContain('liveNotice');
	expect(action.hints ?? []).toEqual([]);
});

test.each([
	[
		{ source: 'transactions' },
		[
			'duplicateWindowDays',
			'duplicates',
			'lateArrivalWindowMinutes',
			'maxItemsPerPoll',
			'startFrom',
			'encoding',
		],
	],
	// A hidden Acceptance left on automatic from an earlier choice of the inbox.
	[
		{ source: 'transactions', acceptMode: 'auto' },
		[
			'duplicateWindowDays',
			'duplicates',
			'lateArrivalWindowMinutes',
			'maxItemsPerPoll',
			'startFrom',
			'encoding',
		],
	],
	[{ source: 'inbox' }, ['maxItemsPerPoll', 'redeliverAfterMinutes']],
	[{ source: 'inbox', acceptMode: 'auto' }, ['acceptNote', 'maxItemsPerPoll']],
])('the trigger set to %j offers only the Options that apply to it', (parameters, options) => {
	expect(shown(trigger, nodeWith(TRIGGER_NODE, trigger, parameters, 1), 'options')).toEqual(
		options,
	);
});

test('version 1 nodes keep their plain Transaction ID field; version 1.1 has the locator', () => {
	const getMessage = { resource: 'transaction', operation: 'getMessage' };
	const typeOf = (typeVersion: number) => {
		const node = nodeWith(ACTION_NODE, action, getMessage, typeVersion);
		return action.properties
			.filter(
				(p) =>
					p.name === 'transactionId' &&
					NodeHelpers.displayParameter(node.parameters, p, node, action, node.parameters),
			)
			.map((p) => p.type);
	};
	expect(typeOf(1)).toEqual(['string']);
	expect(typeOf(1.1)).toEqual(['resourceLocator']);
	expect(action.defaultVersion).toBe(1.1);
});

/** The subtitle as the canvas shows it: the node's subtitle expression over its parameters. */
function subtitle(type: string, description: INodeTypeDescription, given: IDataObject): unknown {
	const node = nodeWith(type, description, given, type === ACTION_NODE ? 1.1 : 1);
	const workflow = makeWorkflow({ nodes: [node], connections: {} });
	return workflow.expression.getSimpleParameterValue(
		node,
		description.subtitle as string,
		'internal',
		{},
	);
}

test.each([
	[{ resource: 'transaction', operation: 'create' }, 'Create 855'],
	[{ resource: 'transaction', operation: 'create', documentType: '810_INVOICE' }, 'Create 810'],
	[{ resource: 'transaction', operation: 'getMany' }, 'Get Many Transactions'],
	[{ resource: 'transaction', operation: 'getMessage' }, 'Get Transaction Message'],
	[{ resource: 'inbox', operation: 'getMany' }, 'Get Many Inbox Items'],
	[{ resource: 'inbox', operation: 'accept' }, 'Accept Delivery'],
	[{ resource: 'inbox', operation: 'fail' }, 'Fail Delivery'],
	[{ resource: 'integrationPayload', operation: 'submit' }, 'Submit X12 Payload'],
	[{ resource: 'integrationPayload', operation: 'submit', format: 'json' }, 'Submit JSON Payload'],
])('the action node %j is subtitled %s', (parameters, expected) => {
	expect(subtitle(ACTION_NODE, action, parameters)).toBe(expected);
});

test.each([
	[{}, 'New Inbound Transactions'],
	[{ transactionTypes: ['850', '860'] }, 'New Inbound 850/860'],
	[{ source: 'inbox', stream: 'live' }, 'New Inbox Documents · Live'],
])('the trigger %j is subtitled %s', (parameters, expected) => {
	expect(subtitle(TRIGGER_NODE, trigger, parameters)).toBe(expected);
});

test('the node creator lists the trigger’s actions by what starts the workflow', () => {
	// n8n turns each option of a field named Event, Events or Trigger On into a trigger action.
	const field = trigger.properties.find((p) =>
		['event', 'events', 'trigger on'].includes(p.displayName.toLowerCase()),
	);
	expect(field?.options?.map((o) => ('action' in o ? o.action : undefined))).toEqual([
		'On new inbound transaction',
		'On new inbox document',
		'On outcome of a sent document',
	]);
	// n8n shows the trigger's description on the entry it merges both nodes into: it names the actions too.
	expect(trigger.description).toBe(action.description);
	expect(trigger.description).toMatch(/send, read and accept/);
});

test("the explanatory note of the trigger is a notice (the only kind n8n's verification rules let speak in a sentence) and names where Start From is", () => {
	const note = trigger.properties.find((p) => p.name === 'semanticsNotice');
	expect(note?.type).toBe('notice');
	expect(note?.displayName).toMatch(/Options → Start From/);
});

test.each([
	['EdiExchange', action, 'edi-exchange-node'],
	['EdiExchangeTrigger', trigger, 'edi-exchange-trigger'],
])(
	'%s: the docs link keeps its anchor, and the codex names EDI’s categories',
	(file, description, anchor) => {
		// n8n opens documentationUrl as is; a codex link gets its tracking query appended after the anchor.
		expect(description.documentationUrl).toMatch(new RegExp(`^https://[^?#]+#${anchor}$`));
		const codex = JSON.parse(
			readFileSync(join(ROOT, 'nodes/EdiExchange', `${file}.node.json`), 'utf8'),
		);
		expect(codex.resources.primaryDocumentation[0].url).toBe(description.documentationUrl);
		expect(codex.categories).toEqual(['Sales', 'Finance & Accounting']);
	},
);
