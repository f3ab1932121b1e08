/** The partner's check of an 856 against its own 850 (and the 855 if any): nothing shipped beyond what was accepted. */
import { say } from './reasons';
import type { Exact } from './amounts';
import type { LineChange } from './changes';
import {
	acceptedOf,
	accumulate,
	changeWords,
	idText,
	isObject,
	lineLabel,
	matchLine,
	orderLines,
	overLimits,
	quantityOf,
	shipOrdersFor,
	shippedItemsOf,
	shown,
	splitByChange,
	substitutesOf,
	type Json,
} from './read';

/**
 * `order` is the effective order when the partner sent 860s (`changes`): a line they changed is
 * limited to its new quantity whatever the 855 accepted, and a line they added must be shipped.
 */
export function check856(
	message: Json,
	order: Json,
	earlier: { '855'?: unknown },
	changes: Map<string, LineChange> = new Map(),
): string[] {
	const reasons: string[] = [];
	const purchaseOrderNumber = idText(order.purchaseOrderNumber);
	const shipOrders = shipOrdersFor(message, purchaseOrderNumber);
	if (shipOrders.length === 0) return [say.noShipOrder(purchaseOrderNumber)];
	const lines = orderLines(order);
	const acknowledgment = isObject(earlier['855']) ? earlier['855'] : undefined;
	const limits = acknowledgment
		? acceptedOf(acknowledgment)
		: new Map([...lines.values()].map((l) => [l.id, l.ordered]));
	const limitWord = acknowledgment ? 'accepted' : 'ordered';
	const substitutes = substitutesOf(acknowledgment);
	const shipped = new Map<string, Exact>();
	const items = shipOrders.flatMap(shippedItemsOf);
	if (items.length === 0) reasons.push(say.noItemsShipped());
	for (const [index, item] of items.entries()) {
		const id = idText(item.purchaseOrderLineId);
		if (id === undefined) {
			reasons.push(say.itemNoLineId(index));
			continue;
		}
		if (!matchLine(id, item, 'shipped', lines, substitutes, reasons, changes)) continue;
		const label = lineLabel(id);
		const quantity = quantityOf(item.quantityShipped);
		if (!quantity) {
			reasons.push(say.quantityShipped(label, shown(item.quantityShipped)));
			continue;
		}
		accumulate(shipped, id, quantity);
	}
	const [changed, unchanged] = splitByChange(shipped, changes);
	overLimits(unchanged, limits, 'shipped', limitWord, reasons);
	const ordered = new Map([...lines.values()].map((l) => [l.id, l.ordered]));
	overLimits(changed, ordered, 'shipped', "ordered after the partner's 860", reasons);
	for (const [id, change] of changes) {
		if (change.reason === 'addItem' && lines.has(id) && !shipped.has(id))
			reasons.push(say.addedNotShipped(lineLabel(id), changeWords(change)));
	}
	return reasons;
}
