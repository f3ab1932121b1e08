/** The partner's check of an 856 against its own 850 (and the 855 if any): nothing shipped beyond what was accepted. */
import { count, type Exact, exceeds, NOTHING } from './amounts';
import { acceptedOf, accumulate, idText, isObject, lineLabel, orderLines, productIdsReason, quantityOf, shipOrdersFor, shippedItemsOf, shown, substitutesOf, type Json } from './read';

export function check856(message: Json, order: Json, earlier: { '855'?: unknown }): string[] {
	const reasons: string[] = [];
	const purchaseOrderNumber = idText(order.purchaseOrderNumber);
	const shipOrders = shipOrdersFor(message, purchaseOrderNumber);
	if (shipOrders.length === 0) return [`no orders[] entry for purchase order ${purchaseOrderNumber}`];
	const lines = orderLines(order);
	const acknowledgment = isObject(earlier['855']) ? earlier['855'] : undefined;
	const limits = acknowledgment ? acceptedOf(acknowledgment) : new Map([...lines.values()].map((l) => [l.id, l.ordered]));
	const limitWord = acknowledgment ? 'accepted' : 'ordered';
	const substitutes = substitutesOf(acknowledgment);
	const shipped = new Map<string, Exact>();
	const items = shipOrders.flatMap(shippedItemsOf);
	if (items.length === 0) reasons.push('no items shipped');
	for (const [index, item] of items.entries()) {
		const id = idText(item.purchaseOrderLineId);
		if (id === undefined) {
			reasons.push(`item ${index + 1}: no purchaseOrderLineId`);
			continue;
		}
		const line = lines.get(id);
		const label = lineLabel(id);
		if (!line) {
			reasons.push(`${label}: shipped but not on the purchase order`);
			continue;
		}
		const idReason = productIdsReason(label, item.productIds, [line.productIds, ...(substitutes.get(id) ?? [])]);
		if (idReason) reasons.push(idReason);
		const quantity = quantityOf(item.quantityShipped);
		if (!quantity) {
			reasons.push(`${label}: quantityShipped ${shown(item.quantityShipped)} is not a decimal quantity`);
			continue;
		}
		accumulate(shipped, id, quantity);
	}
	for (const [id, total] of shipped) {
		const limit = limits.get(id) ?? NOTHING;
		if (exceeds(total, limit)) {
			reasons.push(`${lineLabel(id)}: shipped ${count(total)} but only ${count(limit)} ${limitWord}`);
		}
	}
	return reasons;
}

