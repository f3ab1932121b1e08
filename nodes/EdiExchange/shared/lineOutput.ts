/**
 * The Output choice of the trigger, Get Message and Inbox → Get Many: one item per document (as
 * received) or one item per purchase order line (Split Out, flattened for tables and spreadsheets).
 */
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { purchaseOrderLines } from '../documents/lines';
import { typeCodeOf } from './typeCode';

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

/**
 * One item per purchase order line, with the pairing of the item it came from. An item that holds no
 * readable purchase order (another document type, no message) stays whole; one that looks like a
 * purchase order but cannot be read gets `linesError`, so nothing is dropped in silence.
 */
export function splitIntoLines(items: INodeExecutionData[]): INodeExecutionData[] {
	const out: INodeExecutionData[] = [];
	for (const item of items) {
		if (!holdsPurchaseOrder(item.json)) {
			out.push(item);
			continue;
		}
		try {
			for (const row of purchaseOrderLines(item.json)) {
				// Pairing comes from the caller (the router pairs per input item; trigger items have none).
				out.push(
					item.pairedItem
						? { json: row as IDataObject, pairedItem: item.pairedItem }
						: { json: row as IDataObject },
				);
			}
		} catch (error) {
			const message = error instanceof Error ? error.message : String(error);
			out.push({ ...item, json: { ...item.json, linesError: message } });
		}
	}
	return out;
}

function holdsPurchaseOrder(json: IDataObject): boolean {
	const type = json.transactionType ?? json.type;
	if (type !== undefined && typeCodeOf(type) !== '850') return false;
	const document = (json.document ?? json.message ?? json) as IDataObject;
	return typeof document === 'object' && document !== null && 'lineItems' in document;
}
