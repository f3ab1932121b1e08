/**
 * The code dictionary (x12Documents/codes.ts) holds readers and writers to one list per element:
 * every code a reader (850, 860) reads becomes a word that every writer of that element writes, the
 * written code reads back to the same word, and every word a writer takes is written as a code the
 * reader reads. The codes are listed here, apart from the dictionary, so removing an entry fails.
 */
import {
	buildAcknowledgment,
	buildInvoice,
	buildShipNotice,
	type PlainObject,
} from '../../../nodes/EdiExchange/documents';
import {
	ACKNOWLEDGMENT_TYPES,
	CHANGE_ACKNOWLEDGMENT_TYPES,
	CHANGE_PURPOSES,
	CHANGE_REASONS,
	CHARGES,
	type CodeList,
	COMMUNICATIONS,
	CONTACT_FUNCTIONS,
	DATES,
	DESCRIPTION_KINDS,
	PRICE_IDS,
	HIERARCHY_STRUCTURES,
	LINE_STATUSES,
	ORDER_TYPES,
	PACKAGING,
	PARTIES,
	PARTY_ID_TYPES,
	PAYMENT_METHODS,
	PRODUCT_IDS,
	PURPOSES,
	QUANTITY_TYPES,
	read850,
	read860,
	type ShipNoticeHierarchy,
	REFERENCES,
	REPORT_PURPOSES,
	REPORT_TYPES,
	ROUTING_SEQUENCES,
	SERVICE_LEVELS,
	TERMS_BASIS,
	TERMS_TYPES,
	TRANSPORT_METHODS,
	UNITS,
	WEIGHT_UNITS,
	write810,
	write855,
	write856,
	write846,
	write865,
} from '../../../nodes/EdiExchange/x12Documents';
import { RETAIL_850 } from './fixtures';

type Any = Record<string, any>;
const MARK = 'MARK';

/** An 850 of BEG, the given header segments, one PO1 (or the given one) and its line segments. */
function order(header: string[][], po1?: string[], line: string[][] = []): Any {
	const segments = [
		['ST', '850', '1'],
		['BEG', '00', 'SA', 'PO-1', '', '20261122'],
		...header,
		po1 ?? ['PO1', '1', '5', 'EA', '1.00', '', 'BP', 'X'],
		...line,
	];
	segments.push(['SE', String(segments.length + 1), '1']);
	const result = read850({ type: '850', controlNumber: '1', segments });
	if (!result.purchaseOrder) throw new Error(result.errors.join('; '));
	return result.purchaseOrder;
}
const firstKey = (object: unknown) => Object.keys((object ?? {}) as object)[0];

/** An 865 message with one line: `header` and `line` override its fields. */
const changeAck = (header: Any = {}, line: Any = {}) => ({
	purchaseOrderNumber: 'PO-1',
	changeSequenceNumber: '1',
	status: 'accepted',
	dates: { purchaseOrderDate: '2026-11-20' },
	...header,
	lineItems: [
		{
			purchaseOrderLineId: '1',
			changeReason: 'changeToItem',
			status: 'accepted',
			quantity: { value: '7', unitOfMeasure: 'each' },
			...line,
		},
	],
});
const ack = (header: Any = {}, line: Any = {}, action: Any = {}) => ({
	purchaseOrderNumber: 'PO-1',
	status: 'accepted',
	dates: { purchaseOrderDate: '2026-11-20' },
	...header,
	lineItems: [
		{
			purchaseOrderLineId: '1',
			productIds: { buyerItemNumber: 'X' },
			...line,
			actions: [{ status: 'accepted', quantity: { value: '7', unitOfMeasure: 'each' }, ...action }],
		},
	],
});
const invoice = (header: Any = {}, line: Any = {}) => ({
	invoiceNumber: 'INV-1',
	invoiceDate: '2026-11-20',
	invoiceTotal: '7.00',
	...header,
	lineItems: [
		{
			purchaseOrderLineId: '1',
			quantityInvoiced: { value: '7', unitOfMeasure: 'each' },
			unitPrice: '1.00',
			productIds: { buyerItemNumber: 'X' },
			...line,
		},
	],
});
const shipNotice = (header: Any = {}, item: Any = {}) => ({
	shipmentId: 'SH-1',
	dates: { shipDate: '2026-11-20' },
	...header,
	orders: [
		{
			purchaseOrderNumber: 'PO-1',
			pallets: [
				{
					items: [
						{
							purchaseOrderLineId: '1',
							quantityShipped: { value: '7', unitOfMeasure: 'each' },
							productIds: { buyerItemNumber: 'X' },
							...item,
						},
					],
				},
			],
		},
	],
});

/**
 * A writer of an element: the document holding `word`, and where its code lands: in the segment
 * `segment` holding `marker`, `offset` elements from the marker.
 */
interface Writer {
	name: string;
	write: (word: string) => string[][];
	segment: string;
	marker: string;
	offset: number;
	/** Words this writer puts in another element (the 855's purchase order date goes in BAK04). */
	elsewhere?: string[];
}
const writer = (
	name: string,
	write: (word: string) => string[][],
	segment: string,
	marker: string,
	offset: number,
	elsewhere?: string[],
): Writer => ({ name, write, segment, marker, offset, elsewhere });

/** The code `writer` writes for `word`. */
function written(w: Writer, word: string): string {
	const segments = w.write(word);
	const segment = segments.find((s) => s[0] === w.segment && s.includes(w.marker));
	if (!segment) throw new Error(`${w.name} wrote no ${w.segment} holding ${w.marker} for ${word}`);
	return segment[segment.indexOf(w.marker) + w.offset];
}

/** The 855, 810 and 856 writing the same header field; `elsewhere`: words the 855 and 810 put in their beginning segment. */
const everyHeader = (
	fields: (word: string) => Any,
	segment: string,
	marker: string,
	elsewhere?: string[],
): Writer[] => [
	writer('855', (w) => write855(ack(fields(w))), segment, marker, -1, elsewhere),
	writer('810', (w) => write810(invoice(fields(w))), segment, marker, -1, elsewhere),
	writer('856', (w) => write856(shipNotice(fields(w))), segment, marker, -1),
];
/** An 856 with the given carrier details (TD1, TD5). */
const carrier = (details: Any) => write856(shipNotice({ carrierDetails: details }));
const party = (word: string, entry: Any = { name: MARK }) => ({ parties: { [word]: entry } });
const partyId = (word: string) =>
	party('shipTo', { name: 'N', identificationCode: MARK, identificationCodeType: word });
const reference = (word: string) => ({ references: { [word]: { value: MARK } } });
const dated = (word: string) => ({
	dates: { shipDate: '2026-11-20', purchaseOrderDate: '2026-11-20', [word]: '2026-11-22' },
});
const unit = (word: string) => ({ value: '7', unitOfMeasure: word });
/** An 846 with one line: `header` and `quantity` override its fields. */
const advice = (header: Any = {}, quantity: Any = {}) =>
	write846({
		reportNumber: 'R-1',
		reportDate: '2026-11-27',
		...header,
		lineItems: [
			{
				productIds: { vendorItemNumber: 'V' },
				inventoryQuantities: [{ type: 'available', quantity: '7', ...quantity }],
			},
		],
	});

interface Element {
	list: CodeList;
	/** The codes the list must hold (its inventory, kept apart from codes.ts). */
	codes: string;
	/** The word the 850 reader gives `code`; absent for a list no reader reads. */
	read?: (code: string) => unknown;
	writers: Writer[];
}

const ELEMENTS: Record<string, Element> = {
	'353 BEG01 → BAK01, BSN01': {
		list: PURPOSES,
		codes: '00 01 05 06 07',
		read: (code) => orderOf([['BEG', code, 'SA', 'PO-1', '', '20261122']]).purpose,
		writers: [
			writer(
				'855',
				(w) => write855(ack({ purpose: w, purchaseOrderNumber: MARK })),
				'BAK',
				MARK,
				-2,
			),
			writer('856', (w) => write856(shipNotice({ purpose: w, shipmentId: MARK })), 'BSN', MARK, -1),
		],
	},
	'353 BCH01 (860)': {
		list: CHANGE_PURPOSES,
		codes: '01 04 05',
		read: (code) => changeOf(['BCH', code, 'SA', 'PO-1', '', '001', '20261122']).purpose,
		writers: [],
	},
	'670 POC02 (860)': {
		list: CHANGE_REASONS,
		codes: 'AI DI PC QI QD CA RZ NC',
		// A code read as itself (one with no contract word, kept for Apply Change) is no word.
		read: (code) => {
			const change = changeOf(
				['BCH', '04', 'SA', 'PO-1', '', '001', '20261122'],
				['POC', '1', code],
			);
			const reason = change.lineItems[0].changeReason;
			return reason === code ? undefined : reason;
		},
		writers: [],
	},
	'353 BIA01 (846)': {
		list: REPORT_PURPOSES,
		codes: '00 01 05 06 07',
		writers: [writer('846', (w) => advice({ purpose: w, reportNumber: MARK }), 'BIA', MARK, -2)],
	},
	'755 BIA02 (846)': {
		list: REPORT_TYPES,
		codes: 'SI',
		writers: [writer('846', (w) => advice({ reportType: w, reportNumber: MARK }), 'BIA', MARK, -1)],
	},
	'673 QTY01 (846)': {
		list: QUANTITY_TYPES,
		codes: '33 17 63',
		writers: [writer('846', (w) => advice({}, { type: w }), 'QTY', '7', -1)],
	},
	'92 BEG02': {
		list: ORDER_TYPES,
		codes: 'SA DS BK RL NE CN RE KN OS PR',
		read: (code) => orderOf([['BEG', '00', code, 'PO-1', '', '20261122']]).purchaseOrderType,
		writers: [],
	},
	'235 PO106 → PO106, ACK07, IT106, LIN02': {
		list: PRODUCT_IDS,
		codes: 'BP IN VN VA UP EN UK UA SK CB MG ND PI BL PR IZ BO',
		read: (code) =>
			firstKey(order([], ['PO1', '1', '5', 'EA', '', '', code, 'X']).lineItems[0].productIds),
		writers: [
			writer('855 PO1', (w) => write855(ack({}, { productIds: { [w]: MARK } })), 'PO1', MARK, -1),
			writer(
				'855 ACK',
				(w) => write855(ack({}, {}, { substitutedItem: { productIds: { [w]: MARK } } })),
				'ACK',
				MARK,
				-1,
			),
			writer(
				'810 IT1',
				(w) => write810(invoice({}, { productIds: { [w]: MARK } })),
				'IT1',
				MARK,
				-1,
			),
			writer(
				'856 LIN',
				(w) => write856(shipNotice({}, { productIds: { [w]: MARK } })),
				'LIN',
				MARK,
				-1,
			),
		],
	},
	'355 PO103 → PO103, ACK03, IT103, SN103': {
		list: UNITS,
		codes: 'EA CA CT BX PK PL PC DZ LB KG OZ GA LT FT MR IN RL',
		read: (code) =>
			order([], ['PO1', '1', '5', code, '', '', 'BP', 'X']).lineItems[0].quantity.unitOfMeasure,
		writers: [
			writer('855 PO1', (w) => write855(ack({}, {}, { quantity: unit(w) })), 'PO1', '7', 1),
			writer('855 ACK', (w) => write855(ack({}, {}, { quantity: unit(w) })), 'ACK', '7', 1),
			writer('810 IT1', (w) => write810(invoice({}, { quantityInvoiced: unit(w) })), 'IT1', '7', 1),
			writer(
				'856 SN1',
				(w) => write856(shipNotice({}, { quantityShipped: unit(w) })),
				'SN1',
				'7',
				1,
			),
		],
	},
	'98 N101': {
		list: PARTIES,
		codes: 'BY ST BT SF SU SE VN RI RE Z7 MF OB BS WH',
		read: (code) => firstKey(order([['N1', code, 'N']]).parties),
		writers: everyHeader(party, 'N1', MARK),
	},
	'66 N103': {
		list: PARTY_ID_TYPES,
		codes: '1 9 91 92 UL ZZ',
		read: (code) => order([['N1', 'ST', 'N', code, '123']]).parties.shipTo.identificationCodeType,
		writers: everyHeader(partyId, 'N1', MARK),
	},
	'128 REF01': {
		list: REFERENCES,
		codes: 'IA DP BM CN SI IV CO VN CT PD 2I ST 19 MR ZZ',
		read: (code) => firstKey(order([['REF', code, 'V']]).references),
		writers: everyHeader(reference, 'REF', MARK),
	},
	'374 DTM01 → DTM01': {
		list: DATES,
		codes: '001 002 003 004 010 011 017 037 038 063 064 068 018 090 091',
		read: (code) => firstKey(order([['DTM', code, '20261122']]).dates),
		// The 855 and 810 carry the purchase order date in BAK04 and BIG03.
		writers: everyHeader(dated, 'DTM', '20261122', ['purchaseOrderDate']),
	},
	'336 ITD01': {
		list: TERMS_TYPES,
		codes: '01 02 03 05 08 14',
		read: (code) => order([['ITD', code]]).termsOfSale.type,
		writers: [
			writer(
				'810',
				(w) => write810(invoice({ termsOfSale: { type: w, description: MARK } })),
				'ITD',
				MARK,
				-11,
			),
		],
	},
	'333 ITD02': {
		list: TERMS_BASIS,
		codes: '1 2 3 4 5 15',
		read: (code) => order([['ITD', '', code]]).termsOfSale.basisDate,
		writers: [
			writer(
				'810',
				(w) => write810(invoice({ termsOfSale: { basisDate: w, description: MARK } })),
				'ITD',
				MARK,
				-10,
			),
		],
	},
	'1300 SAC02': {
		list: CHARGES,
		codes: 'D240 D500 C310 C000 B750 D170 F200 H290 I530 D980 ZZZZ',
		read: (code) => order([['SAC', 'C', code, '', '', '100']]).charges[0].type,
		writers: [
			writer(
				'810',
				(w) => write810(invoice({ charges: [{ type: w, amount: '1.00', description: MARK }] })),
				'SAC',
				MARK,
				-13,
			),
		],
	},
	'91 TD504': {
		list: TRANSPORT_METHODS,
		codes: 'M A R S U L H P',
		read: (code) =>
			order([['TD5', '', '', '', code]]).carrierDetails.routing[0].transportationMethod,
		writers: [
			writer(
				'856',
				(w) =>
					carrier({
						routing: [{ standardCarrierAlphaCode: MARK, transportationMethod: w }],
					}),
				'TD5',
				MARK,
				1,
			),
		],
	},
	'146 FOB01': {
		list: PAYMENT_METHODS,
		codes: 'CC PP PB DF MX PC TP',
		read: (code) => order([['FOB', code]]).carrierDetails.freeOnBoard[0].methodOfPayment,
		writers: [],
	},
	'366 PER01': {
		list: CONTACT_FUNCTIONS,
		codes: 'BD IC OC DC SR',
		read: (code) => order([['PER', code, 'N']]).contacts[0].function,
		writers: [],
	},
	'365 PER03': {
		list: COMMUNICATIONS,
		codes: 'TE EM FX',
		read: (code) => firstKey(order([['PER', 'BD', '', code, '1']]).contacts[0]),
		writers: [],
	},
	'750 PID02': {
		list: DESCRIPTION_KINDS,
		codes: '08 GEN 73 75 74 91',
		read: (code) =>
			firstKey(
				order([], undefined, [['PID', 'F', code, '', '', 'X']]).lineItems[0].productAttributes,
			),
		writers: [],
	},
	'236 CTP02': {
		list: PRICE_IDS,
		codes: 'UCP',
		// The word is the field the CTP03 price fills, on a line whose PO104 is empty.
		read: (code) => {
			const unpriced = ['PO1', '1', '5', 'EA', '', '', 'BP', 'X'];
			const line = order([], unpriced, [['CTP', '', code, '2.50']]).lineItems[0];
			return line.unitCostPrice === '2.50' ? 'unitCostPrice' : undefined;
		},
		writers: [],
	},
	'668 ACK01': {
		list: LINE_STATUSES,
		codes: 'IA IB IR IP ID',
		writers: [
			writer('855', (w) => write855(ack({}, {}, { status: w })), 'ACK', '7', -1),
			writer('865', (w) => write865(changeAck({}, { status: w })), 'ACK', 'ACK', 1),
		],
	},
	'587 BCA02': {
		list: CHANGE_ACKNOWLEDGMENT_TYPES,
		codes: 'AT AD AC RD',
		writers: [
			writer(
				'865',
				(w) => write865(changeAck({ status: w, purchaseOrderNumber: MARK })),
				'BCA',
				MARK,
				-1,
			),
		],
	},
	'670 POC02 (865)': {
		list: CHANGE_REASONS,
		codes: 'AI DI PC CA RZ NC',
		writers: [writer('865', (w) => write865(changeAck({}, { changeReason: w })), 'POC', 'POC', 2)],
	},
	'587 BAK02': {
		list: ACKNOWLEDGMENT_TYPES,
		codes: 'AD AC RD',
		writers: [
			writer(
				'855',
				(w) => write855(ack({ status: w, purchaseOrderNumber: MARK })),
				'BAK',
				MARK,
				-1,
			),
		],
	},
	'284 TD512': {
		list: SERVICE_LEVELS,
		codes: 'SG ND SE 3D ST',
		writers: [
			writer(
				'856',
				(w) => carrier({ routing: [{ standardCarrierAlphaCode: MARK, serviceLevel: w }] }),
				'TD5',
				MARK,
				9,
			),
		],
	},
	'133 TD501': {
		list: ROUTING_SEQUENCES,
		codes: 'O B D',
		writers: [
			writer(
				'856',
				(w) => carrier({ routing: [{ standardCarrierAlphaCode: MARK, sequenceType: w }] }),
				'TD5',
				MARK,
				-2,
			),
		],
	},
	'103 TD101': {
		list: PACKAGING,
		codes: 'CTN25 PLT94 BOX25 BAG BDL CAS DRM',
		writers: [
			writer(
				'856',
				(w) => carrier({ quantityAndWeight: [{ packageForm: w, ladingQuantity: '3' }] }),
				'TD1',
				'3',
				-1,
			),
		],
	},
	'1005 BSN05': {
		list: HIERARCHY_STRUCTURES,
		codes: '0001 0004',
		writers: [
			writer(
				'856',
				(w) =>
					write856(shipNotice({ shipmentId: MARK }), {
						hierarchy: w as ShipNoticeHierarchy,
					}),
				'BSN',
				MARK,
				3,
			),
		],
	},
	'355 TD108': {
		list: WEIGHT_UNITS,
		codes: 'LB KG',
		writers: [
			writer(
				'856',
				(w) => carrier({ quantityAndWeight: [{ grossWeight: '12.5', weightUOM: w }] }),
				'TD1',
				'12.5',
				1,
			),
		],
	},
};

/** An 860 of the given segments (BCH first), read; the 860 has no writer here. */
function changeOf(...segments: string[][]): Any {
	const set = [['ST', '860', '1'], ...segments, ['SE', String(segments.length + 2), '1']];
	const result = read860({ type: '860', controlNumber: '1', segments: set });
	if (!result.change) throw new Error(result.errors.join('; '));
	return result.change;
}

function orderOf(header: string[][]): Any {
	const segments = [['ST', '850', '1'], ...header, ['PO1', '1', '5', 'EA', '', '', 'BP', 'X']];
	segments.push(['SE', String(segments.length + 1), '1']);
	const result = read850({ type: '850', controlNumber: '1', segments });
	if (!result.purchaseOrder) throw new Error(result.errors.join('; '));
	return result.purchaseOrder;
}

describe.each(Object.entries(ELEMENTS))('code list %s', (_, element) => {
	const { list, writers } = element;
	const read = (code: string) => (element.read ? element.read(code) : list.word(code));
	const codes = element.codes.split(' ');
	const writersOf = (word: string) => writers.filter((w) => !w.elsewhere?.includes(word));

	test.each(codes)('%s is read as a word every writer of the element writes back', (code) => {
		const word = read(code);
		expect(typeof word).toBe('string');
		for (const w of writersOf(word as string))
			expect([w.name, read(written(w, word as string))]).toEqual([w.name, word]);
	});

	test('every word a writer takes is written as a code the reader reads back to it', () => {
		for (const word of list.wordList())
			for (const w of writersOf(word)) {
				const code = written(w, word);
				expect([w.name, word, codes.includes(code)]).toEqual([w.name, word, true]);
				expect([w.name, word, written(w, read(code) as string)]).toEqual([w.name, word, code]);
			}
	});
});

describe('what a real order carries can be answered (#32)', () => {
	const withCatalogAndMerchandise = RETAIL_850.replace(
		'REF*IA*4875905~',
		'REF*IA*4875905~\nREF*MR*0042~',
	)
		.replace('PO1*1*5*EA*101.00**BP*10000002*', 'PO1*1*5*EA*101.00**CB*CAT-77*')
		.replace('SE*33*', 'SE*34*');
	const po = (() => {
		const segments = withCatalogAndMerchandise
			.split('~\n')
			.map((line) => line.replace(/~$/, '').split('*'));
		const set = segments.slice(
			segments.findIndex(([id]) => id === 'ST'),
			segments.findIndex(([id]) => id === 'GE'),
		);
		const result = read850({ type: '850', controlNumber: '0001', segments: set });
		expect(result.errors).toEqual([]);
		return result.purchaseOrder as PlainObject;
	})();

	test('the 850 reader keeps CB as productIds.buyersCatalogNumber and REF*MR as references.merchandiseTypeCode', () => {
		const line = (po.lineItems as Any[])[0];
		expect(line.productIds).toEqual({
			buyersCatalogNumber: 'CAT-77',
			gtin12: '028374658310',
			vendorItemNumber: 'V-1',
		});
		expect((po.references as Any).merchandiseTypeCode).toEqual({ value: '0042' });
	});

	test('the 855, 856 and 810 built from it write CB and REF*MR back', () => {
		const acknowledgment = buildAcknowledgment(po, {});
		const ack = write855(acknowledgment);
		expect(ack).toContainEqual(['REF', 'MR', '0042']);
		expect(ack.find((s) => s[0] === 'PO1')).toEqual(expect.arrayContaining(['CB', 'CAT-77']));
		const asn = write856(buildShipNotice(po, { shipDate: '2026-11-25' }));
		expect(asn.find((s) => s[0] === 'LIN')).toEqual(expect.arrayContaining(['CB', 'CAT-77']));
		const bill = write810(buildInvoice(po, { invoiceDate: '2026-11-26' }));
		expect(bill.find((s) => s[0] === 'IT1')).toEqual(expect.arrayContaining(['CB', 'CAT-77']));
	});
});
