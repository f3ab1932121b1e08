/**
 * The partner's 850 as an X12 004010 transaction set, for the organization's X12 inbound format:
 * the sandbox's own mapping (nothing from nodes/), the standard retail segments a VICS 850 uses.
 */
type Json = Record<string, unknown>;

const UNITS: Record<string, string> = { each: 'EA', case: 'CA', pound: 'LB' };
const PRODUCT_IDS: Array<[string, string]> = [
	['buyerItemNumber', 'BP'],
	['gtin12', 'UP'],
	['vendorItemNumber', 'VN'],
	['gtin13', 'EN'],
	['gtin14', 'UK'],
];

const isObject = (value: unknown): value is Json =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const ymd = (isoDay: unknown) => text(isoDay).slice(0, 10).replace(/-/g, '');

/** An amount with two decimals as X12 N2 (implied decimals): "25.00" → "2500". */
function impliedCents(amount: unknown): string {
	const [whole, fraction = ''] = text(amount).split('.');
	return String(Number(`${whole}${fraction.padEnd(2, '0').slice(0, 2)}`));
}

function party(code: string, value: unknown): string[][] {
	if (!isObject(value)) return [];
	const segments = [['N1', code, text(value.name), '92', text(value.identificationCode)]];
	if (value.addressLine1)
		segments.push(
			value.addressLine2
				? ['N3', text(value.addressLine1), text(value.addressLine2)]
				: ['N3', text(value.addressLine1)],
		);
	if (value.city)
		segments.push([
			'N4',
			text(value.city),
			text(value.stateOrProvinceCode),
			text(value.postalCode),
			text(value.countryCode),
		]);
	return segments;
}

/** The body of the 850 (BEG … CTT), without ST/SE. */
export function purchaseOrderSegments(order: Json): string[][] {
	const segments: string[][] = [
		[
			'BEG',
			'00',
			'SA',
			text(order.purchaseOrderNumber),
			text(order.releaseNumber),
			ymd(order.purchaseOrderDate),
		],
	];
	if (isObject(order.buyersCurrency))
		segments.push(['CUR', 'BY', text(order.buyersCurrency.currencyCode)]);
	const references = isObject(order.references) ? order.references : {};
	if (isObject(references.departmentNumber))
		segments.push(['REF', 'DP', text(references.departmentNumber.value)]);
	if (isObject(references.vendorNumber))
		segments.push(['REF', 'IA', text(references.vendorNumber.value)]);
	for (const [list, indicator, code] of [
		['charges', 'C', 'D240'],
		['allowances', 'A', 'C310'],
	] as const) {
		for (const entry of Array.isArray(order[list]) ? order[list] : []) {
			if (isObject(entry))
				segments.push(['SAC', indicator, code, '', '', impliedCents(entry.amount)]);
		}
	}
	const dates = isObject(order.dates) ? order.dates : {};
	if (dates.earliestShipDate) segments.push(['DTM', '037', ymd(dates.earliestShipDate)]);
	if (dates.latestShipDate) segments.push(['DTM', '038', ymd(dates.latestShipDate)]);
	const parties = isObject(order.parties) ? order.parties : {};
	segments.push(...party('BY', parties.buyer), ...party('ST', parties.shipTo));
	const lines = Array.isArray(order.lineItems) ? order.lineItems.filter(isObject) : [];
	for (const line of lines) {
		const quantity = isObject(line.quantity) ? line.quantity : {};
		const ids = isObject(line.productIds) ? line.productIds : {};
		const pairs = PRODUCT_IDS.flatMap(([name, qualifier]) =>
			ids[name] === undefined ? [] : [qualifier, text(ids[name])],
		);
		segments.push([
			'PO1',
			text(line.purchaseOrderLineId),
			text(quantity.value),
			UNITS[text(quantity.unitOfMeasure) || 'each'] ?? 'EA',
			text(line.unitCostPrice),
			'',
			...pairs,
		]);
		const attributes = isObject(line.productAttributes) ? line.productAttributes : {};
		if (attributes.description)
			segments.push(['PID', 'F', '', '', '', text(attributes.description)]);
	}
	segments.push(['CTT', String(lines.length)]);
	return segments;
}
