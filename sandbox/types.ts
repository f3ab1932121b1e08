/** Records the sandbox keeps, and the small shapes its parts exchange. */

export type Direction = 'inbound' | 'outbound';
export type Stream = 'test' | 'live';
export type ListOrder = 'newest' | 'oldest';

/** A transaction's message, when stored (bulk-inserted transactions have none: see Transaction.bulk). */
export type StoredMessage =
	| { kind: 'json'; value: unknown }
	/** `order`: for the partner's own X12 850, the structured order it checks replies against. */
	| { kind: 'x12'; text: string; order?: unknown };

/** How the organization receives inbound documents: structured JSON messages or X12 interchanges. */
export type InboundFormat = 'json' | 'x12';

/**
 * Shared by every transaction of one bulk insert. Their message is generated on read from their
 * sequence number, and their uuids derive from these bases and their id, so inserting 100,000
 * transactions allocates one object each and stores no documents at all.
 */
export interface BulkBatch {
	firstId: number;
	firstSequence: number;
	payloadBase: string;
	deliveryBase: string;
	/** Outbound batches: when their transactions, unanswered, turn OVERDUE (epoch ms). */
	acknowledgmentDueBy?: number;
}

export type AnswerStatus = 'ACCEPTED' | 'ACCEPTED_WITH_ERRORS' | 'REJECTED';

export interface AcknowledgmentError {
	path?: string;
	/** The error's code of X12 list 647 (what the 824's TED01 says): 006, 007, 011 or 024. */
	code?: string;
	message: string;
}

/** The receiver's answer; before `createdAt` (a delayed answer) it is not there yet. */
export interface StoredAcknowledgment {
	status: AnswerStatus;
	/** Epoch milliseconds. */
	createdAt: number;
	errors: AcknowledgmentError[];
}

/** ISA13, GS06, ST02 of an outbound transaction sent as X12 (as sent, or as the service assigned them). */
export interface ControlNumbers {
	interchange: string;
	group: string;
	transactionSet: string;
}

export interface Transaction {
	id: number;
	/** Three-digit code, e.g. `850`. */
	transactionType: string;
	direction: Direction;
	stream: Stream;
	/** Epoch milliseconds. */
	createdAt: number;
	senderId: string;
	receiverId: string;
	/** Inbound: the delivery's status, SENT until accepted (DELIVERED) or failed (FAILED). Outbound: DELIVERED, or FAILED (validation). */
	status: 'SENT' | 'DELIVERED' | 'FAILED';
	/** Set when known at creation; bulk messages derive it on read. */
	businessNumber?: string;
	message?: StoredMessage;
	integrationPayloadId?: string;
	/** Inbound transactions only (bulk ones derive theirs). */
	deliveryId?: string;
	/** The note given when the delivery was accepted or failed. */
	deliveryNote?: string;
	bulk?: BulkBatch;
	/** Outbound: the receiver's answer (acknowledgments.ts). */
	acknowledgment?: StoredAcknowledgment;
	/** Outbound: when an unanswered transaction turns OVERDUE (epoch ms; bulk ones: their batch's; absent: createdAt + 24 h). */
	acknowledgmentDueBy?: number;
	/** Outbound over X12 passthrough or service JSON. */
	controlNumbers?: ControlNumbers;
}

export interface RateLimitConfig {
	requests: number;
	windowSeconds: number;
}

/** One entry of the error body's `errors` list. */
export interface FieldError {
	type: string;
	ref: string;
	message: string;
}

/** What a route answers; the server turns it into an HTTP response. */
export interface Reply {
	status: number;
	/** JSON body (ignored when `text` is set). */
	body?: unknown;
	text?: string;
	contentType?: string;
	headers?: Record<string, string>;
	/** Answer, then read and drop the rest of the request body before closing (a 413 to a client still uploading). */
	drainRequest?: boolean;
}
