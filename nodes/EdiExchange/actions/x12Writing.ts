/**
 * Writing the builders' 855/856/810 as X12 for the nodes: the segments, and the interchange around
 * them with this node's control numbers. Errors name the document's field; nothing is sent when
 * they are thrown. Used by Create's X12 paths and by X12 → Convert.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DocumentError } from '../documents';
import {
	type ShipNoticeHierarchy,
	write810,
	write855,
	write856,
	writeInterchange,
} from '../x12Documents';
import { takeControlNumbers } from './controlNumbers';

/** X12 codes of the documents the writers take. */
export const X12_WRITABLE = ['855', '856', '810'];

/** The document's segments (without ST/SE), or an error naming its field. */
export function writeSegments(
	this: IExecuteFunctions,
	code: string,
	message: IDataObject,
	options: IDataObject,
	itemIndex: number,
): string[][] {
	try {
		if (code === '855') return write855(message);
		if (code === '856')
			return write856(message, { hierarchy: options.hierarchy as ShipNoticeHierarchy | undefined });
		return write810(message);
	} catch (error) {
		if (!(error instanceof DocumentError))
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		throw new NodeOperationError(this.getNode(), error.message, {
			description: `Nothing was sent: X12 cannot carry this value. Fix the field named above (too long, or holding one of the X12 separators * > ~ ^), or send the ${code} as a structured message.`,
			itemIndex,
		});
	}
}

/** One interchange around one set, numbered as X12 Options say (Control Number, Numbering). */
export function writeOneInterchange(
	this: IExecuteFunctions,
	itemIndex: number,
	set: { code: string; segments: string[][] },
	envelope: { senderId: string; receiverId: string; stream: string },
	options: IDataObject,
): { content: string; controlNumber: string } {
	const { senderId, receiverId, stream } = envelope;
	const controlNumbers = takeControlNumbers.call(this, { itemIndex }, envelope, options);
	try {
		const content = writeInterchange([{ type: set.code, segments: set.segments }], {
			senderId,
			receiverId,
			usage: stream === 'live' ? 'P' : 'T',
			controlNumbers,
			date: new Date(),
			lineEnding: '\n',
		});
		return { content, controlNumber: String(controlNumbers.interchange).padStart(9, '0') };
	} catch (error) {
		throw new NodeOperationError(this.getNode(), (error as Error).message, {
			description: 'Nothing was sent: the X12 envelope cannot carry this value.',
			itemIndex,
		});
	}
}
