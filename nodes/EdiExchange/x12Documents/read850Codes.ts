/**
 * X12 004010 codes an 850 carries, and the words of the structured purchase order they become.
 * The words are the ones the writers use (855/856/810); reading takes more codes than writing
 * does (a retailer's PO1 may say IN or CB where a writer says BP). A code not listed here is not
 * guessed at: its segment or element is kept under the document's `x12Unmapped`.
 */
export type WordTable = Readonly<Record<string, string>>;

/** Transaction set purpose (353), BEG01. */
export const PURPOSES: WordTable = {
	'00': 'original',
	'01': 'cancellation',
	'05': 'replace',
	'06': 'confirmation',
	'07': 'duplicate',
};

/** Purchase order type (92), BEG02. */
export const ORDER_TYPES: WordTable = {
	SA: 'standalone',
	DS: 'dropShip',
	BK: 'blanket',
	RL: 'release',
	NE: 'newOrder',
	CN: 'consigned',
	RE: 'reorder',
	KN: 'crossDock',
	OS: 'specialOrder',
	PR: 'promotion',
};

/** Product/service id qualifiers (235) of PO106 on. */
export const PRODUCT_IDS: WordTable = {
	BP: 'buyerItemNumber',
	IN: 'buyerItemNumber',
	VN: 'vendorItemNumber',
	VA: 'vendorStyleNumber',
	UP: 'gtin12',
	EN: 'gtin13',
	UK: 'gtin14',
	UA: 'caseCode',
	SK: 'sku',
	CB: 'buyersCatalogNumber',
	MG: 'manufacturerPartNumber',
	ND: 'nationalDrugCode',
	PI: 'purchasersItemCode',
	BL: 'brandCode',
	PR: 'processNumber',
	IZ: 'buyerSizeCode',
	BO: 'buyerColor',
};

/** Entity identifier codes (98), N101. */
export const PARTIES: WordTable = {
	BY: 'buyer',
	ST: 'shipTo',
	BT: 'billTo',
	SF: 'shipFrom',
	SU: 'supplier',
	SE: 'seller',
	VN: 'vendor',
	RI: 'remitTo',
	RE: 'accountsReceivable',
	Z7: 'markFor',
	MF: 'manufacturer',
	OB: 'orderedBy',
	BS: 'billAndShipTo',
};

/** Identification code qualifiers (66), N103. */
export const PARTY_ID_TYPES: WordTable = {
	'1': 'duns',
	'9': 'dunsPlus4',
	'91': 'assignedBySeller',
	'92': 'assignedByBuyer',
	UL: 'gln',
	ZZ: 'mutuallyDefined',
};

/** Reference identification qualifiers (128), REF01. */
export const REFERENCES: WordTable = {
	IA: 'vendorNumber',
	DP: 'departmentNumber',
	CT: 'contractNumber',
	PD: 'promotionNumber',
	CO: 'customerOrderNumber',
	VN: 'sellersOrderNumber',
	ST: 'storeNumber',
	'19': 'divisionNumber',
	MR: 'merchandiseTypeCode',
	ZZ: 'mutuallyDefined',
};

/** Date/time qualifiers (374), DTM01. */
export const DATES: WordTable = {
	'001': 'cancelAfterDate',
	'002': 'requestedDeliveryDate',
	'010': 'requestedShipDate',
	'037': 'earliestShipDate',
	'038': 'latestShipDate',
	'063': 'latestDeliveryDate',
	'064': 'earliestDeliveryDate',
	'068': 'scheduledShipDate',
	'004': 'purchaseOrderDate',
};

/** Unit or basis for measurement (355), PO103. A code not listed stays as written ("CS"). */
export const UNITS: WordTable = {
	EA: 'each',
	CA: 'case',
	CT: 'carton',
	BX: 'box',
	PK: 'pack',
	PL: 'pallet',
	PC: 'piece',
	DZ: 'dozen',
	LB: 'pound',
	KG: 'kilogram',
	OZ: 'ounce',
	GA: 'gallon',
	LT: 'liter',
	FT: 'foot',
	MR: 'meter',
	IN: 'inch',
	RL: 'roll',
};

/** Terms type (336), ITD01. */
export const TERMS_TYPES: WordTable = {
	'01': 'basic',
	'02': 'endOfMonth',
	'03': 'fixedDate',
	'05': 'discountNotApplicable',
	'08': 'basicDiscountOffered',
	'14': 'previouslyAgreed',
};

/** Terms basis date (333), ITD02. */
export const TERMS_BASIS: WordTable = {
	'1': 'shipDate',
	'2': 'deliveryDate',
	'3': 'invoiceDate',
	'4': 'specifiedDate',
	'5': 'invoiceReceiptDate',
	'15': 'receiptOfGoods',
};

/** Allowance or charge codes (1300), SAC02. */
export const CHARGES: WordTable = {
	D240: 'freight',
	D500: 'handling',
	C310: 'discount',
	C000: 'promotion',
	B750: 'defectiveAllowance',
	D170: 'fuelSurcharge',
	F200: 'packing',
	H290: 'tradeDiscount',
	I530: 'volumeDiscount',
	D980: 'insurance',
	ZZZZ: 'mutuallyDefined',
};

/** Transportation method (91), TD504. */
export const TRANSPORT_METHODS: WordTable = {
	M: 'motor',
	A: 'air',
	R: 'rail',
	S: 'ocean',
	U: 'privateParcel',
	L: 'contractCarrier',
	H: 'customerPickup',
	P: 'privateCarrier',
};

/** Shipment method of payment (146), FOB01. */
export const PAYMENT_METHODS: WordTable = {
	CC: 'collect',
	PP: 'prepaid',
	PB: 'customerPickupBackhaul',
	DF: 'definedByBuyerAndSeller',
	MX: 'mixed',
	PC: 'prepaidAndCharged',
	TP: 'thirdPartyPay',
};

/** Contact function (366), PER01, and communication qualifiers (365), PER03/05/07. */
export const CONTACT_FUNCTIONS: WordTable = {
	BD: 'buyer',
	IC: 'information',
	OC: 'order',
	DC: 'delivery',
	SR: 'salesRepresentative',
};
export const COMMUNICATIONS: WordTable = { TE: 'phone', EM: 'email', FX: 'fax' };

/** The word for `code` in `table`, when it has one. */
export function wordOf(table: WordTable, code: string): string | undefined {
	return Object.prototype.hasOwnProperty.call(table, code) ? table[code] : undefined;
}
