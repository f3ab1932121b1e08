/**
 * Create → "Build Inventory Advice From Rows": its fields. The input items are rows (one per item
 * and location, as a database query or a sheet returns them); Row Columns names the column holding
 * each value, Inventory Options the feed's settings. The names here are relied on by recipes and the
 * benchmark (docs/inventory.md): keep them stable.
 */
import type { INodeProperties } from 'n8n-workflow';

import { serviceTypeOf } from '../../../../documents/registry';

export const INVENTORY_ADVICE = serviceTypeOf('846');
/** Message Source → Build Inventory Advice From Rows. */
export const FROM_ROWS = 'inventoryRows';

/** Shown for Create when the 846 is built from rows. */
const fromRows = { show: { messageSource: [FROM_ROWS], documentType: [INVENTORY_ADVICE] } };

/** Each column a row may have: its parameter name (also its default column name) and what it holds. */
export const COLUMNS = [
	['buyerItemNumber', 'Buyer Item Number', "The retailer's item number (LIN BP)"],
	['vendorItemNumber', 'Vendor Item Number', 'Your item number or SKU (LIN VN)'],
	['gtin', 'UPC / GTIN', 'The UPC (12 digits), EAN (13) or GTIN-14 (LIN UP, EN or UK)'],
	['description', 'Description', 'Optional: the item description (PID)'],
	['quantityAvailable', 'Quantity Available', 'The quantity available to sell (QTY 33): required'],
	['quantityOnHand', 'Quantity On Hand', 'Optional: the quantity on hand (QTY 17)'],
	['quantityOnOrder', 'Quantity On Order', 'Optional: the quantity on order (QTY 63)'],
	['onOrderDate', 'On Order Date', 'Optional: when the quantity on order arrives (YYYY-MM-DD)'],
	[
		'unitOfMeasure',
		'Unit of Measure',
		'Optional: each, case… or an X12 code such as EA (default each)',
	],
	['location', 'Location', 'Optional: the warehouse or location code (N1*WH in the line)'],
	[
		'nextAvailableDate',
		'Next Available Date',
		'Optional: when the item is available again (YYYY-MM-DD)',
	],
] as const;

export type Column = (typeof COLUMNS)[number][0];

/** Skip Unchanged Feed Within (Minutes): an unchanged feed is still sent once an hour (see docs/inventory.md). */
export const DEFAULT_SKIP_UNCHANGED_MINUTES = 60;

export const inventoryFields: INodeProperties[] = [
	{
		displayName:
			'All input items are read as rows of one feed: one 846 per receiver (split by Max Lines per 846), not one per item.',
		name: 'inventoryNotice',
		type: 'notice',
		default: '',
		displayOptions: fromRows,
	},
	{
		displayName: 'Row Columns',
		name: 'inventoryColumns',
		type: 'collection',
		placeholder: 'Map a Column',
		default: {},
		description:
			"Which field of each input item holds each value. A column not mapped here is read from the field of the same name (buyerItemNumber, vendorItemNumber, gtin, description, quantityAvailable, quantityOnHand, quantityOnOrder, onOrderDate, unitOfMeasure, location, nextAvailableDate); a dot path reads a nested field. Quantities may be numbers or numeric text (e.g. Postgres's numeric).",
		displayOptions: fromRows,
		options: COLUMNS.map(([name, displayName, what]) => ({
			displayName: `${displayName} Column`,
			name,
			type: 'string',
			default: name,
			description: `The field holding ${what[0].toLowerCase()}${what.slice(1)}`,
		})),
	},
	{
		displayName: 'Inventory Options',
		name: 'inventoryOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description: 'How the feed is checked, split, numbered and skipped when unchanged',
		displayOptions: fromRows,
		options: [
			{
				displayName: 'Bad Rows',
				name: 'badRows',
				type: 'options',
				default: 'refuse',
				options: [
					{
						name: 'Refuse the Whole Feed',
						value: 'refuse',
						description: 'Nothing is sent while any row is bad',
					},
					{
						name: 'Drop the Row, With a Warning Item',
						value: 'drop',
						description:
							'Only with Continue On Fail (Settings → On Error): the bad rows are left out, each with a warning item, and the rest is sent',
					},
				],
				description:
					'What a bad row (a negative or non-numeric quantity, no product ID, a missing required location, the same item and location twice) does',
			},
			{
				displayName: 'Location Required',
				name: 'locationRequired',
				type: 'boolean',
				default: false,
				description: 'Whether a row without a location is bad',
			},
			{
				displayName: 'Max Lines per 846',
				name: 'maxLinesPerDocument',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
				description:
					'Split a larger feed into several 846s of at most this many lines (rows), each output item stating its part. 0: one 846 per receiver (an X12 846 holds at most 10,000 lines; more are split there).',
			},
			{
				displayName: 'Report Number',
				name: 'reportNumber',
				type: 'string',
				default: '',
				placeholder: 'e.g. INV-20261127-0800',
				description:
					'BIA03, the report number. Leave empty for INV and the feed’s UTC date and time (INV20261127083005), with -2, -3… for the parts after the first.',
			},
			{
				displayName: 'Report Type',
				name: 'reportType',
				type: 'string',
				default: 'SI',
				description:
					'BIA02, the X12 report type code: SI (seller inventory report) unless the partner’s guide asks for another two-character code',
			},
			{
				displayName: 'Skip Unchanged Feed Within (Minutes)',
				name: 'skipUnchangedMinutes',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: DEFAULT_SKIP_UNCHANGED_MINUTES,
				description:
					'When the rows and receiver are the same as the last feed this node sent within these minutes, nothing is sent and the output item says why. Kept only for active (production) executions. 0: always send.',
			},
		],
	},
];
