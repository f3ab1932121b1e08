/**
 * Random purchase orders written as X12 by the writers, shared by the X12 property tests (round
 * trip, three readers) and the validator test (../shared's 004010 validator over everything the
 * nodes write). One order gives its 855, a 997 for it, a 997 rejecting one of two 855s, the 856 in
 * each HL shape and the 810 (when the builders and writers take it).
 */
import { fc } from '@fast-check/jest';

import {
	buildAcknowledgment,
	buildChangeAcknowledgment,
	buildInvoice,
	buildShipNotice,
	DocumentError,
	type LineStatus,
	type PlainObject,
} from '../nodes/EdiExchange/documents';
import { readInterchange } from '../nodes/EdiExchange/x12';
import {
	DEFAULT_SEPARATORS,
	SHIP_NOTICE_HIERARCHIES,
	write810,
	write855,
	write846,
	write856,
	write865,
	write997,
	writeInterchange,
	type WriteSeparators,
} from '../nodes/EdiExchange/x12Documents';
import { AMOUNT, PRICE, QUANTITY } from './arbitraries';

const TEXT = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,&'/-]{0,20}[A-Za-z0-9]$/);
const ID = fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{1,14}$/);
const LINE = fc.record({
	quantity: QUANTITY,
	price: PRICE,
	unit: fc.constantFrom('each', 'case', 'pound', 'CS'),
	ids: fc.record(
		{ buyerItemNumber: ID, vendorItemNumber: ID, gtin12: fc.stringMatching(/^\d{12}$/) },
		{ requiredKeys: ['buyerItemNumber'] },
	),
	description: fc.option(TEXT, { nil: undefined }),
	status: fc.constantFrom('accepted', 'accepted', 'backordered', 'rejected'),
});
/** A purchase order (quantities to 3 decimals, prices to 4) and how it is written (random separators). */
export const ORDER = fc.record({
	number: fc.stringMatching(/^[A-Z0-9]{1,22}$/),
	release: fc.option(fc.stringMatching(/^[A-Z0-9]{1,30}$/), { nil: undefined }),
	currency: fc.option(fc.constantFrom('USD', 'CAD', 'EUR'), { nil: undefined }),
	shipTo: fc.record({ name: TEXT, code: ID, city: TEXT, state: fc.constantFrom('NY', 'NJ', 'CA') }),
	lines: fc.array(LINE, { minLength: 1, maxLength: 8 }),
	charges: fc.array(AMOUNT, { maxLength: 3 }),
	allowances: fc.array(AMOUNT, { maxLength: 3 }),
	packing: fc.constantFrom('cartonPerLine' as const, 'singleCarton' as const),
	interchange: fc.integer({ min: 1, max: 999_999_999 }),
	separators: fc.record({
		element: fc.constantFrom('*', '|', '!'),
		component: fc.constantFrom('>', ':'),
		segment: fc.constantFrom('~', '\n'),
	}),
});
export type Order = typeof ORDER extends fc.Arbitrary<infer O> ? O : never;

/** The 850 message of a random order, as the structured path carries it. */
export function purchaseOrder(order: Order): PlainObject {
	const po: PlainObject = {
		purchaseOrderNumber: order.number,
		purchaseOrderDate: '2026-11-20',
		parties: {
			shipTo: {
				name: order.shipTo.name,
				identificationCode: order.shipTo.code,
				identificationCodeType: 'receiversId',
				city: order.shipTo.city.padEnd(2, 'X'),
				stateOrProvinceCode: order.shipTo.state,
			},
		},
		lineItems: order.lines.map((line, i) => ({
			purchaseOrderLineId: String(i + 1),
			quantity: { value: line.quantity, unitOfMeasure: line.unit },
			unitCostPrice: line.price,
			productIds: line.ids,
			...(line.description ? { productAttributes: { description: line.description } } : {}),
		})),
		charges: order.charges,
		allowances: order.allowances,
	};
	if (order.release) po.releaseNumber = order.release;
	if (order.currency) po.buyersCurrency = { currencyCode: order.currency };
	return po;
}

const CHANGE_REASONS = [
	'quantityChange',
	'priceChange',
	'deleteItem',
	'addItem',
	'changeToItem',
	'QI',
];

/** A buyer's 860 changing every line of a random order, each with another change reason. */
export function changeOf(order: Order): PlainObject {
	return {
		purpose: 'change',
		purchaseOrderNumber: order.number,
		purchaseOrderDate: '2026-11-20',
		changeSequenceNumber: '001',
		lineItems: order.lines.map((line, i) => {
			const changeReason = CHANGE_REASONS[i % CHANGE_REASONS.length];
			const deleted = changeReason === 'deleteItem';
			return {
				purchaseOrderLineId: String(i + 1),
				changeReason,
				quantity: { value: deleted ? '0' : line.quantity, unitOfMeasure: line.unit },
				...(deleted ? {} : { unitCostPrice: line.price }),
				productIds: line.ids,
			};
		}),
	};
}

/**
 * An 846 advising the stock of a random order's items: each line available and on hand at WH001,
 * every third also incoming at WH002 (a second LIN loop), some with an available date.
 */
export function inventoryOf(order: Order): PlainObject {
	return {
		purpose: 'full',
		reportType: 'sellerInventory',
		reportNumber: `INV${order.number}`.slice(0, 30),
		reportDate: '2026-11-24',
		reportTime: '19:30:05',
		lineItems: order.lines.map((line, i) => ({
			lineNumber: String(i + 1),
			productIds: line.ids,
			unitOfMeasure: line.unit,
			...(line.description ? { productAttributes: { description: line.description } } : {}),
			inventoryQuantities: [
				{
					locationId: 'WH001',
					type: 'available',
					quantity: line.quantity,
					...(i % 2 ? { availableDate: '2026-12-01' } : {}),
				},
				{ locationId: 'WH001', type: 'onHand', quantity: line.quantity },
				...(i % 3 === 0
					? [{ locationId: 'WH002', type: 'incoming', quantity: '12', availableDate: '2026-12-05' }]
					: []),
			],
		})),
	};
}

/** One set in an interchange from the seller to the buyer. */
export const envelope = (
	type: string,
	segments: string[][],
	n: number,
	separators: WriteSeparators = DEFAULT_SEPARATORS,
) =>
	writeInterchange([{ type, segments }], {
		senderId: 'SELLERISA',
		receiverId: 'BUYERISA',
		controlNumbers: { interchange: n, group: n, sets: [n % 10000] },
		date: '2026-11-24',
		time: '1930',
		separators,
		lineEnding: separators.segment === '\n' ? '' : '\n',
	});

/** An interchange the writers produced: its kind (`855`, `856 <hierarchy>`, `810`, `997`…) and the document it was written from. */
export interface Written {
	kind: string;
	text: string;
	document?: PlainObject;
	hierarchy?: (typeof SHIP_NOTICE_HIERARCHIES)[number];
}

export interface WrittenOrder {
	po: PlainObject;
	written: Written[];
	/** The 997 for two 855s of which the second has a wrong SE count. */
	rejection: string[][];
	/** Documents the builders refused: every line rejected (no 856), allowances above the sales (no 810). */
	refused: number;
	/** 810s the writer refused: a total past TDS01's 15 digits. */
	tooBig: number;
}

/** A writer's refusal of what an element cannot carry: it must name a field and an X12 element. */
function tooBigFor<T>(write: () => T): T | undefined {
	try {
		return write();
	} catch (error) {
		if (
			!(error instanceof DocumentError) ||
			!error.path ||
			!/X12 [A-Z0-9]+ holds at most/.test(error.message)
		)
			throw error;
		return undefined;
	}
}

/** The 997 of a received interchange, written as an interchange numbered `n`. */
function acknowledgment(text: string, n: number): { segments: string[][]; text: string } {
	const read = readInterchange(text);
	const acks = write997(read.interchange!, read.problems);
	return {
		segments: acks.sets[0].segments,
		text: writeInterchange(acks.sets, {
			...acks.envelope,
			controlNumbers: { interchange: n, group: n, sets: [1] },
			date: '2026-11-24',
		}),
	};
}

/** Everything the writers make of one random order. */
export function writeOrder(order: Order): WrittenOrder {
	const po = purchaseOrder(order);
	const separators = { ...order.separators, repetition: '' };
	const result: WrittenOrder = { po, written: [], rejection: [], refused: 0, tooBig: 0 };
	const decisions = order.lines.map((line, i) => ({
		purchaseOrderLineId: String(i + 1),
		status: line.status as LineStatus,
	}));
	const ack = buildAcknowledgment(po, { scheduledShipDate: '2026-11-25', lines: decisions });
	const ackText = envelope('855', write855(ack, { separators }), order.interchange, separators);
	result.written.push({ kind: '855', text: ackText, document: ack });
	result.written.push({ kind: '997', text: acknowledgment(ackText, 1).text });
	const reply = buildChangeAcknowledgment(changeOf(order), {
		acknowledgmentDate: '2026-11-24',
		lines: decisions
			.filter((decision) => decision.status === 'rejected')
			.map((decision) => ({
				purchaseOrderLineId: decision.purchaseOrderLineId,
				status: 'rejected' as const,
				reason: 'Already shipped',
			})),
	});
	const replyText = envelope('865', write865(reply, { separators }), order.interchange, separators);
	result.written.push({ kind: '865', text: replyText, document: reply });
	const stock = inventoryOf(order);
	const stockText = envelope('846', write846(stock, { separators }), order.interchange, separators);
	result.written.push({ kind: '846', text: stockText, document: stock });
	// Two 855s, the second with a wrong SE count: its 997 rejects that one.
	const body = write855(ack);
	const pair = writeInterchange(
		[
			{ type: '855', segments: body },
			{ type: '855', segments: body },
		],
		{
			senderId: 'BUYERISA',
			receiverId: 'SELLERISA',
			controlNumbers: { interchange: order.interchange, group: 9, sets: [1, 2] },
			date: '2026-11-24',
		},
	).replace(`SE*${body.length + 2}*0002~`, `SE*${body.length + 3}*0002~`);
	const rejection = acknowledgment(pair, 2);
	result.rejection = rejection.segments;
	result.written.push({ kind: '997 rejecting', text: rejection.text });
	let asn: PlainObject;
	try {
		asn = buildShipNotice(po, {
			shipDate: '2026-11-25',
			acknowledgment: ack,
			packing: order.packing,
			carrierScac: 'FEDX',
			transportationMethod: 'commonCarrier',
			trackingNumber: '1Z999',
			sscc: { companyPrefix: '0614141', firstSerial: order.interchange % 1000 },
		});
	} catch {
		result.refused++; // every line rejected: nothing to ship or invoice
		return result;
	}
	for (const hierarchy of SHIP_NOTICE_HIERARCHIES) {
		const segments = write856(asn, { separators, hierarchy });
		result.written.push({
			kind: `856 ${hierarchy}`,
			text: envelope('856', segments, order.interchange, separators),
			document: asn,
			hierarchy,
		});
	}
	let invoice: PlainObject;
	try {
		invoice = buildInvoice(po, { invoiceDate: '2026-11-26', shipNotice: asn, acknowledgment: ack });
	} catch {
		result.refused++; // allowances above the sales: refused by the builder
		return result;
	}
	const segments = tooBigFor(() => write810(invoice, { separators }));
	if (!segments) result.tooBig++;
	else
		result.written.push({
			kind: '810',
			text: envelope('810', segments, order.interchange, separators),
			document: invoice,
		});
	return result;
}
