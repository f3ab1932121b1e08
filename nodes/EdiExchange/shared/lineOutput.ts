/**
 * The Output choice of the trigger, Get Message and Inbox → Get Many: one item per document (as
 * received) or one item per purchase order line (Split Out, flattened for tables and spreadsheets).
 */
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { purchaseOrderLines } from '../documents/lines';
import { typeCodeOf } from './typeCode';
import { withX12Fields } from './x12Message';

export type LineOutput = 'document' | 'lines';

export const lineOutputField: INodeProperties = {
	displayName: 'Output',
	name: 'output',
	type: 'options',
	default: 'document',
	options: [
		{
			name: 'One Item per Document',
			value: 'document',
			description: 'Each transaction as received, its lines nested in the message',
		},
		{
			name: 'One Item per Line (Split Out)',
			value: 'lines',
			description:
				"Each purchase order line as its own item, with the PO's header fields beside the line's: ready for a database row or a spreadsheet",
		},
	],
	description:
		'One Item per Line splits each purchase order (850) into its lines; other documents stay one item each',
};

/** True for a value of the Output field that splits; anything else keeps documents whole. */
export const splitsLines = (output: unknown): boolean => output === 'lines';

/** What the trigger's Duplicates marks an item with: every line of it carries the mark too. */
const MARKS = ['duplicate', 'revision'] as const;

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The documents an item holds, each with the item's other fields: an X12 message not yet read is
 * read (the inbox gives the text only), and an interchange of several sets gives one per set.
 */
function documentsIn(json: IDataObject): IDataObject[] {
	const whole = withX12Fields(json);
	if (!Array.isArray(whole.documents)) return [whole];
	const { documents, ...envelope } = whole;
	return documents.map((entry) => (isObject(entry) ? { ...envelope, ...entry } : envelope));
}

/**
 * One item per purchase order line, with the pairing of the item it came from. An item that holds no
 * readable purchase order (another document type, no message) stays whole; one that looks like a
 * purchase order but cannot be read gets `linesError`, so nothing is dropped in silence. Each 850
 * of an interchange gives its own lines; X12 text (the inbox's) is read first.
 */
export function splitIntoLines(items: INodeExecutionData[]): INodeExecutionData[] {
	const out: INodeExecutionData[] = [];
	// Pairing comes from the caller (the router pairs per input item; trigger items have none).
	const paired = (item: INodeExecutionData, json: IDataObject): INodeExecutionData =>
		item.pairedItem ? { json, pairedItem: item.pairedItem } : { json };
	for (const item of items) {
		for (const json of documentsIn(item.json)) {
			if (!holdsPurchaseOrder(json)) {
				// Kept as it came when it is the item itself (another document type, no message).
				out.push(json === item.json ? item : paired(item, json));
				continue;
			}
			const marks: IDataObject = {};
			for (const mark of MARKS) if (json[mark] !== undefined) marks[mark] = json[mark];
			try {
				for (const row of purchaseOrderLines(json))
					out.push(paired(item, { ...(row as IDataObject), ...marks }));
			} catch (error) {
				out.push(paired(item, { ...json, linesError: whyNoLines(json, error) }));
			}
		}
	}
	return out;
}

/** An X12 set that could not be read says why in `x12.errors`; else the reader's error. */
function whyNoLines(json: IDataObject, error: unknown): string {
	const errors = isObject(json.x12) && !json.document ? json.x12.errors : undefined;
	if (Array.isArray(errors) && errors.length) return errors.join('; ');
	return error instanceof Error ? error.message : String(error);
}

function holdsPurchaseOrder(json: IDataObject): boolean {
	const x12Type = isObject(json.x12) ? json.x12.transactionType : undefined;
	const type = x12Type ?? json.transactionType ?? json.type;
	if (type !== undefined && typeCodeOf(type) !== '850') return false;
	// An X12 850 set holds a purchase order even when it could not be read.
	if (x12Type !== undefined) return true;
	const document = (json.document ?? json.message ?? json) as IDataObject;
	return typeof document === 'object' && document !== null && 'lineItems' in document;
}
