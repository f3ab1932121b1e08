import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { collectTransactions } from '../../transport/pagination';
import { MAX_BUSINESS_NUMBERS, type RefusableFilter } from '../../transport/listFilters';
import { acknowledgmentStatusOptions } from '../../shared/acknowledgments';
import { optionsField, streamField, transactionTypesField } from '../../shared/fields';
import { shownValue } from '../../shared/parameters';
import { isOneOfTypes } from '../../shared/typeCode';
import { limitField, readLimit } from '../fields';
import { forOperation, type Operation } from '../types';

const FILTER_LABELS: Record<RefusableFilter, string> = {
	acknowledgmentStatus: 'Acknowledgment Status',
	businessNumber: 'Business Number',
};

/**
 * Filters → Business Number: one number, several separated by commas, or a list from an
 * expression; at most MAX_BUSINESS_NUMBERS, each non-empty, checked before anything is sent.
 */
export function readBusinessNumbers(
	this: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
): string[] {
	if (value === undefined || value === '') return [];
	const parts = (Array.isArray(value) ? value.map(String) : String(value).split(',')).map((part) =>
		part.trim(),
	);
	const fail = (message: string, description: string) => {
		throw new NodeOperationError(this.getNode(), message, { description, itemIndex });
	};
	if (parts.some((part) => part === ''))
		fail(
			`Filters → Business Number has an empty value: ${shownValue(value)}`,
			'Give business numbers (PO, invoice or shipment numbers) separated by commas, e.g. PO-1042, PO-1043, without empty entries. Nothing was sent.',
		);
	const numbers = [...new Set(parts)];
	if (numbers.length > MAX_BUSINESS_NUMBERS)
		fail(
			`Filters → Business Number has ${numbers.length} values; the service takes at most ${MAX_BUSINESS_NUMBERS}`,
			`Look up at most ${MAX_BUSINESS_NUMBERS} numbers per item: split them over several input items (one Get Many per item). Nothing was sent.`,
		);
	return numbers;
}

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
				{
					displayName: 'Acknowledgment Status',
					name: 'acknowledgmentStatus',
					type: 'multiOptions',
					default: [],
					options: acknowledgmentStatusOptions(),
					description:
						'Only sent transactions whose receiver’s answer is one of these (e.g. Rejected, to see what came back)',
				},
				{
					displayName: 'Business Number',
					name: 'businessNumber',
					type: 'string',
					default: '',
					placeholder: 'e.g. PO-1042, INV-1042',
					typeOptions: { textOrList: true },
					description: `Only transactions with one of these business numbers (PO, invoice or shipment number), exact match: one, or up to ${MAX_BUSINESS_NUMBERS} separated by commas (an expression may also give a list)`,
				},
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
		const businessNumber = readBusinessNumbers.call(this, filters.businessNumber, itemIndex);
		const acknowledgmentStatus = (filters.acknowledgmentStatus ?? []) as string[];
		const keep = types.length
			? (item: IDataObject) => isOneOfTypes(types, item.transactionType)
			: undefined;
		const items = await collectTransactions(
			client,
			{
				stream: filters.stream as string | undefined,
				direction: filters.direction as string | undefined,
				businessNumber,
				acknowledgmentStatus,
			},
			wanted,
			keep,
			itemIndex,
			// Said once per run, in the output's hints: the list was read whole and filtered here.
			(name) =>
				this.addExecutionHints({
					message: `The service refused the ${FILTER_LABELS[name]} filter (${name}), so this node read the list without it and kept the matching transactions itself: the result is the same, at the cost of more requests.`,
					location: 'outputPane',
				}),
		);
		return items.map((json) => ({ json }));
	},
};
