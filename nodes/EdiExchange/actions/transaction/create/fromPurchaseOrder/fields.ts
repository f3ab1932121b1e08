/**
 * What the three documents of Build From Purchase Order have in common: when their fields show,
 * Document Options, the per-line choices (typed as fields or given as JSON) and their reading.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { serviceTypeOf } from '../../../../documents/registry';
import { readJsonParameter } from '../../../fields';

export const [ACK, ASN, INVOICE] = ['855', '856', '810'].map(serviceTypeOf);

/** Shown for Create (see forOperation) when the message is built, for these document types. */
export const buildable = (documentTypes: string[]) => ({
	show: { messageSource: ['build'], documentType: documentTypes },
});

/** One Document Options per type, all under one name: each shows only what its document uses. */
export const documentOptions = (
	documentType: string,
	description: string,
	options: INodeProperties[],
): INodeProperties => ({
	displayName: 'Document Options',
	name: 'documentOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	description,
	displayOptions: buildable([documentType]),
	options,
});

/** "line decisions" as a display name: "Line Decisions" (n8n's title case; "to" stays small). */
const titled = (what: string) =>
	what.replace(/\b\w+/g, (word) => (word === 'to' ? word : word[0].toUpperCase() + word.slice(1)));

/**
 * Line choices may also come as data (Define Lines → Using JSON): the rows a database query or a
 * spreadsheet returned, e.g. {{ $('Stock').all().map(i => i.json) }}. Shown for one document type.
 */
export const linesInput = (
	name: string,
	what: string,
	example: string,
	documentType: string,
): INodeProperties[] => [
	{
		displayName: 'Define Lines',
		name: `${name}Input`,
		type: 'options',
		default: 'fields',
		options: [
			{ name: 'Using Fields Below', value: 'fields', description: `Type the ${what} one by one` },
			{
				name: 'Using JSON',
				value: 'json',
				description: `Take the ${what} from data, e.g. rows a database query returned`,
			},
		],
		description: `Where the ${what} come from`,
		displayOptions: buildable([documentType]),
	},
	{
		displayName: `${titled(what)} (JSON)`,
		name: `${name}Json`,
		type: 'json',
		default: '[]',
		description: `A list of ${what}, each ${example}. Lines not listed are handled as with the fields.`,
		displayOptions: { show: { ...buildable([documentType]).show, [`${name}Input`]: ['json'] } },
	},
];

/**
 * Per-line choices, one entry per purchase order line: Define Lines and its JSON field
 * (linesInput), then the typed entries, each naming its line by PO Line ID; readLines reads them.
 */
export const definedLines = (
	lines: {
		name: string;
		what: string;
		example: string;
		documentType: string;
		placeholder: string;
		description: string;
		lineIdDescription: string;
	},
	values: INodeProperties[],
): INodeProperties[] => [
	...linesInput(lines.name, lines.what, lines.example, lines.documentType),
	{
		displayName: titled(lines.what),
		name: lines.name,
		placeholder: lines.placeholder,
		description: lines.description,
		displayOptions: {
			show: { ...buildable([lines.documentType]).show, [`${lines.name}Input`]: ['fields'] },
		},
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: {},
		options: [
			{
				displayName: 'Line',
				name: 'line',
				values: [
					{
						displayName: 'PO Line ID',
						name: 'purchaseOrderLineId',
						type: 'string',
						default: '',
						description: lines.lineIdDescription,
					},
					...values,
				],
			},
		],
	},
];

/** The line choices `name` (the `what` of linesInput), from the fields or the JSON, with "not given" left out. */
export function readLines(
	this: IExecuteFunctions,
	name: string,
	what: string,
	itemIndex: number,
): IDataObject[] {
	if (this.getNodeParameter(`${name}Input`, itemIndex, 'fields') !== 'json')
		return (
			((this.getNodeParameter(name, itemIndex, {}) as IDataObject).line ?? []) as IDataObject[]
		).map(given);
	const label = `${titled(what)} (JSON)`;
	const value = readJsonParameter.call(this, `${name}Json`, label, itemIndex) ?? [];
	const rows = Array.isArray(value) ? value : [value];
	rows.forEach((row, index) => {
		if (typeof row !== 'object' || row === null || Array.isArray(row)) {
			throw new NodeOperationError(
				this.getNode(),
				`${label}: entry ${index} is ${JSON.stringify(row)?.slice(0, 60)}, not an object with purchaseOrderLineId`,
				{
					description:
						'Give a list of objects such as [{ "purchaseOrderLineId": "1", "status": "backordered", "quantity": "2" }]: one per line decision.',
					itemIndex,
				},
			);
		}
	});
	return (rows as IDataObject[]).map(given);
}

/** Option values: empty strings mean "not given". */
export function given(values: IDataObject): IDataObject {
	return Object.fromEntries(
		Object.entries(values).filter(
			([, value]) => value !== '' && value !== undefined && value !== null,
		),
	);
}

/** A date option as YYYY-MM-DD, or undefined when not given. */
export const dateOf = (value: unknown) => (value ? String(value).slice(0, 10) : undefined);

export const today = () => new Date().toISOString().slice(0, 10);

/** The 855 sent for this order (Acknowledgment (855)), when given: the 856 and 810 build on it. */
export function readAcknowledgment(this: IExecuteFunctions, itemIndex: number): unknown {
	return readJsonParameter.call(this, 'acknowledgment', 'Acknowledgment (855)', itemIndex);
}

/** How one document is built: its fields (line choices, Document Options) and its builder. */
export interface DocumentBuild {
	lines: INodeProperties[];
	options: INodeProperties;
	build(this: IExecuteFunctions, order: unknown, options: IDataObject, itemIndex: number): unknown;
}

/**
 * What the order may leave to the supplier (documents/orderGaps.ts): Document Options of the 855,
 * 856 and 810. Nothing is assumed when they are empty: the build says which line lacks what.
 */
export const unitWhenMissingOption: INodeProperties = {
	displayName: 'Unit When the Order Has None',
	name: 'unitWhenMissing',
	type: 'string',
	default: '',
	placeholder: 'each',
	description:
		'The unit your partner means when an order line states none (X12 PO103 empty), e.g. each (EA) or case (CA). Empty: such a line is refused, naming it.',
};

export const pricesForUnpricedLinesOption: INodeProperties = {
	displayName: 'Prices for Unpriced Lines',
	name: 'pricesForUnpricedLines',
	type: 'json',
	default: '{}',
	description:
		'Your prices for lines the order leaves unpriced (replenishment and VMI orders price from your price list; X12 PO104 empty): { "product ID": "4.25" } keyed by any product ID the line carries (UPC, buyer or vendor item number), or a list of { "productId" or "purchaseOrderLineId", "unitCostPrice" } rows, e.g. the items of a price-list node. Lines the order prices keep its price.',
};

/** The two options above as the builders take them; the price list parsed when given as JSON text. */
export function readOrderGaps(
	this: IExecuteFunctions,
	options: IDataObject,
	itemIndex: number,
): { unitWhenMissing?: string; pricesForUnpricedLines?: unknown } {
	const gaps: { unitWhenMissing?: string; pricesForUnpricedLines?: unknown } = {};
	if (options.unitWhenMissing !== undefined) gaps.unitWhenMissing = String(options.unitWhenMissing);
	if (options.pricesForUnpricedLines !== undefined)
		gaps.pricesForUnpricedLines = readJsonParameter.call(
			this,
			'documentOptions.pricesForUnpricedLines',
			'Document Options → Prices for Unpriced Lines',
			itemIndex,
		);
	return gaps;
}
