/** Zero-dependency X12 reader/writer for the passthrough path. Pure functions only. */
export { readInterchange, type X12ReadResult } from './read';
export { writeInterchange, functionalIdFor, DEFAULT_SEPARATORS } from './write';
export { extractTransactionSet } from './extract';
export type {
	X12Group,
	X12Interchange,
	X12Problem,
	X12Separators,
	X12TransactionSet,
	X12WriteInput,
	X12WriteSet,
} from './types';
