/**
 * The demo partner receives 846s (inventory advice) on all three paths, over HTTP, and checks them
 * its own way: items it carries, whole non-negative quantities, known locations, and a report not
 * older than the last it accepted. The 846s are written here by hand (structured JSON and X12
 * segments, independent of the node), and every X12 one is judged by ../shared/x12-validate.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { INVENTORY_REASONS, type InventoryReasonId } from '../../sandbox/partner/reasons';
import { writeInterchange } from '../../sandbox/x12/write';
import { validateAll, withValidator } from '../x12Interop';
import { start, useSandbox, type Running } from './helpers';

const s = useSandbox({ sendInitialOrder: false });

type Path = 'structured' | 'x12' | 'serviceJson';
const PATHS: Path[] = ['structured', 'x12', 'serviceJson'];

/** One item of the partner's order: its ids as the 850 names them. */
interface Item {
	buyerItemNumber: string;
	gtin12: string;
}

/** What a test 846 says, path-neutral; each path writes it its own way below. */
interface Feed {
	date: string; // YYYY-MM-DD
	time?: string; // HH:MM
	warehouse?: string;
	lines: Array<{
		ids: Partial<Item> & { vendorItemNumber?: string };
		available: string;
		onOrder?: string;
		location?: string;
	}>;
}

/** The partner's first order and the feed that reports its items correctly. */
async function orderAndFeed(running: Running = s): Promise<{ items: Item[]; feed: Feed }> {
	const sent = (await running.raw.post('/_sandbox/partner/send-850')).data;
	const order = (await running.api.get(`/v3/transactions/${sent.transactionId}/message`)).data;
	const items: Item[] = order.lineItems.map((l: { productIds: Item }) => l.productIds);
	return {
		items,
		feed: {
			date: '2026-11-27',
			time: '10:00',
			warehouse: 'WH001',
			lines: [
				{ ids: { buyerItemNumber: items[0].buyerItemNumber }, available: '120', onOrder: '40' },
				// By GTIN alone, with a vendor number the partner never saw, at its ship-to location.
				{
					ids: { gtin12: items[1].gtin12, vendorItemNumber: 'ACME-2' },
					available: '0',
					location: order.parties.shipTo.identificationCode,
				},
			],
		},
	};
}

function structured(feed: Feed): Record<string, unknown> {
	return {
		purpose: 'full',
		reportType: 'sellerInventory',
		// A report number per report (date and time): the partner counts each number once.
		reportNumber: `INV-${feed.date}${feed.time ? `T${feed.time}` : ''}`,
		reportDate: feed.date,
		...(feed.time && { reportTime: feed.time }),
		...(feed.warehouse && {
			parties: {
				inventoryLocation: {
					identificationCode: feed.warehouse,
					identificationCodeType: 'warehouse',
				},
			},
		}),
		lineItems: feed.lines.map((line, i) => ({
			lineNumber: String(i + 1),
			productIds: line.ids,
			unitOfMeasure: 'each',
			inventoryQuantities: [
				{
					type: 'available',
					quantity: line.available,
					...(line.location && { locationId: line.location }),
				},
				...(line.onOrder
					? [{ type: 'incoming', quantity: line.onOrder, availableDate: '2026-12-05' }]
					: []),
			],
		})),
	};
}

const QUALIFIERS: Record<string, string> = {
	buyerItemNumber: 'BP',
	gtin12: 'UP',
	vendorItemNumber: 'VN',
};

/** The 846 body (BIA … CTT) in 004010: CTT02 is the sum of QTY02 (the validator checks it). */
function segments(feed: Feed): string[][] {
	const ymd = feed.date.replace(/-/g, '');
	const body: string[][] = [
		[
			'BIA',
			'00',
			'SI',
			`INV-${ymd}${feed.time ? `-${feed.time.replace(':', '')}` : ''}`,
			ymd,
			...(feed.time ? [feed.time.replace(':', '')] : []),
		],
		['DTM', '007', ymd],
		...(feed.warehouse ? [['N1', 'WH', 'Supplier warehouse', '92', feed.warehouse]] : []),
	];
	let hash = 0;
	feed.lines.forEach((line, i) => {
		const pairs = Object.entries(line.ids).flatMap(([key, id]) => [QUALIFIERS[key], id!]);
		body.push(['LIN', String(i + 1), ...pairs], ['PID', 'F', '', '', '', `Item ${i + 1}`]);
		body.push(['QTY', '33', line.available, 'EA']);
		hash += Number(line.available);
		if (line.onOrder) {
			body.push(
				['QTY', '63', line.onOrder, 'EA'],
				['SCH', line.onOrder, 'EA', '', '', '018', '20261205'],
			);
			hash += Number(line.onOrder);
		}
		if (line.location) body.push(['N1', 'ST', 'Store', '92', line.location]);
	});
	body.push(['CTT', String(feed.lines.length), String(hash)]);
	return body;
}

let control = 8460;
const interchange = (feed: Feed) =>
	writeInterchange({
		senderId: 'YOURCOMPANY',
		receiverId: 'DEMORETAIL',
		usage: 'T',
		controlNumber: control++,
		date: new Date('2026-11-27T12:00:00Z'),
		sets: [{ type: '846', segments: segments(feed) }],
		version: '004010',
	});

/** Every X12 846 this file sends, for the validator. */
const sentX12: string[] = [];

/** Sends the feed on a path; returns the transaction id the service answered with. */
async function send(path: Path, feed: Feed, running: Running = s): Promise<number> {
	if (path === 'structured') {
		const { data } = await running.api.post('/v4/transactions', {
			type: '846_INVENTORY_ADVICE',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			message: structured(feed),
		});
		expect(data.status).toBe('ACCEPTED');
		return data.id;
	}
	const body =
		path === 'x12'
			? { format: 'x12', content: interchange(feed) }
			: {
					format: 'json',
					type: '846',
					senderId: 'YOURCOMPANY',
					receiverId: 'DEMORETAIL',
					content: { segments: segments(feed) },
				};
	if (path === 'x12') sentX12.push(body.content as string);
	const { data } = await running.api.post('/v2/integration-payloads', body);
	expect(data.status).toBe('ACCEPTED');
	return data.transactionIds[0];
}

async function inventory(running: Running = s) {
	return (await running.raw.get('/_sandbox/scorecard')).data.inventory as Array<{
		transactionId: number;
		state: string;
		reasons: string[];
		lines: number;
	}>;
}
const rowOf = async (transactionId: number) =>
	(await inventory()).find((r) => r.transactionId === transactionId);

beforeEach(async () => {
	await s.raw.post('/_sandbox/reset');
});

describe('the 846 on each path', () => {
	it.each(PATHS)('%s: accepted, a scorecard row with exactly the contract fields', async (path) => {
		const { feed } = await orderAndFeed();
		const id = await send(path, feed);
		const rows = await inventory();
		expect(rows).toEqual([{ transactionId: id, state: 'accepted', reasons: [], lines: 2 }]);
		expect(Object.keys(rows[0])).toEqual(['transactionId', 'state', 'reasons', 'lines']);
	});

	it('lists the 846 with its report number on every path', async () => {
		const { feed } = await orderAndFeed();
		for (const path of PATHS) await send(path, feed);
		const { items } = (await s.api.get('/v3/transactions', { params: { direction: 'outbound' } }))
			.data;
		expect(items.map((t: { transactionType: string }) => t.transactionType)).toEqual([
			'846',
			'846',
			'846',
		]);
		expect(new Set(items.map((t: { businessNumber: string }) => t.businessNumber))).toEqual(
			new Set(['INV-2026-11-27T10:00', 'INV-20261127-1000']),
		);
	});
});

/** A rejection: how it breaks the good feed, and the reason the partner gives on each path. */
interface Rejection {
	id: InventoryReasonId;
	paths: Path[];
	breaks: (feed: Feed, items: Item[]) => void;
	reason: (path: Path) => string;
}

const qtyWhat = (path: Path) =>
	path === 'structured' ? 'inventoryQuantities[0].quantity (available)' : 'QTY02 (QTY01 33)';
const REJECTIONS: Rejection[] = [
	{
		id: 'unknownItem',
		paths: PATHS,
		breaks: (feed) => {
			feed.lines[0].ids = { buyerItemNumber: 'NOT-CARRIED', vendorItemNumber: 'ACME-9' };
		},
		reason: () =>
			`line 1: product ids {"buyerItemNumber":"NOT-CARRIED","vendorItemNumber":"ACME-9"} are not an item the partner carries (no id is on one of its purchase orders)`,
	},
	{
		id: 'fractionalQuantity',
		paths: PATHS,
		breaks: (feed) => {
			feed.lines[0].available = '2.5';
		},
		reason: (path) => `line 1: ${qtyWhat(path)} 2.5 is not a whole number`,
	},
	{
		id: 'negativeQuantity',
		paths: PATHS,
		breaks: (feed) => {
			feed.lines[0].available = '-3';
		},
		reason: (path) => `line 1: ${qtyWhat(path)} -3 is negative`,
	},
	{
		id: 'unknownLocation',
		paths: PATHS,
		breaks: (feed) => {
			feed.lines[1].location = 'STORE-99';
		},
		reason: (path) =>
			`line 2: ${path === 'structured' ? 'inventoryQuantities[0].locationId' : 'N1*ST'}: location STORE-99 is not one the partner knows (WH001, 5438)`,
	},
	{
		id: 'unknownLocation',
		paths: PATHS,
		breaks: (feed) => {
			feed.warehouse = 'WH999';
		},
		reason: (path) =>
			`${path === 'structured' ? 'parties.inventoryLocation' : 'N1*WH'}: location WH999 is not one the partner knows (WH001, 5438)`,
	},
	{
		id: 'quantityNotNumber',
		paths: ['structured'],
		breaks: (feed) => {
			feed.lines[0].available = 'lots';
		},
		reason: (path) => `line 1: ${qtyWhat(path)} lots is not a number`,
	},
	{
		id: 'reportDate',
		paths: ['structured'],
		breaks: (feed) => {
			feed.date = '2026-02-30';
		},
		reason: () => 'reportDate 2026-02-30 is not a date',
	},
	{
		id: 'reportTime',
		paths: ['structured'],
		breaks: (feed) => {
			feed.time = '25:00';
		},
		reason: () => 'reportTime 25:00 is not a time',
	},
	{
		id: 'noReportDate',
		paths: ['structured'],
		breaks: (feed) => {
			feed.date = '';
		},
		reason: () =>
			'no report date (reportDate): the partner orders inventory feeds by their report date',
	},
	{
		id: 'noProductIds',
		paths: ['serviceJson'],
		breaks: (feed) => {
			feed.lines[0].ids = {};
		},
		reason: () => 'line 1: no product ids',
	},
	{
		id: 'noLines',
		paths: ['serviceJson'],
		breaks: (feed) => {
			feed.lines = [];
		},
		reason: () => 'no item lines: an 846 lists each item it reports (LIN)',
	},
];

describe('the partner refuses, naming the line and the field', () => {
	const cases = REJECTIONS.flatMap((r) =>
		r.paths.map((path) => [r.id, path, r] as [InventoryReasonId, Path, Rejection]),
	);
	it.each(cases)('%s on the %s path', async (_id, path, rejection) => {
		const { feed, items } = await orderAndFeed();
		rejection.breaks(feed, items);
		const id = await send(path, feed);
		expect(await rowOf(id)).toEqual({
			transactionId: id,
			state: 'rejected',
			reasons: [rejection.reason(path)],
			lines: feed.lines.length,
		});
	});

	it('every reason of INVENTORY_REASONS has a case here (olderFeed below)', () => {
		const covered = new Set([...REJECTIONS.map((r) => r.id), 'olderFeed']);
		expect(Object.keys(INVENTORY_REASONS).filter((id) => !covered.has(id))).toEqual([]);
	});
});

describe('a feed older than the last one accepted', () => {
	it.each(PATHS)('%s: an earlier time on the same day is refused, naming both', async (path) => {
		const { feed } = await orderAndFeed();
		const first = await send(path, feed);
		const older = await send(path, { ...feed, time: '09:30' });
		expect((await rowOf(older))?.reasons).toEqual([
			`the report of 2026-11-27 09:30:00 is older than the last 846 the partner accepted (2026-11-27 10:00:00, transaction ${first})`,
		]);
	});

	it('counts across paths and ignores refused feeds; the same date without a time is not older', async () => {
		const { feed } = await orderAndFeed();
		const x12 = await send('x12', feed);
		await send('serviceJson', { ...feed, date: '2026-12-01', lines: [] }); // refused: no lines
		const earlierDay = await send('structured', { ...feed, date: '2026-11-26', time: '23:59' });
		expect((await rowOf(earlierDay))?.reasons).toEqual([
			`the report of 2026-11-26 23:59:00 is older than the last 846 the partner accepted (2026-11-27 10:00:00, transaction ${x12})`,
		]);
		const sameDay = await send('structured', { ...feed, time: undefined });
		expect((await rowOf(sameDay))?.state).toBe('accepted');
		const later = await send('serviceJson', { ...feed, time: '10:05' });
		expect((await rowOf(later))?.state).toBe('accepted');
		expect((await inventory()).map((r) => r.state)).toEqual([
			'accepted',
			'rejected',
			'rejected',
			'accepted',
			'accepted',
		]);
	});
});

describe('what the partner does not score as a feed', () => {
	it('a structured 846 the service refuses (FAILED) never reaches the partner', async () => {
		const { feed } = await orderAndFeed();
		const message = structured(feed);
		(message.lineItems as Array<Record<string, unknown>>)[0].productIds = {};
		const { data } = await s.api.post('/v4/transactions', {
			type: '846_INVENTORY_ADVICE',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			message,
		});
		expect(data.status).toBe('FAILED');
		expect(await inventory()).toEqual([]);
	});

	it('an X12 846 in a repeated interchange (same ISA13) is refused unread', async () => {
		const { feed } = await orderAndFeed();
		const content = interchange(feed);
		sentX12.push(content);
		const post = async () =>
			(await s.api.post('/v2/integration-payloads', { format: 'x12', content })).data
				.transactionIds[0] as number;
		const first = await post();
		const again = await post();
		expect((await rowOf(first))?.state).toBe('accepted');
		expect((await rowOf(again))?.reasons).toEqual([
			expect.stringContaining('a repeated interchange control number: ISA13'),
		]);
	});
});

describe('across a restart (--data FILE)', () => {
	it('keeps the inventory rows and the last accepted report', async () => {
		const dataFile = join(mkdtempSync(join(tmpdir(), 'edi-sandbox-846-')), 'state.json');
		const options = { sendInitialOrder: false, dataFile };
		const first = await start(options);
		let feed: Feed;
		let accepted: number;
		try {
			feed = (await orderAndFeed(first)).feed;
			accepted = await send('structured', feed, first);
		} finally {
			await first.sandbox.stop();
		}
		const second = await start(options);
		try {
			const older = await send('structured', { ...feed, time: '08:00' }, second);
			const rows = await inventory(second);
			expect(rows.map((r) => [r.transactionId, r.state])).toEqual([
				[accepted, 'accepted'],
				[older, 'rejected'],
			]);
		} finally {
			await second.sandbox.stop();
		}
	});
});

/** The good feed with items of the partner's catalog, for fixtures built without a sandbox. */
const FIXED: Feed = {
	date: '2026-11-27',
	time: '10:00',
	warehouse: 'WH001',
	lines: [
		{ ids: { buyerItemNumber: '10000001' }, available: '120', onOrder: '40' },
		{
			ids: { gtin12: '028374658327', vendorItemNumber: 'ACME-2' },
			available: '0',
			location: '5438',
		},
	],
};

withValidator.test('every X12 846 of this file is valid 004010 (../shared/x12-validate)', () => {
	const copy = (): Feed => ({
		...FIXED,
		lines: FIXED.lines.map((l) => ({ ...l, ids: { ...l.ids } })),
	});
	const fixtures = [copy(), { ...copy(), time: '09:30' }, { ...copy(), time: undefined }];
	for (const rejection of REJECTIONS.filter((r) => r.paths.includes('x12'))) {
		const feed = copy();
		rejection.breaks(feed, []);
		fixtures.push(feed);
	}
	// Those built here, and those the tests above sent (with the sandbox's own order's items).
	const texts = [...fixtures.map(interchange), ...sentX12];
	const verdicts = validateAll(texts);
	const problems = verdicts.flatMap((v, i) =>
		[...v.errors, ...v.warnings].map((p) => `846 #${i + 1}: ${p.rule} ${p.segment}: ${p.message}`),
	);
	expect(problems).toEqual([]);
	console.log(`x12-validate: ${verdicts.length} hand-written X12 846s valid, no warnings`);
});
