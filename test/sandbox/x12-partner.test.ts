/**
 * The demo partner in the X12 inbound mode, over HTTP: it checks the 855, 856 and 810 arriving on
 * the X12 passthrough and service-JSON paths against its own 850, records the path, expects a 997
 * for each X12 850, and refuses what real receivers refuse (a repeated ISA13, a bad SSCC check
 * digit, a TDS that does not match the lines, an 810 whose currency or release number differs).
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { start, useSandbox } from './helpers';
import {
	type SentOrder,
	acknowledgment,
	entryOf,
	functionalAck,
	invoice,
	sendOrder,
	sendSegments,
	sendX12,
	shipNotice,
	sscc,
	totalCents,
} from './x12Replies';

const s = useSandbox({ sendInitialOrder: false, inboundFormat: 'x12' });

describe('order to cash over the X12 passthrough path', () => {
	it('accepts the 997, 855, 856 and 810 and records the path; the 997 row starts missing', async () => {
		const order = await sendOrder(s);
		expect(order.releaseNumber).not.toBe('');
		expect(order.currency).toBe('USD');
		expect((await entryOf(s, order.purchaseOrderNumber))['997']).toEqual({
			state: 'missing',
			reasons: [],
		});

		const ack997 = await sendX12(s, '997', functionalAck(order));
		expect(ack997.status).toBe('ACCEPTED');
		const ack = await sendX12(s, '855', acknowledgment(order));
		const asn = await sendX12(s, '856', shipNotice(order));
		const inv = await sendX12(s, '810', invoice(order));
		const entry = await entryOf(s, order.purchaseOrderNumber);
		expect(entry).toMatchObject({
			'997': {
				state: 'accepted',
				reasons: [],
				transactionId: ack997.transactionIds[0],
				path: 'x12',
			},
			'855': { state: 'accepted', reasons: [], transactionId: ack.transactionIds[0], path: 'x12' },
			'856': { state: 'accepted', reasons: [], transactionId: asn.transactionIds[0], path: 'x12' },
			'810': { state: 'accepted', reasons: [], transactionId: inv.transactionIds[0], path: 'x12' },
		});
	});

	it('checks the X12 like a structured reply: an 855 acknowledging more than ordered is rejected', async () => {
		const order = await sendOrder(s);
		const over = acknowledgment(order);
		const ackIndex = over.findIndex((seg) => seg[0] === 'ACK');
		over[ackIndex] = ['ACK', 'IA', '100000', 'EA'];
		await sendX12(s, '855', over);
		const verdict = (await entryOf(s, order.purchaseOrderNumber))['855'];
		expect(verdict.state).toBe('rejected');
		expect(verdict.reasons).toEqual([
			`line ${order.lines[0].id}: acknowledged 100000 but only ${order.lines[0].quantity} ordered`,
		]);
	});
});

describe('order to cash over the service-JSON path (segments)', () => {
	it('accepts the 997, 855, 856 and 810 given as segments and records the path', async () => {
		const order = await sendOrder(s);
		for (const [type, segments] of [
			['997', functionalAck(order)],
			['855', acknowledgment(order)],
			['856', shipNotice(order)],
			['810', invoice(order)],
		] as const)
			expect((await sendSegments(s, type, segments)).status).toBe('ACCEPTED');
		const entry = await entryOf(s, order.purchaseOrderNumber);
		for (const type of ['997', '855', '856', '810'])
			expect(entry[type]).toMatchObject({ state: 'accepted', reasons: [], path: 'serviceJson' });
	});
});

describe('what real receivers reject', () => {
	it('a repeated ISA13 from the same sender: the duplicate interchange is refused unread', async () => {
		const order = await sendOrder(s);
		const first = await sendX12(s, '855', acknowledgment(order), { controlNumber: 424242 });
		expect((await entryOf(s, order.purchaseOrderNumber))['855'].state).toBe('accepted');
		const again = await sendX12(s, '855', acknowledgment(order), { controlNumber: 424242 });
		// The service accepts it (it does not dedupe); the partner refuses it.
		expect(again.status).toBe('ACCEPTED');
		const verdict = (await entryOf(s, order.purchaseOrderNumber))['855'];
		expect(verdict).toEqual({
			state: 'rejected',
			reasons: [
				`a repeated interchange control number: ISA13 000424242 from YOURCOMPANY was already received (transaction ${first.transactionIds[0]}); the partner refuses the duplicate interchange unread (number every interchange anew)`,
			],
			transactionId: again.transactionIds[0],
			path: 'x12',
		});
		// The same number from another sender is another interchange.
		await sendX12(s, '855', acknowledgment(order), { controlNumber: 424242, senderId: 'OTHERCO' });
		expect((await entryOf(s, order.purchaseOrderNumber))['855'].state).toBe('accepted');
	});

	it('an SSCC (MAN*GM) with a wrong check digit', async () => {
		const order = await sendOrder(s);
		await sendX12(s, '855', acknowledgment(order));
		const good = sscc('00012345600000042');
		const bad = good.slice(0, 17) + String((Number(good[17]) + 1) % 10);
		await sendX12(s, '856', shipNotice(order, bad));
		const verdict = (await entryOf(s, order.purchaseOrderNumber))['856'];
		expect(verdict.state).toBe('rejected');
		expect(verdict.reasons).toEqual([
			`HL 3: MAN*GM: SSCC ${bad} has check digit ${bad[17]}, but the GS1 mod-10 check digit of its first 17 digits is ${good[17]}`,
		]);
		// The same on the service-JSON path; with the application identifier 00 in front it is fine.
		await sendSegments(s, '856', shipNotice(order, bad));
		expect((await entryOf(s, order.purchaseOrderNumber))['856'].state).toBe('rejected');
		await sendSegments(s, '856', shipNotice(order, `00${good}`));
		expect((await entryOf(s, order.purchaseOrderNumber))['856']).toMatchObject({
			state: 'accepted',
			path: 'serviceJson',
		});
	});

	it('a TDS that does not match the lines (implied two decimals)', async () => {
		const order = await sendOrder(s);
		const cents = totalCents(order.lines);
		const money = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
		await sendX12(s, '810', invoice(order, { tds: String(cents + 1n) }));
		let verdict = (await entryOf(s, order.purchaseOrderNumber))['810'];
		expect(verdict.state).toBe('rejected');
		expect(verdict.reasons).toEqual([
			expect.stringMatching(
				new RegExp(
					`^TDS01 is ${cents + 1n} \\(.*\\) but .* = ${money}, which TDS01 writes ${cents}$`,
				),
			),
		]);
		// The total written with its decimal point: N2 has none.
		await sendSegments(s, '810', invoice(order, { tds: money }));
		verdict = (await entryOf(s, order.purchaseOrderNumber))['810'];
		expect(verdict.reasons).toEqual([
			`TDS01 "${money}" is not an N2 amount: digits only, two implied decimals (123.45 is written 12345)`,
		]);
		await sendSegments(s, '810', invoice(order));
		expect((await entryOf(s, order.purchaseOrderNumber))['810'].state).toBe('accepted');
	});

	it('an 810 whose currency or release number differs from the 850’s', async () => {
		const order = await sendOrder(s);
		await sendX12(s, '810', invoice(order, { currency: 'EUR', release: 'R999' }));
		const verdict = (await entryOf(s, order.purchaseOrderNumber))['810'];
		expect(verdict.state).toBe('rejected');
		expect(verdict.reasons).toEqual([
			`currency EUR does not match the purchase order's ${order.currency}`,
			`release number R999 does not match the purchase order's ${order.releaseNumber}`,
		]);
		const without = invoice(order, { release: '' }).filter((seg) => seg[0] !== 'CUR');
		await sendX12(s, '810', without);
		expect((await entryOf(s, order.purchaseOrderNumber))['810'].reasons).toEqual([
			`no currency: the purchase order's is ${order.currency}`,
			`no release number: the purchase order's is ${order.releaseNumber}`,
		]);
	});

	it('a 997 that rejects the partner’s well-formed 850, and one for a group it never sent', async () => {
		const order = await sendOrder(s);
		await sendX12(s, '997', functionalAck(order, 'R'));
		const verdict = (await entryOf(s, order.purchaseOrderNumber))['997'];
		expect(verdict.state).toBe('rejected');
		expect(verdict.reasons).toEqual([
			`the 997 rejects 850 set ${order.set} of group ${order.group} (AK5/AK9 "R"), which the partner sent well-formed`,
		]);
		const stray = await sendX12(s, '997', functionalAck({ ...order, group: '987654321' }));
		const card = (await s.raw.get('/_sandbox/scorecard')).data;
		expect(card.unmatched).toContainEqual({
			transactionId: stray.transactionIds[0],
			type: '997',
			path: 'x12',
			reasons: [
				`the 997 acknowledges 850 set ${order.set} of group 987654321, which the demo partner never sent as X12`,
			],
		});
	});

	it('a 997 whose counts contradict its AK5s', async () => {
		const order = await sendOrder(s);
		const segments = functionalAck(order);
		segments[3] = ['AK9', 'A', '1', '1', '0'];
		await sendSegments(s, '997', segments);
		expect((await entryOf(s, order.purchaseOrderNumber))['997']).toMatchObject({
			state: 'rejected',
			reasons: ['AK904 (sets accepted) is "0" but 1 AK5 accept'],
		});
	});
});

describe('the default JSON inbound mode is as before', () => {
	const json = useSandbox({ sendInitialOrder: false });

	it('its orders carry no release number or currency and expect no 997', async () => {
		const sent = (await json.raw.post('/_sandbox/partner/send-850')).data;
		const order = (await json.api.get(`/v3/transactions/${sent.transactionId}/message`)).data;
		expect(order.releaseNumber).toBeUndefined();
		expect(order.buyersCurrency).toBeUndefined();
		const entry = await entryOf(json, sent.purchaseOrderNumber);
		expect(Object.keys(entry).sort()).toEqual([
			'810',
			'855',
			'856',
			'purchaseOrderNumber',
			'scenario',
			'transactionId',
		]);
	});
});

describe('across a restart (--data FILE)', () => {
	it('still knows the interchange control numbers it received, and the 997 it expects', async () => {
		const dataFile = join(mkdtempSync(join(tmpdir(), 'edi-sandbox-x12-')), 'state.json');
		const options = { sendInitialOrder: false, inboundFormat: 'x12' as const, dataFile };
		const first = await start(options);
		let order: SentOrder;
		try {
			order = await sendOrder(first);
			await sendX12(first, '855', acknowledgment(order), { controlNumber: 31337 });
		} finally {
			await first.sandbox.stop();
		}
		const second = await start(options);
		try {
			expect((await entryOf(second, order.purchaseOrderNumber))['997'].state).toBe('missing');
			await sendX12(second, '855', acknowledgment(order), { controlNumber: 31337 });
			expect((await entryOf(second, order.purchaseOrderNumber))['855'].reasons).toEqual([
				expect.stringContaining('a repeated interchange control number: ISA13 000031337'),
			]);
			await sendX12(second, '997', functionalAck(order));
			expect((await entryOf(second, order.purchaseOrderNumber))['997'].state).toBe('accepted');
		} finally {
			await second.sandbox.stop();
		}
	});
});
