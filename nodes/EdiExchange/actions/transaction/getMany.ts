import type { IDataObject } from 'n8n-workflow';

import { collectTransactions } from '../../transport/pagination';
import { optionsField, streamField, transactionTypesField } from '../../shared/fields';
import { isOneOfTypes } from '../../shared/typeCode';
import { limitField, readLimit } from '../fields';
import { forOperation, type Operation } from '../types';

export const getMany: Operation = {
	subtitle: '"Get Many Transactions"',
	description: forOperation('transaction', 'getMany', [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		limitField(0, {
			displayOptions: { show: { returnAll: [false] } },
		}),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			description: 'Only transactions that match all the filters given',
			options: [
				optionsField(
					{
						displayName: 'Direction',
						name: 'direction',
						description: 'Received or sent transactions',
					},
					[
						{ name: 'Inbound', value: 'inbound', description: 'Received from trading partners' },
						{ name: 'Outbound', value: 'outbound', description: 'Sent to trading partners' },
					],
				),
				streamField(),
				transactionTypesField(
					'Only these document types. The service cannot filter by type, so the node pages through the list and keeps the matching ones.',
				),
			],
		},
	]),

	async execute(itemIndex, client) {
		const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
		const wanted = returnAll ? Infinity : readLimit.call(this, itemIndex);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const types = (filters.transactionTypes ?? []) as string[];
		const keep = types.length
			? (item: IDataObject) => isOneOfTypes(types, item.transactionType)
			: undefined;
		const items = await collectTransactions(
			client,
			{
				stream: filters.stream as string | undefined,
				direction: filters.direction as string | undefined,
			},
			wanted,
			keep,
			itemIndex,
		);
		return items.map((json) => ({ json }));
	},
};
