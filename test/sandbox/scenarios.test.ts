/**
 * The demo partner's four certification scenarios over HTTP: the scenario each purchase order
 * runs, the 860 the partner sends (after the 855, or at once on send-860), replies judged against
 * the effective order, the 865 it asks for, and the scorecard's rows and reasons.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { start, useSandbox } from './helpers';
import { entryOf as scorecardEntry, sendSegments as sendX12Segments } from './x12Replies';
import { validateAll, withValidator } from '../x12Interop';

/** Decimal text as integers of millionths: the test's own arithmetic, apart from the partner's. */
const micros = (value: string) => {
	const [whole, fraction = ''] = value.split('.');
	return BigInt(whole) * 1_000_000n + BigInt((fraction + '000000').slice(0, 6));
};
const money = (m: bigint) => {
	const cents = (m + 5_000n) / 10_000n;
	return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
};

interface Line {
	purchaseOrderLineId: string;
	quantity: { value: string; unitOfMeasure: string };
	unitCostPrice: string;
	productIds: Record<string, string>;
}

const ack = (order: any, lines: Line[], actions = (l: Line): object[] => [accepted(l)]) => ({
	purchaseOrderNumber: order.purchaseOrderNumber,
	status: 'acceptedWithChanges',
	lineItems: lines.map((l) => ({
		purchaseOrderLineId: l.purchaseOrderLineId,
		productIds: l.productIds,
		actions: actions(l),
	})),
});
const accepted = (l: Line) => ({
	status: 'accepted',
	quantity: l.quantity,
	unitCostPrice: l.unitCostPrice,
});
const asn = (order: any, lines: Line[]) => ({
	shipmentId: `SHP-${order.purchaseOrderNumber}`,
	orders: [
		{
			purchaseOrderNumber: order.purchaseOrderNumber,
			items: lines.map((l) => ({
				purchaseOrderLineId: l.purchaseOrderLineId,
				productIds: l.productIds,
				quantityShipped: l.quantity,
			})),
		},
	],
});
const invoice = (order: any, lines: Line[]) => {
	const total = lines.reduce(
		(sum, l) =>
			sum +
			(((micros(l.quantity.value) * micros(l.unitCostPrice)) / 1_000_000n + 5_000n) / 10_000n) *
				10_000n,
		0n,
	);
	return {
		invoiceNumber: `INV-${order.purchaseOrderNumber}`,
		invoiceDate: '2026-11-30',
		purchaseOrderNumber: order.purchaseOrderNumber,
		lineItems: lines.map((l) => ({
			purchaseOrderLineId: l.purchaseOrderLineId,
			productIds: l.productIds,
			quantityInvoiced: l.quantity,
			unitPrice: l.unitCostPrice,
		})),
		invoiceSalesTotal: money(total),
		invoiceTotal: money(total),
	};
};

/** The test's own reading of a structured 860 applied to the order (the partner's only uses these reasons). */
function applied(order: any, change: any): Line[] {
	if (change.purpose === 'cancellation') return [];
	let lines: Line[] = order.lineItems.map((l: Line) => ({ ...l }));
	for (const c of change.lineItems) {
		const at = lines.findIndex((l) => l.purchaseOrderLineId === c.purchaseOrderLineId);
		if (c.changeReason === 'deleteItem') lines = lines.filter((_, i) => i !== at);
		else if (c.changeReason === 'addItem')
			lines.push({
				purchaseOrderLineId: c.purchaseOrderLineId,
				quantity: c.quantity,
				unitCostPrice: c.unitCostPrice,
				productIds: c.productIds,
			});
		else
			lines[at] = {
				...lines[at],
				quantity: c.quantity,
				...(c.unitCostPrice !== undefined && { unitCostPrice: c.unitCostPrice }),
			};
	}
	return lines;
}

describe('the partner runs a certification scenario per purchase order (structured inbound)', () => {
	const s = useSandbox({ sendInitialOrder: false });
	const send = (type: string, message: object) =>
		s.api.post('/v4/transactions', {
			type,
			stream: 'test',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			message,
		});
	const sendSegments = (type: string, segments: string[][]) => sendX12Segments(s, type, segments);
	const entryOf = (number: string) => scorecardEntry(s, number);
	const newOrder = async (scenario?: string) => {
		const sent = (await s.raw.post('/_sandbox/partner/send-850', scenario ? { scenario } : {}))
			.data;
		return (await s.api.get(`/v3/transactions/${sent.transactionId}/message`)).data;
	};
	const changesFor = async (number: string) => {
		const list = (await s.api.get('/v3/transactions', { params: { limit: 100 } })).data.items;
		const ids = list
			.filter(
				(t: any) =>
					t.transactionType === '860_PURCHASE_ORDER_CHANGE_REQUEST_BUYER_INITIATED' &&
					t.businessNumber === number,
			)
			.map((t: any) => t.id)
			.sort((a: number, b: number) => a - b);
		return Promise.all(
			ids.map(async (id: number) => (await s.api.get(`/v3/transactions/${id}/message`)).data),
		);
	};

	it('refuses an unknown scenario, naming the field, and sends nothing', async () => {
		const before = (await s.api.get('/v3/transactions')).data.items.length;
		const answer = await s.raw.post('/_sandbox/partner/send-850', { scenario: 'rush' });
		expect(answer.status).toBe(400);
		expect(JSON.stringify(answer.data)).toContain(
			'scenario must be one of standard, sellerChanges, buyerChanges, cancellation',
		);
		expect((await s.api.get('/v3/transactions')).data.items.length).toBe(before);
	});

	it('standard: no 860 and no 865 rows; the scorecard names the scenario', async () => {
		const order = await newOrder();
		const entry = await entryOf(order.purchaseOrderNumber);
		expect(entry.scenario).toBe('standard');
		expect(entry).not.toHaveProperty('860');
		expect(entry).not.toHaveProperty('865');
		expect(
			(
				await s.raw.post('/_sandbox/partner/send-860', {
					purchaseOrderNumber: order.purchaseOrderNumber,
				})
			).data.errors[0].message,
		).toContain('runs the standard scenario, which sends no 860');
	});

	it('sellerChanges: the 855 must change a line; the 856 and 810 follow its decisions', async () => {
		const order = await newOrder('sellerChanges');
		const lines: Line[] = order.lineItems;
		const number = order.purchaseOrderNumber;
		await send('855_PURCHASE_ORDER_ACKNOWLEDGMENT', ack(order, lines));
		expect((await entryOf(number))['855'].reasons).toEqual([
			expect.stringContaining(
				'the sellerChanges scenario expects the 855 to change at least one line',
			),
		]);
		// Line 1 rejected, line 2 at a new price: what the seller decided.
		const decided = ack(order, lines, (l) =>
			l === lines[0]
				? [{ status: 'rejected', quantity: l.quantity }]
				: l === lines[1]
					? [{ ...accepted(l), unitCostPrice: '1.23' }]
					: [accepted(l)],
		);
		await send('855_PURCHASE_ORDER_ACKNOWLEDGMENT', decided);
		expect((await entryOf(number))['855']).toMatchObject({ state: 'accepted', reasons: [] });
		await send('856_SHIP_NOTICE_MANIFEST', asn(order, lines));
		expect((await entryOf(number))['856'].reasons).toEqual([
			`line 1: shipped ${lines[0].quantity.value} but only 0 accepted`,
		]);
		const followed = [{ ...lines[1], unitCostPrice: '1.23' }, ...lines.slice(2)];
		await send('856_SHIP_NOTICE_MANIFEST', asn(order, followed));
		expect((await entryOf(number))['856'].state).toBe('accepted');
		await send('810_INVOICE', invoice(order, lines.slice(1)));
		expect((await entryOf(number))['810'].reasons).toEqual([
			`line 2: billed at ${lines[1].unitCostPrice} but the price is 1.23 (the 855)`,
		]);
		await send('810_INVOICE', invoice(order, followed));
		expect((await entryOf(number))['810']).toMatchObject({ state: 'accepted', reasons: [] });
	});

	it('sellerChanges over X12 segments: ACK01 IP accepts a line at the price of PO104', async () => {
		const order = await newOrder('sellerChanges');
		const lines: Line[] = order.lineItems;
		const number = order.purchaseOrderNumber;
		const po1 = (l: Line, price: string) => [
			'PO1',
			l.purchaseOrderLineId,
			l.quantity.value,
			'EA',
			price,
			'',
			'BP',
			l.productIds.buyerItemNumber,
		];
		const segments = [
			['BAK', '00', 'AC', number, order.purchaseOrderDate.replace(/-/g, '')],
			...lines.flatMap((l, i) =>
				i === 0
					? [po1(l, '2.00'), ['ACK', 'IP', l.quantity.value, 'EA']]
					: [po1(l, l.unitCostPrice), ['ACK', 'IA', l.quantity.value, 'EA']],
			),
		];
		await sendSegments('855', segments);
		expect((await entryOf(number))['855']).toMatchObject({ state: 'accepted', reasons: [] });
		await send('810_INVOICE', invoice(order, lines));
		expect((await entryOf(number))['810'].reasons).toEqual([
			`line 1: billed at ${lines[0].unitCostPrice} but the price is 2.00 (the 855)`,
		]);
		const repriced = [{ ...lines[0], unitCostPrice: '2.00' }, ...lines.slice(1)];
		await send('810_INVOICE', invoice(order, repriced));
		expect((await entryOf(number))['810']).toMatchObject({ state: 'accepted', reasons: [] });
	});

	it('buyerChanges: the 860 follows the 855; replies ignoring it are rejected, following it accepted', async () => {
		const order = await newOrder('buyerChanges');
		const number = order.purchaseOrderNumber;
		const lines: Line[] = order.lineItems;
		expect((await entryOf(number))['860']).toEqual({ state: 'pending', sent: [] });
		expect(await changesFor(number)).toEqual([]);
		await send('855_PURCHASE_ORDER_ACKNOWLEDGMENT', ack(order, lines));
		const [change] = await changesFor(number);
		expect(change).toMatchObject({
			purpose: 'change',
			purchaseOrderNumber: number,
			changeSequenceNumber: '001',
		});
		expect(change.lineItems.map((l: any) => l.changeReason)).toEqual([
			'quantityChange',
			'priceChange',
			'deleteItem',
			'addItem',
		]);
		const entry = await entryOf(number);
		expect(entry['860']).toMatchObject({
			state: 'sent',
			sent: [{ changeSequenceNumber: '001', purpose: 'change' }],
		});
		expect(entry['865']).toEqual({ state: 'missing', reasons: [] });

		const last = lines[lines.length - 1].purchaseOrderLineId;
		const added = change.lineItems[3].purchaseOrderLineId;
		await send('856_SHIP_NOTICE_MANIFEST', asn(order, lines));
		expect((await entryOf(number))['856'].reasons).toEqual([
			`line ${last}: shipped but deleted by the partner's 860 (change 001)`,
			`line 2: shipped ${lines[1].quantity.value} but only ${change.lineItems[0].quantity.value} ordered after the partner's 860`,
			`line ${added}: not shipped but added by the partner's 860 (change 001)`,
		]);
		const effective = applied(order, change);
		await send('856_SHIP_NOTICE_MANIFEST', asn(order, effective));
		expect((await entryOf(number))['856']).toMatchObject({ state: 'accepted', reasons: [] });
		const oldPrice = effective.map((l, i) =>
			i === 0 ? { ...l, unitCostPrice: lines[0].unitCostPrice } : l,
		);
		await send('810_INVOICE', invoice(order, oldPrice));
		expect((await entryOf(number))['810'].reasons).toEqual([
			`line 1: billed at ${lines[0].unitCostPrice} but the price is 9.95 (the partner's 860, change 001)`,
		]);
		await send('810_INVOICE', invoice(order, effective));
		expect((await entryOf(number))['810']).toMatchObject({ state: 'accepted', reasons: [] });

		// The 865 on the service-JSON path: it must name change 001 and answer each changed line
		// with the change the 860 asked for (its POC02: QD, PC, DI, AI).
		const CODES: Record<string, string> = { priceChange: 'PC', deleteItem: 'DI', addItem: 'AI' };
		const codeOf = (l: any) =>
			CODES[l.changeReason] ?? (String(l.changeInQuantity.value).startsWith('-') ? 'QD' : 'QI');
		const poc = (l: any, status: string, code = codeOf(l)) => [
			['POC', l.purchaseOrderLineId, code],
			['ACK', status],
		];
		const answer = (sequence: string, status = 'IA', code?: string) => [
			['BCA', '00', 'AC', number, '', sequence, order.purchaseOrderDate.replace(/-/g, '')],
			...change.lineItems.flatMap((l: any) => poc(l, status, code)),
		];
		await sendSegments('865', answer('002'));
		expect((await entryOf(number))['865']).toMatchObject({
			state: 'rejected',
			reasons: ["BCA05 acknowledges change 002 but the partner's latest 860 is change 001"],
			path: 'serviceJson',
		});
		await sendSegments('865', answer('001', 'IR'));
		expect((await entryOf(number))['865'].reasons).toEqual(
			change.lineItems.map(
				(l: any) => `line ${l.purchaseOrderLineId}: ACK01 "IR" does not accept the change`,
			),
		);
		// Each line answered with another code than the 860's is named (#41).
		await sendSegments('865', answer('001', 'IA', 'CA'));
		expect((await entryOf(number))['865'].reasons).toEqual(
			change.lineItems.map(
				(l: any) =>
					`line ${l.purchaseOrderLineId}: POC02 "CA" is not the change the partner's 860 asked for (${codeOf(l)})`,
			),
		);
		await sendSegments('865', answer('001'));
		expect((await entryOf(number))['865']).toMatchObject({ state: 'accepted', reasons: [] });
	});

	it('cancellation: send-860 cancels at once; any 856 or 810 for the order is rejected', async () => {
		const order = await newOrder('cancellation');
		const number = order.purchaseOrderNumber;
		const sent = await s.raw.post('/_sandbox/partner/send-860', { purchaseOrderNumber: number });
		expect(sent.status).toBe(201);
		expect(sent.data.transactionIds).toHaveLength(1);
		const [change] = await changesFor(number);
		expect(change).toMatchObject({ purpose: 'cancellation', lineItems: [] });
		// Sending again sends nothing more: the scenario's 860s are all out.
		expect(
			(await s.raw.post('/_sandbox/partner/send-860', { purchaseOrderNumber: number })).data,
		).toEqual({ purchaseOrderNumber: number, transactionIds: [] });
		const cancelled = `purchase order ${number} was cancelled by the partner's 860 (change 001): nothing may be shipped or billed for it`;
		await send('856_SHIP_NOTICE_MANIFEST', asn(order, order.lineItems));
		await send('810_INVOICE', invoice(order, order.lineItems));
		const entry = await entryOf(number);
		expect(entry['856']).toMatchObject({ state: 'rejected', reasons: [cancelled] });
		expect(entry['810']).toMatchObject({ state: 'rejected', reasons: [cancelled] });
		expect(entry).not.toHaveProperty('865');
	});
});

describe('in the X12 inbound format the partner sends its 860 as X12 (BCH, POC, CTT)', () => {
	const s = useSandbox({ sendInitialOrder: false });

	it('writes a valid 004010 860 that carries each change', async () => {
		await s.raw.put('/_sandbox/config', { inboundFormat: 'x12' });
		const texts: string[] = [];
		for (const scenario of ['buyerChanges', 'cancellation']) {
			const sent = (await s.raw.post('/_sandbox/partner/send-850', { scenario })).data;
			const changed = (
				await s.raw.post('/_sandbox/partner/send-860', {
					purchaseOrderNumber: sent.purchaseOrderNumber,
				})
			).data;
			const text = (await s.api.get(`/v3/transactions/${changed.transactionIds[0]}/message`))
				.data as string;
			texts.push(text);
			const segments = text.split('~').map((seg) => seg.trim().split('*'));
			const bch = segments.find((seg) => seg[0] === 'BCH')!;
			expect(bch.slice(0, 6)).toEqual([
				'BCH',
				scenario === 'cancellation' ? '01' : '04',
				'SA',
				sent.purchaseOrderNumber,
				expect.any(String),
				'001',
			]);
			const codes = segments.filter((seg) => seg[0] === 'POC').map((seg) => seg[2]);
			expect(codes).toEqual(
				scenario === 'cancellation' ? [] : [expect.stringMatching(/^Q[DI]$/), 'PC', 'DI', 'AI'],
			);
			const entry = (await s.raw.get('/_sandbox/scorecard')).data.purchaseOrders.find(
				(p: any) => p.purchaseOrderNumber === sent.purchaseOrderNumber,
			);
			expect(entry['860'].sent[0]).toMatchObject({
				path: 'x12',
				transactionId: changed.transactionIds[0],
			});
		}
		// The validator's part needs ../shared: said, and a failure under CI=true (test/shared.ts).
		if (!withValidator.present && process.env.CI !== 'true') return;
		const verdicts = validateAll(texts);
		expect(verdicts.map((v) => v.errors)).toEqual([[], []]);
		console.log(`x12-validate: ${texts.length} partner 860s, 0 errors`);
	});
});

describe('across a restart (--data FILE)', () => {
	it("keeps each order's scenario and the 860s sent, and judges replies against the effective order", async () => {
		const dataFile = join(mkdtempSync(join(tmpdir(), 'edi-sandbox-860-')), 'state.json');
		const options = { sendInitialOrder: false, dataFile };
		const first = await start(options);
		let number: string;
		let order: any;
		try {
			const sent = (
				await first.raw.post('/_sandbox/partner/send-850', { scenario: 'buyerChanges' })
			).data;
			number = sent.purchaseOrderNumber;
			order = (await first.api.get(`/v3/transactions/${sent.transactionId}/message`)).data;
			await first.raw.post('/_sandbox/partner/send-860', { purchaseOrderNumber: number });
		} finally {
			await first.sandbox.stop();
		}
		const second = await start(options);
		try {
			const entry = await scorecardEntry(second, number);
			expect(entry.scenario).toBe('buyerChanges');
			expect(entry['860']).toMatchObject({
				state: 'sent',
				sent: [{ changeSequenceNumber: '001' }],
			});
			await second.api.post('/v4/transactions', {
				type: '856_SHIP_NOTICE_MANIFEST',
				stream: 'test',
				senderId: 'YOURCOMPANY',
				receiverId: 'DEMORETAIL',
				message: asn(order, order.lineItems),
			});
			expect((await scorecardEntry(second, number))['856'].reasons).toEqual(
				expect.arrayContaining([
					expect.stringContaining("deleted by the partner's 860 (change 001)"),
				]),
			);
			// Its 860s are all out: none sent again.
			expect(
				(await second.raw.post('/_sandbox/partner/send-860', { purchaseOrderNumber: number })).data
					.transactionIds,
			).toEqual([]);
		} finally {
			await second.sandbox.stop();
		}
	});
});
