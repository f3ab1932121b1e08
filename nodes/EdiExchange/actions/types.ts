import type { IDisplayOptions, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** One operation: its editor fields and what it does for one input item. */
export interface Operation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
}

/**
 * An operation's fields, each shown only for its resource and operation: declared once per
 * operation here instead of on every field (like n8n's updateDisplayOptions). A field's own
 * conditions (e.g. messageSource) are kept after the resource and operation.
 */
export function forOperation(resource: string, operation: string, fields: INodeProperties[]): INodeProperties[] {
	return fields.map((field) => {
		const own: IDisplayOptions = field.displayOptions ?? {};
		return { ...field, displayOptions: { ...own, show: { resource: [resource], operation: [operation], ...own.show } } };
	});
}
