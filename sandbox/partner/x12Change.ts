/**
 * The partner's 860 as an X12 004010 transaction set (BCH, POC, CTT) for the organization's X12
 * inbound format: the sandbox's own mapping, nothing from nodes/.
 */
import { count, exceeds, NOTHING, plus, readExact } from './amounts';
import { asArray, isObject, type Json } from './read';

const PURPOSES: Readonly<Record<string, string>> = {
	cancellation: '01',
	change: '04',
	replace: '05',
};
const UNITS: Readonly<Record<string, string>> = { each: 'EA', case: 'CA', pound: 'LB' };
const PRODUCT_IDS: Array<[string, string]> = [
	['buyerItemNumber', 'BP'],
	['gtin12', 'UP'],
	['vendorItemNumber', 'VN'],
];

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const ymd = (isoDay: unknown) => text(isoDay).slice(0, 10).replace(/-/g, '');

/**
 * POC02 (670) for a line's change reason; a quantity change says which way (QI, QD) when its
 * change in quantity or its original quantity tells, else it is a change to the line (CA). An 865
 * answers the line with the same code.
 */
export function changeCode(line: Json): string {
	switch (line.changeReason) {
		case 'addItem':
			return 'AI';
		case 'deleteItem':
			return 'DI';
		case 'priceChange':
			return 'PC';
		case 'quantityChange': {
			const valueOf = (q: unknown) => readExact(isObject(q) ? q.value : q);
			const by = valueOf(line.changeInQuantity);
			const to = valueOf(line.quantity);
			const from = valueOf(line.originalQuantity);
			const up = by ? exceeds(by, NOTHING) : to && from ? exceeds(to, from) : undefined;
			const down = by ? exceeds(NOTHING, by) : to && from ? exceeds(from, to) : undefined;
			return up ? 'QI' : down ? 'QD' : 'CA';
		}
		default:
			return 'CA';
	}
}

function poc(line: Json): string[] {
	const quantity = isObject(line.quantity) ? line.quantity : {};
	const ids = isObject(line.productIds) ? line.productIds : {};
	const pairs = PRODUCT_IDS.flatMap(([name, qualifier]) =>
		ids[name] === undefined ? [] : [qualifier, text(ids[name])],
	);
	const code = changeCode(line);
	if (code === 'DI')
		return ['POC', text(line.purchaseOrderLineId), code, '', '', '', '', '', ...pairs];
	return [
		'POC',
		text(line.purchaseOrderLineId),
		code,
		text(quantity.value),
		text(quantity.value),
		UNITS[text(quantity.unitOfMeasure) || 'each'] ?? 'EA',
		text(line.unitCostPrice),
		'',
		...pairs,
	];
}

/** The body of the 860 (BCH … CTT), without ST/SE. */
export function changeSegments(change: Json): string[][] {
	const lines = asArray(change.lineItems).filter(isObject);
	const pocs = lines.map(poc);
	const hash = pocs.reduce((sum, s) => plus(sum, readExact(s[3]) ?? NOTHING), NOTHING);
	return [
		[
			'BCH',
			PURPOSES[text(change.purpose)] ?? '04',
			'SA',
			text(change.purchaseOrderNumber),
			text(change.releaseNumber),
			text(change.changeSequenceNumber),
			ymd(change.purchaseOrderDate),
			'',
			'',
			'',
			'',
			ymd(change.purchaseOrderChangeDate),
		],
		...pocs,
		// CTT is optional: a cancellation names no lines.
		...(pocs.length ? [['CTT', String(pocs.length), count(hash)]] : []),
	];
}
