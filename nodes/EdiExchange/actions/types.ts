import type {
	IDisplayOptions,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { ServiceClient } from '../transport/client';

/** One operation: its editor fields and what it does for one input item. */
export interface Operation {
	description: INodeProperties[];
	/** The canvas subtitle, as an editor expression in title case: '"Get Many Transactions"'. */
	subtitle: string;
	/**
	 * `client`: the run's service client (router.ts creates it); every request goes through it.
	 * Operations write `async execute(itemIndex, client)`: the types and `this` come from here.
	 */
	execute(
		this: IExecuteFunctions,
		itemIndex: number,
		client: ServiceClient,
	): Promise<INodeExecutionData[]>;
	/** Items may run several at once, as Options → Concurrency (sendingOptions) says. */
	concurrent?: boolean;
	/**
	 * A mode of the operation that reads all input items at once (Create → Build Inventory Advice
	 * From Rows: the rows of one feed) instead of running per item; the router asks `applies` first.
	 */
	allItems?: {
		applies(this: IExecuteFunctions): boolean;
		execute(this: IExecuteFunctions, client: ServiceClient): Promise<INodeExecutionData[]>;
	};
}

/**
 * An operation's fields, each shown only for its resource and operation: declared once per
 * operation here instead of on every field (like n8n's updateDisplayOptions). A field's own
 * conditions (e.g. messageSource) are kept after the resource and operation.
 */
export function forOperation(
	resource: string,
	operation: string,
	fields: INodeProperties[],
): INodeProperties[] {
	return fields.map((field) => {
		const own: IDisplayOptions = field.displayOptions ?? {};
		return {
			...field,
			displayOptions: {
				...own,
				show: { resource: [resource], operation: [operation], ...own.show },
			},
		};
	});
}

/** Shown only in these versions of the action node (n8n's `@version` display condition). */
export const inVersion1 = { '@version': [1] };
export const fromVersion1_1 = { '@version': [{ _cnd: { gte: 1.1 } }] };
