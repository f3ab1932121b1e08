/**
 * Hand-made 997s and 824s from the demo retailer (DEMORETAIL) answering what YOURCOMPANY sent:
 * the reader tests, the engine tests and the validator check share them.
 */
import { writeInterchange } from '../../../sandbox/x12/write';

/** One set of `type` with `body` (no ST/SE) from the retailer to us, in its own interchange. */
export const fromRetailer = (type: string, body: string[][], controlNumber = 901): string =>
	writeInterchange({
		senderId: 'DEMORETAIL',
		receiverId: 'YOURCOMPANY',
		usage: 'T',
		controlNumber,
		date: new Date('2026-11-23T10:30:00Z'),
		functionalId: type === '997' ? 'FA' : 'AG',
		sets: [{ type, segments: body }],
		version: '004010',
	});

/**
 * A 997 answering our invoices of group 17: the first accepted, the second rejected (IT102
 * missing, IT104 with a bad character), the third accepted with errors noted (BIG01 an invalid
 * date, a REF out of order); the group partially accepted.
 */
export const REJECTING_997_BODY = [
	['AK1', 'IN', '17'],
	['AK2', '810', '0001'],
	['AK5', 'A'],
	['AK2', '810', '0002'],
	['AK3', 'IT1', '4', 'IT1', '8'],
	['AK4', '2', '358', '1'],
	['AK4', '4', '212', '6', '1O.00'],
	['AK5', 'R', '5'],
	['AK2', '810', '0003'],
	['AK3', 'BIG', '2', '', '8'],
	['AK4', '1', '373', '8', '20261340'],
	['AK3', 'REF', '9', '', '7'],
	['AK5', 'E'],
	['AK9', 'P', '3', '3', '2'],
];
export const REJECTING_997 = fromRetailer('997', REJECTING_997_BODY);

/** A reason longer than TED02's 60 characters, as the contract's 824 writes it: TED02 its start, NTEs the whole. */
export const LONG_REASON =
	'duplicate invoice INV-1, already accepted as transaction 12: the demo retailer keeps the first invoice and refuses this one';

/** `text` cut into NTE02s of 80 characters. */
const notes = (text: string): string[][] =>
	Array.from({ length: Math.ceil(text.length / 80) }, (_, i) => [
		'NTE',
		'GEN',
		text.slice(i * 80, i * 80 + 80),
	]);

/**
 * An 824 as the contract's partner writes it: our invoice INV-1 (GS06 17, ST02 0002) rejected as a
 * duplicate (TED02 the reason's first 60 characters, NTE the whole) and for a price not matching
 * the order; our ship notice SHIP-1 accepted.
 */
export const REJECTING_824_BODY = [
	['BGN', '00', 'AA-824-1', '20261123', '1030'],
	['N1', 'BY', 'DEMO RETAIL', '92', 'DEMORETAIL'],
	['OTI', 'TR', 'IV', 'INV-1', '', '', '', '', '17', '0002', '810'],
	['TED', '006', LONG_REASON.slice(0, 60)],
	...notes(LONG_REASON),
	['TED', '011', 'UNIT PRICE DOES NOT MATCH THE ORDER', 'IT1', '5', '4', '212', '10.00'],
	['OTI', 'TA', 'SI', 'SHIP-1', '', '', '', '', '18', '0001', '856'],
];
export const REJECTING_824 = fromRetailer('824', REJECTING_824_BODY);
