/**
 * The one registry of document types: X12 code, readable name, the service's type name, its X12
 * functional group, what this package can do with it and on which integration paths Create sends
 * it. Lists and the trigger filter by X12 code; Create names the type as the service does; the
 * node's options, the builders, Convert, Check Document and the X12 readers and writers ask here.
 */

/**
 * `read`: X12 → its document (Convert, Get Message, the trigger; a 997's or 824's is the partner's
 * verdicts on what we sent); `build`: Build From Purchase Order makes it; `write`: its document →
 * X12 (Convert, Create's X12 paths); `check`: Check Document and Create's shield check it against
 * its 850; `acknowledge`: written from the interchange it answers (Acknowledge With 997).
 */
export type Capability = 'read' | 'build' | 'write' | 'check' | 'acknowledge';

/** How Create sends it: the structured message, an X12 interchange, or X12 segments in service JSON. */
export type IntegrationPath = 'structured' | 'x12' | 'serviceJson';

interface DocumentType {
	code: string;
	name: string;
	/** The type Create sends; absent for types the service does not create (the 997 it makes itself). */
	serviceType?: string;
	/** GS01 of the functional group that carries it. */
	functionalId: string;
	can: readonly Capability[];
	paths: readonly IntegrationPath[];
	/**
	 * The field of its JSON document holding its business number (the contract's `businessNumber`
	 * on the list): what Create's send-once check looks up.
	 */
	businessNumber?: string;
	/**
	 * The field telling apart documents that share the business number, one per change of it (the
	 * 865's changeSequenceNumber, X12 BCA05): send once compares it too.
	 */
	changeNumber?: string;
}

const REPLY = {
	can: ['build', 'write', 'check'],
	paths: ['structured', 'x12', 'serviceJson'],
} as const;

/** In the order of the order-to-cash flow (the order options and lists show them by code). */
const DOCUMENT_TYPES: DocumentType[] = [
	{
		code: '850',
		name: 'Purchase Order',
		serviceType: '850_PURCHASE_ORDER',
		functionalId: 'PO',
		can: ['read'],
		paths: ['structured'],
		businessNumber: 'purchaseOrderNumber',
	},
	{
		code: '860',
		name: 'Purchase Order Change',
		serviceType: '860_PURCHASE_ORDER_CHANGE',
		functionalId: 'PC',
		can: ['read'],
		paths: ['structured'],
		businessNumber: 'purchaseOrderNumber',
	},
	{
		code: '855',
		name: 'Purchase Order Acknowledgment',
		serviceType: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
		functionalId: 'PR',
		...REPLY,
		businessNumber: 'purchaseOrderNumber',
	},
	{
		code: '856',
		name: 'Ship Notice/Manifest',
		serviceType: '856_SHIP_NOTICE_MANIFEST',
		functionalId: 'SH',
		...REPLY,
		businessNumber: 'shipmentId',
	},
	{
		code: '810',
		name: 'Invoice',
		serviceType: '810_INVOICE',
		functionalId: 'IN',
		...REPLY,
		businessNumber: 'invoiceNumber',
	},
	{
		code: '865',
		name: 'Purchase Order Change Acknowledgment',
		serviceType: '865_PURCHASE_ORDER_CHANGE_ACKNOWLEDGMENT',
		functionalId: 'CA',
		// The service has no structured 865: it travels as X12 only.
		can: ['build', 'write'],
		paths: ['x12', 'serviceJson'],
		businessNumber: 'purchaseOrderNumber',
		changeNumber: 'changeSequenceNumber',
	},
	{
		code: '846',
		name: 'Inventory Advice',
		serviceType: '846_INVENTORY_ADVICE',
		functionalId: 'IB',
		// Built from rows (Create → Build Inventory Advice From Rows), not from a purchase order.
		can: ['write'],
		paths: ['structured', 'x12', 'serviceJson'],
		businessNumber: 'reportNumber',
	},
	{
		code: '997',
		name: 'Functional Acknowledgment',
		functionalId: 'FA',
		// Read: a partner's verdict on what we sent; written: ours on what a partner sent.
		can: ['read', 'acknowledge'],
		paths: [],
	},
	{
		code: '824',
		name: 'Application Advice',
		functionalId: 'AG',
		// A partner's business verdict on an 856 or 810 (the 997 judges syntax only).
		can: ['read'],
		paths: [],
	},
];

/** X12 codes of the types this package can `capability`, in the registry's order: codesThat('check') is 855, 856, 810. */
export const codesThat = (capability: Capability): string[] =>
	DOCUMENT_TYPES.filter((type) => type.can.includes(capability)).map((type) => type.code);

/** X12 codes of the types Create sends on `path`. */
export const codesOnPath = (path: IntegrationPath): string[] =>
	DOCUMENT_TYPES.filter((type) => type.paths.includes(path)).map((type) => type.code);

/** GS01 for each X12 code the registry knows: { '850': 'PO', … }. */
export const FUNCTIONAL_IDS: Readonly<Record<string, string>> = Object.fromEntries(
	DOCUMENT_TYPES.map((type) => [type.code, type.functionalId]),
);

const label = (type: DocumentType) => `${type.code} ${type.name}`;

/** "850 Purchase Order" for '850'; the code alone for a type not in the table. */
export const typeLabel = (code: string): string => {
	const type = DOCUMENT_TYPES.find((candidate) => candidate.code === code);
	return type ? label(type) : code;
};

const BY_CODE = [...DOCUMENT_TYPES].sort((a, b) => a.code.localeCompare(b.code));

/** Options valued by X12 code ("855"): filters and the integration payload's type. */
export const TRANSACTION_TYPE_OPTIONS = BY_CODE.map((type) => ({
	name: label(type),
	value: type.code,
}));

/** Options valued by the service's type name ("855_PURCHASE_ORDER_ACKNOWLEDGMENT"): what Create sends. */
export const SERVICE_TYPE_OPTIONS = BY_CODE.filter((type) => type.serviceType).map((type) => ({
	name: label(type),
	value: type.serviceType as string,
}));

/** The service's type name of an X12 code: serviceTypeOf('855') is '855_PURCHASE_ORDER_ACKNOWLEDGMENT'. */
export function serviceTypeOf(code: string): string {
	const type = DOCUMENT_TYPES.find((candidate) => candidate.code === code)?.serviceType;
	if (!type) throw new Error(`No service type for ${code}`);
	return type;
}

/** The field of a type's JSON document holding its business number ('invoiceNumber' for '810'). */
export const businessNumberField = (code: string): string | undefined =>
	DOCUMENT_TYPES.find((candidate) => candidate.code === code)?.businessNumber;

/** The field of a type's JSON document numbering its changes ('changeSequenceNumber' for '865'). */
export const changeNumberField = (code: string): string | undefined =>
	DOCUMENT_TYPES.find((candidate) => candidate.code === code)?.changeNumber;
