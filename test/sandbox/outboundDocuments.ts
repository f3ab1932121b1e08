/**
 * Test-side documents the organization sends the demo partner on each of the three integration
 * paths, accepted or rejected, written here by hand (independent of the node and of the sandbox's
 * partner): what the acknowledgment tests send and then read the outcome of.
 */
import type { Running } from './helpers';
import {
	acknowledgment,
	invoice,
	sendOrder,
	sendSegments,
	sendX12,
	shipNotice,
	sscc,
	type SentOrder,
} from './x12Replies';

export type Path = 'structured' | 'x12' | 'serviceJson';
export const PATHS: Path[] = ['structured', 'x12', 'serviceJson'];

/** What a test sends: its type and a body per path (X12 paths share the segments). */
export interface Outbound {
	type: string;
	structured?: Record<string, unknown>;
	segments?: string[][];
}

const STRUCTURED_TYPES: Record<string, string> = {
	'855': '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
	'856': '856_SHIP_NOTICE_MANIFEST',
	'810': '810_INVOICE',
	'846': '846_INVENTORY_ADVICE',
};

/** Sends a document on a path; the transaction ids the service answered with. */
export async function sendOn(
	s: Running,
	path: Path,
	doc: Outbound,
	receiverId = 'DEMORETAIL',
): Promise<number[]> {
	if (path === 'structured') {
		const { data } = await s.api.post('/v4/transactions', {
			type: STRUCTURED_TYPES[doc.type],
			senderId: 'YOURCOMPANY',
			receiverId,
			message: doc.structured,
		});
		return [data.id];
	}
	const data =
		path === 'x12'
			? await sendX12(s, doc.type, doc.segments!)
			: await sendSegments(s, doc.type, doc.segments!);
	if (data.status !== 'ACCEPTED') throw new Error(`not accepted: ${JSON.stringify(data)}`);
	return data.transactionIds;
}

/** A JSON-mode order of the partner (the structured path answers it) as its message says. */
export async function jsonOrder(s: Running, scenario?: string): Promise<Record<string, any>> {
	await s.raw.put('/_sandbox/config', { inboundFormat: 'json' });
	const sent = (await s.raw.post('/_sandbox/partner/send-850', scenario ? { scenario } : {})).data;
	return (await s.api.get(`/v3/transactions/${sent.transactionId}/message`)).data;
}

/** An X12-mode order of the partner (the X12 paths answer it) as its text says. */
export async function x12Order(s: Running): Promise<SentOrder> {
	await s.raw.put('/_sandbox/config', { inboundFormat: 'x12' });
	const order = await sendOrder(s);
	await s.raw.put('/_sandbox/config', { inboundFormat: 'json' });
	return order;
}

/** Exact decimal strings as integers of millionths, so the test computes totals itself. */
const micros = (value: string) => {
	const [whole, fraction = ''] = value.split('.');
	return BigInt(whole) * 1_000_000n + BigInt((fraction + '000000').slice(0, 6));
};
const money = (m: bigint) => {
	const cents = m / 10_000n;
	return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
};

/** Documents answering a JSON-mode order on the structured path (`over`: quantity of line 1 instead). */
export const structured = {
	ack: (order: Record<string, any>, over?: string): Outbound => ({
		type: '855',
		structured: {
			purchaseOrderNumber: order.purchaseOrderNumber,
			status: 'accepted',
			lineItems: order.lineItems.map((line: any, i: number) => ({
				purchaseOrderLineId: line.purchaseOrderLineId,
				productIds: line.productIds,
				actions: [
					{
						status: 'accepted',
						quantity: { ...line.quantity, value: i === 0 && over ? over : line.quantity.value },
						unitCostPrice: line.unitCostPrice,
					},
				],
			})),
		},
	}),
	shipNotice: (order: Record<string, any>, shipmentId: string, over?: string): Outbound => ({
		type: '856',
		structured: {
			shipmentId,
			orders: [
				{
					purchaseOrderNumber: order.purchaseOrderNumber,
					items: order.lineItems.map((line: any, i: number) => ({
						purchaseOrderLineId: line.purchaseOrderLineId,
						productIds: line.productIds,
						quantityShipped: {
							...line.quantity,
							value: i === 0 && over ? over : line.quantity.value,
						},
					})),
				},
			],
		},
	}),
	invoice: (order: Record<string, any>, invoiceNumber: string, extra = 0n): Outbound => {
		const total = order.lineItems.reduce((sum: bigint, l: any) => {
			const line = (micros(l.quantity.value) * micros(l.unitCostPrice)) / 1_000_000n;
			return sum + ((line + 5_000n) / 10_000n) * 10_000n;
		}, 0n);
		return {
			type: '810',
			structured: {
				invoiceNumber,
				invoiceDate: '2026-11-22',
				purchaseOrderNumber: order.purchaseOrderNumber,
				lineItems: order.lineItems.map((l: any) => ({
					purchaseOrderLineId: l.purchaseOrderLineId,
					productIds: l.productIds,
					quantityInvoiced: l.quantity,
					unitPrice: l.unitCostPrice,
				})),
				invoiceSalesTotal: money(total),
				invoiceTotal: money(total + extra),
			},
		};
	},
	inventory: (reportNumber: string, item: string, date = '2026-11-27'): Outbound => ({
		type: '846',
		structured: {
			purpose: 'full',
			reportType: 'sellerInventory',
			reportNumber,
			reportDate: date,
			lineItems: [
				{
					lineNumber: '1',
					productIds: { buyerItemNumber: item },
					unitOfMeasure: 'each',
					inventoryQuantities: [{ type: 'available', quantity: '5' }],
				},
			],
		},
	}),
};

/** Documents answering an X12-mode order on the X12 paths. */
export const x12 = {
	ack: (order: SentOrder, purchaseOrderNumber = order.purchaseOrderNumber): Outbound => ({
		type: '855',
		segments: acknowledgment({ ...order, purchaseOrderNumber }),
	}),
	/** `brokenSscc`: the pallet's SSCC with a wrong check digit (rejected). */
	shipNotice: (order: SentOrder, shipmentId?: string, brokenSscc = false): Outbound => {
		const good = sscc('00012345600000001');
		const serial = brokenSscc ? good.slice(0, 17) + ((Number(good[17]) + 1) % 10) : good;
		const segments = shipNotice(order, serial);
		if (shipmentId) segments[0][2] = shipmentId;
		return { type: '856', segments };
	},
	invoice: (order: SentOrder, invoiceNumber?: string, tds?: string): Outbound => {
		const segments = invoice(order, tds ? { tds } : {});
		if (invoiceNumber) segments[0][2] = invoiceNumber;
		return { type: '810', segments };
	},
	inventory: (reportNumber: string, item: string, date = '20261127'): Outbound => ({
		type: '846',
		segments: [
			['BIA', '00', 'SI', reportNumber, date],
			['LIN', '1', 'BP', item],
			['QTY', '33', '5', 'EA'],
			['CTT', '1', '5'],
		],
	}),
	/** An 865 answering the partner's 860 (JSON) line by line; ACK01 `status`. */
	changeAck: (change: Record<string, any>, status = 'IA'): Outbound => ({
		type: '865',
		segments: [
			[
				'BCA',
				'00',
				'AC',
				change.purchaseOrderNumber,
				'',
				change.changeSequenceNumber,
				String(change.purchaseOrderDate).replace(/-/g, ''),
			],
			...change.lineItems.flatMap((l: any) => [
				['POC', l.purchaseOrderLineId, changeCode(l)],
				['ACK', status],
			]),
		],
	}),
};

/** The X12 change code (POC02) of a line of the partner's 860, which its 865 echoes. */
function changeCode(line: Record<string, any>): string {
	if (line.changeReason === 'quantityChange')
		return String(line.changeInQuantity?.value ?? '').startsWith('-') ? 'QD' : 'QI';
	const codes: Record<string, string> = { priceChange: 'PC', deleteItem: 'DI', addItem: 'AI' };
	return codes[line.changeReason] ?? 'CA';
}

/** The list item of a transaction (the newest 100 are searched). */
export async function itemOf(s: Running, id: number): Promise<Record<string, any>> {
	const { items } = (await s.api.get('/v3/transactions', { params: { limit: 100 } })).data;
	const item = items.find((i: { id: number }) => i.id === id);
	if (!item) throw new Error(`transaction ${id} is not among the newest 100`);
	return item;
}

/** GET /v3/transactions/{id}/acknowledgment: status and body. */
export async function acknowledgmentOf(s: Running, id: number) {
	const { status, data } = await s.api.get(`/v3/transactions/${id}/acknowledgment`);
	return { status, data };
}
