/**
 * What became of what the organization sent (contract: "What became of what you sent"): the
 * receiver's answer on the list (acknowledgmentStatus, acknowledgment.href, controlNumbers), the
 * acknowledgment endpoint, the list filters, and the receiver's settings, over HTTP.
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { EXAMPLE_PARTNERS, start, useSandbox } from './helpers';
import {
	acknowledgmentOf,
	itemOf,
	jsonOrder,
	PATHS,
	sendOn,
	structured,
	x12,
	x12Order,
	type Outbound,
	type Path,
} from './outboundDocuments';
import { functionalAck, sendSegments, sendX12 } from './x12Replies';

const s = useSandbox({ sendInitialOrder: false, partners: EXAMPLE_PARTNERS });
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const config = (acknowledgments: object) => s.raw.put('/_sandbox/config', { acknowledgments });
const scorecard = async () => (await s.raw.get('/_sandbox/scorecard')).data;

beforeEach(async () => {
	await s.raw.post('/_sandbox/reset');
});

/** An order on the path's mode, and a correct and a rejected document of `type` answering it. */
async function documentsOn(path: Path, type: string) {
	if (path === 'structured') {
		const order = await jsonOrder(s);
		const number = order.purchaseOrderNumber;
		const item = order.lineItems[0].productIds.buyerItemNumber;
		const pairs: Record<string, [Outbound, Outbound]> = {
			'855': [structured.ack(order), structured.ack(order, '100000')],
			'856': [
				structured.shipNotice(order, `SHP-${number}`),
				structured.shipNotice(order, `SHP-${number}-B`, '99999'),
			],
			'810': [
				structured.invoice(order, `INV-${number}`),
				structured.invoice(order, `INV-${number}-B`, 1_000_000n),
			],
			'846': [
				structured.inventory(`ADV-${number}`, item),
				structured.inventory(`ADV-${number}-B`, 'NOT-CARRIED'),
			],
		};
		return pairs[type];
	}
	const order = await x12Order(s);
	const number = order.purchaseOrderNumber;
	const item = order.lines[0].pairs[order.lines[0].pairs.indexOf('BP') + 1];
	const pairs: Record<string, [Outbound, Outbound]> = {
		'855': [x12.ack(order), x12.ack(order, 'PO-NOPE')],
		'856': [x12.shipNotice(order), x12.shipNotice(order, `SHP-${number}-B`, true)],
		'810': [x12.invoice(order), x12.invoice(order, `INV-${number}-B`, '1')],
		'846': [x12.inventory(`ADV-${number}`, item), x12.inventory(`ADV-${number}-B`, 'NOT-CARRIED')],
	};
	return pairs[type];
}

/** The reasons the scorecard gives for a transaction, wherever it lists it. */
function reasonsOn(card: any, id: number): string[] {
	const rows = [
		...card.purchaseOrders.flatMap((p: any) => ['855', '856', '810', '865'].map((t) => p[t])),
		...card.unmatched,
		...card.inventory,
	];
	return rows.find((r: any) => r?.transactionId === id)?.reasons ?? [];
}

describe('the partner answers every document it receives with its scorecard verdict', () => {
	const cases = PATHS.flatMap((path) => ['855', '856', '810', '846'].map((type) => [path, type]));
	it.each(cases)(
		'%s %s: accepted → ACCEPTED, rejected → REJECTED with each reason',
		async (path, type) => {
			const [good, bad] = await documentsOn(path as Path, type);
			if (type !== '855')
				await sendOn(s, path as Path, (await documentsOn(path as Path, '855'))[0]);
			// An 856 after its order's 855; the 810 after its 856 (shipped ≥ invoiced): sent in order.
			const [accepted] = await sendOn(s, path as Path, good);
			const [rejected] = await sendOn(s, path as Path, bad);
			const card = await scorecard();
			const reasons = reasonsOn(card, rejected);
			expect(reasons.length).toBeGreaterThan(0);
			expect(reasonsOn(card, accepted)).toEqual([]);

			const item = await itemOf(s, accepted);
			expect(item.acknowledgmentStatus).toBe('ACCEPTED');
			expect(item.acknowledgment).toEqual({
				href: `${s.sandbox.baseUrl}/v3/transactions/${accepted}/acknowledgment`,
			});
			const answer = await acknowledgmentOf(s, accepted);
			expect(answer.status).toBe(200);
			expect(answer.data).toEqual({
				transactionId: accepted,
				status: 'ACCEPTED',
				createdAt: expect.stringMatching(ISO_MS),
				errors: [],
			});
			expect(Date.parse(answer.data.createdAt)).toBeGreaterThanOrEqual(Date.parse(item.createdAt));

			expect((await itemOf(s, rejected)).acknowledgmentStatus).toBe('REJECTED');
			const refusal = await acknowledgmentOf(s, rejected);
			expect(refusal.data.status).toBe('REJECTED');
			expect(refusal.data.errors.map((e: any) => e.message)).toEqual(reasons);
			for (const error of refusal.data.errors)
				expect(['006', '007', '011', '024']).toContain(error.code);
		},
	);

	it.each(['x12', 'serviceJson'] as Path[])(
		'%s 865: answered like the scorecard judges it',
		async (path) => {
			const order = await jsonOrder(s, 'buyerChanges');
			await sendOn(s, 'structured', structured.ack(order));
			const list = (await s.api.get('/v3/transactions', { params: { direction: 'inbound' } })).data;
			const changeId = list.items.find((i: any) => i.transactionType.startsWith('860')).id;
			const change = (await s.api.get(`/v3/transactions/${changeId}/message`)).data;
			const [rejected] = await sendOn(s, path, x12.changeAck(change, 'IR'));
			const [accepted] = await sendOn(s, path, x12.changeAck(change));
			const entry = (await scorecard()).purchaseOrders[0];
			expect(entry['865']).toMatchObject({ state: 'accepted', transactionId: accepted });
			expect((await itemOf(s, accepted)).acknowledgmentStatus).toBe('ACCEPTED');
			const refusal = await acknowledgmentOf(s, rejected);
			expect(refusal.data.status).toBe('REJECTED');
			expect(refusal.data.errors.map((e: any) => e.message)).toEqual(
				change.lineItems.map(
					(l: any) => `line ${l.purchaseOrderLineId}: ACK01 "IR" does not accept the change`,
				),
			);
		},
	);

	it('a repeated interchange is refused unread: REJECTED, the refusal its error', async () => {
		const order = await x12Order(s);
		const first = await sendX12(s, '855', x12.ack(order).segments!, { controlNumber: 4242 });
		const again = await sendX12(s, '855', x12.ack(order).segments!, { controlNumber: 4242 });
		expect((await itemOf(s, first.transactionIds[0])).acknowledgmentStatus).toBe('ACCEPTED');
		const refusal = await acknowledgmentOf(s, again.transactionIds[0]);
		expect(refusal.data.errors).toEqual([
			expect.objectContaining({
				message: expect.stringContaining('a repeated interchange control number'),
			}),
		]);
	});
});

describe('what carries no acknowledgment status', () => {
	it('a FAILED create, a 997, and inbound transactions; their endpoint is 404', async () => {
		const order = await x12Order(s);
		const failed = (
			await s.api.post('/v4/transactions', {
				type: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
				senderId: 'YOURCOMPANY',
				receiverId: 'DEMORETAIL',
				message: { purchaseOrderNumber: order.purchaseOrderNumber },
			})
		).data;
		expect(failed.status).toBe('FAILED');
		const fa = (await sendSegments(s, '997', functionalAck(order))).transactionIds[0];
		for (const id of [failed.id, fa, order.transactionId]) {
			const item = await itemOf(s, id);
			expect(item).not.toHaveProperty('acknowledgmentStatus');
			expect(item).not.toHaveProperty('acknowledgment');
			const answer = await acknowledgmentOf(s, id);
			expect(answer.status).toBe(404);
			expect(answer.data.type).toBe('notFoundError');
		}
	});

	it('a document to a receiver that never answers stays NOT_ACKNOWLEDGED, without href', async () => {
		const order = await jsonOrder(s);
		const [id] = await sendOn(s, 'structured', structured.ack(order), 'RETAILPARTNER');
		const item = await itemOf(s, id);
		expect(item.acknowledgmentStatus).toBe('NOT_ACKNOWLEDGED');
		expect(item).not.toHaveProperty('acknowledgment');
		const answer = await acknowledgmentOf(s, id);
		expect(answer).toEqual({
			status: 404,
			data: { type: 'notFoundError', message: `transaction ${id} has no acknowledgment (yet)` },
		});
	});

	it('bulk-inserted outbound transactions: NOT_ACKNOWLEDGED, OVERDUE once older than the window', async () => {
		const bulk = async (body: object) =>
			(
				await s.raw.post('/_sandbox/transactions', {
					count: 2,
					transactionType: '810',
					direction: 'outbound',
					...body,
				})
			).data;
		const fresh = await bulk({});
		const old = await bulk({ createdAt: new Date(Date.now() - 25 * 3600_000).toISOString() });
		expect((await itemOf(s, fresh.firstId)).acknowledgmentStatus).toBe('NOT_ACKNOWLEDGED');
		expect((await itemOf(s, old.lastId)).acknowledgmentStatus).toBe('OVERDUE');
	});
});

describe('controlNumbers', () => {
	it('X12 passthrough: ISA13, GS06, ST02 as sent; service JSON: assigned; structured: none', async () => {
		const order = await x12Order(s);
		const sent = await sendX12(s, '855', x12.ack(order).segments!, { controlNumber: 31337 });
		expect((await itemOf(s, sent.transactionIds[0])).controlNumbers).toEqual({
			interchange: '000031337',
			group: '31337',
			transactionSet: '0001',
		});
		const [json] = await sendOn(s, 'serviceJson', x12.shipNotice(order));
		expect((await itemOf(s, json)).controlNumbers).toEqual({
			interchange: String(json).padStart(9, '0'),
			group: String(json),
			transactionSet: '0001',
		});
		const [plain] = await sendOn(s, 'structured', structured.inventory('ADV-1', 'X'));
		expect(await itemOf(s, plain)).not.toHaveProperty('controlNumbers');
		expect(await itemOf(s, order.transactionId)).not.toHaveProperty('controlNumbers');
	});
});

describe('list filters businessNumber and acknowledgmentStatus', () => {
	let ids: Record<string, number>;
	beforeEach(async () => {
		const order = await jsonOrder(s);
		const n = order.purchaseOrderNumber;
		const send = async (doc: Outbound, receiver?: string) =>
			(await sendOn(s, 'structured', doc, receiver))[0];
		ids = {
			ack: await send(structured.ack(order)),
			asn: await send(structured.shipNotice(order, 'SHP-A')),
			badAsn: await send(structured.shipNotice(order, 'SHP-B', '99999')),
			silent: await send(structured.invoice(order, 'INV-A'), 'RETAILPARTNER'),
			order: (
				await s.api.get('/v3/transactions', { params: { businessNumber: n, direction: 'inbound' } })
			).data.items[0].id,
		};
	});
	const idsOf = async (params: object) => {
		const { status, data } = await s.api.get('/v3/transactions', { params });
		expect(status).toBe(200);
		expect(data.meta.total).toBe(data.items.length);
		return data.items.map((i: any) => i.id).sort((a: number, b: number) => a - b);
	};

	it('businessNumber: one value or up to five, exact', async () => {
		expect(await idsOf({ businessNumber: 'SHP-A' })).toEqual([ids.asn]);
		expect(await idsOf({ businessNumber: 'SHP-A,SHP-B,INV-A,NOPE,SHP' })).toEqual(
			[ids.asn, ids.badAsn, ids.silent].sort((a, b) => a - b),
		);
		expect(await idsOf({ businessNumber: 'shp-a' })).toEqual([]);
		expect(await idsOf({ businessNumber: 'SHP-B, SHP-A' })).toEqual([ids.badAsn]);
	});

	it('acknowledgmentStatus: one or more of the five', async () => {
		expect(await idsOf({ acknowledgmentStatus: 'ACCEPTED' })).toEqual([ids.ack, ids.asn]);
		expect(await idsOf({ acknowledgmentStatus: 'REJECTED,NOT_ACKNOWLEDGED' })).toEqual([
			ids.badAsn,
			ids.silent,
		]);
		expect(await idsOf({ acknowledgmentStatus: 'OVERDUE,ACCEPTED_WITH_ERRORS' })).toEqual([]);
	});

	it('combine with each other and with stream, direction, limit and offset (all must match)', async () => {
		expect(
			await idsOf({
				acknowledgmentStatus: 'ACCEPTED,REJECTED',
				businessNumber: 'SHP-A,SHP-B,INV-A',
			}),
		).toEqual([ids.asn, ids.badAsn]);
		expect(await idsOf({ acknowledgmentStatus: 'ACCEPTED', direction: 'inbound' })).toEqual([]);
		expect(await idsOf({ acknowledgmentStatus: 'ACCEPTED', stream: 'live' })).toEqual([]);
		const page = (
			await s.api.get('/v3/transactions', {
				params: { acknowledgmentStatus: 'ACCEPTED,REJECTED,NOT_ACKNOWLEDGED', limit: 2, offset: 1 },
			})
		).data;
		expect(page.meta).toEqual({ limit: 2, offset: 1, total: 4 });
		expect(page.items.map((i: any) => i.id)).toEqual([ids.badAsn, ids.asn]);
	});

	it.each([
		['businessNumber', 'A,B,C,D,E,F', 'businessNumber takes at most 5 values, found 6'],
		[
			'businessNumber',
			'A,,B',
			'businessNumber must be comma-separated values, none empty, found "A,,B"',
		],
		[
			'acknowledgmentStatus',
			'ACCEPTED,MAYBE',
			'acknowledgmentStatus must be one or more of NOT_ACKNOWLEDGED, ACCEPTED, ACCEPTED_WITH_ERRORS, REJECTED, OVERDUE, found "MAYBE"',
		],
		[
			'acknowledgmentStatus',
			'accepted',
			'acknowledgmentStatus must be one or more of NOT_ACKNOWLEDGED, ACCEPTED, ACCEPTED_WITH_ERRORS, REJECTED, OVERDUE, found "accepted"',
		],
	])('%s=%s is a 400 naming it', async (name, value, message) => {
		const { status, data } = await s.api.get('/v3/transactions', { params: { [name]: value } });
		expect(status).toBe(400);
		expect(data.type).toBe('argumentError');
		expect(data.errors).toEqual([{ type: 'invalidValue', ref: name, message }]);
	});
});

describe('PUT /_sandbox/config acknowledgments', () => {
	const DEFAULTS = { delaySeconds: 0, silentFor: [], withErrors: [], windowMinutes: 1440 };

	it('replaces the whole object: fields left out take their defaults', async () => {
		await config({ delaySeconds: 3, silentFor: ['810'] });
		const put = await config({ withErrors: ['855'] });
		expect(put.status).toBe(200);
		expect(put.data.acknowledgments).toEqual({ ...DEFAULTS, withErrors: ['855'] });
		expect((await s.raw.get('/_sandbox/config')).data.acknowledgments).toEqual({
			...DEFAULTS,
			withErrors: ['855'],
		});
		await config({});
		expect((await s.raw.get('/_sandbox/config')).data.acknowledgments).toEqual(DEFAULTS);
	});

	it.each([
		[{ delaySeconds: -1 }, 'acknowledgments.delaySeconds'],
		[{ windowMinutes: 0 }, 'acknowledgments.windowMinutes'],
		[{ windowMinutes: '5' }, 'acknowledgments.windowMinutes'],
		[{ silentFor: '810' }, 'acknowledgments.silentFor'],
		[{ withErrors: ['INVOICE'] }, 'acknowledgments.withErrors'],
		[{ later: true }, 'acknowledgments.later'],
	])('%j is a 400 naming %s, nothing changed', async (value, ref) => {
		const { status, data } = await config(value);
		expect(status).toBe(400);
		expect(data.errors.map((e: any) => e.ref)).toEqual([ref]);
		expect((await s.raw.get('/_sandbox/config')).data.acknowledgments).toEqual(DEFAULTS);
	});

	it('withErrors: ACCEPTED_WITH_ERRORS with the setting as its error; others as before', async () => {
		await config({ withErrors: ['855'] });
		const order = await jsonOrder(s);
		const [ack] = await sendOn(s, 'structured', structured.ack(order));
		const [asn] = await sendOn(s, 'structured', structured.shipNotice(order, 'SHP-1'));
		const [bad] = await sendOn(s, 'structured', structured.ack(order, '100000'));
		expect((await itemOf(s, ack)).acknowledgmentStatus).toBe('ACCEPTED_WITH_ERRORS');
		expect((await acknowledgmentOf(s, ack)).data.errors).toEqual([
			{ message: 'accepted with errors: sandbox setting' },
		]);
		expect((await itemOf(s, asn)).acknowledgmentStatus).toBe('ACCEPTED');
		// A rejection stays a rejection.
		expect((await itemOf(s, bad)).acknowledgmentStatus).toBe('REJECTED');
	});

	it('silentFor: no answer ever; OVERDUE after windowMinutes (a fraction); applies to what arrives after the change', async () => {
		const order = await jsonOrder(s);
		const [before] = await sendOn(s, 'structured', structured.ack(order));
		await config({ silentFor: ['855', '846'], windowMinutes: 0.005 });
		const [silent] = await sendOn(s, 'structured', structured.ack(order));
		const [asn] = await sendOn(s, 'structured', structured.shipNotice(order, 'SHP-1'));
		expect((await itemOf(s, silent)).acknowledgmentStatus).toBe('NOT_ACKNOWLEDGED');
		await sleep(400);
		expect((await itemOf(s, silent)).acknowledgmentStatus).toBe('OVERDUE');
		expect((await acknowledgmentOf(s, silent)).status).toBe(404);
		expect(await itemOf(s, silent)).not.toHaveProperty('acknowledgment');
		expect((await itemOf(s, asn)).acknowledgmentStatus).toBe('ACCEPTED');
		expect((await itemOf(s, before)).acknowledgmentStatus).toBe('ACCEPTED');
		// The scorecard judged it all the same: silence is the answer's, not the verdict's.
		expect((await scorecard()).purchaseOrders[0]['855']).toMatchObject({
			state: 'accepted',
			transactionId: silent,
		});
		expect(
			await s.api.get('/v3/transactions', { params: { acknowledgmentStatus: 'OVERDUE' } }),
		).toMatchObject({
			data: { meta: { total: 1 }, items: [{ id: silent }] },
		});
	});

	it('delaySeconds: NOT_ACKNOWLEDGED until then; a later answer replaces OVERDUE', async () => {
		await config({ delaySeconds: 0.8, windowMinutes: 0.005 });
		const order = await jsonOrder(s);
		const sentAt = Date.now();
		const [id] = await sendOn(s, 'structured', structured.ack(order));
		expect((await itemOf(s, id)).acknowledgmentStatus).toBe('NOT_ACKNOWLEDGED');
		expect((await acknowledgmentOf(s, id)).status).toBe(404);
		await sleep(Math.max(0, sentAt + 450 - Date.now()));
		expect((await itemOf(s, id)).acknowledgmentStatus).toBe('OVERDUE');
		await sleep(Math.max(0, sentAt + 900 - Date.now()));
		const item = await itemOf(s, id);
		expect(item.acknowledgmentStatus).toBe('ACCEPTED');
		expect(item.acknowledgment.href).toMatch(/\/acknowledgment$/);
		const answer = await acknowledgmentOf(s, id);
		expect(Date.parse(answer.data.createdAt) - Date.parse(item.createdAt)).toBe(800);
	});

	it('reset restores the defaults', async () => {
		await config({ delaySeconds: 5 });
		await s.raw.post('/_sandbox/reset');
		expect((await s.raw.get('/_sandbox/config')).data.acknowledgments).toEqual(DEFAULTS);
	});
});

describe('the partner counts an invoice, a shipment and an inventory report once', () => {
	const WORDS: Record<string, string> = {
		'810': 'invoice',
		'856': 'shipment',
		'846': 'inventory report',
	};
	const cases = PATHS.flatMap((path) => ['856', '810', '846'].map((type) => [path, type]));
	it.each(cases)(
		'%s %s: the same number again is REJECTED as a duplicate; the first stays accepted',
		async (path, type) => {
			const [good] = await documentsOn(path as Path, type);
			if (type !== '846')
				await sendOn(s, path as Path, (await documentsOn(path as Path, '855'))[0]);
			const [first] = await sendOn(s, path as Path, good);
			const [again] = await sendOn(s, path as Path, good);
			const number = (await itemOf(s, first)).businessNumber;
			const reason = `duplicate ${WORDS[type]} ${number}, already accepted as transaction ${first}`;
			expect((await itemOf(s, first)).acknowledgmentStatus).toBe('ACCEPTED');
			expect((await itemOf(s, again)).acknowledgmentStatus).toBe('REJECTED');
			expect((await acknowledgmentOf(s, again)).data.errors).toEqual([
				{ code: '006', message: reason },
			]);
			const card = await scorecard();
			const at = path === 'structured' ? {} : { path };
			if (type === '846') {
				expect(card.inventory).toEqual([
					{ transactionId: first, state: 'accepted', reasons: [], lines: 1 },
					{ transactionId: again, state: 'rejected', reasons: [reason], lines: 1 },
				]);
			} else {
				const entry = card.purchaseOrders[0];
				expect(entry[type]).toMatchObject({ state: 'accepted', transactionId: first });
				expect(entry.duplicates).toEqual([
					{ type, transactionId: again, state: 'rejected', reasons: [reason], ...at },
				]);
			}
		},
	);

	it('across paths, and only once accepted: a rejected number may be sent again', async () => {
		const order = await jsonOrder(s);
		await sendOn(s, 'structured', structured.ack(order));
		await sendOn(s, 'structured', structured.shipNotice(order, 'SHP-1'));
		const [wrong] = await sendOn(s, 'structured', structured.invoice(order, 'INV-1', 1_000_000n));
		const [right] = await sendOn(s, 'structured', structured.invoice(order, 'INV-1'));
		expect((await itemOf(s, wrong)).acknowledgmentStatus).toBe('REJECTED');
		expect((await itemOf(s, right)).acknowledgmentStatus).toBe('ACCEPTED');
		// The same invoice number as service-JSON segments: still the same invoice.
		const [again] = await sendOn(s, 'serviceJson', {
			type: '810',
			segments: [
				['BIG', '20261122', 'INV-1', '', order.purchaseOrderNumber],
				['IT1', '1', '1', 'EA', '1.00', '', 'BP', 'X'],
				['TDS', '100'],
				['CTT', '1'],
			],
		});
		expect((await acknowledgmentOf(s, again)).data.errors).toEqual([
			{ code: '006', message: `duplicate invoice INV-1, already accepted as transaction ${right}` },
		]);
	});

	it('an 855 or an 865 may be sent again (a revised answer)', async () => {
		const standard = await jsonOrder(s);
		const first = await sendOn(s, 'structured', structured.ack(standard));
		const again = await sendOn(s, 'structured', structured.ack(standard));
		// In buyerChanges the partner sends its 860 once the 855 has arrived.
		const order = await jsonOrder(s, 'buyerChanges');
		await sendOn(s, 'structured', structured.ack(order));
		const list = (await s.api.get('/v3/transactions', { params: { direction: 'inbound' } })).data;
		const changeId = list.items.find((i: any) => i.transactionType.startsWith('860')).id;
		const change = (await s.api.get(`/v3/transactions/${changeId}/message`)).data;
		const answers = [
			...(await sendOn(s, 'serviceJson', x12.changeAck(change))),
			...(await sendOn(s, 'x12', x12.changeAck(change))),
		];
		for (const id of [...first, ...again, ...answers])
			expect((await itemOf(s, id)).acknowledgmentStatus).toBe('ACCEPTED');
	});
});

describe('across a restart (--data FILE)', () => {
	it('keeps the answers, the settings-made statuses and the numbers accepted', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'acks-'));
		const dataFile = join(dir, 'state.json');
		try {
			const first = await start({ dataFile, sendInitialOrder: false });
			let ids: number[];
			try {
				await first.raw.put('/_sandbox/config', { acknowledgments: { silentFor: ['856'] } });
				const order = await jsonOrder(first);
				ids = [
					...(await sendOn(first, 'structured', structured.ack(order))),
					...(await sendOn(first, 'structured', structured.shipNotice(order, 'SHP-1'))),
					...(await sendOn(first, 'structured', structured.invoice(order, 'INV-1'))),
				];
			} finally {
				await first.sandbox.stop();
			}
			const second = await start({ dataFile });
			try {
				const statuses = async () =>
					Promise.all(ids.map(async (id) => (await itemOf(second, id)).acknowledgmentStatus));
				expect(await statuses()).toEqual(['ACCEPTED', 'NOT_ACKNOWLEDGED', 'ACCEPTED']);
				const order = (await second.api.get(`/v3/transactions/1/message`)).data;
				const [again] = await sendOn(second, 'structured', structured.invoice(order, 'INV-1'));
				expect((await acknowledgmentOf(second, again)).data.errors).toEqual([
					{
						code: '006',
						message: `duplicate invoice INV-1, already accepted as transaction ${ids[2]}`,
					},
				]);
			} finally {
				await second.sandbox.stop();
			}
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
