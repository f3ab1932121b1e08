/**
 * What an X12 message gives beside its raw text: the document each transaction set reads into
 * (the purchase order for an 850) and where it came from. Shared by Get Message, the trigger's
 * Include Message and Convert, so all three put out the same fields.
 */
import type { IDataObject } from 'n8n-workflow';

import { documentsFromX12, type X12Document } from '../x12Documents';

/** Sender, receiver, control numbers and what went wrong, of one transaction set. */
function about(read: X12Document): IDataObject {
	const info: IDataObject = {
		transactionType: read.transactionType,
		senderId: read.senderId,
		receiverId: read.receiverId,
		interchangeControlNumber: read.interchangeControlNumber,
		groupControlNumber: read.groupControlNumber,
		transactionSetControlNumber: read.transactionSetControlNumber,
	};
	if (read.warnings.length) info.warnings = read.warnings;
	if (read.errors.length) info.errors = read.errors;
	if (read.content !== undefined) info.content = read.content;
	return info;
}

/** One transaction set as an item's JSON: its document and, under `x12`, where it came from. */
export function x12DocumentItem(read: X12Document, interchangeErrors: string[]): IDataObject {
	const x12 = about(read);
	if (interchangeErrors.length) x12.interchangeErrors = interchangeErrors;
	return read.document ? { document: read.document, x12 } : { x12 };
}

/**
 * The fields added to an item holding X12 text: `document` and `x12` for an interchange of one
 * transaction set; `documents` (one entry per set) for several. Reading never fails the item:
 * what could not be read is said under `x12.errors`.
 */
export function x12MessageFields(text: string): IDataObject {
	const { documents, errors } = documentsFromX12(text);
	if (documents.length === 1) return x12DocumentItem(documents[0], errors);
	if (documents.length === 0)
		return {
			x12: { errors: errors.length ? errors : ['The interchange holds no transaction set'] },
		};
	return {
		documents: documents.map((read) => x12DocumentItem(read, [])),
		...(errors.length ? { x12: { interchangeErrors: errors } } : {}),
	};
}
