/**
 * The X12 004010 code lists, one per coded element, each read both ways: code → word for the
 * readers, word → code for the writers. An entry is `[code, word]`; where two codes share a word
 * (`BP` and `IN` are both the buyer's item number) the first is the one written, and where two words
 * share a code (`motor` and `commonCarrier` are both `M`) the first is the one read. So every word a
 * reader gives can be written, and every code a writer writes reads back to a word it writes the
 * same way (test/unit/x12/codes.test.ts holds both to that).
 *
 * A code no list knows is not guessed at: the 850 reader keeps its segment under `x12Unmapped`, a
 * writer refuses the word naming the field. Where X12 leaves the list to the trading partners (a
 * unit, a product id qualifier, an allowance or charge code, a reference qualifier…), a code the
 * partner sent goes back as it came: such a list has `passThrough`, the element's syntax (length
 * and characters, checked strictly), and a writer takes any code of that shape.
 */
import {
	CHANGE_PURPOSE_CODES,
	CHANGE_REASON_CODES,
	X12_CHANGE_CODES,
} from '../documents/changeCodes';
import { DocumentError } from '../documents/errors';

export type CodeEntry = readonly [code: string, word: string];

/** One coded element's list: `element` is its number in the X12 data element dictionary. */
export class CodeList {
	private readonly codes = new Map<string, string>();
	private readonly words = new Map<string, string>();

	constructor(
		readonly element: string,
		readonly name: string,
		readonly entries: readonly CodeEntry[],
		/** Codes a writer may take as they are, for a list that cannot be complete (units). */
		readonly passThrough?: RegExp,
	) {
		for (const [code, word] of entries) {
			if (!this.codes.has(word)) this.codes.set(word, code);
			if (!this.words.has(code)) this.words.set(code, word);
		}
	}

	/** The code written for `word`, when the list has it. */
	code(word: string): string | undefined {
		return this.codes.get(word);
	}

	/** The word read for `code`, when the list has it. */
	word(code: string): string | undefined {
		return this.words.get(code);
	}

	/** Every word the list writes, in its order. */
	wordList(): string[] {
		return [...this.codes.keys()];
	}

	/** The same list with some words written with other codes first (a partner's qualifiers). */
	withCodes(overrides: Readonly<Record<string, string>>): CodeList {
		const first = Object.entries(overrides).map(([word, code]): CodeEntry => [code, word]);
		return new CodeList(this.element, this.name, [...first, ...this.entries], this.passThrough);
	}

	/** The entries whose word is one of `words` (a segment that allows only some of the list). */
	only(words: readonly string[]): CodeList {
		const entries = this.entries.filter(([, word]) => words.includes(word));
		return new CodeList(this.element, this.name, entries);
	}
}

/** Transaction set purpose (353): BEG01, BAK01, BSN01. */
export const PURPOSES = new CodeList('353', 'transaction set purpose', [
	['00', 'original'],
	['01', 'cancellation'],
	['05', 'replace'],
	['06', 'confirmation'],
	['07', 'duplicate'],
]);

/**
 * Transaction set purpose (353) of an 846's BIA01: the service's `full` (a whole snapshot, as the
 * service's example sends it) is an original report.
 */
export const REPORT_PURPOSES = PURPOSES.withCodes({ full: '00' });

/** Report type (755): BIA02; a partner's own two-character code passes as it is. */
export const REPORT_TYPES = new CodeList(
	'755',
	'report type',
	[['SI', 'sellerInventory']],
	/^[A-Z0-9]{2}$/,
);

/**
 * Quantity qualifier (673): QTY01 of the 846, from an inventory quantity's `type`: 33 quantity
 * available for sale, 17 on hand, 63 on order (as retail 846 guides use them).
 */
export const QUANTITY_TYPES = new CodeList(
	'673',
	'quantity qualifier',
	[
		['33', 'available'],
		['17', 'onHand'],
		['63', 'incoming'],
	],
	/^[A-Z0-9]{2}$/,
);

/** Transaction set purpose (353) of a purchase order change: BCH01 (the contract's purposes). */
export const CHANGE_PURPOSES = new CodeList(
	'353',
	'purchase order change purpose',
	CHANGE_PURPOSE_CODES,
);

/**
 * Change or response type (670): POC02 of the 860 and of the 865 answering it. The contract's
 * words from documents/changeCodes.ts; any other X12 670 code is written as it is.
 */
export const CHANGE_REASONS = new CodeList(
	'670',
	'change or response type',
	CHANGE_REASON_CODES,
	new RegExp(`^(${X12_CHANGE_CODES.join('|')})$`),
);

/** Purchase order type (92): BEG02. */
export const ORDER_TYPES = new CodeList('92', 'purchase order type', [
	['SA', 'standalone'],
	['DS', 'dropShip'],
	['BK', 'blanket'],
	['RL', 'release'],
	['NE', 'newOrder'],
	['CN', 'consigned'],
	['RE', 'reorder'],
	['KN', 'crossDock'],
	['OS', 'specialOrder'],
	['PR', 'promotion'],
]);

/** Unit or basis for measurement (355): PO103, ACK03, IT103, SN103. */
export const UNITS = new CodeList(
	'355',
	'unit of measure',
	[
		['EA', 'each'],
		['CA', 'case'],
		['CT', 'carton'],
		['BX', 'box'],
		['PK', 'pack'],
		['PL', 'pallet'],
		['PC', 'piece'],
		['DZ', 'dozen'],
		['LB', 'pound'],
		['KG', 'kilogram'],
		['OZ', 'ounce'],
		['GA', 'gallon'],
		['LT', 'liter'],
		['FT', 'foot'],
		['MR', 'meter'],
		['IN', 'inch'],
		['RL', 'roll'],
	],
	/^[A-Z0-9]{2}$/,
);

/** The units TD108 takes for a shipment's weight. */
export const WEIGHT_UNITS = UNITS.only(['pound', 'kilogram']);

/**
 * Product/service id qualifiers (235): PO106…, ACK07…, IT106…, LIN02…. The 850 reader keys an id
 * under a qualifier with no word here (`IB`, an ISBN) by the qualifier, and the writers echo it.
 */
export const PRODUCT_IDS = new CodeList(
	'235',
	'product id qualifier',
	[
		['BP', 'buyerItemNumber'],
		['IN', 'buyerItemNumber'],
		['VN', 'vendorItemNumber'],
		['VA', 'vendorStyleNumber'],
		['UP', 'gtin12'],
		['EN', 'gtin13'],
		['UK', 'gtin14'],
		['UA', 'caseCode'],
		['SK', 'sku'],
		['CB', 'buyersCatalogNumber'],
		['MG', 'manufacturerPartNumber'],
		['ND', 'nationalDrugCode'],
		['PI', 'purchasersItemCode'],
		['BL', 'brandCode'],
		['PR', 'processNumber'],
		['IZ', 'buyerSizeCode'],
		['BO', 'buyerColor'],
	],
	/^[A-Z0-9]{2}$/,
);

/** Entity identifier codes (98): N101. */
export const PARTIES = new CodeList('98', 'entity identifier', [
	['BY', 'buyer'],
	['ST', 'shipTo'],
	['BT', 'billTo'],
	['SF', 'shipFrom'],
	['SU', 'supplier'],
	['SE', 'seller'],
	['VN', 'vendor'],
	['RI', 'remitTo'],
	['RE', 'accountsReceivable'],
	['Z7', 'markFor'],
	['MF', 'manufacturer'],
	['OB', 'orderedBy'],
	['BS', 'billAndShipTo'],
	// The 846's warehouse: in its header, or in a line's own N1 loop.
	['WH', 'inventoryLocation'],
]);

/**
 * Identification code qualifiers (66): N103. In what the seller sends (855, 856, 810) an id the
 * sender assigned is the seller's (91), the receiver's is the buyer's (92).
 */
export const PARTY_ID_TYPES = new CodeList(
	'66',
	'identification code qualifier',
	[
		['1', 'duns'],
		['9', 'dunsPlus4'],
		['91', 'assignedBySeller'],
		['92', 'assignedByBuyer'],
		['91', 'sendersId'],
		['92', 'receiversId'],
		['UL', 'gln'],
		['ZZ', 'mutuallyDefined'],
		// The reader keeps a qualifier it has no word for (`15`, a standard address number) as written.
	],
	/^[A-Z0-9]{1,2}$/,
);

/** Reference identification qualifiers (128): REF01. */
export const REFERENCES = new CodeList(
	'128',
	'reference qualifier',
	[
		['IA', 'vendorNumber'],
		['DP', 'departmentNumber'],
		['BM', 'billOfLadingNumber'],
		['CN', 'proNumber'],
		['SI', 'shipmentId'],
		['IV', 'invoiceNumber'],
		['CO', 'customerOrderNumber'],
		['VN', 'sellersOrderNumber'],
		['CT', 'contractNumber'],
		['PD', 'promotionNumber'],
		['2I', 'trackingNumber'],
		['ST', 'storeNumber'],
		['19', 'divisionNumber'],
		['MR', 'merchandiseTypeCode'],
		['ZZ', 'mutuallyDefined'],
	],
	// REF01 (128) is two or three characters.
	/^[A-Z0-9]{2,3}$/,
);

/** Date/time qualifiers (374): DTM01, ACK04. */
export const DATES = new CodeList('374', 'date qualifier', [
	['001', 'cancelAfterDate'],
	['002', 'requestedDeliveryDate'],
	['003', 'invoiceDate'],
	['004', 'purchaseOrderDate'],
	['010', 'requestedShipDate'],
	['011', 'shipDate'],
	['017', 'deliveryDate'],
	['017', 'estimatedDeliveryDate'],
	['037', 'earliestShipDate'],
	['038', 'latestShipDate'],
	['063', 'latestDeliveryDate'],
	['064', 'earliestDeliveryDate'],
	['068', 'scheduledShipDate'],
	// 846: the date a quantity is available (DTM in its QTY loop), the period a report covers.
	['018', 'availableDate'],
	['090', 'reportStartDate'],
	['091', 'reportEndDate'],
]);

/** Line item status codes (668): ACK01. */
export const LINE_STATUSES = new CodeList('668', 'line item status', [
	['IA', 'accepted'],
	['IB', 'backordered'],
	['IR', 'rejected'],
	// An accepted 855 action at a price other than the order's (its statusNote says Price Adjustment).
	['IP', 'priceChanged'],
	// An 865 accepting a deleted line.
	['ID', 'deleted'],
]);

/** Acknowledgment type (587): BAK02, from the 855's header status. */
export const ACKNOWLEDGMENT_TYPES = new CodeList('587', 'acknowledgment type', [
	['AD', 'accepted'],
	['AC', 'acceptedWithChanges'],
	['RD', 'rejected'],
]);

/** Acknowledgment type (587) of an 865's BCA02: an 860 accepted as sent is `AT`. */
export const CHANGE_ACKNOWLEDGMENT_TYPES = ACKNOWLEDGMENT_TYPES.withCodes({ accepted: 'AT' });

/** Terms type (336): ITD01. */
export const TERMS_TYPES = new CodeList('336', 'terms type', [
	['01', 'basic'],
	['02', 'endOfMonth'],
	['03', 'fixedDate'],
	['05', 'discountNotApplicable'],
	['08', 'basicDiscountOffered'],
	['14', 'previouslyAgreed'],
]);

/** Terms basis date (333): ITD02. */
export const TERMS_BASIS = new CodeList('333', 'terms basis date', [
	['1', 'shipDate'],
	['2', 'deliveryDate'],
	['3', 'invoiceDate'],
	['4', 'specifiedDate'],
	['5', 'invoiceReceiptDate'],
	['15', 'receiptOfGoods'],
]);

/**
 * Service, promotion, allowance or charge codes (1300): SAC02. The list has several hundred codes:
 * one with no word here is read as itself and written back as it came (four letters or digits).
 */
export const CHARGES = new CodeList(
	'1300',
	'allowance or charge code',
	[
		['D240', 'freight'],
		['D500', 'handling'],
		['C310', 'discount'],
		['C000', 'promotion'],
		['B750', 'defectiveAllowance'],
		['D170', 'fuelSurcharge'],
		['F200', 'packing'],
		['H290', 'tradeDiscount'],
		['I530', 'volumeDiscount'],
		['D980', 'insurance'],
		['ZZZZ', 'mutuallyDefined'],
	],
	/^[A-Z0-9]{4}$/,
);

/** Transportation method (91): TD504. */
export const TRANSPORT_METHODS = new CodeList('91', 'transportation method', [
	['M', 'motor'],
	['M', 'commonCarrier'],
	['A', 'air'],
	['R', 'rail'],
	['S', 'ocean'],
	['U', 'privateParcel'],
	['L', 'contractCarrier'],
	['H', 'customerPickup'],
	['P', 'privateCarrier'],
]);

/** Service level (284): TD512. */
export const SERVICE_LEVELS = new CodeList('284', 'service level', [
	['SG', 'ground'],
	['ND', 'nextDay'],
	['SE', 'secondDay'],
	['3D', 'threeDay'],
	['ST', 'standard'],
]);

/** Routing sequence (133): TD501. */
export const ROUTING_SEQUENCES = new CodeList('133', 'routing sequence', [
	['O', 'origin'],
	['B', 'originAndDelivery'],
	['D', 'delivery'],
]);

/** Packaging code (103): TD101, the form and the material (25 corrugated, 94 wood). */
export const PACKAGING = new CodeList('103', 'packaging code', [
	['CTN25', 'carton'],
	['PLT94', 'pallet'],
	['BOX25', 'box'],
	['BAG', 'bag'],
	['BDL', 'bundle'],
	['CAS', 'case'],
	['DRM', 'drum'],
]);

/**
 * Hierarchical structure code (1005): BSN05, by the 856's HL shape. 0001 is shipment, order,
 * packaging, item (the tare level sits within packaging); 0004 is shipment, order, item.
 */
export const HIERARCHY_STRUCTURES = new CodeList('1005', 'hierarchical structure code', [
	['0001', 'shipmentOrderPackItem'],
	['0001', 'shipmentOrderTarePackItem'],
	['0004', 'shipmentOrderItem'],
]);

/** Shipment method of payment (146): FOB01. */
export const PAYMENT_METHODS = new CodeList('146', 'method of payment', [
	['CC', 'collect'],
	['PP', 'prepaid'],
	['PB', 'customerPickupBackhaul'],
	['DF', 'definedByBuyerAndSeller'],
	['MX', 'mixed'],
	['PC', 'prepaidAndCharged'],
	['TP', 'thirdPartyPay'],
]);

/** Contact function (366): PER01. */
export const CONTACT_FUNCTIONS = new CodeList('366', 'contact function', [
	['BD', 'buyer'],
	['IC', 'information'],
	['OC', 'order'],
	['DC', 'delivery'],
	['SR', 'salesRepresentative'],
]);

/** Communication number qualifiers (365): PER03, PER05, PER07. */
export const COMMUNICATIONS = new CodeList('365', 'communication qualifier', [
	['TE', 'phone'],
	['EM', 'email'],
	['FX', 'fax'],
]);

/**
 * Price identifiers (236) of CTP02 the 850 reader reads as a line's price: `UCP` (unit cost price)
 * prices a line whose PO104 is empty. Others (`RES` retail, `MSR` suggested retail…) have no field
 * in the purchase order and stay under `x12Unmapped`.
 */
export const PRICE_IDS = new CodeList('236', 'price identifier', [['UCP', 'unitCostPrice']]);

/** Product description codes (750) of PID02, by the attribute they fill ('' is a bare description). */
export const DESCRIPTION_KINDS = new CodeList('750', 'product description code', [
	['', 'description'],
	['08', 'description'],
	['GEN', 'description'],
	['75', 'color'],
	['73', 'color'],
	['74', 'size'],
	['91', 'size'],
]);

/** The code for `value`, or a DocumentError naming the field and the words the list knows. */
export function codeFor(
	list: CodeList,
	value: unknown,
	field: string,
	documentName: string,
): string {
	if (typeof value === 'string') {
		const code = list.code(value);
		if (code !== undefined) return code;
		if (list.passThrough?.test(value)) return value;
	}
	throw new DocumentError(
		`The ${documentName}'s "${field}" is ${JSON.stringify(value)}, which has no X12 code here: use one of ${list.wordList().join(', ')}`,
		field,
	);
}

/*
 * Acknowledgments (997, 824): what a partner says of the documents it received. Each verdict code
 * has a status word (what a workflow branches on: several codes share one) and its name in the
 * 004010 code list (what a person reads); each error code its name. Readers only: the 997 writer
 * takes its codes from the reader's problem kinds (x12/problems.ts), and every code it writes has
 * its name here (test/unit/x12/acknowledgments.test.ts).
 */

/** Status words of AK501 (717), AK901 (715) and OTI01 (110), the same vocabulary for every verdict. */
export const ACKNOWLEDGMENT_STATUSES = [
	'accepted',
	'acceptedWithErrors',
	'acceptedWithChanges',
	'partiallyAccepted',
	'rejected',
	'unknown',
] as const;
export type AcknowledgmentStatus = (typeof ACKNOWLEDGMENT_STATUSES)[number];

/** Transaction set acknowledgment (717): AK501's status word. */
export const SET_ACKNOWLEDGMENTS = new CodeList('717', 'transaction set acknowledgment', [
	['A', 'accepted'],
	['E', 'acceptedWithErrors'],
	['R', 'rejected'],
	['M', 'rejected'],
	['W', 'rejected'],
	['X', 'rejected'],
]);

/** Functional group acknowledgment (715): AK901's status word (P: some sets accepted, some not). */
export const GROUP_ACKNOWLEDGMENTS = new CodeList('715', 'functional group acknowledgment', [
	['A', 'accepted'],
	['E', 'acceptedWithErrors'],
	['P', 'partiallyAccepted'],
	['R', 'rejected'],
	['M', 'rejected'],
	['W', 'rejected'],
	['X', 'rejected'],
]);

/** The names of 715 and 717 (717 is 715 without P). */
export const ACKNOWLEDGMENT_CODE_NAMES = new CodeList('715', 'acknowledgment code', [
	['A', 'Accepted'],
	['E', 'Accepted But Errors Were Noted'],
	['M', 'Rejected, Message Authentication Code (MAC) Failed'],
	['P', 'Partially Accepted, At Least One Transaction Set Was Rejected'],
	['R', 'Rejected'],
	['W', 'Rejected, Assurance Failed Validity Tests'],
	['X', 'Rejected, Content After Decryption Could Not Be Analyzed'],
]);

/**
 * Application acknowledgment (110): OTI01's status word; its first letter is the level the verdict
 * is about (APPLICATION_LEVELS), its second the verdict.
 */
export const APPLICATION_ACKNOWLEDGMENTS = new CodeList('110', 'application acknowledgment', [
	['TA', 'accepted'],
	['TE', 'acceptedWithErrors'],
	['TC', 'acceptedWithChanges'],
	['TP', 'partiallyAccepted'],
	['TR', 'rejected'],
	...(['B', 'G', 'I'] as const).flatMap((level): CodeEntry[] => [
		[`${level}A`, 'accepted'],
		[`${level}E`, 'acceptedWithErrors'],
		[`${level}C`, 'acceptedWithChanges'],
		[`${level}P`, 'partiallyAccepted'],
		[`${level}R`, 'rejected'],
	]),
]);

/** What an OTI01 verdict is about, by its first letter. */
export const APPLICATION_LEVELS = new CodeList('110', 'application acknowledgment level', [
	['T', 'transactionSet'],
	['G', 'functionalGroup'],
	['B', 'batch'],
	['I', 'item'],
]);

const LEVEL_NAMES = { B: 'Batch', G: 'Functional Group', I: 'Item', T: 'Transaction Set' };
/** The names of 110. */
export const APPLICATION_ACKNOWLEDGMENT_NAMES = new CodeList(
	'110',
	'application acknowledgment code',
	Object.entries(LEVEL_NAMES).flatMap(([letter, level]): CodeEntry[] => [
		[`${letter}A`, `${level} Accept`],
		[`${letter}C`, `${level} Accept with Data Content Change`],
		[`${letter}E`, `${level} Accept with Error`],
		[`${letter}P`, `${level} Partial Accept/Reject`],
		[`${letter}R`, `${level} Reject`],
	]),
);

/** Segment syntax error (720): AK304. */
export const SEGMENT_ERRORS = new CodeList('720', 'segment syntax error', [
	['1', 'Unrecognized segment ID'],
	['2', 'Unexpected segment'],
	['3', 'Mandatory segment missing'],
	['4', 'Loop Occurs Over Maximum Times'],
	['5', 'Segment Exceeds Maximum Use'],
	['6', 'Segment Not in Defined Transaction Set'],
	['7', 'Segment Not in Proper Sequence'],
	['8', 'Segment Has Data Element Errors'],
]);

/** Data element syntax error (723): AK403. */
export const ELEMENT_ERRORS = new CodeList('723', 'data element syntax error', [
	['1', 'Mandatory data element missing'],
	['2', 'Conditional required data element missing'],
	['3', 'Too many data elements'],
	['4', 'Data element too short'],
	['5', 'Data element too long'],
	['6', 'Invalid character in data element'],
	['7', 'Invalid code value'],
	['8', 'Invalid Date'],
	['9', 'Invalid Time'],
	['10', 'Exclusion Condition Violated'],
]);

/** Transaction set syntax error (718): AK502…AK506. */
export const SET_ERRORS = new CodeList('718', 'transaction set syntax error', [
	['1', 'Transaction Set Not Supported'],
	['2', 'Transaction Set Trailer Missing'],
	['3', 'Transaction Set Control Number in Header and Trailer Do Not Match'],
	['4', 'Number of Included Segments Does Not Match Actual Count'],
	['5', 'One or More Segments in Error'],
	['6', 'Missing or Invalid Transaction Set Identifier'],
	['7', 'Missing or Invalid Transaction Set Control Number'],
	['8', 'Authentication Key Name Unknown'],
	['9', 'Encryption Key Name Unknown'],
	['10', 'Requested Service (Authentication or Encrypted) Not Available'],
	['11', 'Unknown Security Recipient'],
	['12', 'Incorrect Message Length (Encryption Only)'],
	['13', 'Message Authentication Code Failed'],
	['15', 'Unknown Security Originator'],
	['16', 'Syntax Error in Decrypted Text'],
	['17', 'Security Not Supported'],
	['23', 'Transaction Set Control Number Not Unique within the Functional Group'],
	['24', 'S3E Security End Segment Missing for S3S Security Start Segment'],
	['25', 'S3S Security Start Segment Missing for S3E Security End Segment'],
	['26', 'S4E Security End Segment Missing for S4S Security Start Segment'],
	['27', 'S4S Security Start Segment Missing for S4E Security End Segment'],
]);

/** Functional group syntax error (716): AK905…AK909. */
export const GROUP_ERRORS = new CodeList('716', 'functional group syntax error', [
	['1', 'Functional Group Not Supported'],
	['2', 'Functional Group Version Not Supported'],
	['3', 'Functional Group Trailer Missing'],
	['4', 'Group Control Number in the Functional Group Header and Trailer Do Not Agree'],
	['5', 'Number of Included Transaction Sets Does Not Match Actual Count'],
	['6', 'Group Control Number Violates Syntax'],
	['10', 'Authentication Key Name Unknown'],
	['11', 'Encryption Key Name Unknown'],
	['12', 'Requested Service (Authentication or Encryption) Not Available'],
	['13', 'Unknown Security Recipient'],
	['14', 'Unknown Security Originator'],
	['15', 'Syntax Error in Decrypted Text'],
	['16', 'Security Not Supported'],
	['17', 'Incorrect Message Length (Encryption Only)'],
	['18', 'Message Authentication Code Failed'],
	['19', 'Functional Group Control Number not Unique within Interchange'],
	['23', 'S3E Security End Segment Missing for S3S Security Start Segment'],
	['24', 'S3S Security Start Segment Missing for S3E End Segment'],
	['25', 'S4E Security End Segment Missing for S4S Security Start Segment'],
	['26', 'S4S Security Start Segment Missing for S4E Security End Segment'],
]);

/** Application error condition (647): TED01, the codes of 004010 a retail 824 uses. */
export const APPLICATION_ERRORS = new CodeList('647', 'application error condition', [
	['001', 'Car Not in Umler'],
	['002', 'Car Not in Correct Status for Billing'],
	['003', 'Duplicate Billing'],
	['004', 'Invalid Commodity Code'],
	['005', 'Route Error'],
	['006', 'Duplicate'],
	['007', 'Missing Data'],
	['008', 'Out of Range'],
	['009', 'Invalid Date'],
	['010', 'Total Out of Balance'],
	['011', 'Not Matching'],
	['012', 'Invalid Combination'],
	['024', 'Other Unlisted Reason'],
	['026', 'Customer Identification Number is Invalid'],
	['027', 'Customer Identification Number Does not Exist'],
	['028', 'Customer Identification Number and Entity Name Do not Match'],
	['029', 'Customer Identification Number Is Missing'],
	['036', 'Invalid Serial Number'],
]);
