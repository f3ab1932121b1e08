/**
 * An 856 received as X12 read into the structured ship notice the partner checks: the HL tree
 * (shipment, order, tare, pack, item in any of the usual shapes), PRF per order, LIN/SN1 per item;
 * what only X12 can get wrong is checked here: the HL tree itself and each SSCC (MAN*GM).
 */
import { say } from './reasons';
import type { Json } from './read';
import { ssccReason } from './sscc';
import { element, productIdsOf, unitOf } from './x12Elements';

interface Level {
	code: string;
	/** The order (O level) this level belongs to. */
	order?: Json & { items: Json[] };
}

export function readShipNotice(segments: string[][]): { message: Json; reasons: string[] } {
	const message: Json = {};
	const orders: Json[] = [];
	const reasons: string[] = [];
	const levels = new Map<string, Level>();
	let id = '';
	let level: Level | undefined;
	let item: Json | undefined;
	for (const segment of segments) {
		switch (segment[0]) {
			case 'BSN':
				message.shipmentId = element(segment, 2);
				break;
			case 'HL': {
				id = element(segment, 1);
				const parentId = element(segment, 2);
				const code = element(segment, 3);
				const parent = parentId ? levels.get(parentId) : undefined;
				if (levels.has(id)) reasons.push(say.hlTwice(id));
				if (parentId && !parent) reasons.push(say.hlParent(id, parentId));
				level = { code, order: parent?.order };
				item = undefined;
				if (code === 'O') {
					level.order = { items: [] };
					orders.push(level.order);
				} else if (code === 'I') {
					item = {};
					if (level.order) level.order.items.push(item);
					else reasons.push(say.hlItemOutsideOrder(id));
				}
				levels.set(id, level);
				break;
			}
			case 'PRF':
				if (level?.code === 'O' && level.order) {
					level.order.purchaseOrderNumber = element(segment, 1);
					if (element(segment, 2)) level.order.releaseNumber = element(segment, 2);
				} else reasons.push(say.prfOutsideOrder(id));
				break;
			case 'MAN':
				if (element(segment, 1) === 'GM') {
					const reason = ssccReason(id, element(segment, 2));
					if (reason) reasons.push(reason);
				}
				break;
			case 'LIN':
				if (item) {
					if (element(segment, 1)) item.purchaseOrderLineId = element(segment, 1);
					item.productIds = productIdsOf(segment, 2);
				}
				break;
			case 'SN1':
				if (item)
					item.quantityShipped = {
						value: element(segment, 2),
						unitOfMeasure: unitOf(element(segment, 3)),
					};
				break;
		}
	}
	if (!levels.size) reasons.push(say.noHl());
	message.orders = orders;
	return { message, reasons };
}
