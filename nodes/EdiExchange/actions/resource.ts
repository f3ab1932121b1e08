import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { optionsField } from '../shared/fields';
import type { Operation } from './types';

/** One of the resource's operations, as the Operation field lists it. */
export interface ResourceOperation extends INodePropertyOptions {
	value: string;
	action: string;
	operation: Operation;
}

/** A resource of the action node: its choice in the Resource field, its operations and the Operation field. */
export interface Resource {
	choice: INodePropertyOptions & { value: string };
	operations: Record<string, Operation>;
	operationField: INodeProperties;
}

/**
 * A resource from its operations, the first being the default. The Operation field lists them
 * alphabetically (n8n's convention); the given order is the order of their fields.
 */
export function resource(
	choice: Resource['choice'],
	description: string,
	operations: ResourceOperation[],
): Resource {
	return {
		choice,
		operations: Object.fromEntries(operations.map(({ value, operation }) => [value, operation])),
		operationField: optionsField(
			{
				displayName: 'Operation',
				name: 'operation',
				noDataExpression: true,
				displayOptions: { show: { resource: [choice.value] } },
				default: operations[0].value,
				description,
			},
			operations.map(({ operation: _operation, ...option }) => option).sort(byName),
		),
	};
}

/** Alphabetical by name: n8n's convention for the options of a field. */
export const byName = (a: INodePropertyOptions, b: INodePropertyOptions) =>
	a.name < b.name ? -1 : 1;
