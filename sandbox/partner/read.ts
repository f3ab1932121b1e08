/** Reading received documents tolerantly: a bad field becomes a reason, never a crash. */
import { say } from './reasons';
import { count, type Exact, exceeds, NOTHING, plus, readExact } from './amounts';
import type { LineChange } from './changes';

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** Identifiers may arrive as strings or numbers ("1" and 1 are the same line). */
export const idText = (value: unknown): string | undefined =>
	typeof value === 'string'
		? value.trim() || undefined
		: typeof value === 'number'
			? String(value)
			: undefined;

/** A quantity object's value ({ value: "5" }), or a bare decimal. */
export const quantityOf = (quantity: unknown): Exact | undefined =>
	readExact(isObject(quantity) ? quantity.value : quantity);

export const shown = (value: unknown): string =>
	value === undefined ? 'missing' : JSON.stringify(value);

export interface OrderLine {
	id: string;
	ordered: Exact;
	productIds: Json;
}

/** The `lineItems` of a document that name their `purchaseOrderLineId`, with that id. */
function identifiedLines(document: Json): Array<[string, Json]> {
	return asArray(document.lineItems).flatMap((line): Array<[string, Json]> => {
		const id = isObject(line) ? idText(line.purchaseOrderLineId) : undefined;
		return isObject(line) && id !== undefined ? [[id, line]] : [];
	});
}

/** The partner's own order lines by id. */
export function orderLines(order: Json): Map<string, OrderLine> {
	const lines = new Map<string, OrderLine>();
	for (const [id, line] of identifiedLines(order)) {
		lines.set(id, {
			id,
			ordered: quantityOf(line.quantity) ?? NOTHING,
			productIds: isObject(line.productIds) ? line.productIds : {},
		});
	}
	return lines;
}

/**
 * Product ids match when they share at least one identifier and every shared identifier agrees
 * (documents may carry a subset, e.g. buyerItemNumber and gtin12 but not caseCode).
 */
function productIdsMatch(given: Json, expected: Json): boolean {
	let shared = 0;
	for (const [key, value] of Object.entries(given)) {
		if (!(key in expected)) continue;
		if (idText(value) !== idText(expected[key])) return false;
		shared++;
	}
	return shared > 0;
}

/** Checks a line's product ids against the order's and any accepted substitutes; returns a reason or undefined. */
export function productIdsReason(
	label: string,
	productIds: unknown,
	allowed: Json[],
): string | undefined {
	if (!isObject(productIds) || Object.keys(productIds).length === 0) return say.noProductIds(label);
	if (allowed.some((ids) => productIdsMatch(productIds, ids))) return undefined;
	return say.productIds(label, productIds, allowed[0]);
}

export function purchaseOrderNumberReason(given: unknown, order: Json): string | undefined {
	const expected = idText(order.purchaseOrderNumber);
	const actual = idText(given);
	if (actual === undefined) return say.noPurchaseOrderNumber();
	if (actual !== expected) return say.purchaseOrderNumber(actual, expected);
	return undefined;
}

export const lineLabel = (id: string) => `line ${id}`;

const CHANGE_WORDS: Readonly<Record<string, string>> = {
	cancelled: 'cancelled',
	deleteItem: 'deleted',
	addItem: 'added',
	priceChange: 'price changed',
	quantityChange: 'quantity changed',
};

/** "deleted by the partner's 860 (change 001)". */
export const changeWords = ({ reason, by }: LineChange): string =>
	`${CHANGE_WORDS[reason] ?? 'changed'} by the partner's 860 (change ${by})`;

/** Adds `amount` to the running total of `id`. */
export function accumulate(totals: Map<string, Exact>, id: string, amount: Exact): void {
	totals.set(id, plus(totals.get(id) ?? NOTHING, amount));
}

/**
 * The order line a received line refers to, or undefined; pushes why not, or why its product ids
 * differ from the order's and the accepted substitutes'.
 */
export function matchLine(
	id: string,
	item: Json,
	verb: string,
	lines: Map<string, OrderLine>,
	substitutes: Map<string, Json[]>,
	reasons: string[],
	changes: Map<string, LineChange> = new Map(),
): OrderLine | undefined {
	const line = lines.get(id);
	const change = changes.get(id);
	if (!line && change) {
		reasons.push(say.lineChanged(lineLabel(id), verb, changeWords(change)));
		return undefined;
	}
	if (!line) {
		reasons.push(say.lineNotOnOrder(lineLabel(id), verb));
		return undefined;
	}
	const idReason = productIdsReason(lineLabel(id), item.productIds, [
		line.productIds,
		...(substitutes.get(id) ?? []),
	]);
	if (idReason) reasons.push(idReason);
	return line;
}

/** Pushes a reason for each line whose total is over its limit (`verb` 3, `limitWord` 2: "shipped 3 but only 2 accepted"). */
export function overLimits(
	totals: Map<string, Exact>,
	limits: Map<string, Exact>,
	verb: string,
	limitWord: string,
	reasons: string[],
): void {
	for (const [id, total] of totals) {
		const limit = limits.get(id) ?? NOTHING;
		if (exceeds(total, limit))
			reasons.push(say.overLimit(lineLabel(id), verb, count(total), count(limit), limitWord));
	}
}

/** Product ids the buyer accepted as substitutes in its 855 (`actions[].substitutedItem.productIds`), by line. */
export function substitutesOf(acknowledgment: unknown): Map<string, Json[]> {
	const byLine = new Map<string, Json[]>();
	if (!isObject(acknowledgment)) return byLine;
	for (const [id, line] of identifiedLines(acknowledgment)) {
		for (const action of asArray(line.actions)) {
			if (
				isObject(action) &&
				isObject(action.substitutedItem) &&
				isObject(action.substitutedItem.productIds)
			) {
				byLine.set(id, [...(byLine.get(id) ?? []), action.substitutedItem.productIds]);
			}
		}
	}
	return byLine;
}

/** Accepted quantities of an 855 by line (sum of `accepted` actions). */
export function acceptedOf(acknowledgment: Json): Map<string, Exact> {
	const accepted = new Map<string, Exact>();
	for (const [id, line] of identifiedLines(acknowledgment)) {
		for (const action of asArray(line.actions)) {
			if (!isObject(action) || action.status !== 'accepted') continue;
			accumulate(accepted, id, quantityOf(action.quantity) ?? NOTHING);
		}
	}
	return accepted;
}

/** Items of an 856 order, wherever the hierarchy puts them (order, pallet, carton or pack level). */
export function shippedItemsOf(shipOrder: Json): Json[] {
	const items: Json[] = [];
	const walk = (level: Json) => {
		for (const item of asArray(level.items)) if (isObject(item)) items.push(item);
		for (const key of ['pallets', 'cartons', 'packs']) {
			for (const child of asArray(level[key])) if (isObject(child)) walk(child);
		}
	};
	walk(shipOrder);
	return items;
}

/** The `orders[]` entries of an 856 that are about this purchase order. */
export function shipOrdersFor(shipNotice: Json, purchaseOrderNumber: string | undefined): Json[] {
	return asArray(shipNotice.orders).filter(
		(o): o is Json => isObject(o) && idText(o.purchaseOrderNumber) === purchaseOrderNumber,
	);
}

/** Totals by line split into the lines the partner's 860s changed and the rest. */
export function splitByChange(
	totals: Map<string, Exact>,
	changes: Map<string, LineChange>,
): [Map<string, Exact>, Map<string, Exact>] {
	const changed = new Map<string, Exact>();
	const unchanged = new Map<string, Exact>();
	for (const [id, total] of totals) (changes.has(id) ? changed : unchanged).set(id, total);
	return [changed, unchanged];
}

export interface AgreedPrice {
	price: Exact;
	text: unknown;
	source: string;
}

/**
 * The price each line is billed at: the order's, unless an accepted 855 action stated another
 * (a seller's price change), unless a later 860 changed the line (then the effective order's).
 */
export function agreedPrices(
	order: Json,
	acknowledgment: unknown,
	changes: Map<string, LineChange>,
): Map<string, AgreedPrice> {
	const prices = new Map<string, AgreedPrice>();
	const set = (id: string, text: unknown, source: string) => {
		const price = readExact(text);
		if (price) prices.set(id, { price, text, source });
	};
	for (const [id, line] of identifiedLines(order))
		set(id, line.unitCostPrice, 'the purchase order');
	if (isObject(acknowledgment)) {
		for (const [id, line] of identifiedLines(acknowledgment)) {
			if (changes.has(id)) continue;
			const action = asArray(line.actions).find(
				(a) => isObject(a) && a.status === 'accepted' && a.unitCostPrice !== undefined,
			);
			if (isObject(action)) set(id, action.unitCostPrice, 'the 855');
		}
	}
	for (const [id, change] of changes) {
		const price = prices.get(id);
		if (price) price.source = `the partner's 860, change ${change.by}`;
	}
	return prices;
}
