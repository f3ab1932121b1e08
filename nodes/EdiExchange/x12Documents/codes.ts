/**
 * The code lists between the documents' words and X12 004010 codes, in one place: the writers use
 * them document → X12 and the 850 reader can invert them. A value the table does not know is
 * refused (naming the field) rather than written as something a receiver would misread; a unit of
 * measure already written as a two-character X12 code passes as it is.
 */
import { DocumentError } from '../documents/errors';

export type CodeTable = Readonly<Record<string, string>>;

/** Unit or basis for measurement (355). */
export const UNIT_CODES: CodeTable = {
	each: 'EA',
	case: 'CA',
	carton: 'CT',
	box: 'BX',
	pack: 'PK',
	pallet: 'PL',
	piece: 'PC',
	dozen: 'DZ',
	pound: 'LB',
	kilogram: 'KG',
	ounce: 'OZ',
	gallon: 'GA',
	liter: 'LT',
	foot: 'FT',
	meter: 'MR',
	inch: 'IN',
	roll: 'RL',
};

/** Product/service id qualifiers (235), in the order a line writes its id pairs. */
export const PRODUCT_ID_CODES: CodeTable = {
	buyerItemNumber: 'BP',
	vendorItemNumber: 'VN',
	gtin12: 'UP',
	gtin13: 'EN',
	gtin14: 'UK',
	caseCode: 'UA',
	sku: 'SK',
	manufacturerPartNumber: 'MG',
	nationalDrugCode: 'ND',
};

/** Entity identifier codes (98) of the N1 loop. */
export const PARTY_CODES: CodeTable = {
	buyer: 'BY',
	shipTo: 'ST',
	billTo: 'BT',
	shipFrom: 'SF',
	supplier: 'SU',
	seller: 'SE',
	vendor: 'VN',
	remitTo: 'RI',
	accountsReceivable: 'RE',
	markFor: 'Z7',
	manufacturer: 'MF',
	orderedBy: 'OB',
};

/**
 * Identification code qualifiers (66) for documents the seller sends (855, 856, 810): an id the
 * sender assigned is the seller's (91), the receiver's is the buyer's (92).
 */
export const PARTY_ID_CODES: CodeTable = {
	sendersId: '91',
	receiversId: '92',
	assignedBySeller: '91',
	assignedByBuyer: '92',
	duns: '1',
	dunsPlus4: '9',
	gln: 'UL',
	mutuallyDefined: 'ZZ',
};

/** Reference identification qualifiers (128). */
export const REFERENCE_CODES: CodeTable = {
	vendorNumber: 'IA',
	departmentNumber: 'DP',
	billOfLadingNumber: 'BM',
	proNumber: 'CN',
	shipmentId: 'SI',
	invoiceNumber: 'IV',
	customerOrderNumber: 'CO',
	sellersOrderNumber: 'VN',
	contractNumber: 'CT',
	promotionNumber: 'PD',
	trackingNumber: '2I',
	storeNumber: 'ST',
	mutuallyDefined: 'ZZ',
};

/** Date/time qualifiers (374) of DTM and ACK. */
export const DATE_CODES: CodeTable = {
	shipDate: '011',
	deliveryDate: '017',
	estimatedDeliveryDate: '017',
	scheduledShipDate: '068',
	requestedShipDate: '010',
	requestedDeliveryDate: '002',
	cancelAfterDate: '001',
	earliestShipDate: '037',
	latestShipDate: '038',
	invoiceDate: '003',
	purchaseOrderDate: '004',
};

/** Line item status codes (668) of ACK01. */
export const LINE_STATUS_CODES: CodeTable = {
	accepted: 'IA',
	backordered: 'IB',
	rejected: 'IR',
};

/** Acknowledgment type (587) of BAK02 from the 855's header status. */
export const ACKNOWLEDGMENT_CODES: CodeTable = {
	accepted: 'AD',
	acceptedWithChanges: 'AC',
	rejected: 'RD',
};

/** Transaction set purpose (353). */
export const PURPOSE_CODES: CodeTable = {
	original: '00',
	cancellation: '01',
	replace: '05',
	duplicate: '07',
};

/** Terms type (336) and terms basis date (333) of ITD. */
export const TERMS_TYPE_CODES: CodeTable = {
	basic: '01',
	endOfMonth: '02',
	fixedDate: '03',
	discountNotApplicable: '05',
	basicDiscountOffered: '08',
	previouslyAgreed: '14',
};
export const TERMS_BASIS_CODES: CodeTable = {
	shipDate: '1',
	deliveryDate: '2',
	invoiceDate: '3',
	specifiedDate: '4',
	invoiceReceiptDate: '5',
	receiptOfGoods: '15',
};

/** Service, promotion, allowance or charge codes (1300) of SAC02. */
export const CHARGE_CODES: CodeTable = {
	freight: 'D240',
	handling: 'D500',
	discount: 'C310',
	promotion: 'C000',
	defectiveAllowance: 'B750',
	fuelSurcharge: 'D170',
	packing: 'F200',
	tradeDiscount: 'H290',
	volumeDiscount: 'I530',
	insurance: 'D980',
	mutuallyDefined: 'ZZZZ',
};

/** Transportation method (91) of TD504. */
export const TRANSPORT_CODES: CodeTable = {
	commonCarrier: 'M',
	motor: 'M',
	air: 'A',
	rail: 'R',
	ocean: 'S',
	privateParcel: 'U',
	contractCarrier: 'L',
	customerPickup: 'H',
	privateCarrier: 'P',
};

/** Service level (284) of TD512. */
export const SERVICE_LEVEL_CODES: CodeTable = {
	ground: 'SG',
	nextDay: 'ND',
	secondDay: 'SE',
	threeDay: '3D',
	standard: 'ST',
};

/** Routing sequence (133) of TD501. */
export const ROUTING_SEQUENCE_CODES: CodeTable = {
	origin: 'O',
	originAndDelivery: 'B',
	delivery: 'D',
};

/** Packaging code (103) of TD101: the form and the material (25 corrugated, 94 wood). */
export const PACKAGING_CODES: CodeTable = {
	carton: 'CTN25',
	pallet: 'PLT94',
	box: 'BOX25',
	bag: 'BAG',
	bundle: 'BDL',
	case: 'CAS',
	drum: 'DRM',
};

/** Weight unit (355) of TD108. */
export const WEIGHT_UNIT_CODES: CodeTable = { pound: 'LB', kilogram: 'KG' };

/** The code for `value`, or a DocumentError naming the field and the words the table knows. */
export function codeFor(
	table: CodeTable,
	value: unknown,
	field: string,
	documentName: string,
	passThrough?: RegExp,
): string {
	if (typeof value === 'string') {
		if (Object.prototype.hasOwnProperty.call(table, value)) return table[value];
		if (passThrough?.test(value)) return value;
	}
	throw new DocumentError(
		`The ${documentName}'s "${field}" is ${JSON.stringify(value)}, which has no X12 code here: use one of ${Object.keys(table).join(', ')}`,
		field,
	);
}

/** The word for an X12 code (the first the table lists for it), for readers. */
export function wordFor(table: CodeTable, code: string): string | undefined {
	return Object.keys(table).find((word) => table[word] === code);
}

/** A unit of measure: a word of UNIT_CODES, or an X12 code as it is ("EA", "CS"). */
export const UNIT_PASS_THROUGH = /^[A-Z0-9]{2}$/;
