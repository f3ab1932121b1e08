/**
 * The readers of a partner's answers (read997, read824) on hand-made sets: every verdict code and
 * every reason code they name, each reason's place and words, and broken answers read with a
 * warning saying where (or refused), never as a silent "accepted". Also: every code our own 997
 * writer writes reads back named, and the validator of ../shared accepts the well-formed fixtures.
 */
import { readX12 } from '../../../nodes/EdiExchange/x12';
import {
	ACKNOWLEDGMENT_CODE_NAMES,
	APPLICATION_ACKNOWLEDGMENT_NAMES,
	APPLICATION_ERRORS,
	documentsFromX12,
	ELEMENT_ERRORS,
	GROUP_ERRORS,
	read824,
	read997,
	SEGMENT_ERRORS,
	SET_ERRORS,
	write997,
} from '../../../nodes/EdiExchange/x12Documents';
import { PROBLEM_KINDS } from '../../../nodes/EdiExchange/x12/problems';
import { validateAll, withValidator } from '../../x12Interop';
import {
	fromRetailer,
	LONG_REASON,
	REJECTING_824,
	REJECTING_824_BODY,
	REJECTING_997,
	REJECTING_997_BODY,
} from './ackFixtures';

type Any = Record<string, any>;

/** A set of `type` around `body`, as the envelope reader gives it. */
const set = (type: string, body: string[][]) => ({
	type,
	controlNumber: '0001',
	segments: [['ST', type, '0001'], ...body, ['SE', String(body.length + 2), '0001']],
});

/** The 997's reading; with `clean`, expects no error and no warning. */
function ack(body: string[][], clean = false) {
	const reading = read997(set('997', body));
	if (clean) expect([reading.errors, reading.warnings]).toEqual([[], []]);
	return { ...reading, document: reading.document as Any };
}
function advice(body: string[][], clean = false) {
	const reading = read824(set('824', body));
	if (clean) expect([reading.errors, reading.warnings]).toEqual([[], []]);
	return { ...reading, document: reading.document as Any };
}

describe('a 997', () => {
	it('reads which group and sets it answers, each verdict and every reason in words', () => {
		const { document } = ack(REJECTING_997_BODY, true);
		expect(document.group).toEqual({ functionalId: 'IN', controlNumber: '17' });
		expect(document).toMatchObject({
			status: 'partiallyAccepted',
			statusCode: 'P',
			statusMeaning: 'Partially Accepted, At Least One Transaction Set Was Rejected',
			counts: { included: 3, received: 3, accepted: 2 },
			errors: [],
			x12Unmapped: [],
		});
		const [first, second, third] = document.transactionSets;
		expect(first).toEqual({
			transactionType: '810',
			controlNumbers: { group: '17', transactionSet: '0001' },
			status: 'accepted',
			statusCode: 'A',
			statusMeaning: 'Accepted',
			errors: [],
		});
		expect(second).toMatchObject({
			controlNumbers: { group: '17', transactionSet: '0002' },
			status: 'rejected',
			statusCode: 'R',
			statusMeaning: 'Rejected',
		});
		expect(second.errors).toEqual([
			{
				code: '8',
				meaning: 'Segment Has Data Element Errors',
				message:
					'IT1 at position 4 in loop IT1: Segment Has Data Element Errors; IT102 (data element 358): Mandatory data element missing; IT104 (data element 212): Invalid character in data element (found "1O.00")',
				segment: 'IT1',
				position: 4,
				loop: 'IT1',
				elements: [
					{
						position: 2,
						reference: '358',
						code: '1',
						meaning: 'Mandatory data element missing',
					},
					{
						position: 4,
						reference: '212',
						code: '6',
						meaning: 'Invalid character in data element',
						value: '1O.00',
					},
				],
			},
			{
				code: '5',
				meaning: 'One or More Segments in Error',
				message: 'One or More Segments in Error',
			},
		]);
		expect(third).toMatchObject({ status: 'acceptedWithErrors', statusCode: 'E' });
		expect(third.errors.map((e: Any) => e.message)).toEqual([
			'BIG at position 2: Segment Has Data Element Errors; BIG01 (data element 373): Invalid Date (found "20261340")',
			'REF at position 9: Segment Not in Proper Sequence',
		]);
	});

	it('names every AK304 (720) and AK403 (723) code', () => {
		for (const [code, name] of SEGMENT_ERRORS.entries) {
			const { document } = ack(
				[
					['AK1', 'IN', '1'],
					['AK2', '810', '0001'],
					['AK3', 'N1', '7', 'N1', code],
					['AK5', 'R', '5'],
					['AK9', 'R', '1', '1', '0'],
				],
				true,
			);
			expect(document.transactionSets[0].errors[0]).toMatchObject({ code, meaning: name });
		}
		for (const [code, name] of ELEMENT_ERRORS.entries) {
			const { document } = ack(
				[
					['AK1', 'IN', '1'],
					['AK2', '810', '0001'],
					['AK3', 'N1', '7', '', '8'],
					['AK4', '3', '66', code, 'Q'],
					['AK5', 'R', '5'],
					['AK9', 'R', '1', '1', '0'],
				],
				true,
			);
			expect(document.transactionSets[0].errors[0].elements).toEqual([
				{ position: 3, reference: '66', code, meaning: name, value: 'Q' },
			]);
		}
	});

	it('names every AK502 (718) and AK905 (716) code, and each verdict of 717 and 715', () => {
		for (const [code, name] of SET_ERRORS.entries) {
			const { document } = ack(
				[
					['AK1', 'SH', '1'],
					['AK2', '856', '0001'],
					['AK5', 'R', code],
					['AK9', 'R', '1', '1', '0'],
				],
				true,
			);
			expect(document.transactionSets[0].errors).toEqual([{ code, meaning: name, message: name }]);
		}
		for (const [code, name] of GROUP_ERRORS.entries) {
			const { document } = ack([
				['AK1', 'SH', '1'],
				['AK9', 'R', '1', '0', '0', code],
			]);
			expect(document.errors).toEqual([{ code, meaning: name, message: name }]);
		}
		const words: Record<string, string> = {
			A: 'accepted',
			E: 'acceptedWithErrors',
			M: 'rejected',
			R: 'rejected',
			W: 'rejected',
			X: 'rejected',
		};
		for (const [code, word] of Object.entries(words)) {
			const { document } = ack([
				['AK1', 'SH', '1'],
				['AK2', '856', '0001'],
				['AK5', code, ...(code === 'A' || code === 'E' ? [] : ['5'])],
				['AK9', code, '1', '1', code === 'A' || code === 'E' ? '1' : '0'],
			]);
			const meaning = ACKNOWLEDGMENT_CODE_NAMES.word(code);
			expect(document.transactionSets[0]).toMatchObject({
				status: word,
				statusCode: code,
				statusMeaning: meaning,
			});
			expect(document).toMatchObject({ status: word, statusCode: code, statusMeaning: meaning });
		}
	});

	it('takes AK401 with a component (005010) and a 997 of AK1 and AK9 alone (no AK2 loops)', () => {
		const { document } = ack(
			[
				['AK1', 'IN', '9'],
				['AK2', '810', '0001'],
				['AK3', 'PID', '6', '', '8'],
				['AK4', '5:2', '352', '5'],
				['AK5', 'R', '5'],
				['AK9', 'R', '1', '1', '0'],
			],
			true,
		);
		expect(document.transactionSets[0].errors[0].elements[0]).toMatchObject({
			position: 5,
			component: 2,
		});
		const whole = ack(
			[
				['AK1', 'IN', '9'],
				['AK9', 'A', '4', '4', '4'],
			],
			true,
		).document;
		expect(whole).toMatchObject({
			status: 'accepted',
			transactionSets: [],
			counts: { accepted: 4 },
		});
	});

	describe('broken', () => {
		it('without AK1 it is refused: it does not say which group it answers', () => {
			const reading = ack([
				['AK2', '810', '0001'],
				['AK5', 'A'],
				['AK9', 'A', '1', '1', '1'],
			]);
			expect(reading.document).toBeUndefined();
			expect(reading.errors).toEqual([
				'The 997 has no AK1: it does not say which functional group it answers, so no verdict in it can be matched',
			]);
			expect(reading.warnings).toEqual([
				'AK2 (segment 2) comes before any AK1: the group it belongs to is unknown',
			]);
		});

		it('an AK2 without AK5 has an unknown status, never accepted', () => {
			const { document, warnings } = ack([
				['AK1', 'IN', '5'],
				['AK2', '810', '0001'],
				['AK2', '810', '0002'],
				['AK5', 'A'],
				['AK9', 'A', '2', '2', '2'],
			]);
			expect(document.transactionSets.map((s: Any) => s.status)).toEqual(['unknown', 'accepted']);
			expect(document.transactionSets[0].statusMeaning).toBe(
				'No AK5: the 997 gives no verdict on this set',
			);
			expect(warnings).toEqual([
				'AK2 (segment 3) has no AK5: the 997 gives no verdict on 810 0001 (its status is unknown)',
				'AK9 (segment 6): AK904 says 2 sets were accepted, and the AK5s accept 1',
			]);
		});

		it('AK9 counts and verdicts that disagree with the AK2 loops are said', () => {
			const { document, warnings } = ack([
				['AK1', 'IN', '5'],
				['AK2', '810', '0001'],
				['AK5', 'R'],
				['AK9', 'A', '3', '2', '3'],
			]);
			expect(document.status).toBe('accepted');
			expect(warnings).toEqual([
				'AK501 (segment 4) rejects 810 0001 ("R") and gives no reason (no AK3, no AK502)',
				'AK9 (segment 5): AK902 says the group held 3 sets, AK903 that 2 were received',
				'AK9 (segment 5): AK904 says 3 sets were accepted, more than the 2 received (AK903)',
				'AK9 (segment 5): AK903 says 2 sets were received, and the 997 answers 1 (AK2 loops)',
				'AK9 (segment 5): AK901 "A" accepts the group, yet the 997 rejects 810 0001',
			]);
			const all = ack([
				['AK1', 'IN', '5'],
				['AK2', '810', '0001'],
				['AK5', 'A'],
				['AK9', 'R', '1', '1', '1'],
			]).warnings;
			expect(all).toEqual([
				'AK9 (segment 5): AK901 "R" rejects the group, yet every AK5 accepts its set',
			]);
		});

		it('unknown codes are kept as written and named unknown; an unknown verdict is unknown', () => {
			const { document, warnings } = ack([
				['AK1', 'IN', '5'],
				['AK2', '810', '0001'],
				['AK3', 'IT1', '4', '', '99'],
				['AK4', '2', '', 'Z'],
				['AK5', 'Q', '77'],
				['AK9', 'Q', '1', '1', '0', '88'],
			]);
			const [answered] = document.transactionSets;
			expect(answered).toMatchObject({
				status: 'unknown',
				statusCode: 'Q',
				statusMeaning: 'Unknown code "Q" (not in X12 list 717, transaction set acknowledgment)',
			});
			expect(answered.errors.map((e: Any) => e.meaning)).toEqual([
				'Unknown code "99" (not in X12 list 720, segment syntax error)',
				'Unknown code "77" (not in X12 list 718, transaction set syntax error)',
			]);
			expect(answered.errors[0].elements[0].meaning).toBe(
				'Unknown code "Z" (not in X12 list 723, data element syntax error)',
			);
			expect(document).toMatchObject({ status: 'unknown', statusCode: 'Q' });
			expect(document.errors[0].meaning).toBe(
				'Unknown code "88" (not in X12 list 716, functional group syntax error)',
			);
			expect(warnings).toEqual([
				'AK304 (segment 4) is "99", not a code of X12 list 720 (segment syntax error): kept as written',
				'AK403 (segment 5) is "Z", not a code of X12 list 723 (data element syntax error): kept as written',
				'AK501 (segment 6) is "Q", not a code of X12 list 717 (transaction set acknowledgment): the verdict is unknown, not accepted',
				'AK502 (segment 6) is "77", not a code of X12 list 718 (transaction set syntax error): kept as written',
				'AK901 (segment 7) is "Q", not a code of X12 list 715 (functional group acknowledgment): the verdict is unknown, not accepted',
				'AK905 (segment 7) is "88", not a code of X12 list 716 (functional group syntax error): kept as written',
			]);
		});

		it('an empty AK403 or TED01 (mandatory) is said; an empty AK304 (optional) is not', () => {
			const { document, warnings } = ack([
				['AK1', 'IN', '5'],
				['AK2', '810', '0001'],
				['AK3', 'IT1', '4'],
				['AK4', '2', '358', ''],
				['AK5', 'R', '5'],
				['AK9', 'R', '1', '1', '0'],
			]);
			expect(document.transactionSets[0].errors[0]).toMatchObject({
				code: '',
				meaning: 'No code given (AK304 is empty)',
				elements: [{ code: '', meaning: 'No code given (AK403 is empty)' }],
			});
			expect(warnings).toEqual([
				'AK403 (segment 5) (data element syntax error code) is empty: the reason has no code',
			]);
			const reading = advice([
				['BGN', '00', '1', '20261123'],
				['OTI', 'TR', 'IV', 'INV-9'],
				['TED', '', 'PRICE TOO HIGH'],
			]);
			expect(reading.document.transactionSets[0].errors[0]).toMatchObject({
				code: '',
				meaning: 'No code given (TED01 is empty)',
				message: 'PRICE TOO HIGH',
			});
			expect(reading.warnings).toEqual([
				'TED01 (segment 4) (application error condition code) is empty: the reason has no code',
			]);
		});

		it('without AK9 the group’s status is unknown; notes outside an AK2 loop are the group’s', () => {
			const { document, warnings } = ack([
				['AK1', 'IN', '5'],
				['AK3', 'IT1', '4', '', '8'],
				['AK4', 'x', '', '1'],
				['AK5', 'A'],
				['AK2', '810', '0001'],
				['AK4', '3', '', '4'],
				['AK5', 'A'],
			]);
			expect(document).toMatchObject({ status: 'unknown', statusCode: '', counts: {} });
			expect(document.errors).toEqual([
				{
					code: '8',
					meaning: 'Segment Has Data Element Errors',
					message:
						'IT1 at position 4: Segment Has Data Element Errors; an element: Mandatory data element missing',
					segment: 'IT1',
					position: 4,
					elements: [{ code: '1', meaning: 'Mandatory data element missing' }],
				},
			]);
			expect(document.transactionSets[0].errors[0].message).toBe(
				'Segment not named (AK4 without AK3); element 3: Data element too short',
			);
			expect(document.x12Unmapped).toEqual([{ position: 5, segment: ['AK5', 'A'] }]);
			expect(warnings).toEqual([
				'AK3 (segment 3) is outside any AK2 loop: it is read as about the whole group',
				'AK401 (segment 4) is "x", not an element position',
				'AK5 (segment 5) follows no AK2: it names no set, not read',
				'AK4 (segment 7) follows no AK3: the segment its element is in is not named',
				'AK501 (segment 8) accepts 810 0001 as it is ("A"), yet the 997 notes errors in it: read as accepted, with its errors',
				'The 997 has no AK9: the group’s status is unknown',
			]);
		});

		it('an interchange with a 997 out of order says where, located in the interchange', () => {
			const text = fromRetailer('997', [
				['AK1', 'IN', '5'],
				['AK9', 'A', '1', '1', '1'],
				['AK2', '810', '0001'],
				['AK5', 'A'],
			]);
			const [read] = documentsFromX12(text).documents;
			expect(read.warnings).toEqual(
				expect.arrayContaining([
					expect.stringMatching(/^AK2 \(segment 6\): AK2 belongs in an earlier part of the 997/),
				]),
			);
			expect(read.document).toMatchObject({ status: 'accepted' });
		});
	});

	it('every code our own 997 writer writes reads back named, with the same verdicts', () => {
		for (const codes of Object.values(PROBLEM_KINDS) as Array<Record<string, string>>) {
			if (codes.ak304) expect(SEGMENT_ERRORS.word(codes.ak304)).toBeDefined();
			if (codes.ak403) expect(ELEMENT_ERRORS.word(codes.ak403)).toBeDefined();
			if (codes.ak502) expect(SET_ERRORS.word(codes.ak502)).toBeDefined();
			if (codes.ak905) expect(GROUP_ERRORS.word(codes.ak905)).toBeDefined();
		}
		// Our 850 with an SE count that is wrong, and one set with a segment out of order.
		const text = [
			'ISA*00*          *00*          *ZZ*DEMORETAIL     *ZZ*YOURCOMPANY    *261122*1030*U*00401*000000042*0*T*>~',
			'GS*PO*DEMORETAIL*YOURCOMPANY*20261122*1030*42*X*004010~',
			'ST*850*0001~BEG*00*SA*PO-1**20261122~PO1*1*5*EA*1.00**BP*X~SE*9*0001~',
			'ST*850*0002~BEG*00*SA*PO-2**20261122~PO1*1*5*EA*1.00**BP*X~BEG*00*SA*PO-2**20261122~SE*5*0002~',
			'ST*850*0003~BEG*00*SA*PO-3**20261122~PO1*1*5*EA*1.00**BP*X~SE*4*0003~',
			'GE*3*42~IEA*1*000000042~',
		].join('');
		const reading = readX12(text);
		const [written] = write997(reading.interchanges[0], [
			...reading.errors,
			...reading.warnings,
		]).sets;
		const { document, warnings } = ack(written.segments, true);
		expect(warnings).toEqual([]);
		expect(
			document.transactionSets.map((s: Any) => [s.controlNumbers.transactionSet, s.status]),
		).toEqual([
			['0001', 'rejected'],
			['0002', 'acceptedWithErrors'],
			['0003', 'accepted'],
		]);
		expect(document.transactionSets[0].errors.map((e: Any) => e.message)).toEqual([
			'Number of Included Segments Does Not Match Actual Count',
		]);
		expect(document.transactionSets[1].errors.map((e: Any) => e.message)).toEqual([
			'BEG at position 4: Segment Not in Proper Sequence',
		]);
		expect(document).toMatchObject({
			group: { functionalId: 'PO', controlNumber: '42' },
			status: 'partiallyAccepted',
		});
	});
});

describe('an 824', () => {
	it('reads which of our documents it answers, the verdict and each whole reason', () => {
		const { document } = advice(REJECTING_824_BODY, true);
		expect(document).toMatchObject({
			purpose: 'original',
			referenceNumber: 'AA-824-1',
			date: '2026-11-23',
			time: '1030',
			parties: {
				buyer: {
					name: 'DEMO RETAIL',
					identificationCodeType: 'assignedByBuyer',
					identificationCode: 'DEMORETAIL',
				},
			},
			status: 'partiallyAccepted',
			counts: { answered: 2, accepted: 1, rejected: 1 },
			errors: [],
			x12Unmapped: [],
		});
		const [invoice, shipNotice] = document.transactionSets;
		expect(invoice).toEqual({
			transactionType: '810',
			controlNumbers: { group: '17', transactionSet: '0002' },
			businessNumber: 'INV-1',
			businessNumberType: 'invoiceNumber',
			level: 'transactionSet',
			status: 'rejected',
			statusCode: 'TR',
			statusMeaning: 'Transaction Set Reject',
			errors: [
				{
					code: '006',
					meaning: 'Duplicate',
					message: LONG_REASON,
					text: LONG_REASON.slice(0, 60),
					notes: [LONG_REASON.slice(0, 80), LONG_REASON.slice(80)],
				},
				{
					code: '011',
					meaning: 'Not Matching',
					message:
						'UNIT PRICE DOES NOT MATCH THE ORDER (IT1 at position 5, IT104 (data element 212) "10.00")',
					text: 'UNIT PRICE DOES NOT MATCH THE ORDER',
					segment: 'IT1',
					position: 5,
					elements: [{ position: 4, reference: '212', value: '10.00' }],
				},
			],
		});
		expect(shipNotice).toEqual({
			transactionType: '856',
			controlNumbers: { group: '18', transactionSet: '0001' },
			businessNumber: 'SHIP-1',
			businessNumberType: 'shipmentId',
			level: 'transactionSet',
			status: 'accepted',
			statusCode: 'TA',
			statusMeaning: 'Transaction Set Accept',
			errors: [],
		});
	});

	it('names every OTI01 (110) by its status word and level, and every TED01 (647) code', () => {
		const words: Record<string, string> = {
			A: 'accepted',
			C: 'acceptedWithChanges',
			E: 'acceptedWithErrors',
			P: 'partiallyAccepted',
			R: 'rejected',
		};
		const levels: Record<string, string> = {
			T: 'transactionSet',
			G: 'functionalGroup',
			B: 'batch',
			I: 'item',
		};
		for (const [code, meaning] of APPLICATION_ACKNOWLEDGMENT_NAMES.entries) {
			const { document } = advice([
				['BGN', '00', '1', '20261123'],
				['OTI', code, 'IV', 'INV-9'],
				['TED', '024', 'SEE NOTE'],
			]);
			expect(document.transactionSets[0]).toMatchObject({
				status: words[code[1]],
				level: levels[code[0]],
				statusCode: code,
				statusMeaning: meaning,
			});
			expect(document.status).toBe(words[code[1]]);
		}
		for (const [code, meaning] of APPLICATION_ERRORS.entries) {
			const { document } = advice(
				[
					['BGN', '00', '1', '20261123'],
					['OTI', 'TR', 'SI', 'SHIP-9'],
					['TED', code],
				],
				true,
			);
			expect(document.transactionSets[0].errors).toEqual([{ code, meaning, message: meaning }]);
		}
	});

	it('joins notes that are not cut from one text with a space, after TED02', () => {
		const { document } = advice(
			[
				['BGN', '00', '1', '20261123'],
				['OTI', 'TR', 'IV', 'INV-9', '', '', '', '', '4', '0001', '810'],
				['TED', '007', 'MISSING DATA'],
				['NTE', 'GEN', 'IT1 LINE 2 HAS NO PRICE'],
				['NTE', 'GEN', 'IT1 LINE 3 HAS NO UNIT'],
			],
			true,
		);
		expect(document.transactionSets[0].errors[0].message).toBe(
			'MISSING DATA IT1 LINE 2 HAS NO PRICE IT1 LINE 3 HAS NO UNIT',
		);
	});

	describe('broken', () => {
		it('without OTI it is refused: it names no document', () => {
			const reading = advice([
				['BGN', '00', '1', '20261123'],
				['TED', '024', 'NO GOOD'],
			]);
			expect(reading.document).toBeUndefined();
			expect(reading.errors).toEqual([
				'The 824 has no OTI: it names no document it answers, so no verdict in it can be matched',
			]);
		});

		it('a TED before any OTI is the 824’s own reason; an OTI rejecting without TED is said', () => {
			const { document, warnings } = advice([
				['BGN', '00', '1', '20261123'],
				['TED', '024', 'FILE REJECTED'],
				['OTI', 'TR', 'IV', 'INV-9', '', '', '', '', '4', '0001', '810'],
				['OTI', 'TE', 'IV', 'INV-10'],
				['OTI', 'TA', 'IV', 'INV-11'],
			]);
			expect(document.errors).toEqual([
				{
					code: '024',
					meaning: 'Other Unlisted Reason',
					message: 'FILE REJECTED',
					text: 'FILE REJECTED',
				},
			]);
			expect(document.transactionSets.map((s: Any) => s.status)).toEqual([
				'rejected',
				'acceptedWithErrors',
				'accepted',
			]);
			expect(document.status).toBe('partiallyAccepted');
			expect(warnings).toEqual([
				'TED (segment 3) comes before any OTI: its reason names no document, read as about the whole 824',
				'OTI (segment 4) says transaction set reject ("TR") for 810 INV-9 and gives no reason (no TED)',
				'OTI (segment 5) says transaction set accept with error ("TE") for INV-10 and gives no reason (no TED)',
			]);
		});

		it('unknown codes are kept, an unknown verdict is unknown; an NTE without TED is a reason', () => {
			const { document, warnings } = advice([
				['OTI', 'ZZ', 'XX', 'DOC-1'],
				['NTE', 'GEN', 'PLEASE CALL'],
				['TED', '999', 'ODD'],
			]);
			const [answered] = document.transactionSets;
			expect(answered).toMatchObject({
				status: 'unknown',
				level: 'unknown',
				statusCode: 'ZZ',
				businessNumber: 'DOC-1',
				businessNumberType: 'XX',
			});
			expect(answered.errors).toEqual([
				{ code: '', meaning: 'Note (no TED)', message: 'PLEASE CALL', notes: ['PLEASE CALL'] },
				{
					code: '999',
					meaning: 'Unknown code "999" (not in X12 list 647, application error condition)',
					message: 'ODD',
					text: 'ODD',
				},
			]);
			expect(document.status).toBe('unknown');
			expect(warnings).toEqual([
				'OTI01 (segment 2) is "ZZ", not a code of X12 list 110 (application acknowledgment): the verdict is unknown, not accepted',
				'NTE (segment 3) follows no TED: read as a reason of its own, with no code',
				'TED01 (segment 4) is "999", not a code of X12 list 647 (application error condition): kept as written',
				'The 824 has no BGN: its reference number and date are unknown',
			]);
		});

		it('an interchange whose 824 has its segments out of place says where', () => {
			const text = fromRetailer('824', [
				['BGN', '00', '1', '20261123'],
				['OTI', 'TR', 'IV', 'INV-9'],
				['TED', '024', 'BAD'],
				['N1', 'BY', 'LATE PARTY'],
			]);
			const [read] = documentsFromX12(text).documents;
			expect(read.warnings).toEqual([
				expect.stringMatching(/^N1 \(segment 7\): N1 belongs in an earlier part of the 824/),
			]);
			expect(read.document!.parties).toBeUndefined();
			expect(read.document!.x12Unmapped).toEqual([
				{ position: 5, segment: ['N1', 'BY', 'LATE PARTY'] },
			]);
		});
	});
});

describe('through documentsFromX12', () => {
	it('the fixtures read with their envelope: the 824’s own, beside what it answers', () => {
		const [read] = documentsFromX12(REJECTING_824).documents;
		expect(read).toMatchObject({
			transactionType: '824',
			senderId: 'DEMORETAIL',
			receiverId: 'YOURCOMPANY',
			interchangeControlNumber: '000000901',
			groupControlNumber: '901',
			errors: [],
			warnings: [],
		});
		const [ack997] = documentsFromX12(REJECTING_997).documents;
		expect(ack997).toMatchObject({ transactionType: '997', errors: [], warnings: [] });
	});
});

withValidator.test('the validator of ../shared accepts the well-formed fixtures', () => {
	const texts = [REJECTING_997, REJECTING_824];
	expect(validateAll(texts).map((v) => v.errors)).toEqual([[], []]);
});
