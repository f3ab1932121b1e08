/**
 * Documents ⇄ X12 004010, zero runtime dependencies, pure functions. `read850` reads an 850 into
 * the structured purchase order, `read860` an 860 into the structured change (fromX12.ts: which
 * reader for which set); the writers turn the builders' 855, 856, 810 and 865 messages and the 846
 * into segments (without ST/SE: the service-JSON path sends exactly these); `writeInterchange`
 * wraps them in ISA/GS/ST…SE/GE/IEA; `write997` acknowledges a received interchange. codes.ts is
 * the two-way code dictionary (a code the partner chose goes back as it came), elements.ts the
 * strict element writer, common.ts and lines.ts what the writers share.
 */
export { read850, type Read850Result, type X12Unmapped } from './read850';
export { read856Packages, read856Segments, shipNoticeAsSent } from './read856Packages';
export { read860, type Read860Result } from './read860';
export { read997 } from './read997';
export { read824 } from './read824';
export type {
	AcknowledgmentError,
	AcknowledgmentReading,
	AnsweredSet,
	ElementNote,
} from './acknowledgments';
export {
	changesFromX12,
	documentFromX12,
	documentsFromX12,
	isX12Text,
	purchaseOrderFromX12,
	READABLE_TYPES,
	READERS,
} from './fromX12';
export type { SetReading, X12Document, X12Documents, X12PurchaseOrder } from './fromX12';
export { write855 } from './write855';
export { write856, SHIP_NOTICE_HIERARCHIES } from './write856';
export type { ShipNoticeHierarchy, ShipNoticeWriteOptions } from './write856';
export { write810 } from './write810';
export { write865 } from './write865';
export { write846 } from './write846';
export { DOCUMENT_WRITERS } from './writers';
export { write997 } from './write997';
export type { FunctionalAcknowledgments, LocatedProblem } from './write997';
export { writeInterchange, FUNCTIONAL_IDS } from './envelope';
export type { EnvelopeOptions, EnvelopeSet } from './envelope';
export { DEFAULT_SEPARATORS, SegmentWriter, spec } from './elements';
export type { ElementSpec, ElementType, WriteOptions, WriteSeparators } from './elements';
export { gs1CheckDigit, isValidSscc } from '../documents/gs1';
export { SsccSequence } from '../documents/sscc';
export type { SsccOptions } from '../documents/sscc';
export * from './codes';
