/** The demo partner's purchase orders (850): a small catalog, deterministic per sequence number. */
import { mulberry32 } from '../faults';

type Json = Record<string, unknown>;

interface Product {
	buyerItemNumber: string;
	gtin12: string;
	description: string;
	unitCostPrice: string;
	unitOfMeasure: string;
	/** Quantities of this product may be fractional (sold by weight). */
	byWeight?: boolean;
}

const CATALOG: readonly Product[] = [
	{
		buyerItemNumber: '10000001',
		gtin12: '028374658310',
		description: 'Yellow toothpaste',
		unitCostPrice: '100.00',
		unitOfMeasure: 'each',
	},
	{
		buyerItemNumber: '10000002',
		gtin12: '028374658327',
		description: 'Green toothpaste',
		unitCostPrice: '101.00',
		unitOfMeasure: 'each',
	},
	{
		buyerItemNumber: '10000003',
		gtin12: '028374658334',
		description: 'Purple toothpaste',
		unitCostPrice: '112.00',
		unitOfMeasure: 'each',
	},
	{
		buyerItemNumber: '10000004',
		gtin12: '028374658341',
		description: 'Orange toothpaste',
		unitCostPrice: '88.00',
		unitOfMeasure: 'each',
	},
	{
		buyerItemNumber: '10000005',
		gtin12: '028374658358',
		description: 'Travel toothbrush',
		unitCostPrice: '19.99',
		unitOfMeasure: 'each',
	},
	{
		buyerItemNumber: '10000006',
		gtin12: '028374658365',
		description: 'Dental floss, mint',
		unitCostPrice: '0.99',
		unitOfMeasure: 'each',
	},
	{
		buyerItemNumber: '10000007',
		gtin12: '028374658372',
		description: 'Mouthwash concentrate',
		unitCostPrice: '2.125',
		unitOfMeasure: 'pound',
		byWeight: true,
	},
	{
		buyerItemNumber: '10000008',
		gtin12: '028374658389',
		description: 'Whitening strips',
		unitCostPrice: '14.35',
		unitOfMeasure: 'each',
	},
];

const DAY_MS = 86_400_000;
const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

const SHIP_TO = {
	name: 'Demo Retail Distribution Center',
	identificationCode: '5438',
	identificationCodeType: 'sendersId',
	addressLine1: '4055 MAIN ST',
	city: 'NEW YORK',
	stateOrProvinceCode: 'NY',
	postalCode: '10001',
	countryCode: 'US',
};

/** The demo partner's terms of sale: 1% off when paid within 10 days, net 30. */
export const TERMS_1_10_NET_30 = {
	type: 'basic',
	basisDate: 'invoiceDate',
	discountPercent: '1',
	discountDaysDue: 10,
	netDaysDue: 30,
};

/**
 * An 850 message from the demo partner: `PO-<sequence>`, 3–5 lines of distinct products with
 * decimal-string quantities and prices, terms, and sometimes a freight charge and a discount.
 * Deterministic for (sequence, now) and cheap (bulk inserts call it per transaction read).
 */
export function makePurchaseOrder(sequence: number, now: Date): Record<string, unknown> {
	// Deterministic: the same sequence always gives the same order.
	const random = mulberry32(sequence * 2654435761);
	const time = now.getTime();
	const lineCount = 3 + Math.floor(random() * 3);
	const first = Math.floor(random() * CATALOG.length);
	const lineItems = [];
	for (let i = 0; i < lineCount; i++) {
		const product = CATALOG[(first + i) % CATALOG.length];
		const quantity = product.byWeight
			? `${1 + Math.floor(random() * 40)}${['', '.25', '.5', '.75'][Math.floor(random() * 4)]}`
			: String(1 + Math.floor(random() * 48));
		lineItems.push({
			purchaseOrderLineId: String(i + 1),
			quantity: { value: quantity, unitOfMeasure: product.unitOfMeasure },
			unitCostPrice: product.unitCostPrice,
			productIds: { buyerItemNumber: product.buyerItemNumber, gtin12: product.gtin12 },
			productAttributes: { description: product.description },
		});
	}
	const order: Json = {
		purpose: 'original',
		purchaseOrderType: 'standalone',
		purchaseOrderNumber: `PO-${sequence}`,
		purchaseOrderDate: isoDay(time),
		parties: {
			buyer: {
				name: 'Demo Retail',
				identificationCode: '5438',
				identificationCodeType: 'sendersId',
			},
			shipTo: { ...SHIP_TO },
			billTo: { ...SHIP_TO, name: 'Demo Retail Accounts Payable' },
		},
		termsOfSale: { ...TERMS_1_10_NET_30, description: '1% 10 Net 30' },
		references: { vendorNumber: { value: '4875905' }, departmentNumber: { value: '011' } },
		dates: {
			earliestShipDate: isoDay(time + 3 * DAY_MS),
			latestShipDate: isoDay(time + 10 * DAY_MS),
		},
		lineItems,
	};
	if (sequence % 3 === 0)
		order.charges = [{ type: 'freight', amount: '25.00', description: 'Freight Charge' }];
	if (sequence % 4 === 0)
		order.allowances = [{ type: 'discount', amount: '10.50', description: 'Promotional discount' }];
	return order;
}

/**
 * The partner's X12 orders also name their currency (CUR) and a release number (BEG04), which the
 * 855, 856 and 810 must carry back unchanged. Orders in the default JSON mode stay as they were.
 */
export function withCurrencyAndRelease(order: Json, sequence: number): Json {
	return {
		...order,
		releaseNumber: `R${String(sequence).padStart(3, '0')}`,
		buyersCurrency: { currencyCode: 'USD' },
	};
}
