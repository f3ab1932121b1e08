/**
 * Zero-dependency X12 reader. Pure functions only. Reading what partners send is tolerant
 * (`readX12`: every interchange, warnings and errors with their place); checking what we send is
 * strict (`readInterchange`); `normaliseInterchange` writes a tolerant read as the standard wants.
 */
export { readInterchange, type X12ReadResult } from './read';
export { checkSet } from './checkSet';
export { TRANSACTION_SETS } from './sets';
export { SEGMENTS, elementOf } from './segmentTable';
export type { ElementDef, SegmentDef, TransactionSetDef } from './grammar';
export { readX12 } from './readX12';
export { normaliseInterchange } from './normalise';
export { MAX_PROBLEMS, NOTED_KINDS, STRUCTURE_KINDS } from './problems';
export type {
	X12Group,
	X12Interchange,
	X12Problem,
	X12Reading,
	X12Separators,
	X12TransactionSet,
} from './types';
