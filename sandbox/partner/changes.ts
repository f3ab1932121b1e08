/**
 * The partner's purchase order changes (860): the ones it writes for a scenario, and the effective
 * order it judges replies against (its 850 with every 860 it sent applied in sequence). Its own
 * code, apart from the node's Apply Change, so that a bug in one is caught by the other.
 */
import { count, exceeds, minus, NOTHING, plus, readExact } from './amounts';
import { asArray, idText, isObject, type Json } from './read';
import type { ChangeSpec, LineChangeSpec, LinePick } from './scenarios';

/** The partner's 860s are listed under the service's long type name: clients read its leading digits. */
export const CHANGE_TRANSACTION_TYPE = '860_PURCHASE_ORDER_CHANGE_REQUEST_BUYER_INITIATED';

/** What the 860s did to one line: its last change reason and the change sequence number that made it. */
export interface LineChange {
	reason: string;
	by: string;
}

export interface EffectiveOrder {
	order: Json;
	/** The change sequence number of the 860 that cancelled the order. */
	cancelledBy?: string;
	/** Lines the 860s changed, added or deleted, by id. */
	lines: Map<string, LineChange>;
}

const linesOf = (order: Json): Json[] => asArray(order.lineItems).filter(isObject);

function pick(lines: Json[], which: LinePick): Json {
	const line =
		which === 'last' ? lines[lines.length - 1] : lines[Math.min(which, lines.length) - 1];
	return line;
}

/**
 * One line of an 860: `earlier` are the lines this 860 already states. A line is picked by its
 * position in the order the 860 changes, and stated with its values as the earlier lines left them.
 */
function changedLine(order: Json, spec: LineChangeSpec, earlier: Json[]): Json {
	const lines = linesOf(order);
	if (spec.changeReason === 'addItem') {
		const ids = [...lines, ...earlier].map((l) => Number(idText(l.purchaseOrderLineId)) || 0);
		const last = Math.max(0, ...ids);
		return {
			purchaseOrderLineId: String(last + 1),
			changeReason: 'addItem',
			quantity: { value: spec.quantity, unitOfMeasure: spec.unitOfMeasure },
			unitCostPrice: spec.unitCostPrice,
			productIds: { ...spec.productIds },
			productAttributes: { description: spec.description },
		};
	}
	const picked = pick(lines, spec.line);
	const id = idText(picked.purchaseOrderLineId);
	const soFar = linesOf(applyChanges(order, [{ lineItems: earlier }]).order);
	const line = soFar.find((l) => idText(l.purchaseOrderLineId) === id) ?? picked;
	const quantity = isObject(line.quantity) ? line.quantity : {};
	const base = {
		purchaseOrderLineId: line.purchaseOrderLineId,
		changeReason: spec.changeReason,
		originalQuantity: { ...quantity },
		productIds: isObject(line.productIds) ? { ...line.productIds } : {},
	};
	switch (spec.changeReason) {
		case 'deleteItem':
			return { ...base, quantity: { ...quantity, value: '0' } };
		case 'priceChange':
			return { ...base, quantity: { ...quantity }, unitCostPrice: spec.unitCostPrice };
		case 'quantityChange': {
			const before = readExact(quantity.value) ?? NOTHING;
			let by = readExact(spec.by) ?? NOTHING;
			// A decrease that would leave nothing is a deletion in disguise: increase instead.
			if (!exceeds(plus(before, by), NOTHING)) by = minus(NOTHING, by);
			return {
				...base,
				quantity: { ...quantity, value: count(plus(before, by)) },
				changeInQuantity: { ...quantity, value: count(by) },
			};
		}
	}
}

/**
 * The structured 860 message the partner sends for one change of a scenario. Each line states its
 * resulting values, so it is written against the order as the 860's earlier lines left it (a
 * price change after a quantity change of the same line carries the new quantity).
 */
export function makeChange(order: Json, spec: ChangeSpec, sequence: number, now: Date): Json {
	const lineItems: Json[] = [];
	for (const line of spec.lines) lineItems.push(changedLine(order, line, lineItems));
	return {
		purpose: spec.purpose,
		purchaseOrderType: 'standalone',
		purchaseOrderNumber: order.purchaseOrderNumber,
		purchaseOrderDate: order.purchaseOrderDate,
		purchaseOrderChangeDate: now.toISOString().slice(0, 10),
		changeSequenceNumber: String(sequence).padStart(3, '0'),
		acknowledgmentType: 'withDetail',
		...(order.releaseNumber !== undefined && { releaseNumber: order.releaseNumber }),
		lineItems,
	};
}

/**
 * What a changed line's values do to the order line: a price change takes only its price and a
 * quantity change only its quantity (a line's other stated values echo the order and must not
 * undo an earlier change in the same 860); any other reason takes every value stated.
 */
function valuesOf(reason: string, values: Json): Json {
	if (reason === 'priceChange') return { unitCostPrice: values.unitCostPrice };
	if (reason === 'quantityChange') return { quantity: values.quantity };
	return values;
}

/** The partner's 850 with its 860s applied in sequence. */
export function applyChanges(order: Json, changes: Json[]): EffectiveOrder {
	const effective: EffectiveOrder = { order, lines: new Map() };
	let lines = linesOf(order);
	for (const change of changes) {
		const by = String(change.changeSequenceNumber);
		if (change.purpose === 'cancellation') {
			for (const line of lines)
				effective.lines.set(String(idText(line.purchaseOrderLineId)), { reason: 'cancelled', by });
			lines = [];
			effective.cancelledBy = by;
			continue;
		}
		if (change.purpose === 'replace') lines = [];
		for (const given of asArray(change.lineItems).filter(isObject)) {
			const id = String(idText(given.purchaseOrderLineId));
			const reason = String(given.changeReason);
			effective.lines.set(id, { reason, by });
			const { changeReason: _r, originalQuantity: _o, changeInQuantity: _c, ...values } = given;
			const at = lines.findIndex((l) => idText(l.purchaseOrderLineId) === id);
			if (reason === 'deleteItem') lines = lines.filter((_, i) => i !== at);
			else if (at < 0) lines = [...lines, values];
			else lines = lines.map((l, i) => (i === at ? { ...l, ...valuesOf(reason, values) } : l));
		}
	}
	effective.order = { ...order, lineItems: lines };
	return effective;
}
