/**
 * The node-types registry the engine resolves workflow nodes against: our compiled classes from
 * dist/ (what ships), under the names real n8n gives a community package's nodes.
 */
import type { IDataObject, INodeType, INodeTypes, IVersionedNodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { join } from 'path';

export const PACKAGE = 'n8n-nodes-edi-exchange';
export const ACTION_NODE = `${PACKAGE}.ediExchange`;
export const TRIGGER_NODE = `${PACKAGE}.ediExchangeTrigger`;

const DIST = join(__dirname, '..', 'dist');

const load = <T>(file: string, name: string): T => new (require(join(DIST, file))[name])() as T;

/** The action node's version n8n gives a new node (its defaultVersion). */
export const ACTION_VERSION = Number(
	load<INodeType>('nodes/EdiExchange/EdiExchange.node.js', 'EdiExchange').description
		.defaultVersion ?? 1,
);

/** n8n's sticky note: a comment on the canvas, never executed, but workflows carry it. */
const stickyNote: INodeType = {
	description: {
		displayName: 'Sticky Note',
		name: 'stickyNote',
		group: ['input'],
		version: 1,
		description: '',
		defaults: { name: 'Sticky Note' },
		inputs: [],
		outputs: [],
		properties: [],
	},
};

export class NodeTypes implements INodeTypes {
	private readonly types = new Map<string, INodeType | IVersionedNodeType>();

	constructor(extra: Record<string, INodeType> = {}) {
		this.types.set(ACTION_NODE, load('nodes/EdiExchange/EdiExchange.node.js', 'EdiExchange'));
		this.types.set(
			TRIGGER_NODE,
			load('nodes/EdiExchange/EdiExchangeTrigger.node.js', 'EdiExchangeTrigger'),
		);
		this.types.set('n8n-nodes-base.stickyNote', stickyNote);
		for (const [name, type] of Object.entries(extra)) this.types.set(name, type);
	}

	getByName(name: string): INodeType | IVersionedNodeType {
		const type = this.types.get(name);
		if (!type)
			throw new Error(
				`Unknown node type ${name}: the harness knows ${[...this.types.keys()].join(', ')}`,
			);
		return type;
	}

	getByNameAndVersion(name: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(name), version);
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}
