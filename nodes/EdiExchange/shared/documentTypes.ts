/**
 * The one table of document types: X12 code, readable name and the service's type name.
 * Lists and the trigger filter by X12 code; Create names the type as the service does.
 */
interface DocumentType {
	code: string;
	name: string;
	/** The type Create sends; absent for types the service does not create (the 997 it makes itself). */
	serviceType?: string;
}

const DOCUMENT_TYPES: DocumentType[] = [
	{ code: '810', name: 'Invoice', serviceType: '810_INVOICE' },
	{ code: '846', name: 'Inventory Advice', serviceType: '846_INVENTORY_ADVICE' },
	{ code: '850', name: 'Purchase Order', serviceType: '850_PURCHASE_ORDER' },
	{
		code: '855',
		name: 'Purchase Order Acknowledgment',
		serviceType: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
	},
	{ code: '856', name: 'Ship Notice/Manifest', serviceType: '856_SHIP_NOTICE_MANIFEST' },
	{ code: '860', name: 'Purchase Order Change', serviceType: '860_PURCHASE_ORDER_CHANGE' },
	{ code: '997', name: 'Functional Acknowledgment' },
];

const label = (type: DocumentType) => `${type.code} ${type.name}`;

/** "850 Purchase Order" for '850'; the code alone for a type not in the table. */
export const typeLabel = (code: string): string => {
	const type = DOCUMENT_TYPES.find((candidate) => candidate.code === code);
	return type ? label(type) : code;
};

/** Options valued by X12 code ("855"): filters and the integration payload's type. */
export const TRANSACTION_TYPE_OPTIONS = DOCUMENT_TYPES.map((type) => ({
	name: label(type),
	value: type.code,
}));

/** Options valued by the service's type name ("855_PURCHASE_ORDER_ACKNOWLEDGMENT"): what Create sends. */
export const SERVICE_TYPE_OPTIONS = DOCUMENT_TYPES.filter((type) => type.serviceType).map(
	(type) => ({
		name: label(type),
		value: type.serviceType as string,
	}),
);

/** The service's type name of an X12 code: serviceTypeOf('855') is '855_PURCHASE_ORDER_ACKNOWLEDGMENT'. */
export function serviceTypeOf(code: string): string {
	const type = DOCUMENT_TYPES.find((candidate) => candidate.code === code)?.serviceType;
	if (!type) throw new Error(`No service type for ${code}`);
	return type;
}
