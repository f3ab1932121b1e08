/**
 * Writing the builders' 855/856/810 as X12 for the nodes: the segments, and the interchange around
 * them with this node's control numbers. Errors name the document's field; nothing is sent when
 * they are thrown. Used by Create's X12 paths and by X12 → Convert.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DocumentError } from '../documents';
import { codesThat } from '../shared/documentTypes';
import { DOCUMENT_WRITERS, type ShipNoticeHierarchy, writeInterchange } from '../x12Documents';
import { nextControlNumber } from './controlNumbers';

/** X12 codes of the documents the writers take (the registry's `write`). */
export const X12_WRITABLE = codesThat('write');

/** The document's segments (without ST/SE), or an error naming its field. */
export function writeSegments(
	this: IExecuteFunctions,
	code: string,
	message: IDataObject,
	options: IDataObject,
	itemIndex: number,
): string[][] {
	const write = X12_WRITABLE.includes(code) ? DOCUMENT_WRITERS[code] : undefined;
	if (!write)
		throw new NodeOperationError(this.getNode(), `No X12 writer for document type ${code}`, {
			description: `X12 is written for ${X12_WRITABLE.join(', ')}.`,
			itemIndex,
		});
	try {
		return write(message, {
			hierarchy: options.hierarchy as ShipNoticeHierarchy | undefined,
		});
	} catch (error) {
		if (!(error instanceof DocumentError))
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		throw new NodeOperationError(this.getNode(), error.message, {
			description: `Nothing was sent: X12 cannot carry this value. Fix the field named above (too long, or holding one of the X12 separators * > ~ ^), or send the ${code} as a structured message.`,
			itemIndex,
		});
	}
}

/** One interchange around one set, numbered by the given Control Number or this node's counter. */
export function writeOneInterchange(
	this: IExecuteFunctions,
	itemIndex: number,
	set: { code: string; segments: string[][] },
	envelope: { senderId: string; receiverId: string; stream: string },
	options: IDataObject,
): { content: string; controlNumber: string } {
	const { senderId, receiverId, stream } = envelope;
	const control = nextControlNumber.call(this, senderId, receiverId, options);
	try {
		const content = writeInterchange([{ type: set.code, segments: set.segments }], {
			senderId,
			receiverId,
			usage: stream === 'live' ? 'P' : 'T',
			controlNumbers: { interchange: control, group: control, sets: [control] },
			date: new Date(),
			lineEnding: '\n',
		});
		return { content, controlNumber: String(control).padStart(9, '0') };
	} catch (error) {
		throw new NodeOperationError(this.getNode(), (error as Error).message, {
			description: 'Nothing was sent: the X12 envelope cannot carry this value.',
			itemIndex,
		});
	}
}
