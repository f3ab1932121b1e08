/**
 * The partner's answers in X12 (contract: "What became of what you sent", In X12): a 997 per group
 * received and an 824 per interchange for the 856s and 810s it rejected on business rules, each an
 * inbound transaction with its inbox delivery, read here by hand and judged by ../shared/x12-validate.
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { writeInterchange } from '../../sandbox/x12/write';
import { validateAll, withValidator } from '../x12Interop';
import { start, useSandbox, type Running } from './helpers';
import { itemOf, jsonOrder, sendOn, structured, x12, x12Order } from './outboundDocuments';
import { sendSegments, type SentOrder } from './x12Replies';

const s = useSandbox({ sendInitialOrder: false });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Every answer this file reads, for the validator. */
const answers: string[] = [];

beforeEach(async () => {
	await s.raw.post('/_sandbox/reset');
});

/** The answer's segments, split by the separators its ISA declares. */
function read(text: string): string[][] {
	const element = text[3];
	const terminator = text[105];
	answers.push(text);
	return text
		.split(terminator)
		.map((piece) => piece.replace(/^\r?\n/, ''))
		.filter(Boolean)
		.map((segment) => segment.split(element));
}

/** The partner's inbound 997s and 824s since `after`, oldest first, each with its segments. */
async function answersSince(running: Running, after: number) {
	const { items } = (
		await running.api.get('/v3/transactions', { params: { direction: 'inbound', limit: 100 } })
	).data;
	const found = items
		.filter((i: any) => i.id > after && ['997', '824'].includes(i.transactionType))
		.sort((a: any, b: any) => a.id - b.id);
	return Promise.all(
		found.map(async (item: any) => {
			const text = (
				await running.api.get(`/v3/transactions/${item.id}/message`, { responseType: 'text' })
			).data as string;
			return { item, text, segments: read(text) };
		}),
	);
}
const body = (segments: string[][]) =>
	segments.filter((seg) => !['ISA', 'GS', 'ST', 'SE', 'GE', 'IEA'].includes(seg[0]));

let control = 9100;
/** One interchange holding one group per document (GS06 = 500 + its index). */
function interchangeOf(docs: Array<{ type: string; segments: string[][] }>): string {
	const texts = docs.map((doc, i) =>
		writeInterchange({
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			usage: 'T',
			controlNumber: 500 + i,
			date: new Date('2026-11-24T12:00:00Z'),
			sets: [{ type: doc.type, segments: doc.segments }],
			version: '004010',
		}),
	);
	const groups = texts.map((t) => t.slice(t.indexOf('GS*'), t.indexOf('IEA*')));
	const isaControl = String(control++).padStart(9, '0');
	return `${texts[0].slice(0, 90)}${isaControl}${texts[0].slice(99, 106)}\n${groups.join('')}IEA*${docs.length}*${isaControl}~\n`;
}

async function orderWithAnswer(): Promise<SentOrder> {
	const order = await x12Order(s);
	await sendOn(s, 'x12', x12.ack(order));
	return order;
}

describe('X12 passthrough: a 997 per group, an 824 for the rejected 856s and 810s', () => {
	it('answers three groups: AK5 A for each set read (even one then rejected), one 824', async () => {
		const order = await orderWithAnswer();
		const before = (await s.api.get('/v3/transactions')).data.items[0].id;
		const asn = x12.shipNotice(order);
		const bad = x12.invoice(order, 'INV-X', '1');
		const ack = x12.ack(order);
		const content = interchangeOf([
			{ type: '856', segments: asn.segments! },
			{ type: '810', segments: bad.segments! },
			{ type: '855', segments: ack.segments! },
		]);
		const sent = (await s.api.post('/v2/integration-payloads', { format: 'x12', content })).data;
		expect(sent.status).toBe('ACCEPTED');
		const [asnId, invoiceId] = sent.transactionIds;
		const rejection = (await s.api.get(`/v3/transactions/${invoiceId}/acknowledgment`)).data;
		expect(rejection.status).toBe('REJECTED');

		const found = await answersSince(s, before);
		expect(found.map((a) => a.item.transactionType)).toEqual(['997', '997', '997', '824']);
		const acks = found.slice(0, 3);
		expect(acks.map((a) => body(a.segments))).toEqual([
			[
				['AK1', 'SH', '500'],
				['AK2', '856', '0001'],
				['AK5', 'A'],
				['AK9', 'A', '1', '1', '1'],
			],
			[
				['AK1', 'IN', '501'],
				['AK2', '810', '0001'],
				['AK5', 'A'],
				['AK9', 'A', '1', '1', '1'],
			],
			[
				['AK1', 'PR', '502'],
				['AK2', '855', '0001'],
				['AK5', 'A'],
				['AK9', 'A', '1', '1', '1'],
			],
		]);
		for (const a of acks) expect(a.item).not.toHaveProperty('businessNumber', expect.anything());
		for (const a of found)
			expect(a.item).toMatchObject({
				direction: 'inbound',
				senderId: 'DEMORETAIL',
				receiverId: 'YOURCOMPANY',
				stream: 'test',
				status: 'SENT',
			});

		const advice = found[3];
		expect(advice.item.businessNumber).toBe('INV-X');
		const adviceBody = body(advice.segments);
		expect(adviceBody[0]).toEqual([
			'BGN',
			'00',
			'501-0001',
			expect.stringMatching(/^\d{8}$/),
			expect.stringMatching(/^\d{4}$/),
		]);
		expect(adviceBody[1]).toEqual([
			'OTI',
			'TR',
			'IV',
			'INV-X',
			'',
			'',
			'',
			'',
			'501',
			'0001',
			'810',
		]);
		expect(adviceBody.slice(2).filter((seg) => seg[0] === 'TED')).toEqual(
			rejection.errors.map((e: any) => ['TED', e.code, e.message.slice(0, 60).trimEnd()]),
		);
		// The 856 of the same interchange was accepted: no OTI for it.
		expect((await itemOf(s, asnId)).acknowledgmentStatus).toBe('ACCEPTED');
		expect(adviceBody.filter((seg) => seg[0] === 'OTI')).toHaveLength(1);

		// Each with its inbox delivery, like every inbound transaction.
		const inbox = (await s.api.get('/v4/inbox')).data;
		expect(inbox.map((i: any) => i.transactionId)).toEqual(
			expect.arrayContaining(found.map((a) => a.item.id)),
		);
	});

	it('a repeated interchange: the 997 rejects its sets unread (AK3, AK5 R, AK9 R), no 824', async () => {
		const order = await orderWithAnswer();
		const content = interchangeOf([
			{ type: '810', segments: x12.invoice(order, 'INV-R', '1').segments! },
		]);
		await s.api.post('/v2/integration-payloads', { format: 'x12', content });
		const before = (await s.api.get('/v3/transactions')).data.items[0].id;
		await s.api.post('/v2/integration-payloads', { format: 'x12', content });
		const found = await answersSince(s, before);
		expect(found.map((a) => a.item.transactionType)).toEqual(['997']);
		expect(body(found[0].segments)).toEqual([
			['AK1', 'IN', '500'],
			['AK2', '810', '0001'],
			['AK3', 'BIG', '2'],
			['AK5', 'R', '5'],
			['AK9', 'R', '1', '1', '0'],
		]);
	});
});

describe('service JSON: the service numbers the envelope, the answers name its numbers', () => {
	it('an 856 rejected: 997 AK1 SH + its GS06, 824 OTI SI + the shipment id, its GS06 and ST02', async () => {
		const order = await orderWithAnswer();
		const before = (await s.api.get('/v3/transactions')).data.items[0].id;
		const [id] = await sendOn(s, 'serviceJson', x12.shipNotice(order, 'SHP-BAD', true));
		const { controlNumbers } = await itemOf(s, id);
		const found = await answersSince(s, before);
		expect(found.map((a) => a.item.transactionType)).toEqual(['997', '824']);
		expect(body(found[0].segments)).toEqual([
			['AK1', 'SH', controlNumbers.group],
			['AK2', '856', controlNumbers.transactionSet],
			['AK5', 'A'],
			['AK9', 'A', '1', '1', '1'],
		]);
		const oti = body(found[1].segments).find((seg) => seg[0] === 'OTI');
		expect(oti).toEqual([
			'OTI',
			'TR',
			'SI',
			'SHP-BAD',
			'',
			'',
			'',
			'',
			controlNumbers.group,
			controlNumbers.transactionSet,
			'856',
		]);
		const ted = body(found[1].segments).find((seg) => seg[0] === 'TED')!;
		expect(ted[2]).toContain('SSCC');
	});

	it('a duplicate invoice: TED 006; a long reason in full in NTEs; separators the text does not use', async () => {
		const order = await orderWithAnswer();
		await sendOn(s, 'x12', x12.shipNotice(order));
		// A purchase order number holding the usual separators: only service JSON can carry it.
		const strange = 'PO*1~2>3|4^5';
		const [first] = await sendOn(s, 'serviceJson', x12.invoice(order, 'INV-D'));
		const before = (await s.api.get('/v3/transactions')).data.items[0].id;
		const [duplicate] = await sendOn(s, 'serviceJson', x12.invoice(order, 'INV-D'));
		const stray = x12.invoice(order, 'INV-S');
		stray.segments![0][4] = strange;
		const [unknown] = await sendOn(s, 'serviceJson', stray);
		const found = await answersSince(s, before);
		expect(found.map((a) => a.item.transactionType)).toEqual(['997', '824', '997', '824']);
		expect(body(found[1].segments).filter((seg) => seg[0] === 'TED')).toEqual([
			['TED', '006', `duplicate invoice INV-D, already accepted as transaction ${first}`],
		]);
		const text = found[3].text;
		expect([text[3], text[104], text[105]].some((c) => strange.includes(c))).toBe(false);
		const reasons = (await s.api.get(`/v3/transactions/${unknown}/acknowledgment`)).data.errors.map(
			(e: any) => e.message,
		);
		expect(reasons).toEqual([`unknown purchase order ${strange}: the demo partner never sent it`]);
		const advice = body(found[3].segments);
		expect(advice.find((seg) => seg[0] === 'TED')).toEqual([
			'TED',
			'024',
			reasons[0].slice(0, 60).trimEnd(),
		]);
		const notes = advice.filter((seg) => seg[0] === 'NTE');
		expect(notes.map((n) => n[2]).join('')).toBe(reasons[0]);
		expect(notes.every((n) => n[1] === 'GEN' && n[2].length <= 80)).toBe(true);
		expect(duplicate).toBeLessThan(unknown);
	});
});

describe('what gets no X12 answer', () => {
	it('a structured message: the status and the endpoint only', async () => {
		const order = await jsonOrder(s);
		const before = (await s.api.get('/v3/transactions')).data.items[0].id;
		await sendOn(s, 'structured', structured.ack(order, '100000'));
		expect(await answersSince(s, before)).toEqual([]);
	});

	it('a 997 sent to the partner (nobody acknowledges a 997)', async () => {
		const order = await x12Order(s);
		const before = (await s.api.get('/v3/transactions')).data.items[0].id;
		await sendSegments(s, '997', [
			['AK1', 'PO', order.group],
			['AK2', '850', order.set],
			['AK5', 'A'],
			['AK9', 'A', '1', '1', '1'],
		]);
		expect(await answersSince(s, before)).toEqual([]);
	});
});

describe('the settings shape the X12 answers too', () => {
	it('withErrors: AK5 E with an AK3 naming the first segment, AK9 E; silentFor: no 997, no 824', async () => {
		await s.raw.put('/_sandbox/config', {
			acknowledgments: { withErrors: ['855'], silentFor: ['810'] },
		});
		const order = await x12Order(s);
		const before = (await s.api.get('/v3/transactions')).data.items[0].id;
		await sendOn(s, 'x12', x12.ack(order));
		await sendOn(s, 'x12', x12.shipNotice(order));
		await sendOn(s, 'serviceJson', x12.invoice(order, 'INV-Q', '1'));
		const found = await answersSince(s, before);
		expect(found.map((a) => body(a.segments)[1][1])).toEqual(['855', '856']);
		expect(body(found[0].segments)).toEqual([
			['AK1', 'PR', expect.any(String)],
			['AK2', '855', '0001'],
			['AK3', 'BAK', '2', '', '8'],
			['AK5', 'E'],
			['AK9', 'E', '1', '1', '1'],
		]);
	});

	it('delaySeconds: the answers arrive after the delay, dated then', async () => {
		await s.raw.put('/_sandbox/config', { acknowledgments: { delaySeconds: 0.5 } });
		const order = await x12Order(s);
		const before = (await s.api.get('/v3/transactions')).data.items[0].id;
		const [id] = await sendOn(s, 'x12', x12.ack(order));
		expect(await answersSince(s, before)).toEqual([]);
		await sleep(600);
		const found = await answersSince(s, before);
		expect(found.map((a) => a.item.transactionType)).toEqual(['997']);
		const sentAt = Date.parse((await itemOf(s, id)).createdAt);
		expect(Date.parse(found[0].item.createdAt)).toBeGreaterThanOrEqual(sentAt + 500);
	});

	it('an answer still due survives a restart (--data FILE)', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'x12-answers-'));
		const dataFile = join(dir, 'state.json');
		try {
			const first = await start({ dataFile, sendInitialOrder: false, inboundFormat: 'x12' });
			let before: number;
			try {
				await first.raw.put('/_sandbox/config', { acknowledgments: { delaySeconds: 0.4 } });
				const order = await x12Order(first);
				before = (await sendOn(first, 'x12', x12.ack(order)))[0];
			} finally {
				await first.sandbox.stop();
			}
			await sleep(450);
			const second = await start({ dataFile });
			try {
				const found = await answersSince(second, before);
				expect(found.map((a) => a.item.transactionType)).toEqual(['997']);
			} finally {
				await second.sandbox.stop();
			}
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

withValidator.test(
	'every 997 and 824 the partner wrote passes x12-validate, without warnings',
	() => {
		expect(answers.length).toBeGreaterThan(10);
		const verdicts = validateAll(answers);
		const problems = verdicts.flatMap((v, i) =>
			[...v.errors, ...v.warnings].map((p) => `${i}: ${p.rule} ${p.message}`),
		);
		expect(problems).toEqual([]);
		console.log(`x12-validate: ${answers.length} partner 997s and 824s, no errors, no warnings`);
	},
);
