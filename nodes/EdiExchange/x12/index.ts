/** Zero-dependency X12 reader for the passthrough path (checks before sending). Pure functions only. */
export { readInterchange, type X12ReadResult } from './read';
export { MAX_PROBLEMS } from './problems';
export type {
	X12Group,
	X12Interchange,
	X12Problem,
	X12Separators,
	X12TransactionSet,
} from './types';
