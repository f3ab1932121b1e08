/**
 * Documents ⇄ X12 004010, zero runtime dependencies, pure functions. Writers turn the builders'
 * 855/856/810 messages into segments (without ST/SE: the service-JSON path sends exactly these);
 * `writeInterchange` wraps them in ISA/GS/ST…SE/GE/IEA; `write997` acknowledges a received
 * interchange.
 */
export { write855 } from './write855';
export { write856, SHIP_NOTICE_HIERARCHIES } from './write856';
export type { ShipNoticeHierarchy, ShipNoticeWriteOptions } from './write856';
export { write810 } from './write810';
export { write997 } from './write997';
export type { FunctionalAcknowledgments, LocatedProblem } from './write997';
export { writeInterchange, FUNCTIONAL_IDS } from './envelope';
export type { EnvelopeOptions, EnvelopeSet } from './envelope';
export { DEFAULT_SEPARATORS, SegmentWriter } from './elements';
export type { ElementSpec, ElementType, WriteOptions, WriteSeparators } from './elements';
export { gs1CheckDigit, isValidSscc, SsccSequence } from './sscc';
export type { SsccOptions } from './sscc';
export * from './codes';
