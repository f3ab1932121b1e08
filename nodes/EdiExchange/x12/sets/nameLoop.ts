/** The N1 loop the seller's documents (855, 856, 810) share: a party, its address, references and contacts. */
import { loop, use } from '../grammar';

/** `contacts`: how many PER the loop holds (0: none, and no REF either: the 855's line parties). */
export const nameLoop = (contacts: number = 3) =>
	loop(use('N1'), 200, [
		use('N2', 'O', 2),
		use('N3', 'O', 2),
		use('N4'),
		...(contacts === 0 ? [] : [use('REF', 'O', 12), use('PER', 'O', contacts)]),
	]);
