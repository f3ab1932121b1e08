/** An 855 received as X12 (BAK, CUR, PO1 with its ACKs) read into the structured acknowledgment the partner checks. */
import { X12_LINE_STATUS } from './acknowledgment';
import type { Json } from './read';
import { element, productIdsOf, unitOf } from './x12Elements';

/** BAK02 (587) → the 855's header status. */
const STATUSES: Readonly<Record<string, string>> = {
	AD: 'accepted',
	AC: 'acceptedWithChanges',
	RD: 'rejected',
	AT: 'accepted',
	AK: 'acceptedWithChanges',
	RJ: 'rejected',
};

/**
 * ACK01 (668) → a line action's status; other codes stay as they are (and are refused by the
 * check). A price change (IP) is accepted at the price of PO104; a quantity change (IQ) accepted
 * for the quantity of ACK02.
 */
const LINE_STATUSES: Readonly<Record<string, string>> = {
	IA: 'accepted',
	IB: 'backordered',
	IP: 'accepted',
	IQ: 'accepted',
	IR: 'rejected',
	IS: 'accepted',
};

export function readAcknowledgment(segments: string[][]): Json {
	const message: Json = {};
	const lines: Json[] = [];
	let line: (Json & { actions: Json[] }) | undefined;
	let ordered: { value: string; unit: string; price: string } | undefined;
	for (const segment of segments) {
		switch (segment[0]) {
			case 'BAK':
				message.purchaseOrderNumber = element(segment, 3);
				message.status = STATUSES[element(segment, 2)] ?? element(segment, 2);
				if (element(segment, 5)) message.releaseNumber = element(segment, 5);
				break;
			case 'CUR':
				message.buyersCurrency = { currencyCode: element(segment, 2) };
				break;
			case 'PO1':
				line = {
					purchaseOrderLineId: element(segment, 1) || String(lines.length + 1),
					productIds: productIdsOf(segment, 6),
					actions: [],
				};
				ordered = {
					value: element(segment, 2),
					unit: element(segment, 3),
					price: element(segment, 4),
				};
				lines.push(line);
				break;
			case 'ACK': {
				if (!line || !ordered) break;
				const action: Json = {
					status: LINE_STATUSES[element(segment, 1)] ?? element(segment, 1),
					quantity: {
						value: element(segment, 2) || ordered.value,
						unitOfMeasure: unitOf(element(segment, 3) || ordered.unit),
					},
				};
				if (ordered.price) action.unitCostPrice = ordered.price;
				// Kept for the check that IA and IP agree with PO104 (acknowledgment.ts).
				action[X12_LINE_STATUS] = element(segment, 1);
				const substitute = productIdsOf(segment, 7);
				if (Object.keys(substitute).length) action.substitutedItem = { productIds: substitute };
				line.actions.push(action);
				break;
			}
		}
	}
	message.lineItems = lines;
	return message;
}
