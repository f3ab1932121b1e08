/**
 * The demo partner's reading and check of an 846 (inventory advice), whichever path it came by
 * (contract: "Inventory advice (846)"): every item one it carries (the items of the purchase
 * orders it sent, by any of their product ids), whole non-negative quantities, known locations
 * where the document names one, and a report not older than the last 846 it accepted from the
 * same sender. The structured reading is here; the X12 one in x12Inventory.ts reads into the same
 * shape, so both are checked by the same code.
 */
import { count, readExact } from './amounts';
import { sayInventory } from './reasons';
import { asArray, idText, isObject, type Json } from './read';

/** Where the partner's stock sits besides its stores: named in every demo. */
export const PARTNER_WAREHOUSE = 'WH001';

/** A location code a document names, and where it names it (for the reason). */
export interface NamedLocation {
	where: string;
	code: string;
}

export interface AdvisedLine {
	label: string;
	productIds: Json;
	/** Each quantity as written, with what it is ("QTY02 (33)", "inventoryQuantities[0].quantity"). */
	quantities: Array<{ what: string; value: unknown }>;
	locations: NamedLocation[];
}

/** An 846 as the partner reads it: report date and time as written, with the field names to quote. */
export interface InventoryAdvice {
	date: { field: string; value: string };
	time?: { field: string; value: string };
	/** Where the lines are (for "no item lines"). */
	linesWhere: string;
	locations: NamedLocation[];
	lines: AdvisedLine[];
}

/** What the partner carries: the product ids of its orders' lines, and its locations. */
export interface Carried {
	items: Json[];
	locations: string[];
}

/** A report's moment, normalized: YYYY-MM-DD and, when stated, HH:MM:SS. */
export interface ReportStamp {
	date: string;
	time?: string;
}

/** The last 846 the partner accepted from a sender: what a newer one must not predate. */
export interface LastFeed {
	stamp: ReportStamp;
	transactionId: number;
}

const text = (value: unknown): string => idText(value) ?? '';

/** The structured 846 (`846_INVENTORY_ADVICE`, documents/create-846-inventory-advice.json). */
export function readStructuredInventory(message: Json): InventoryAdvice {
	const parties = isObject(message.parties) ? message.parties : {};
	const location = isObject(parties.inventoryLocation) ? parties.inventoryLocation : {};
	const locationCode = text(location.identificationCode);
	return {
		date: { field: 'reportDate', value: text(message.reportDate) },
		...(message.reportTime !== undefined && {
			time: { field: 'reportTime', value: text(message.reportTime) },
		}),
		linesWhere: 'lineItems',
		locations: locationCode ? [{ where: 'parties.inventoryLocation', code: locationCode }] : [],
		lines: asArray(message.lineItems).map((line, index) => {
			const item = isObject(line) ? line : {};
			const quantities = asArray(item.inventoryQuantities).filter(isObject);
			const label = `line ${text(item.lineNumber) || index + 1}`;
			return {
				label,
				productIds: isObject(item.productIds) ? item.productIds : {},
				quantities: quantities.map((q, i) => ({
					what: `inventoryQuantities[${i}].quantity${q.type ? ` (${text(q.type)})` : ''}`,
					value: q.quantity,
				})),
				locations: quantities.flatMap((q, i) =>
					text(q.locationId)
						? [
								{
									where: `${label}: inventoryQuantities[${i}].locationId`,
									code: text(q.locationId),
								},
							]
						: [],
				),
			};
		}),
	};
}

/** The items and locations of the partner's purchase orders (each 850 with the lines its 860s added). */
export function carriedBy(orders: Json[]): Carried {
	const items: Json[] = [];
	const locations = new Set([PARTNER_WAREHOUSE]);
	for (const order of orders) {
		for (const line of asArray(order.lineItems))
			if (isObject(line) && isObject(line.productIds)) items.push(line.productIds);
		const parties = isObject(order.parties) ? order.parties : {};
		const shipTo = isObject(parties.shipTo) ? text(parties.shipTo.identificationCode) : '';
		if (shipTo) locations.add(shipTo);
	}
	return { items, locations: [...locations] };
}

/** GTINs are one number however padded (a GTIN-12 is a GTIN-14 with two leading zeros). */
const GTINS = new Set(['gtin12', 'gtin13', 'gtin14', 'caseCode', 'upc', 'ean']);
const idKey = (key: string, value: unknown): string | undefined => {
	const id = idText(value);
	if (id === undefined) return undefined;
	return GTINS.has(key) && /^\d+$/.test(id) ? `gtin:${id.replace(/^0+/, '')}` : `${key}:${id}`;
};
const keysOf = (ids: Json): string[] =>
	Object.entries(ids).flatMap(([key, value]) => idKey(key, value) ?? []);

/** The reason a quantity is not a whole number of at least zero, or undefined. */
function quantityReason(label: string, what: string, value: unknown): string | undefined {
	const exact = readExact(value);
	const shown = typeof value === 'string' ? value : JSON.stringify(value ?? null);
	if (!exact) return sayInventory.quantityNotNumber(label, what, shown);
	if (exact.n < 0n) return sayInventory.negativeQuantity(label, what, shown);
	if (count(exact).includes('.')) return sayInventory.fractionalQuantity(label, what, shown);
	return undefined;
}

const DATE = /^(\d{4})-?(\d{2})-?(\d{2})$/;
const TIME = /^(\d{2}):?(\d{2})(?::?(\d{2}))?(?:\.?\d{1,2})?$/;

/** The report's stamp, or the reasons its date or time cannot be read. */
export function stampOf(advice: InventoryAdvice): ReportStamp | string[] {
	const { date, time } = advice;
	if (!date.value) return [sayInventory.noReportDate(date.field)];
	const d = DATE.exec(date.value);
	const day = d ? `${d[1]}-${d[2]}-${d[3]}` : '';
	const valid = d && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
	const reasons = valid ? [] : [sayInventory.reportDate(date.field, date.value)];
	const t = time?.value ? TIME.exec(time.value) : undefined;
	if (time?.value && (!t || Number(t[1]) > 23 || Number(t[2]) > 59 || Number(t[3] ?? 0) > 59))
		reasons.push(sayInventory.reportTime(time.field, time.value));
	if (reasons.length) return reasons;
	return { date: day, ...(t && { time: `${t[1]}:${t[2]}:${t[3] ?? '00'}` }) };
}

export const shownStamp = ({ date, time }: ReportStamp): string =>
	time ? `${date} ${time}` : date;

/** Older: an earlier date, or the same date and both times stated and earlier. */
export function isOlder(stamp: ReportStamp, last: ReportStamp): boolean {
	if (stamp.date !== last.date) return stamp.date < last.date;
	return stamp.time !== undefined && last.time !== undefined && stamp.time < last.time;
}

/** Every reason the partner refuses the 846; [] = accepted. */
export function checkInventory(
	advice: InventoryAdvice,
	carried: Carried,
	last: LastFeed | undefined,
): string[] {
	const reasons: string[] = [];
	const stamp = stampOf(advice);
	if (Array.isArray(stamp)) reasons.push(...stamp);
	else if (last && isOlder(stamp, last.stamp))
		reasons.push(
			sayInventory.olderFeed(shownStamp(stamp), shownStamp(last.stamp), last.transactionId),
		);
	if (advice.lines.length === 0) reasons.push(sayInventory.noLines(advice.linesWhere));
	const known = new Set(carried.items.flatMap(keysOf));
	const locations = new Set(carried.locations);
	const checkLocations = (named: NamedLocation[]) => {
		for (const { where, code } of named)
			if (!locations.has(code))
				reasons.push(sayInventory.unknownLocation(where, code, carried.locations.join(', ')));
	};
	checkLocations(advice.locations);
	for (const line of advice.lines) {
		const keys = keysOf(line.productIds);
		if (keys.length === 0) reasons.push(sayInventory.noProductIds(line.label));
		else if (!keys.some((key) => known.has(key)))
			reasons.push(sayInventory.unknownItem(line.label, line.productIds));
		for (const { what, value } of line.quantities) {
			const reason = quantityReason(line.label, what, value);
			if (reason) reasons.push(reason);
		}
		checkLocations(line.locations);
	}
	return reasons;
}

/** The stamp to remember when the 846 is accepted (its date was readable, or it would not be). */
export const acceptedStamp = (advice: InventoryAdvice): ReportStamp | undefined => {
	const stamp = stampOf(advice);
	return Array.isArray(stamp) ? undefined : stamp;
};
