/** The partner's check of an 855 against its own 850: every line acknowledged, no more than ordered. */
import { say } from './reasons';
import { count, exceeds, NOTHING, plus, readExact, sameValue } from './amounts';
import {
	asArray,
	idText,
	isObject,
	lineLabel,
	orderLines,
	productIdsReason,
	purchaseOrderNumberReason,
	quantityOf,
	shown,
	type Json,
} from './read';

const ACTION_STATUSES = ['accepted', 'backordered', 'rejected'];

/** Where the partner's X12 reader keeps an action's ACK01 code (x12Acknowledgment.ts). */
export const X12_LINE_STATUS = 'x12LineStatus';

/** An X12 855's ACK01 against PO104: IA accepts at the order's price, IP at another one. */
function lineStatusReason(label: string, action: Json, ordered: unknown): string | undefined {
	const code = action[X12_LINE_STATUS];
	if (code !== 'IA' && code !== 'IP') return undefined;
	const price = readExact(action.unitCostPrice);
	const listed = readExact(ordered);
	if (!price || !listed || sameValue(price, listed) === (code === 'IA')) return undefined;
	return say.lineStatusPrice(label, code, String(action.unitCostPrice), String(ordered));
}

/** The order's unit prices as written, by line id. */
const orderPrices = (order: Json) =>
	new Map(
		asArray(order.lineItems)
			.filter(isObject)
			.map((l) => [idText(l.purchaseOrderLineId), l.unitCostPrice]),
	);

export function check855(message: Json, order: Json): string[] {
	const reasons: string[] = [];
	const numberReason = purchaseOrderNumberReason(message.purchaseOrderNumber, order);
	if (numberReason) reasons.push(numberReason);
	if (typeof message.status !== 'string' || message.status.trim() === '')
		reasons.push(say.noStatus());
	const lines = orderLines(order);
	const prices = orderPrices(order);
	const acknowledged = new Map<string, Json[]>();
	for (const [index, line] of asArray(message.lineItems).entries()) {
		const id = isObject(line) ? idText(line.purchaseOrderLineId) : undefined;
		if (!isObject(line) || id === undefined) {
			reasons.push(say.noLineId(index));
			continue;
		}
		if (!lines.has(id)) {
			reasons.push(say.acknowledgedNotOnOrder(lineLabel(id)));
			continue;
		}
		acknowledged.set(id, [...(acknowledged.get(id) ?? []), line]);
	}
	for (const line of lines.values()) {
		const label = lineLabel(line.id);
		const given = acknowledged.get(line.id);
		if (!given) {
			reasons.push(say.notAcknowledged(label));
			continue;
		}
		let total = NOTHING;
		let actions = 0;
		for (const ack of given) {
			const idReason = productIdsReason(label, ack.productIds, [line.productIds]);
			if (idReason) reasons.push(idReason);
			for (const action of asArray(ack.actions)) {
				actions++;
				if (!isObject(action)) {
					reasons.push(say.actionNotObject(label));
					continue;
				}
				if (!ACTION_STATUSES.includes(action.status as string)) {
					reasons.push(say.actionStatus(label, shown(action.status), ACTION_STATUSES.join(', ')));
				}
				const quantity = quantityOf(action.quantity);
				if (!quantity) reasons.push(say.actionQuantity(label, shown(action.quantity)));
				else total = plus(total, quantity);
				if (action.unitCostPrice !== undefined && !readExact(action.unitCostPrice)) {
					reasons.push(say.actionPrice(label, shown(action.unitCostPrice)));
				}
				const statusReason = lineStatusReason(label, action, prices.get(line.id));
				if (statusReason) reasons.push(statusReason);
			}
		}
		if (actions === 0) reasons.push(say.noActions(label));
		if (exceeds(total, line.ordered)) {
			reasons.push(
				say.overLimit(label, 'acknowledged', count(total), count(line.ordered), 'ordered'),
			);
		}
	}
	return reasons;
}

/**
 * In the `sellerChanges` scenario the 855 must change at least one line: backorder or reject it,
 * accept less than ordered, or change its price (X12 ACK01 IB, IR, IQ, IP).
 */
export function sellerChangeReason(message: unknown, order: Json): string | undefined {
	if (!isObject(message)) return undefined;
	const lines = orderLines(order);
	const prices = orderPrices(order);
	const changes = asArray(message.lineItems).some((line) => {
		const id = isObject(line) ? idText(line.purchaseOrderLineId) : undefined;
		const ordered = id === undefined ? undefined : lines.get(id);
		if (!isObject(line) || !ordered) return false;
		const actions = asArray(line.actions).filter(isObject);
		return actions.some((action) => {
			const quantity = quantityOf(action.quantity);
			const price = readExact(action.unitCostPrice);
			const listed = readExact(prices.get(id));
			return (
				action.status !== 'accepted' ||
				!quantity ||
				exceeds(ordered.ordered, quantity) ||
				(price !== undefined && listed !== undefined && !sameValue(price, listed))
			);
		});
	});
	return changes
		? undefined
		: 'the sellerChanges scenario expects the 855 to change at least one line (backorder, reject, accept less, or change its price), and this one accepts every line as ordered';
}
