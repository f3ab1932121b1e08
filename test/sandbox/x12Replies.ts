/**
 * Test-side X12 for talking to the demo partner: its 850 read back from the text it sent (the
 * default layout, split by hand), and 855, 856, 810 and 997 bodies answering it, written here from
 * the 004010 segments so a test can break exactly one thing (an SSCC, a TDS, a currency).
 */
import { writeInterchange } from '../../sandbox/x12/write';
import type { Running } from './helpers';

export interface SentLine {
	id: string;
	quantity: string;
	unit: string;
	price: string;
	/** Qualifier/id pairs as PO106… carry them. */
	pairs: string[];
}

export interface SentOrder {
	transactionId: number;
	purchaseOrderNumber: string;
	releaseNumber: string;
	currency: string;
	/** GS06 and ST02 of the 850, as its 997 must name them. */
	group: string;
	set: string;
	lines: SentLine[];
	text: string;
}

/** Segments of an interchange in the given separators (line breaks after terminators dropped). */
export const segmentsOf = (text: string, element = '*', terminator = '~'): string[][] =>
	text
		.replace(/^\uFEFF/, '')
		.split(terminator)
		.map((s) => s.replace(/^[\r\n \t]+/, ''))
		.filter(Boolean)
		.map((s) => s.split(element));

/** "Resend 850" (X12 mode, default layout), and the order as its text says. */
export async function sendOrder(s: Running, body?: object): Promise<SentOrder> {
	const sent = (await s.raw.post('/_sandbox/partner/send-850', body)).data;
	const text = (
		await s.api.get(`/v3/transactions/${sent.transactionId}/message`, { responseType: 'text' })
	).data as string;
	return { ...sent, text, ...orderOf(text) };
}

export function orderOf(text: string, element = '*', terminator = '~') {
	const segments = segmentsOf(text, element, terminator);
	const find = (id: string) => segments.find((seg) => seg[0] === id) ?? [];
	return {
		releaseNumber: find('BEG')[4] ?? '',
		currency: find('CUR')[2] ?? '',
		group: find('GS')[6],
		set: find('ST')[2],
		lines: segments
			.filter((seg) => seg[0] === 'PO1')
			.map((seg) => ({
				id: seg[1],
				quantity: seg[2],
				unit: seg[3],
				price: seg[4],
				pairs: seg.slice(6),
			})),
	};
}

/** Exact decimal text as millionths, so totals are computed here independently of the sandbox. */
const micros = (value: string) => {
	const [whole, fraction = ''] = value.split('.');
	return BigInt(whole) * 1_000_000n + BigInt((fraction + '000000').slice(0, 6));
};

/** Σ quantity × price in cents, each line rounded half up before adding (what TDS01 must say). */
export const totalCents = (lines: SentLine[]): bigint =>
	lines.reduce(
		(sum, l) => sum + ((micros(l.quantity) * micros(l.price)) / 1_000_000n + 5_000n) / 10_000n,
		0n,
	);

/** GS1 mod-10 over 17 digits, computed here (weights 3, 1, … from the right). */
export function sscc(serial17: string): string {
	let sum = 0;
	[...serial17].reverse().forEach((d, i) => (sum += Number(d) * (i % 2 === 0 ? 3 : 1)));
	return serial17 + String((10 - (sum % 10)) % 10);
}

export function acknowledgment(order: SentOrder, over: { status?: string } = {}): string[][] {
	return [
		['BAK', '00', over.status ?? 'AD', order.purchaseOrderNumber, '20261124', order.releaseNumber],
		...order.lines.flatMap((l) => [
			['PO1', l.id, l.quantity, l.unit, l.price, '', ...l.pairs],
			['ACK', 'IA', l.quantity, l.unit],
		]),
		['CTT', String(order.lines.length)],
	];
}

/** Pick and pack: S → O → P (MAN*GM) → I per line. */
export function shipNotice(order: SentOrder, serial = sscc('00012345600000001')): string[][] {
	const segments: string[][] = [
		['BSN', '00', `SHP-${order.purchaseOrderNumber}`, '20261124', '1200', '0001'],
		['HL', '1', '', 'S', '1'],
		['HL', '2', '1', 'O', '1'],
		['PRF', order.purchaseOrderNumber, order.releaseNumber],
		['HL', '3', '2', 'P', '1'],
		['MAN', 'GM', serial],
	];
	order.lines.forEach((l, i) =>
		segments.push(
			['HL', String(4 + i), '3', 'I', '0'],
			['LIN', l.id, ...l.pairs],
			['SN1', '', l.quantity, l.unit],
		),
	);
	segments.push(['CTT', String(3 + order.lines.length)]);
	return segments;
}

export function invoice(
	order: SentOrder,
	over: { tds?: string; currency?: string; release?: string } = {},
): string[][] {
	return [
		[
			'BIG',
			'20261124',
			`INV-${order.purchaseOrderNumber}`,
			'',
			order.purchaseOrderNumber,
			over.release ?? order.releaseNumber,
		],
		['CUR', 'BY', over.currency ?? order.currency],
		...order.lines.map((l) => ['IT1', l.id, l.quantity, l.unit, l.price, '', ...l.pairs]),
		['TDS', over.tds ?? String(totalCents(order.lines))],
		['CTT', String(order.lines.length)],
	];
}

export function functionalAck(order: SentOrder, status = 'A'): string[][] {
	return [
		['AK1', 'PO', order.group],
		['AK2', '850', order.set],
		['AK5', status],
		['AK9', status, '1', '1', status === 'A' ? '1' : '0'],
	];
}

let nextControl = 7000;

/** The organization's reply as an X12 interchange through POST /v2/integration-payloads. */
export async function sendX12(
	s: Running,
	type: string,
	segments: string[][],
	over: { controlNumber?: number; senderId?: string } = {},
) {
	const content = writeInterchange({
		senderId: over.senderId ?? 'YOURCOMPANY',
		receiverId: 'DEMORETAIL',
		usage: 'T',
		controlNumber: over.controlNumber ?? nextControl++,
		date: new Date('2026-11-24T12:00:00Z'),
		sets: [{ type, segments }],
		version: '004010',
	});
	return (await s.api.post('/v2/integration-payloads', { format: 'x12', content })).data;
}

/** The organization's reply as service JSON: the set's segments without ST/SE. */
export async function sendSegments(s: Running, type: string, segments: string[][]) {
	return (
		await s.api.post('/v2/integration-payloads', {
			format: 'json',
			type,
			stream: 'test',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			content: { segments },
		})
	).data;
}

/** The partner's scorecard entry for a purchase order. */
export async function entryOf(s: Running, purchaseOrderNumber: string) {
	const card = (await s.raw.get('/_sandbox/scorecard')).data;
	return card.purchaseOrders.find(
		(p: { purchaseOrderNumber: string }) => p.purchaseOrderNumber === purchaseOrderNumber,
	);
}
