/**
 * Every reason the demo partner rejects an 855, 856 or 810 for, in one table: the wording it sends
 * (other tests and users match it), the document types it can arise for, and why it can only arise
 * from raw X12 text (`x12Only`) or only in a scenario with the partner's 860s (`changes`). The
 * partner words its rejections from here, and the shield test walks this table
 * (test/orderToCash/shield.test.ts), so a reason added here without a case fails that test.
 */
type Checked = '855' | '856' | '810';

export interface PartnerReason {
	types: readonly Checked[];
	/** Why this reason can only come from X12 text the partner reads (so no JSON document shows it). */
	x12Only?: string;
	/** The reason arises only against the partner's 860s (buyerChanges or cancellation scenario). */
	changes?: true;
	words: (...args: never[]) => string;
}

const ALL = ['855', '856', '810'] as const;
const ACK_INVOICE = ['855', '810'] as const;
const ASN_INVOICE = ['856', '810'] as const;
const WRITER = 'our X12 writer builds the HL hierarchy from the document, so no document yields it';
const N2_WRITER = 'our X12 writer writes every amount as N2 from a checked decimal';

export const PARTNER_REASONS = {
	notJson: { types: ALL, words: (type: string) => `the ${type} message is not a JSON object` },
	unsupportedType: {
		types: [],
		words: (type: string) => `the demo partner does not check ${type} documents`,
	},
	noPurchaseOrderNumber: { types: ACK_INVOICE, words: () => 'no purchaseOrderNumber' },
	purchaseOrderNumber: {
		types: ACK_INVOICE,
		words: (actual: string, expected?: string) =>
			`purchase order number ${actual} does not match ${expected}`,
	},
	noLineId: {
		types: ACK_INVOICE,
		words: (index: number) => `lineItems[${index}]: no purchaseOrderLineId`,
	},
	noProductIds: { types: ALL, words: (label: string) => `${label}: no product ids` },
	productIds: {
		types: ALL,
		words: (label: string, given: unknown, expected: unknown) =>
			`${label}: product ids ${JSON.stringify(given)} do not match the purchase order's ${JSON.stringify(expected)}`,
	},
	noStatus: { types: ['855'], words: () => 'no status' },
	acknowledgedNotOnOrder: {
		types: ['855'],
		words: (label: string) => `${label}: not on the purchase order`,
	},
	notAcknowledged: { types: ['855'], words: (label: string) => `${label}: not acknowledged` },
	actionNotObject: {
		types: ['855'],
		words: (label: string) => `${label}: an action is not an object`,
	},
	actionStatus: {
		types: ['855'],
		words: (label: string, status: string, statuses: string) =>
			`${label}: action status ${status} is not one of ${statuses}`,
	},
	actionQuantity: {
		types: ['855'],
		words: (label: string, quantity: string) =>
			`${label}: action quantity ${quantity} is not a decimal quantity`,
	},
	actionPrice: {
		types: ['855'],
		words: (label: string, price: string) =>
			`${label}: unitCostPrice ${price} is not a decimal number`,
	},
	noActions: { types: ['855'], words: (label: string) => `${label}: no actions` },
	overLimit: {
		types: ALL,
		words: (label: string, verb: string, total: string, limit: string, limitWord: string) =>
			`${label}: ${verb} ${total} but only ${limit} ${limitWord}`,
	},
	noShipOrder: {
		types: ['856'],
		words: (purchaseOrderNumber?: string) =>
			`no orders[] entry for purchase order ${purchaseOrderNumber}`,
	},
	noItemsShipped: { types: ['856'], words: () => 'no items shipped' },
	itemNoLineId: {
		types: ['856'],
		words: (index: number) => `item ${index + 1}: no purchaseOrderLineId`,
	},
	lineNotOnOrder: {
		types: ASN_INVOICE,
		words: (label: string, verb: string) => `${label}: ${verb} but not on the purchase order`,
	},
	quantityShipped: {
		types: ['856'],
		words: (label: string, quantity: string) =>
			`${label}: quantityShipped ${quantity} is not a decimal quantity`,
	},
	noLineItems: { types: ['810'], words: () => 'no lineItems' },
	quantityInvoiced: {
		types: ['810'],
		words: (label: string, quantity: string) =>
			`${label}: quantityInvoiced ${quantity} is not a decimal quantity`,
	},
	unitPrice: {
		types: ['810'],
		words: (label: string, price: string) => `${label}: unitPrice ${price} is not a decimal number`,
	},
	billedPrice: {
		types: ['810'],
		words: (label: string, billed: string, agreed: string, source: string) =>
			`${label}: billed at ${billed} but the price is ${agreed} (${source})`,
	},
	missingAsOrdered: {
		types: ['810'],
		words: (what: string, ordered: string) => `no ${what}: the purchase order's is ${ordered}`,
	},
	notAsOrdered: {
		types: ['810'],
		words: (what: string, given: string, ordered: string) =>
			`${what} ${given} does not match the purchase order's ${ordered}`,
	},
	amount: {
		types: ['810'],
		words: (name: string, index: number, amount: string) =>
			`${name}[${index}].amount ${amount} is not a decimal number`,
	},
	noTotal: { types: ['810'], words: (name: string) => `no ${name}` },
	totalNotDecimal: {
		types: ['810'],
		words: (name: string, stated: string) => `${name} ${stated} is not a decimal number`,
	},
	total: {
		types: ['810'],
		words: (name: string, stated: string, rule: string, expected: string) =>
			`${name} is ${stated} but ${rule} = ${expected}`,
	},
	// The partner's 860s (sandbox/partner/changes.ts): the effective order, not the 850, is the measure.
	lineChanged: {
		types: ASN_INVOICE,
		changes: true,
		words: (label: string, verb: string, change: string) => `${label}: ${verb} but ${change}`,
	},
	addedNotShipped: {
		types: ['856'],
		changes: true,
		words: (label: string, change: string) => `${label}: not shipped but ${change}`,
	},
	cancelledOrder: {
		types: ASN_INVOICE,
		changes: true,
		words: (purchaseOrderNumber: string, by: string) =>
			`purchase order ${purchaseOrderNumber} was cancelled by the partner's 860 (change ${by}): nothing may be shipped or billed for it`,
	},
	// Read from X12 text only (x12ShipNotice.ts, x12Invoice.ts, sscc.ts).
	ssccDigits: {
		types: ['856'],
		x12Only: 'the structured 856 carries serialShippingId; the partner checks it in MAN*GM',
		words: (id: string, value: string) =>
			`HL ${id}: MAN*GM: SSCC "${value}" is not 18 digits (optionally after the application identifier 00)`,
	},
	ssccCheckDigit: {
		types: ['856'],
		x12Only: 'the structured 856 carries serialShippingId; the partner checks it in MAN*GM',
		words: (id: string, value: string, given: string, expected: number) =>
			`HL ${id}: MAN*GM: SSCC ${value} has check digit ${given}, but the GS1 mod-10 check digit of its first 17 digits is ${expected}`,
	},
	hlTwice: {
		types: ['856'],
		x12Only: WRITER,
		words: (id: string) => `HL ${id}: HL01 is used twice`,
	},
	hlParent: {
		types: ['856'],
		x12Only: WRITER,
		words: (id: string, parentId: string) =>
			`HL ${id}: its parent HL ${parentId} (HL02) is not an earlier HL`,
	},
	hlItemOutsideOrder: {
		types: ['856'],
		x12Only: WRITER,
		words: (id: string) => `HL ${id}: an item (I) that is not under an order (O) level`,
	},
	prfOutsideOrder: {
		types: ['856'],
		x12Only: WRITER,
		words: (id: string) => `HL ${id}: PRF outside an order (O) level`,
	},
	noHl: {
		types: ['856'],
		x12Only: WRITER,
		words: () => 'no HL segments: an 856 is a hierarchy of HL levels',
	},
	sacAmount: {
		types: ['810'],
		x12Only: N2_WRITER,
		words: (amount: string) =>
			`SAC05 "${amount}" is not an N2 amount: digits only, two implied decimals (12.50 is written 1250)`,
	},
	tdsAmount: {
		types: ['810'],
		x12Only: N2_WRITER,
		words: (name: string, value: string) =>
			`${name} "${value}" is not an N2 amount: digits only, two implied decimals (123.45 is written 12345)`,
	},
	noTds: {
		types: ['810'],
		x12Only: 'our X12 writer always writes TDS',
		words: () => 'no TDS segment: an 810 states its total in TDS01',
	},
	tdsTotal: {
		types: ['810'],
		x12Only: 'our X12 writer writes TDS01 from invoiceTotal, which the shield checks (totals)',
		words: (stated: string, value: string, total: string, cents: string) =>
			`TDS01 is ${stated} (${value}) but Σ IT102 × IT104 (each line to cents) + SAC charges − SAC allowances = ${total}, which TDS01 writes ${cents}`,
	},
} as const satisfies Record<string, PartnerReason>;

export type PartnerReasonId = keyof typeof PARTNER_REASONS;

/** The wording of one reason (`say.noStatus()`). */
export const say = Object.fromEntries(
	Object.entries(PARTNER_REASONS).map(([id, reason]) => [id, reason.words]),
) as { [K in PartnerReasonId]: (typeof PARTNER_REASONS)[K]['words'] };

/**
 * Every reason the demo partner rejects an 846 (inventory advice) for, read its own way from any
 * path (partner/inventory.ts, x12Inventory.ts). Apart from PARTNER_REASONS: an 846 is not checked
 * against a purchase order, so the shield (which walks the 855/856/810) has no case for these;
 * test/sandbox/inventory.test.ts walks this table instead.
 */
export const INVENTORY_REASONS = {
	noLines: {
		words: (where: string) => `no item lines: an 846 lists each item it reports (${where})`,
	},
	noProductIds: { words: (label: string) => `${label}: no product ids` },
	unknownItem: {
		words: (label: string, ids: unknown) =>
			`${label}: product ids ${JSON.stringify(ids)} are not an item the partner carries (no id is on one of its purchase orders)`,
	},
	quantityNotNumber: {
		words: (label: string, what: string, value: string) =>
			`${label}: ${what} ${value} is not a number`,
	},
	negativeQuantity: {
		words: (label: string, what: string, value: string) => `${label}: ${what} ${value} is negative`,
	},
	fractionalQuantity: {
		words: (label: string, what: string, value: string) =>
			`${label}: ${what} ${value} is not a whole number`,
	},
	unknownLocation: {
		words: (where: string, code: string, known: string) =>
			`${where}: location ${code} is not one the partner knows (${known})`,
	},
	noReportDate: {
		words: (field: string) =>
			`no report date (${field}): the partner orders inventory feeds by their report date`,
	},
	reportDate: {
		words: (field: string, value: string) => `${field} ${value} is not a date`,
	},
	reportTime: {
		words: (field: string, value: string) => `${field} ${value} is not a time`,
	},
	olderFeed: {
		words: (given: string, last: string, transactionId: number) =>
			`the report of ${given} is older than the last 846 the partner accepted (${last}, transaction ${transactionId})`,
	},
} as const satisfies Record<string, { words: (...args: never[]) => string }>;

export type InventoryReasonId = keyof typeof INVENTORY_REASONS;

/** The wording of one 846 reason (`sayInventory.unknownItem(…)`). */
export const sayInventory = Object.fromEntries(
	Object.entries(INVENTORY_REASONS).map(([id, reason]) => [id, reason.words]),
) as { [K in InventoryReasonId]: (typeof INVENTORY_REASONS)[K]['words'] };
