/** Build From Purchase Order → 855: the line decisions and dates of the acknowledgment. */
import { buildAcknowledgment, type AcknowledgmentLineOption } from '../../../../documents';
import { optionsField } from '../../../../shared/fields';
import {
	ACK,
	dateOf,
	definedLines,
	documentOptions,
	pricesForUnpricedLinesOption,
	readLines,
	readOrderGaps,
	unitWhenMissingOption,
	type DocumentBuild,
} from './fields';

export const acknowledgment: DocumentBuild = {
	lines: [
		...definedLines(
			{
				name: 'acknowledgmentLines',
				what: 'line decisions',
				example:
					'{ "purchaseOrderLineId": "1", "status": "accepted" | "backordered" | "rejected", "quantity": "5", "unitCostPrice"?: "9.99" }',
				documentType: ACK,
				placeholder: 'Add Line Decision',
				description: 'Lines not listed are accepted as ordered',
				lineIdDescription: 'The purchase order line (its purchaseOrderLineId)',
			},
			[
				optionsField(
					{ displayName: 'Status', name: 'status', description: 'Your decision on this line' },
					[
						{ name: 'Accepted', value: 'accepted', description: 'Ships as acknowledged' },
						{ name: 'Backordered', value: 'backordered', description: 'Ships later' },
						{ name: 'Rejected', value: 'rejected', description: 'Will not ship' },
					],
				),
				{
					displayName: 'Quantity',
					name: 'quantity',
					type: 'string',
					default: '',
					description: 'Leave empty for the ordered quantity',
				},
				{
					displayName: 'Unit Price',
					name: 'unitCostPrice',
					type: 'string',
					default: '',
					description: 'Leave empty for the ordered price',
				},
			],
		),
	],
	options: documentOptions(ACK, 'Dates of the acknowledgment (855)', [
		{
			displayName: 'Estimated Delivery Date',
			name: 'estimatedDeliveryDate',
			type: 'dateTime',
			default: '',
			description: 'When the goods are expected to arrive at the buyer',
		},
		pricesForUnpricedLinesOption,
		{
			displayName: 'Scheduled Ship Date',
			name: 'scheduledShipDate',
			type: 'dateTime',
			default: '',
			description: 'When you plan to ship the order',
		},
		unitWhenMissingOption,
	]),
	build(order, options, itemIndex) {
		const lines = readLines.call(this, 'acknowledgmentLines', 'line decisions', itemIndex);
		return buildAcknowledgment(order, {
			...readOrderGaps.call(this, options, itemIndex),
			scheduledShipDate: dateOf(options.scheduledShipDate),
			estimatedDeliveryDate: dateOf(options.estimatedDeliveryDate),
			lines: lines as unknown as AcknowledgmentLineOption[],
		});
	},
};
