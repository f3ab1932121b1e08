/**
 * X12 → Print Carton Labels: the ship notice (856) as it was sent → GS1 logistics labels in ZPL
 * II, one per pallet and carton it labels with an SSCC, as binary data (one file for the
 * shipment, or one item per label). Sends nothing; the labels are written by labels/ (pure), the
 * binary made here.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DocumentError } from '../../documents';
import { type Label, type Resolution, writeLabels } from '../../labels';
import { optionsCollection, optionsField } from '../../shared/fields';
import { readJsonParameter } from '../fields';
import { forOperation, type Operation } from '../types';
import { isX12Text, shipNoticeAsSent } from '../../x12Documents';

/** ZPL II has no registered media type; print services and Zebra's own tools send it as this. */
export const ZPL_MIME_TYPE = 'application/x-zpl';

/** The ship-from block's fields, named as a party of the documents is. */
const SHIP_FROM_FIELDS: Array<[string, string, string]> = [
	['Name', 'name', 'Your company’s name'],
	['Address Line 1', 'addressLine1', 'Street and number'],
	['Address Line 2', 'addressLine2', 'More of the address, if any'],
	['City', 'city', 'The city'],
	['State or Province Code', 'stateOrProvinceCode', 'e.g. NJ'],
	['Postal Code', 'postalCode', 'Your postal code'],
	['Country Code', 'countryCode', 'e.g. US'],
];

export const printLabels: Operation = {
	subtitle: '"Print Carton Labels"',
	description: forOperation('x12', 'printLabels', [
		{
			displayName: 'Ship Notice',
			name: 'shipNotice',
			type: 'json',
			default: '={{ $json }}',
			description:
				'The 856 whose pallets and cartons carry SSCCs, as it was sent: the X12 856 or its service JSON segments (labels exactly the packages its MAN*GM label), or the structured message. The default takes the item Create (856) put out: its X12, its segments, else its message.',
		},
		{
			displayName: 'Ship From',
			name: 'shipFrom',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			description:
				'Your address, printed in the label’s ship-from block (when the 856 names no parties.shipFrom)',
			options: SHIP_FROM_FIELDS.map(([displayName, name, description]) => ({
				displayName,
				name,
				type: 'string' as const,
				default: '',
				description,
			})),
		},
		optionsCollection(
			[
				{
					displayName: 'GS1 Company Prefix',
					name: 'companyPrefix',
					type: 'string',
					default: '',
					placeholder: 'e.g. 0614141',
					description:
						'Each SSCC must carry it; the human-readable line then shows it apart: (00) 0 0614141 123456789 0',
				},
				{
					displayName: 'One Item per Label',
					name: 'itemPerLabel',
					type: 'boolean',
					default: false,
					description:
						'Whether to put out one item per label (its own ZPL file) instead of one item with the shipment’s file',
				},
				{
					displayName: 'Put Output File in Field',
					name: 'binaryPropertyName',
					type: 'string',
					default: 'data',
					description: 'The binary field the ZPL file goes in',
				},
				optionsField(
					{
						displayName: 'Resolution',
						name: 'resolution',
						description: 'The printer’s: the labels are 4 × 6 in at either',
					},
					[
						{ name: '203 Dpi (8 Dots/mm)', value: 203 },
						{ name: '300 Dpi (12 Dots/mm)', value: 300 },
					],
				),
			],
			'How the labels are printed',
		),
	]),

	async execute(itemIndex) {
		const given = this.getNodeParameter('shipNotice', itemIndex, '') as unknown;
		const json = isX12Text(given)
			? undefined
			: readJsonParameter.call(this, 'shipNotice', 'Ship Notice', itemIndex);
		const shipFrom = this.getNodeParameter('shipFrom', itemIndex, {}) as IDataObject;
		const options = this.getNodeParameter('options', itemIndex, {}) as {
			companyPrefix?: string;
			itemPerLabel?: boolean;
			binaryPropertyName?: string;
			resolution?: Resolution;
		};
		let written;
		try {
			const { shipNotice, writtenFrom } = shipNoticeAsSent(isX12Text(given) ? given : json);
			written = writeLabels(shipNotice, {
				shipFrom,
				writtenFrom,
				companyPrefix: options.companyPrefix,
				resolution: options.resolution,
			});
		} catch (error) {
			if (!(error instanceof DocumentError))
				throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
			throw new NodeOperationError(this.getNode(), error.message, {
				description:
					'No label was made. Fix the field named above: the labels are made from Ship Notice (the 856 as sent: X12, service JSON segments or its message) and Ship From.',
				itemIndex,
			});
		}
		const field = options.binaryPropertyName?.trim() || 'data';
		const name = written.shipmentId.replace(/[^\w.-]+/g, '_') || 'shipment';
		const file = (zpl: string, fileName: string) =>
			this.helpers.prepareBinaryData(Buffer.from(zpl, 'ascii'), fileName, ZPL_MIME_TYPE);
		const summary = ({ sscc, kind, number, of, purchaseOrderNumber, path }: Label) => ({
			sscc,
			kind,
			number,
			of,
			purchaseOrderNumber,
			path,
		});
		const { shipmentId, warnings } = written;
		if (options.itemPerLabel)
			return Promise.all(
				written.labels.map(async (label): Promise<INodeExecutionData> => ({
					json: { shipmentId, ...summary(label), warnings },
					binary: { [field]: await file(label.zpl, `${name}-${label.sscc}.zpl`) },
				})),
			);
		return [
			{
				json: {
					shipmentId,
					labelCount: written.labels.length,
					labels: written.labels.map(summary),
					warnings,
				},
				binary: { [field]: await file(written.zpl, `${name}-labels.zpl`) },
			},
		];
	},
};
