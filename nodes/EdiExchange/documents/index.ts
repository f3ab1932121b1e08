/** Order-to-cash document builders: the 855, 856 and 810 a seller sends back for an 850. Pure functions, no I/O. */
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
