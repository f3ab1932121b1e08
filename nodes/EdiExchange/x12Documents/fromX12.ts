/**
 * X12 text → the documents of the structured path, one per transaction set, with where each came
 * from (sender, receiver, control numbers). Used where the nodes give an X12 message as its
 * document (Get Message, the trigger, Convert) and where Build From Purchase Order takes X12.
 * Never throws: what cannot be read is said in `errors`.
 */
import type { JsonObject } from '../documents/fields';
import { readInterchange } from '../x12';
import { read850 } from './read850';

/** Transaction set types this package reads into documents. */
export const READABLE_TYPES = ['850'];

export interface X12Document {
	/** ST01, e.g. `850`. */
	transactionType: string;
	/** ISA06 and ISA08, trimmed: a reply goes to the sender. */
	senderId: string;
	receiverId: string;
	/** ISA13, GS06 and ST02: what a 997 and a duplicate check refer to. */
	interchangeControlNumber: string;
	groupControlNumber: string;
	transactionSetControlNumber: string;
	/** The document (the purchase order for an 850); absent when it could not be read. */
	document?: JsonObject;
	errors: string[];
	warnings: string[];
}

export interface X12Documents {
	documents: X12Document[];
	/** Problems of the interchange itself (envelope, counts), or why no set could be read. */
	errors: string[];
}

/** True when `text` looks like an X12 interchange (an ISA after optional BOM and blanks). */
export function isX12Text(value: unknown): value is string {
	return typeof value === 'string' && /^[\s\uFEFF]*ISA/.test(value);
}

export function documentsFromX12(text: string): X12Documents {
	const read = readInterchange(text);
	const errors = read.problems.map(
		(p) => `${p.segment} (segment ${p.position} of the interchange): ${p.message}`,
	);
	if (read.moreProblems) errors.push(`… and ${read.moreProblems} more problems`);
	const interchange = read.interchange;
	if (!interchange) return { documents: [], errors };
	const documents: X12Document[] = [];
	for (const group of interchange.groups) {
		for (const set of group.sets) {
			const document: X12Document = {
				transactionType: set.type,
				senderId: interchange.senderId,
				receiverId: interchange.receiverId,
				interchangeControlNumber: interchange.controlNumber,
				groupControlNumber: group.controlNumber,
				transactionSetControlNumber: set.controlNumber,
				errors: [],
				warnings: [],
			};
			if (set.type === '850') {
				const result = read850(set);
				if (result.purchaseOrder) document.document = result.purchaseOrder;
				document.errors = result.errors;
				document.warnings = result.warnings;
			} else {
				document.errors = [
					`Transaction set ${set.type} is not read into a document here (only ${READABLE_TYPES.join(', ')}): its X12 is kept as it is`,
				];
			}
			documents.push(document);
		}
	}
	return { documents, errors };
}
