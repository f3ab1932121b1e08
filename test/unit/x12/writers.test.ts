/**
 * Unit tests of the X12 writers: what an element cannot carry is refused naming the document's
 * field, SSCC-18 check digits, TDS's implied decimals, the envelope's counts and fixed-width ISA,
 * and the 997 (one per group, AK3/AK4/AK5 from the reader's problems, never for a 997).
 */
import {
	buildInvoice,
	DocumentError,
	type PlainObject,
} from '../../../nodes/EdiExchange/documents';
import { readInterchange } from '../../../nodes/EdiExchange/x12';
import {
	gs1CheckDigit,
	isValidSscc,
	SsccSequence,
	write810,
	write855,
	write856,
	write997,
	writeInterchange,
} from '../../../nodes/EdiExchange/x12Documents';

const ACK: PlainObject = {
	purchaseOrderNumber: 'PO-1042',
	status: 'accepted',
	dates: { purchaseOrderDate: '2026-11-20' },
	parties: {
		shipTo: { name: 'Store 12', identificationCode: '0012', identificationCodeType: 'receiversId' },
	},
	lineItems: [
		{
			purchaseOrderLineId: '1',
			productIds: { buyerItemNumber: 'SKU-1' },
			actions: [
				{
					status: 'accepted',
					quantity: { value: '5', unitOfMeasure: 'each' },
					unitCostPrice: '101.00',
				},
			],
		},
	],
};
const ORDER: PlainObject = {
	purchaseOrderNumber: 'PO-1042',
	purchaseOrderDate: '2026-11-20',
	releaseNumber: 'R7',
	buyersCurrency: { currencyCode: 'USD' },
	lineItems: [
		{
			purchaseOrderLineId: '1',
			quantity: { value: '3', unitOfMeasure: 'each' },
			unitCostPrice: '41.15',
			productIds: { gtin12: '012345678905' },
		},
	],
	charges: [{ type: 'freight', amount: '0.3' }],
};
const ENVELOPE = {
	senderId: 'SELLER',
	receiverId: 'BUYER',
	controlNumbers: { interchange: 42, group: 7, sets: [1] },
	date: '2026-11-24',
	time: '0915',
};
const refusal = (write: () => unknown): DocumentError => {
	try {
		write();
	} catch (error) {
		if (error instanceof DocumentError) return error;
		throw error;
	}
	throw new Error('not refused');
};

describe('elements: refused before anything is sent, naming the field', () => {
	test('a purchase order number longer than BAK03 holds', () => {
		const error = refusal(() => write855({ ...ACK, purchaseOrderNumber: 'P'.repeat(23) }));
		expect(error.path).toBe('purchaseOrderNumber');
		expect(error.message).toMatch(/23 characters long: X12 BAK03 holds at most 22/);
	});
	test('a party name holding the element separator, and accepted under other separators', () => {
		const ack = { ...ACK, parties: { shipTo: { name: 'Smith*Sons' } } };
		const error = refusal(() => write855(ack));
		expect(error.path).toBe('parties.shipTo.name');
		expect(error.message).toMatch(/"\*", the interchange's element separator/);
		expect(write855(ack, { separators: { element: '|' } })).toContainEqual([
			'N1',
			'ST',
			'Smith*Sons',
		]);
	});
	test('a line break and the segment terminator inside a description', () => {
		const line = (description: string) => ({
			...ACK,
			lineItems: [{ ...(ACK.lineItems as PlainObject[])[0], productAttributes: { description } }],
		});
		expect(refusal(() => write855(line('two\nlines'))).path).toBe(
			'lineItems[0].productAttributes.description',
		);
		expect(refusal(() => write855(line('a~b'))).message).toMatch(/segment separator/);
	});
	test('a unit of measure or product id kind without an X12 code', () => {
		const line = (patch: PlainObject) => ({
			...ACK,
			lineItems: [{ ...(ACK.lineItems as PlainObject[])[0], ...patch }],
		});
		expect(refusal(() => write855(line({ productIds: { colour: 'red' } }))).path).toBe(
			'lineItems[0].productIds.colour',
		);
		const unit = line({
			actions: [{ status: 'accepted', quantity: { value: '1', unitOfMeasure: 'bucket' } }],
		});
		expect(refusal(() => write855(unit)).path).toBe(
			'lineItems[0].actions[0].quantity.unitOfMeasure',
		);
	});
	test("a partner's product id qualifier is used, and one that is not an X12 qualifier is refused", () => {
		const options = { productIdQualifiers: { buyerItemNumber: 'IN' } };
		expect(
			write855(ACK, options)
				.find((s) => s[0] === 'PO1')
				?.slice(6),
		).toEqual(['IN', 'SKU-1']);
		const error = refusal(() =>
			write855(ACK, { productIdQualifiers: { buyerItemNumber: 'ITEM' } }),
		);
		expect(error.path).toBe('productIdQualifiers.buyerItemNumber');
	});
	test('a GTIN given as a JSON number past 2^53 (its digits are already lost)', () => {
		const line = {
			...(ACK.lineItems as PlainObject[])[0],
			productIds: { gtin14: 10012345678902345 },
		};
		expect(refusal(() => write855({ ...ACK, lineItems: [line] })).message).toMatch(
			/give it as a string/,
		);
	});
});

describe('810: TDS with its implied two decimals, exact', () => {
	test('an invoice of 3 × 41.15 + 0.30 freight is TDS 12375, CUR and BIG05 carried', () => {
		const segments = write810(buildInvoice(ORDER, { invoiceDate: '2026-11-24' }));
		expect(segments).toContainEqual(['TDS', '12375', '12345']);
		expect(segments).toContainEqual(['SAC', 'C', 'D240', '', '', '30']);
		expect(segments).toContainEqual(['CUR', 'BY', 'USD']);
		expect(segments[0]).toEqual(['BIG', '20261124', 'INV-PO-1042', '20261120', 'PO-1042', 'R7']);
		expect(segments).toContainEqual(['IT1', '1', '3', 'EA', '41.15', '', 'UP', '012345678905']);
	});
	test('a total with more than two decimals is refused, not rounded in silence', () => {
		const invoice = buildInvoice(ORDER, { invoiceDate: '2026-11-24' });
		const error = refusal(() => write810({ ...invoice, invoiceTotal: '123.456' }));
		expect(error.path).toBe('invoiceTotal');
		expect(error.message).toMatch(/exactly two decimals/);
	});
});

describe('SSCC-18', () => {
	test("GS1 mod-10 check digits (the SSCCs of the validator's sample 856) and consecutive serials", () => {
		expect(gs1CheckDigit('00614141000000001')).toBe(2);
		expect(gs1CheckDigit('00614141000000002')).toBe(9);
		const sequence = new SsccSequence({ companyPrefix: '0614141', firstSerial: 1 });
		expect([sequence.take(), sequence.take()]).toEqual([
			'006141410000000012',
			'006141410000000029',
		]);
		expect(isValidSscc('006141410000000013')).toBe(false);
	});
	test('a package whose serialShippingId has a wrong check digit is refused, naming it', () => {
		const asn = {
			shipmentId: 'SHP-1',
			dates: { shipDate: '2026-11-24' },
			orders: [
				{
					purchaseOrderNumber: 'PO-1',
					pallets: [
						{
							cartons: [
								{
									serialShippingId: '006141410000000013',
									items: [
										{
											purchaseOrderLineId: '1',
											productIds: { buyerItemNumber: 'A1' },
											quantityShipped: { value: '1' },
										},
									],
								},
							],
						},
					],
				},
			],
		};
		const error = refusal(() => write856(asn));
		expect(error.path).toBe('orders[0].pallets[0].cartons[0].serialShippingId');
		expect(error.message).toMatch(/check digit/);
		expect(refusal(() => new SsccSequence({ companyPrefix: '12' })).path).toBe(
			'sscc.companyPrefix',
		);
	});
});

describe('envelope', () => {
	const text = writeInterchange([{ type: '855', segments: write855(ACK) }], ENVELOPE);
	test('fixed-width ISA, 9-digit ISA13, counts and control numbers as given', () => {
		const segments = text.split('~').filter(Boolean);
		expect(segments[0]).toHaveLength(105);
		expect(segments[0].split('*')[13]).toBe('000000042');
		expect(segments[1]).toBe('GS*PR*SELLER*BUYER*20261124*0915*7*X*004010');
		expect(segments[2]).toBe('ST*855*0001');
		expect(segments.at(-3)).toBe(`SE*${segments.length - 4}*0001`);
		expect(segments.slice(-2)).toEqual(['GE*1*7', 'IEA*1*000000042']);
		const read = readInterchange(text);
		expect(read.problems).toEqual([]);
	});
	test('control numbers out of range or repeated, and mixed set types, are refused', () => {
		const sets = [{ type: '855', segments: write855(ACK) }];
		expect(
			refusal(() =>
				writeInterchange(sets, {
					...ENVELOPE,
					controlNumbers: { interchange: 1_000_000_000, group: 1, sets: [1] },
				}),
			).path,
		).toBe('controlNumbers.interchange');
		expect(
			refusal(() =>
				writeInterchange([...sets, ...sets], {
					...ENVELOPE,
					controlNumbers: { interchange: 1, group: 1, sets: [3, 3] },
				}),
			).path,
		).toBe('controlNumbers.sets[1]');
		expect(
			refusal(() =>
				writeInterchange([...sets, { type: '810', segments: [['BIG']] }], {
					...ENVELOPE,
					controlNumbers: { interchange: 1, group: 1, sets: [1, 2] },
				}),
			).path,
		).toBe('sets');
	});
});

describe('997', () => {
	const po = (n: string) => [
		'ST*850*' + n,
		'BEG*00*SA*PO-' + n + '**20261120',
		'PO1*1*1*EA*1**BP*A1',
		'CTT*1',
		`SE*5*${n}`,
	];
	const interchange = (sets: string[][], extra = '') =>
		[
			'ISA*00*          *00*          *ZZ*BUYER          *ZZ*SELLER         *261124*0900*U*00401*000000777*0*P*>',
			'GS*PO*BUYERGS*SELLERGS*20261124*0900*31*X*004010',
			...sets.flat(),
			`GE*${sets.length}*31`,
			...(extra ? [extra] : []),
			'IEA*1*000000777',
		].join('~') + '~';

	test('accepted: one 997 for the group, AK1 with GS01/GS06, AK2/AK5 per set, AK9 counts, addressed back', () => {
		const read = readInterchange(interchange([po('0001'), po('0002')]));
		const result = write997(read.interchange!, read.problems);
		expect(result.sets).toHaveLength(1);
		expect(result.sets[0].segments).toEqual([
			['AK1', 'PO', '31'],
			['AK2', '850', '0001'],
			['AK5', 'A'],
			['AK2', '850', '0002'],
			['AK5', 'A'],
			['AK9', 'A', '2', '2', '2'],
		]);
		expect(result.envelope).toMatchObject({
			senderId: 'SELLER',
			receiverId: 'BUYER',
			groupSenderId: 'SELLERGS',
			groupReceiverId: 'BUYERGS',
			usage: 'P',
		});
	});
	test('a set whose SE count is wrong is rejected (AK5 R 4), the others accepted: AK9 P', () => {
		const broken = po('0002');
		broken[4] = 'SE*9*0002';
		const read = readInterchange(interchange([po('0001'), broken]));
		expect(read.problems.length).toBeGreaterThan(0);
		const [ack] = write997(read.interchange!, read.problems).sets;
		expect(ack.segments.slice(4)).toEqual([
			['AK5', 'R', '4'],
			['AK9', 'P', '2', '2', '1'],
		]);
	});
	test('a segment problem with its element becomes AK3/AK4 (the newer reader locates problems)', () => {
		const read = readInterchange(interchange([po('0001')]));
		const [ack] = write997(read.interchange!, [
			{ segment: 'PO1', position: 5, element: 3, message: 'PO103 is too long', group: 0, set: 0 },
		]).sets;
		expect(ack.segments).toEqual([
			['AK1', 'PO', '31'],
			['AK2', '850', '0001'],
			['AK3', 'PO1', '3', '', '8'],
			['AK4', '3', '', '5'],
			['AK5', 'R', '5'],
			['AK9', 'R', '1', '1', '0'],
		]);
	});
	test('AK5 code 5 only beside an AK3 saying which segment: an ST/SE problem with no AK502 code of its own gets its AK3 (#41)', () => {
		const read = readInterchange(interchange([po('0001')]));
		const [ack] = write997(read.interchange!, [
			{ segment: 'ST', position: 3, element: 3, message: 'ST03 is not 004010', group: 0, set: 0 },
		]).sets;
		expect(ack.segments).toEqual([
			['AK1', 'PO', '31'],
			['AK2', '850', '0001'],
			['AK3', 'ST', '1', '', '8'],
			['AK4', '3', '', '7'],
			['AK5', 'R', '5'],
			['AK9', 'R', '1', '1', '0'],
		]);
		// Whatever the problems, every AK5 5 follows an AK3 of its own set.
		const cases = [
			[{ segment: 'SE', position: 7, message: 'SE without a matching ST', group: 0, set: 0 }],
			[{ segment: 'SE', position: 7, message: 'SE01 number of segments is 9', group: 0, set: 0 }],
			[{ segment: 'PO1', position: 5, message: 'PO1 is odd', group: 0, set: 0 }],
		];
		for (const problems of cases) {
			const [written] = write997(read.interchange!, problems).sets;
			const ak5 = written.segments.find((s) => s[0] === 'AK5')!;
			const ak3 = written.segments.filter((s) => s[0] === 'AK3');
			expect([problems[0].message, ak5.includes('5', 2), ak3.length > 0]).toEqual([
				problems[0].message,
				ak3.length > 0,
				ak5.includes('5', 2),
			]);
		}
	});
	test("the tolerant reader's setPosition is the AK302 as given", () => {
		const read = readInterchange(interchange([po('0001'), po('0002')]));
		const problem = {
			segment: 'BEG',
			position: 99,
			setPosition: 2,
			element: 5,
			message: 'BEG05 is not a valid date',
			group: 0,
			set: 1,
		};
		const [ack] = write997(read.interchange!, [problem]).sets;
		expect(ack.segments.slice(3)).toEqual([
			['AK2', '850', '0002'],
			['AK3', 'BEG', '2', '', '8'],
			['AK4', '5', '', '8'],
			['AK5', 'R', '5'],
			['AK9', 'P', '2', '2', '1'],
		]);
	});
	test('never a 997 for a 997', () => {
		const text = writeInterchange(
			[
				{
					type: '997',
					segments: [
						['AK1', 'PO', '31'],
						['AK9', 'A', '0', '0', '0'],
					],
				},
			],
			ENVELOPE,
		);
		const read = readInterchange(text);
		expect(write997(read.interchange!, read.problems).sets).toEqual([]);
	});
});
