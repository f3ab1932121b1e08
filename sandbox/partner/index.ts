/**
 * The demo trading partner (contract: "The demo trading partner"): the purchase orders (850) and
 * changes (860) it sends, and its checks of the 855, 856, 810 and 865 (and 846, 997) it receives
 * against its own 850 and 860s. Independent of
 * the node: nothing here imports from nodes/, not even the decimal arithmetic (see amounts.ts), so
 * a builder bug cannot hide behind a matching partner bug.
 */
import { say } from './reasons';
import { check855 } from './acknowledgment';
import { applyChanges, type LineChange } from './changes';
import { check810, type TotalsCheck } from './invoice';
import { asArray, idText, isObject } from './read';
import { check856 } from './shipNotice';

export { makePurchaseOrder, withCurrencyAndRelease } from './orders';
export type { TotalsCheck } from './invoice';

export const PARTNER_ID = 'DEMORETAIL';
export const ORGANIZATION_ID = 'YOURCOMPANY';

/** The partner's check of a received document against its own 850: every reason it is rejected; [] = accepted. */
export function checkOrderDocument(
	type: '855' | '856' | '810',
	message: unknown,
	order: Record<string, unknown>,
	earlier: { '855'?: unknown; '856'?: unknown },
	totals?: TotalsCheck,
	/** Lines the partner's 860s changed: `order` is then the effective order. */
	changes: Map<string, LineChange> = new Map(),
): string[] {
	if (!isObject(message)) return [say.notJson(type)];
	switch (type) {
		case '855':
			return check855(message, order);
		case '856':
			return check856(message, order, earlier, changes);
		case '810':
			return check810(message, order, earlier, totals, changes);
		default:
			return [say.unsupportedType(String(type))];
	}
}

/**
 * The partner's check against its 850 with the 860s it sent (`changes`, in sequence) applied: the
 * effective order; nothing shipped or billed for a cancelled order (an 855 is then judged against the 850).
 */
export function checkAgainstChanges(
	type: '855' | '856' | '810',
	message: unknown,
	order: Record<string, unknown>,
	changes: Record<string, unknown>[],
	earlier: { '855'?: unknown; '856'?: unknown },
	totals?: TotalsCheck,
): string[] {
	const effective = applyChanges(order, changes);
	if (effective.cancelledBy !== undefined && type !== '855')
		return [say.cancelledOrder(String(order.purchaseOrderNumber), effective.cancelledBy)];
	const against = effective.cancelledBy === undefined ? effective : applyChanges(order, []);
	return checkOrderDocument(type, message, against.order, earlier, totals, against.lines);
}

/** Which purchase order number(s) a received document refers to (855/810: purchaseOrderNumber; 856: orders[].purchaseOrderNumber). */
export function purchaseOrderNumbersOf(type: '855' | '856' | '810', message: unknown): string[] {
	if (!isObject(message)) return [];
	if (type === '856') {
		const numbers = asArray(message.orders).map((o) =>
			isObject(o) ? idText(o.purchaseOrderNumber) : undefined,
		);
		return [...new Set(numbers.filter((n): n is string => n !== undefined))];
	}
	const number = idText(message.purchaseOrderNumber);
	return number === undefined ? [] : [number];
}
