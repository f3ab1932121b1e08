/** The partner's check of an 810: quantities within what was shipped, and the totals recomputed with its own arithmetic. */
import { say } from './reasons';
import {
	type Exact,
	minus,
	money,
	NOTHING,
	plus,
	readExact,
	sameValue,
	times,
	toCents,
} from './amounts';
import type { LineChange } from './changes';
import {
	accumulate,
	agreedPrices,
	asArray,
	idText,
	isObject,
	lineLabel,
	matchLine,
	orderLines,
	overLimits,
	purchaseOrderNumberReason,
	quantityOf,
	shipOrdersFor,
	shippedItemsOf,
	shown,
	substitutesOf,
	type Json,
} from './read';

/** Σ of `amount` over a charges/allowances list; bad amounts become reasons. */
function sumOfAmounts(list: unknown, name: string, reasons: string[]): Exact {
	let total = NOTHING;
	asArray(list).forEach((entry, index) => {
		const amount = isObject(entry) ? readExact(entry.amount) : undefined;
		if (!amount)
			reasons.push(say.amount(name, index, shown(isObject(entry) ? entry.amount : entry)));
		else total = plus(total, amount);
	});
	return total;
}

/** Compares a stated total with the exact one at 2 decimals. */
function totalReason(
	name: string,
	stated: unknown,
	expected: Exact,
	rule: string,
): string | undefined {
	if (stated === undefined) return say.noTotal(name);
	const value = readExact(stated);
	if (!value) return say.totalNotDecimal(name, shown(stated));
	if (!sameValue(value, toCents(expected))) {
		return say.total(name, String(stated), rule, money(expected));
	}
	return undefined;
}

export function check810(
	message: Json,
	order: Json,
	earlier: { '855'?: unknown; '856'?: unknown },
	totals: TotalsCheck = statedTotals,
	changes: Map<string, LineChange> = new Map(),
): string[] {
	const reasons: string[] = [];
	const numberReason = purchaseOrderNumberReason(message.purchaseOrderNumber, order);
	if (numberReason) reasons.push(numberReason);
	const purchaseOrderNumber = idText(order.purchaseOrderNumber);
	const lines = orderLines(order);
	const substitutes = substitutesOf(earlier['855']);
	let limits = new Map([...lines.values()].map((l) => [l.id, l.ordered]));
	let limitWord = 'ordered';
	if (isObject(earlier['856'])) {
		limits = new Map();
		limitWord = 'shipped';
		for (const item of shipOrdersFor(earlier['856'], purchaseOrderNumber).flatMap(shippedItemsOf)) {
			const id = idText(item.purchaseOrderLineId);
			if (id === undefined) continue;
			accumulate(limits, id, quantityOf(item.quantityShipped) ?? NOTHING);
			if (isObject(item.productIds))
				substitutes.set(id, [...(substitutes.get(id) ?? []), item.productIds]);
		}
	}
	const prices = agreedPrices(order, earlier['855'], changes);
	const invoiced = new Map<string, Exact>();
	let sales = NOTHING;
	const lineItems = asArray(message.lineItems);
	if (lineItems.length === 0) reasons.push(say.noLineItems());
	for (const [index, item] of lineItems.entries()) {
		const id = isObject(item) ? idText(item.purchaseOrderLineId) : undefined;
		if (!isObject(item) || id === undefined) {
			reasons.push(say.noLineId(index));
			continue;
		}
		if (!matchLine(id, item, 'invoiced', lines, substitutes, reasons, changes)) continue;
		const label = lineLabel(id);
		const quantity = quantityOf(item.quantityInvoiced);
		const price = readExact(item.unitPrice);
		if (!quantity) reasons.push(say.quantityInvoiced(label, shown(item.quantityInvoiced)));
		const agreed = prices.get(id);
		if (!price) reasons.push(say.unitPrice(label, shown(item.unitPrice)));
		else if (agreed && !sameValue(price, agreed.price))
			reasons.push(
				say.billedPrice(label, String(item.unitPrice), String(agreed.text), agreed.source),
			);
		if (!quantity) continue;
		accumulate(invoiced, id, quantity);
		// Each line's extended amount to cents (half-up), then added: as retail receivers do.
		if (price) sales = plus(sales, toCents(times(quantity, price)));
	}
	overLimits(invoiced, limits, 'invoiced', limitWord, reasons);
	reasons.push(...sameAsOrdered(message, order));
	const charges = sumOfAmounts(message.charges, 'charges', reasons);
	const allowances = sumOfAmounts(message.allowances, 'allowances', reasons);
	reasons.push(...totals(message, sales, minus(plus(sales, charges), allowances)));
	return reasons;
}

/**
 * Checks an invoice's stated totals against the partner's own: `sales` is Σ quantity × price,
 * each line rounded to cents half-up, `total` the sales plus charges minus allowances. A structured 810 states them
 * as invoiceSalesTotal and invoiceTotal; an X12 810 in TDS (x12Invoice.ts).
 */
export type TotalsCheck = (message: Json, sales: Exact, total: Exact) => string[];

export const statedTotals: TotalsCheck = (message, sales, total) =>
	(
		[
			['invoiceSalesTotal', sales, 'Σ quantityInvoiced × unitPrice (each line to cents)'],
			['invoiceTotal', total, 'invoiceSalesTotal + Σ charges − Σ allowances'],
		] as const
	).flatMap(([field, partners, how]) => totalReason(field, message[field], partners, how) || []);

const currencyOf = (document: Json) =>
	isObject(document.buyersCurrency) ? idText(document.buyersCurrency.currencyCode) : undefined;

/** The currency and release number the 850 named come back unchanged (X12: CUR02, BIG05). */
function sameAsOrdered(message: Json, order: Json): string[] {
	const reasons: string[] = [];
	const compare = (what: string, given: string | undefined, ordered: string | undefined) => {
		if (ordered === undefined) return;
		if (given === undefined) reasons.push(say.missingAsOrdered(what, ordered));
		else if (given.toUpperCase() !== ordered.toUpperCase())
			reasons.push(say.notAsOrdered(what, given, ordered));
	};
	compare('currency', currencyOf(message), currencyOf(order));
	compare('release number', idText(message.releaseNumber), idText(order.releaseNumber));
	return reasons;
}
