/**
 * What the 850 (purchase order) and the 860 (its change) share: the 860 repeats the 850's table
 * around its own BCH and POC, so these loops and runs of segments are written once, in the
 * standard's order, and each set spreads them where the standard puts them. A loop is made by a
 * function, fresh at each place: the reader keeps a loop's place by its object (loops.ts).
 */
import { type Entry, loop, MANY, use } from '../grammar';

/** Carrier details (TD1 quantity and weight, TD5 routing, TD3 equipment, TD4 special handling). */
export const carrier = (td1Max: number) => [
	use('TD1', 'O', td1Max),
	use('TD5', 'O', 12),
	use('TD3', 'O', 12),
	use('TD4', 'O', 5),
];

/** N1 loop (a party of the order or of a line): its name, address and place, then `more`. */
const party = (more: Entry[]) =>
	loop(use('N1'), 200, [use('N2', 'O', 2), use('N3', 'O', 2), use('N4', 'O', MANY), ...more]);

/** The 850's N1 loop, in its header and in each line. */
export const orderParty = () =>
	party([
		use('NX2', 'O', MANY),
		use('REF', 'O', 12),
		use('PER', 'O', MANY),
		use('SI', 'O', MANY),
		use('FOB'),
		...carrier(2),
		use('PKG', 'O', 200),
	]);

/** The 860's N1 loop: fewer segments than the 850's. */
export const changeParty = () =>
	party([use('REF', 'O', 12), use('PER', 'O', MANY), use('FOB'), use('TD5', 'O', 12)]);

export const sacLoop = () => loop(use('SAC'), 25, [use('CUR')]);
export const n9Loop = () => loop(use('N9'), 1000, [use('DTM', 'O', MANY), use('MSG', 'O', 1000)]);

/** The header's currency, references, contacts, tax, F.O.B. and pricing, after BEG or BCH. */
export const HEADER_TERMS = [
	use('CUR'),
	use('REF', 'O', MANY),
	use('PER', 'O', 3),
	use('TAX', 'O', MANY),
	use('FOB', 'O', MANY),
	use('CTP', 'O', MANY),
];

/** The header from DIS (discount) through MAN (marks and numbers). */
export const HEADER_DETAILS = [
	use('DIS', 'O', 20),
	use('INC'),
	use('DTM', 'O', 10),
	use('LDT', 'O', 12),
	use('LIN', 'O', 5),
	use('SI', 'O', MANY),
	use('PID', 'O', 200),
	use('MEA', 'O', 40),
	use('PWK', 'O', 25),
	use('PKG', 'O', 200),
	...carrier(2),
	use('MAN', 'O', 10),
];

/** A line's item description loop (PID with its measurements). */
export const lineDescription = () => loop(use('PID'), 1000, [use('MEA', 'O', 10)]);

/** A line from PWK (paperwork) through SDQ (destination quantities). */
export const lineTerms = () => [
	use('PWK', 'O', 25),
	use('PO4', 'O', MANY),
	use('REF', 'O', MANY),
	use('PER', 'O', 3),
	sacLoop(),
	use('IT8'),
	use('CSH', 'O', MANY),
	use('ITD', 'O', 2),
	use('DIS', 'O', 20),
	use('INC'),
	use('TAX', 'O', MANY),
	use('FOB', 'O', MANY),
	use('SDQ', 'O', 500),
];

/** A line from DTM through CTB (restrictions and conditions), before its SCH, N9 and N1 loops. */
export const LINE_DETAILS = [
	use('DTM', 'O', 10),
	use('TC2', 'O', MANY),
	...carrier(1),
	use('PCT', 'O', MANY),
	use('MAN', 'O', 10),
	use('MSG', 'O', MANY),
	use('SPI', 'O', MANY),
	use('TXI', 'O', MANY),
	use('CTB', 'O', MANY),
];
