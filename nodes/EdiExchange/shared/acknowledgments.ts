/**
 * What became of a sent document, as the service says it (docs/contract.md, "What became of what
 * you sent"): the acknowledgment statuses of outbound transactions, in one place.
 */

/** The statuses an outbound transaction's `acknowledgmentStatus` takes on the list. */
export const ACKNOWLEDGMENT_STATUSES = [
	'NOT_ACKNOWLEDGED',
	'ACCEPTED',
	'ACCEPTED_WITH_ERRORS',
	'REJECTED',
	'OVERDUE',
] as const;

export type AcknowledgmentStatus = (typeof ACKNOWLEDGMENT_STATUSES)[number];

/** The statuses that are an outcome (an answer, or none in time), with the letter state stores. */
export const OUTCOMES: Record<string, string> = {
	REJECTED: 'R',
	ACCEPTED_WITH_ERRORS: 'E',
	OVERDUE: 'O',
	ACCEPTED: 'A',
};

/** The statuses that carry the receiver's own verdict (reasons to read at the acknowledgment endpoint). */
export const ANSWERED_WITH_REASONS = ['REJECTED', 'ACCEPTED_WITH_ERRORS'];

const WORDS: Record<AcknowledgmentStatus, string> = {
	NOT_ACKNOWLEDGED: 'Not Acknowledged',
	ACCEPTED: 'Accepted',
	ACCEPTED_WITH_ERRORS: 'Accepted With Errors',
	REJECTED: 'Rejected',
	OVERDUE: 'Overdue',
};

const MEANINGS: Record<AcknowledgmentStatus, string> = {
	NOT_ACKNOWLEDGED: 'Sent; the receiver has not answered yet',
	ACCEPTED: 'The receiver accepted it',
	ACCEPTED_WITH_ERRORS: 'Accepted, with errors noted (an X12 997 AK5*E)',
	REJECTED: 'The receiver rejected it (997 AK5*R, or its business rules)',
	OVERDUE: 'No answer within the receiver’s acknowledgment window',
};

/** The statuses as field options: every one, or those given. */
export const acknowledgmentStatusOptions = (
	statuses: readonly AcknowledgmentStatus[] = ACKNOWLEDGMENT_STATUSES,
) => statuses.map((value) => ({ name: WORDS[value], value, description: MEANINGS[value] }));
