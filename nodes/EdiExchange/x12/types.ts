/** Shapes of the X12 reader. */
import type { ProblemKind } from './problems';

/** The four delimiters of an interchange; the ISA segment declares them. */
export interface X12Separators {
	element: string;
	component: string;
	/** ISA11; empty when ISA11 is the pre-5010 standards identifier `U`. */
	repetition: string;
	segment: string;
}

/** One thing wrong with an interchange, located by segment. */
export interface X12Problem {
	/** Segment id, e.g. `SE`. */
	segment: string;
	/** 1-based index of the segment in the interchange (ISA is 1). */
	position: number;
	/** What is wrong, with the expected and the found value. */
	message: string;
	/** 1-based element of the segment the problem is in (ISA06 is 6), when it is one element's. */
	element?: number;
	/** `readX12` only: 0-based index of the interchange in the text. */
	interchange?: number;
	/** `readX12` only, inside a group: 0-based index of the functional group in its interchange. */
	group?: number;
	/** `readX12` only, inside a transaction set: 0-based index of the set in its group. */
	set?: number;
	/** `readX12` only, inside a transaction set: 1-based position of the segment in it (ST is 1), as AK302 counts. */
	setPosition?: number;
	/** `readX12` only: what kind of problem it is, when a 997 has a code for it (x12/problems.ts). */
	kind?: ProblemKind;
}

/** A tolerant reading of a whole text (`readX12`): every interchange in it, and what deviates from the standard. */
export interface X12Reading {
	/** Every interchange found, in order; one with errors is kept as far as it could be read. */
	interchanges: X12Interchange[];
	/** Deviations the reader worked around (layout, padding, a BOM): the content is as the sender meant it. */
	warnings: X12Problem[];
	/** What makes an interchange wrong or incomplete (counts, control numbers, missing trailers, unreadable ISA). */
	errors: X12Problem[];
	/** Warnings found beyond the first MAX_PROBLEMS, only counted. */
	moreWarnings: number;
	/** Errors found beyond the first MAX_PROBLEMS, only counted. */
	moreErrors: number;
}

export interface X12TransactionSet {
	/** ST01, e.g. `850`. */
	type: string;
	/** ST02. */
	controlNumber: string;
	/** ST..SE inclusive; each segment is its elements, element 0 being the segment id. */
	segments: string[][];
}

export interface X12Group {
	/** GS01, e.g. `PO`. */
	functionalId: string;
	senderId: string;
	receiverId: string;
	/** GS06. */
	controlNumber: string;
	/** GS08, e.g. `005010`. */
	version: string;
	date: string;
	time: string;
	/** The GS segment as read, kept so an extracted set keeps its original header. */
	gs: string[];
	sets: X12TransactionSet[];
	/** The GE segment as read; absent when the group was not closed. */
	ge?: string[];
}

export interface X12Interchange {
	separators: X12Separators;
	/** ISA06, trimmed. */
	senderId: string;
	/** ISA08, trimmed. */
	receiverId: string;
	senderQualifier: string;
	receiverQualifier: string;
	/** ISA15. */
	usage: 'T' | 'P';
	/** ISA13 as written (nine digits). */
	controlNumber: string;
	/** ISA09, YYMMDD. */
	date: string;
	/** ISA10, HHMM. */
	time: string;
	/** ISA12, e.g. `00501`. */
	version: string;
	/** The ISA segment as read (element 0 is `ISA`), padding kept. */
	isa: string[];
	groups: X12Group[];
	/** The IEA segment as read; absent when the interchange was not closed. */
	iea?: string[];
}
