/**
 * The transaction sets this package knows, by ST01. Adding one is adding its table here and its
 * mapping to and from the document (docs/maintainers.md, "Add a transaction set").
 */
import type { TransactionSetDef } from '../grammar';
import { SET_810 } from './set810';
import { SET_824 } from './set824';
import { SET_846 } from './set846';
import { SET_850 } from './set850';
import { SET_855 } from './set855';
import { SET_856 } from './set856';
import { SET_860 } from './set860';
import { SET_865 } from './set865';
import { SET_997 } from './set997';

export const TRANSACTION_SETS: ReadonlyMap<string, TransactionSetDef> = new Map(
	[SET_850, SET_860, SET_855, SET_856, SET_810, SET_865, SET_846, SET_997, SET_824].map((set) => [
		set.id,
		set,
	]),
);

export { SET_810, SET_824, SET_846, SET_850, SET_855, SET_856, SET_860, SET_865, SET_997 };
