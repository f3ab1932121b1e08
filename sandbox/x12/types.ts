/** Shapes of the sandbox's own X12 tools (envelope check, extraction, the dev-only writer). */

/** The delimiters an ISA declares. */
export interface Separators {
	element: string;
	component: string;
	/** ISA11, or '' when ISA11 is the pre-5010 `U`. */
	repetition: string;
	segment: string;
}

/** One envelope error as the service reports it (spec: 202 FAILED `errors[]`). */
export interface EnvelopeProblem {
	/** Segment id the problem is about, e.g. `SE`. */
	segment: string;
	/** 1-based position in the interchange (the ISA is 1); one past the end for a missing trailer. */
	position: number;
	message: string;
}

export interface EnvelopeSet {
	/** ST01. */
	type: string;
	/** ST .. SE inclusive, each segment as its elements. */
	segments: string[][];
}

export interface EnvelopeGroup {
	/** The GS segment as read. */
	gs: string[];
	sets: EnvelopeSet[];
}

/** What the service needs from a checked interchange. */
export interface CheckedInterchange {
	separators: Separators;
	/** The ISA segment as read, padding kept. */
	isa: string[];
	/** ISA06 and ISA08, trimmed. */
	senderId: string;
	receiverId: string;
	/** ISA15. */
	usage: 'T' | 'P';
	groups: EnvelopeGroup[];
}
