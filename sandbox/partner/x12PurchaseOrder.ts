/**
 * An 850 a caller gives as X12 ("Resend 850" with { x12 }, --replay-850) read into the structured
 * purchase order the partner checks replies against, and delivers in the JSON inbound mode. The
 * sandbox's own reading of the segments the partner itself writes (x12Order.ts) and the common
 * retail ones; every other segment is kept, as text, under `unmappedSegments`.
 */
import type { Json } from './read';
import { element, impliedTwo, isoDate, productIdsOf, unitOf } from './x12Elements';

const PURPOSES: Readonly<Record<string, string>> = {
	'00': 'original',
	'05': 'replace',
	'07': 'duplicate',
};
const ORDER_TYPES: Readonly<Record<string, string>> = {
	SA: 'standalone',
	DS: 'dropShip',
	RL: 'release',
	BK: 'blanket',
};
const REFERENCES: Readonly<Record<string, string>> = {
	DP: 'departmentNumber',
	IA: 'vendorNumber',
	CT: 'contractNumber',
	PD: 'promotionNumber',
};
const DATES: Readonly<Record<string, string>> = {
	'002': 'requestedDeliveryDate',
	'010': 'requestedShipDate',
	'001': 'cancelAfterDate',
	'037': 'earliestShipDate',
	'038': 'latestShipDate',
};
const PARTIES: Readonly<Record<string, string>> = {
	BY: 'buyer',
	ST: 'shipTo',
	BT: 'billTo',
	SU: 'supplier',
	VN: 'vendor',
};
const CHARGES: Readonly<Record<string, string>> = { D240: 'freight', C310: 'discount' };

const isUnitCostPrice = (segment: string[]): boolean =>
	element(segment, 2) === 'UCP' &&
	element(segment, 3) !== '' &&
	segment.slice(4).every((value) => value.trim() === '');

export function readPurchaseOrder(segments: string[][], elementSeparator = '*'): Json {
	const order: Json = {};
	const references: Json = {};
	const dates: Json = {};
	const parties: Json = {};
	const lineItems: Json[] = [];
	const charges: Json[] = [];
	const allowances: Json[] = [];
	const unmapped: string[] = [];
	let party: Json | undefined;
	let line: Json | undefined;
	let subline = false;
	for (const segment of segments) {
		const e = (n: number) => element(segment, n);
		switch (segment[0]) {
			case 'BEG':
				order.purpose = PURPOSES[e(1)] ?? e(1);
				order.purchaseOrderType = ORDER_TYPES[e(2)] ?? e(2);
				order.purchaseOrderNumber = e(3);
				if (e(4)) order.releaseNumber = e(4);
				order.purchaseOrderDate = isoDate(e(5));
				break;
			case 'CUR':
				order.buyersCurrency = { currencyCode: e(2) };
				break;
			case 'REF':
				references[REFERENCES[e(1)] ?? e(1)] = { value: e(2) };
				break;
			case 'DTM':
				dates[DATES[e(1)] ?? e(1)] = isoDate(e(2));
				break;
			case 'N1':
				party = { name: e(2), ...(e(4) && { identificationCode: e(4) }) };
				parties[PARTIES[e(1)] ?? e(1)] = party;
				break;
			case 'N3':
				if (party)
					Object.assign(party, { addressLine1: e(1), ...(e(2) && { addressLine2: e(2) }) });
				break;
			case 'N4':
				if (party)
					Object.assign(party, {
						city: e(1),
						stateOrProvinceCode: e(2),
						postalCode: e(3),
						...(e(4) && { countryCode: e(4) }),
					});
				break;
			case 'SLN':
				subline = true;
				unmapped.push(segment.join(elementSeparator));
				break;
			case 'PO1':
				party = undefined;
				subline = false;
				line = {
					purchaseOrderLineId: e(1) || String(lineItems.length + 1),
					quantity: { value: e(2), unitOfMeasure: unitOf(e(3)) },
					...(e(4) && { unitCostPrice: e(4) }),
					productIds: productIdsOf(segment, 6),
				};
				lineItems.push(line);
				break;
			case 'CTP':
				// Retail 850s price a line here when PO104 is empty: CTP02 UCP (unit cost price), CTP03
				// the price; a CTP with a quantity (CTP04…) is a price break, not the line's price, and
				// one after an SLN prices that subline.
				if (line && !subline && line.unitCostPrice === undefined && isUnitCostPrice(segment))
					line.unitCostPrice = e(3);
				else unmapped.push(segment.join(elementSeparator));
				break;
			case 'PID':
				if (line && e(5)) line.productAttributes = { description: e(5) };
				break;
			case 'SAC': {
				const amount = impliedTwo(e(5));
				if (amount === undefined) unmapped.push(segment.join(elementSeparator));
				else
					(e(1) === 'A' ? allowances : charges).push({
						type: CHARGES[e(2)] ?? e(2),
						amount,
						...(e(15) && { description: e(15) }),
					});
				break;
			}
			case 'ST':
			case 'SE':
			case 'CTT':
				break;
			default:
				unmapped.push(segment.join(elementSeparator));
		}
	}
	if (Object.keys(references).length) order.references = references;
	if (Object.keys(dates).length) order.dates = dates;
	if (Object.keys(parties).length) order.parties = parties;
	if (charges.length) order.charges = charges;
	if (allowances.length) order.allowances = allowances;
	order.lineItems = lineItems;
	if (unmapped.length) order.unmappedSegments = unmapped;
	return order;
}
