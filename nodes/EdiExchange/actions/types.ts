import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** One operation: its editor fields and what it does for one input item. */
export interface Operation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
}

/** Shows a field only for the given resource and operation(s). */
export const showFor = (resource: string, operation: string[]) => ({
	show: { resource: [resource], operation },
});
