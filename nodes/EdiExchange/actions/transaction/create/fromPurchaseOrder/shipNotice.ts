/** Build From Purchase Order → 856: the lines to ship and the shipment's details. */
import { buildShipNotice, type Packing, type ShipNoticeLineOption } from '../../../../documents';
import { optionsField } from '../../../../shared/fields';
import { readSscc, ssccFields, ssccLineField } from './sscc';
import {
	ASN,
	dateOf,
	definedLines,
	documentOptions,
	readAcknowledgment,
	readLines,
	today,
	unitWhenMissingOption,
	type DocumentBuild,
} from './fields';

const text = (value: unknown) => value as string | undefined;

export const shipNotice: DocumentBuild = {
	lines: [
		...definedLines(
			{
				name: 'shipLines',
				what: 'lines to ship',
				example: '{ "purchaseOrderLineId": "1", "quantity": "5" }',
				documentType: ASN,
				placeholder: 'Add Line to Ship',
				description:
					'A partial shipment: only these lines and quantities. Empty ships everything accepted (or ordered).',
				lineIdDescription: 'The purchase order line to ship (its purchaseOrderLineId)',
			},
			[
				{
					displayName: 'Quantity',
					name: 'quantity',
					type: 'string',
					default: '',
					description: 'Leave empty for all that was accepted',
				},
				ssccLineField,
			],
		),
	],
	options: documentOptions(ASN, 'Shipment details of the ship notice (856)', [
		{
			displayName: 'Bill of Lading Number',
			name: 'billOfLadingNumber',
			type: 'string',
			default: '',
			description: 'The carrier’s bill of lading for this shipment',
		},
		{
			displayName: 'Carrier SCAC',
			name: 'carrierScac',
			type: 'string',
			default: '',
			placeholder: 'e.g. FEDX',
			description: 'The carrier’s Standard Carrier Alpha Code',
		},
		{
			displayName: 'Delivery Date',
			name: 'deliveryDate',
			type: 'dateTime',
			default: '',
			description: 'When the shipment is expected to arrive',
		},
		optionsField(
			{
				displayName: 'Packing',
				name: 'packing',
				description: 'How the items are packed on the one pallet',
			},
			[
				{
					name: 'One Carton per Line',
					value: 'cartonPerLine',
					description: 'Each order line in a carton of its own',
				},
				{ name: 'A Single Carton', value: 'singleCarton', description: 'All lines in one carton' },
			],
		),
		{
			displayName: 'Service Level',
			name: 'serviceLevel',
			type: 'string',
			default: '',
			placeholder: 'e.g. ground',
			description: 'The carrier’s service level',
		},
		{
			displayName: 'Ship Date',
			name: 'shipDate',
			type: 'dateTime',
			default: '',
			description: 'When the goods left; empty means today',
		},
		{
			displayName: 'Shipment ID',
			name: 'shipmentId',
			type: 'string',
			default: '',
			description: 'Your ID of the shipment; empty means SHP-&lt;PO number&gt;',
		},
		...ssccFields,
		{
			displayName: 'Tracking Number',
			name: 'trackingNumber',
			type: 'string',
			default: '',
			description: 'The carrier’s tracking number',
		},
		{
			displayName: 'Transportation Method',
			name: 'transportationMethod',
			type: 'string',
			default: '',
			placeholder: 'e.g. commonCarrier',
			description: 'How the goods travel',
		},
		unitWhenMissingOption,
	]),
	build(order, options, itemIndex) {
		const acknowledgment = readAcknowledgment.call(this, itemIndex);
		const lines = readLines.call(this, 'shipLines', 'lines to ship', itemIndex);
		return buildShipNotice(order, {
			shipDate: dateOf(options.shipDate) ?? today(),
			deliveryDate: dateOf(options.deliveryDate),
			shipmentId: text(options.shipmentId),
			acknowledgment,
			lines: lines.length ? (lines as unknown as ShipNoticeLineOption[]) : undefined,
			carrierScac: text(options.carrierScac),
			transportationMethod: text(options.transportationMethod),
			serviceLevel: text(options.serviceLevel),
			billOfLadingNumber: text(options.billOfLadingNumber),
			trackingNumber: text(options.trackingNumber),
			packing: options.packing as Packing | undefined,
			sscc: readSscc.call(this, options, itemIndex),
			unitWhenMissing: text(options.unitWhenMissing),
		});
	},
};
