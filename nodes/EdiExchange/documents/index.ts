/**
 * Order to cash as documents, pure functions, no I/O: the 855, 856 and 810 a seller sends back for
 * an 850 (build855/856/810.ts), the 865 answering an 860 (build865.ts); Apply Change, the 850 with
 * its 860s applied in sequence (applyChange.ts, the change codes as data in changeCodes.ts); the
 * chargeback shield (check.ts, its rules as data in shieldRules.ts); One Item per Line's rows
 * (lines.ts); what the package can do with each document type (registry.ts).
 */
export { buildAcknowledgment, LINE_STATUSES } from './build855';
export type {
	AcknowledgmentLineOption,
	AcknowledgmentOptions,
	AcknowledgmentStatus,
	LineStatus,
} from './build855';
export { buildShipNotice } from './build856';
export type { Packing, ShipNoticeLineOption, ShipNoticeOptions } from './build856';
export { buildInvoice } from './build810';
export type { AmountOption, InvoiceOptions } from './build810';
export { buildChangeAcknowledgment, CHANGE_LINE_DECISIONS } from './build865';
export type { ChangeAcknowledgmentLineOption, ChangeAcknowledgmentOptions } from './build865';
export { replyParties } from './parties';
export type { EnvelopeParties } from './parties';
export { DocumentError } from './errors';
export type { PlainObject } from './fieldReader';
export * from './decimal';
