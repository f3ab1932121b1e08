/**
 * Create → Build Inventory Advice From Rows, through n8n's engine against the sandbox: every input
 * item is a row of one feed, sent as one 846 per receiver on each integration path (split by Max
 * Lines per 846); bad rows refused naming the input item and the field with nothing sent (or
 * dropped with a warning item under Continue On Fail); an unchanged feed within the window skipped;
 * and the demo partner accepting what it sends on every path.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { ACTION_NODE, ACTION_VERSION, CREDENTIAL_REF, runWorkflow } from '../../harness';
import { readInterchange } from '../../nodes/EdiExchange/x12';
import { validateAll, withValidator } from '../x12Interop';
import { failure, useNodeSandbox } from './helpers';

const sb = useNodeSandbox({ partners: ['DEMORETAIL', 'OTHERRETAIL'] });

const feed = (extra: IDataObject = {}): IDataObject => ({
	resource: 'transaction',
	operation: 'create',
	documentType: '846_INVENTORY_ADVICE',
	messageSource: 'inventoryRows',
	stream: 'test',
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
	...extra,
});

/** Stock rows as a Postgres query returns them: numeric columns as text, a date as a timestamp. */
const ROWS: IDataObject[] = [
	{
		sku: 'ACME-100',
		buyer_item: 'BUY-1',
		upc: '012345678905',
		qty: '120',
		on_hand: '130',
		on_order: '40',
		eta: '2026-12-01T00:00:00.000Z',
		uom: 'EA',
		warehouse: 'WH001',
	},
	{ sku: 'ACME-200', upc: '012345678912', qty: '0', next: '2026-12-05', warehouse: 'WH001' },
	{ sku: 'ACME-300', qty: 7.5, warehouse: 'WH002' },
];
const COLUMNS = {
	vendorItemNumber: 'sku',
	buyerItemNumber: 'buyer_item',
	gtin: 'upc',
	quantityAvailable: 'qty',
	quantityOnHand: 'on_hand',
	quantityOnOrder: 'on_order',
	onOrderDate: 'eta',
	unitOfMeasure: 'uom',
	location: 'warehouse',
	nextAvailableDate: 'next',
};
const posts = async () => (await sb.requests()).filter((r) => r.method === 'POST');

describe('one feed, one 846, on each path', () => {
	test('structured: all rows become one 846_INVENTORY_ADVICE', async () => {
		const result = await sb.run(feed({ inventoryColumns: COLUMNS }), { input: ROWS });
		expect(result.error?.message).toBeUndefined();
		const sent = await posts();
		expect(sent).toHaveLength(1);
		expect(sent[0].path).toBe('/v4/transactions');
		const { type, message } = sent[0].body;
		expect(type).toBe('846_INVENTORY_ADVICE');
		expect(message).toMatchObject({ purpose: 'full', reportType: 'sellerInventory' });
		expect(message.reportNumber).toMatch(/^INV\d{14}$/);
		expect(message.reportDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
		expect(message.reportTime).toMatch(/^\d{2}:\d{2}:\d{2}$/);
		expect(message.lineItems).toEqual([
			{
				lineNumber: '1',
				productIds: {
					buyerItemNumber: 'BUY-1',
					vendorItemNumber: 'ACME-100',
					gtin12: '012345678905',
				},
				unitOfMeasure: 'each',
				inventoryQuantities: [
					{ locationId: 'WH001', type: 'available', quantity: '120' },
					{ locationId: 'WH001', type: 'onHand', quantity: '130' },
					{ locationId: 'WH001', type: 'incoming', quantity: '40', availableDate: '2026-12-01' },
				],
			},
			{
				lineNumber: '2',
				productIds: { vendorItemNumber: 'ACME-200', gtin12: '012345678912' },
				unitOfMeasure: 'each',
				inventoryQuantities: [
					{ locationId: 'WH001', type: 'available', quantity: '0', availableDate: '2026-12-05' },
				],
			},
			{
				lineNumber: '3',
				productIds: { vendorItemNumber: 'ACME-300' },
				unitOfMeasure: 'each',
				inventoryQuantities: [{ locationId: 'WH002', type: 'available', quantity: '7.5' }],
			},
		]);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({ status: 'ACCEPTED', part: 1, parts: 1, lines: 3 });
		expect(result.items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('a GTIN given as a number gets back its leading zero; a dot path reads a nested field', async () => {
		const result = await sb.run(
			feed({ inventoryColumns: { gtin: 'item.upc', quantityAvailable: 'stock.qty' } }),
			{ input: [{ item: { upc: 12345678905 }, stock: { qty: '3' } }] },
		);
		expect(result.error?.message).toBeUndefined();
		const [sent] = await posts();
		expect(sent.body.message.lineItems[0]).toMatchObject({
			productIds: { gtin12: '012345678905' },
			inventoryQuantities: [{ type: 'available', quantity: '3' }],
		});
	});

	withValidator.test('X12 passthrough: one interchange the validator passes', async () => {
		const result = await sb.run(
			feed({
				inventoryColumns: COLUMNS,
				integrationPath: 'x12',
				inventoryOptions: { reportNumber: 'FEED-7' },
			}),
			{ input: ROWS, executionId: '3' },
		);
		expect(result.error?.message).toBeUndefined();
		const sent = await posts();
		expect(sent).toHaveLength(1);
		expect(sent[0].path).toBe('/v2/integration-payloads');
		expect(sent[0].body.format).toBe('x12');
		const text = sent[0].body.content as string;
		expect(validateAll([text])[0].errors).toEqual([]);
		const set = readInterchange(text).interchange!.groups[0].sets[0];
		expect(readInterchange(text).interchange!.groups[0].functionalId).toBe('IB');
		const segments = set.segments.map((s) => s.join('*'));
		expect(segments[1]).toMatch(/^BIA\*00\*SI\*FEED-7\*\d{8}\*\d{6}$/);
		expect(segments.slice(2)).toEqual([
			'LIN*1*BP*BUY-1*VN*ACME-100*UP*012345678905',
			'QTY*33*120*EA',
			'QTY*17*130*EA',
			'QTY*63*40*EA',
			'DTM*018*20261201',
			'N1*WH**92*WH001',
			'LIN*2*VN*ACME-200*UP*012345678912',
			'QTY*33*0*EA',
			'DTM*018*20261205',
			'N1*WH**92*WH001',
			'LIN*3*VN*ACME-300',
			'QTY*33*7.5*EA',
			'N1*WH**92*WH002',
			'CTT*3*297.5',
			`SE*17*${set.controlNumber}`,
		]);
		expect(result.items[0].json).toMatchObject({ integrationPath: 'x12', part: 1, parts: 1 });
	});

	test('service JSON: the same segments without ST/SE, type 846', async () => {
		const result = await sb.run(
			feed({ inventoryColumns: COLUMNS, integrationPath: 'serviceJson' }),
			{ input: ROWS },
		);
		expect(result.error?.message).toBeUndefined();
		const [sent] = await posts();
		expect(sent.body).toMatchObject({ format: 'json', type: '846', receiverId: 'DEMORETAIL' });
		const segments = sent.body.content.segments as string[][];
		expect(segments[0][0]).toBe('BIA');
		expect(segments.map((s) => s[0])).not.toContain('ST');
		expect(segments.filter((s) => s[0] === 'LIN')).toHaveLength(3);
		expect(segments.at(-1)).toEqual(['CTT', '3', '297.5']);
	});

	test('Max Lines per 846 splits the feed, each output item stating its part', async () => {
		const rows = Array.from({ length: 5 }, (_, i) => ({
			vendorItemNumber: `V-${i}`,
			quantityAvailable: i,
		}));
		const result = await sb.run(
			feed({ inventoryOptions: { maxLinesPerDocument: 2, reportNumber: 'R1' } }),
			{ input: rows },
		);
		expect(result.error?.message).toBeUndefined();
		const sent = await posts();
		expect(sent.map((r) => r.body.message.reportNumber)).toEqual(['R1', 'R1-2', 'R1-3']);
		expect(sent.map((r) => r.body.message.lineItems.map((l: IDataObject) => l.lineNumber))).toEqual(
			[['1', '2'], ['3', '4'], ['5']],
		);
		expect(result.items.map((i) => [i.json.part, i.json.parts, i.json.lines])).toEqual([
			[1, 3, 2],
			[2, 3, 2],
			[3, 3, 1],
		]);
		expect(result.items[2].pairedItem).toEqual([{ item: 4 }]);
	});

	test('on the X12 paths a feed above 10,000 lines is split there (004010 LIN max use)', async () => {
		const rows = Array.from({ length: 10001 }, (_, i) => ({
			vendorItemNumber: `V-${i}`,
			quantityAvailable: i % 7,
		}));
		const result = await sb.run(feed({ integrationPath: 'serviceJson' }), { input: rows });
		expect(result.error?.message).toBeUndefined();
		expect(result.items.map((i) => [i.json.part, i.json.parts, i.json.lines])).toEqual([
			[1, 2, 10000],
			[2, 2, 1],
		]);
		expect(await posts()).toHaveLength(2);
	});

	test('rows for two receivers make one 846 each', async () => {
		const rows = [
			{ vendorItemNumber: 'A', quantityAvailable: 1, to: 'DEMORETAIL' },
			{ vendorItemNumber: 'B', quantityAvailable: 2, to: 'OTHERRETAIL' },
			{ vendorItemNumber: 'C', quantityAvailable: 3, to: 'DEMORETAIL' },
		];
		const result = await sb.run(feed({ receiverId: '={{ $json.to }}' }), {
			input: rows,
			continueOnFail: true,
		});
		const sent = await posts();
		expect(sent.map((r) => [r.body.receiverId, r.body.message.lineItems.length])).toEqual([
			['DEMORETAIL', 2],
			['OTHERRETAIL', 1],
		]);
		expect(result.items[0].pairedItem).toEqual([{ item: 0 }, { item: 2 }]);
	});
});

describe('bad rows: refused naming the input item and the field, nothing sent', () => {
	const good = { vendorItemNumber: 'OK-1', quantityAvailable: '5', location: 'WH001' };
	test.each([
		[
			'a negative quantity',
			{ vendorItemNumber: 'X', quantityAvailable: '-3' },
			{},
			'Input item 1: the field "quantityAvailable" (Quantity Available) is -3, a negative quantity: nothing was sent',
		],
		[
			'a quantity that is not a number',
			{ vendorItemNumber: 'X', quantityAvailable: '5', quantityOnHand: 'lots' },
			{},
			'Input item 1: the field "quantityOnHand" (Quantity On Hand) is "lots", not a number: nothing was sent',
		],
		[
			'a row without any product ID',
			{ quantityAvailable: 4 },
			{},
			'Input item 1 has no product ID: its fields "buyerItemNumber", "vendorItemNumber" and "gtin" are all empty: nothing was sent',
		],
		[
			'a GTIN that is not 12, 13 or 14 digits',
			{ gtin: '123456789', quantityAvailable: 4 },
			{},
			'Input item 1: the field "gtin" (UPC / GTIN) is "123456789": give a 12-digit UPC, 13-digit EAN or 14-digit GTIN: nothing was sent',
		],
		[
			'a date that is not a date',
			{ vendorItemNumber: 'X', quantityAvailable: 0, nextAvailableDate: '2026-02-30' },
			{},
			'Input item 1: the field "nextAvailableDate" (Next Available Date) is "2026-02-30", not a date as YYYY-MM-DD: nothing was sent',
		],
		[
			'a required location absent',
			{ vendorItemNumber: 'X', quantityAvailable: 4 },
			{ locationRequired: true },
			'Input item 1: the field "location" (Location) is empty, and Inventory Options → Location Required is on: nothing was sent',
		],
		[
			'the same item at the same location twice',
			{ ...good, quantityAvailable: 9 },
			{},
			'Input item 0 and input item 1 both give the same item (vendorItemNumber "OK-1") at location "WH001" (and 1 more problem): nothing was sent',
		],
	])('%s', async (_, bad, options, message) => {
		const result = await sb.run(feed({ inventoryOptions: options }), { input: [good, bad] });
		expect(failure(result).message).toBe(message);
		expect(await posts()).toEqual([]);
	});

	test('a feed refused by the service after another was sent names what was sent', async () => {
		const result = await sb.run(feed({ receiverId: '={{ $json.to }}' }), {
			input: [
				{ vendorItemNumber: 'A', quantityAvailable: 1, to: 'DEMORETAIL' },
				{ vendorItemNumber: 'B', quantityAvailable: 2, to: 'STRANGER' },
			],
		});
		const { message, description } = failure(result);
		expect(message).toContain('no relationship with receiver STRANGER');
		expect(description).toMatch(
			/Already sent before this failure: part 1 of 1 to DEMORETAIL \(transaction \d+\)\.$/,
		);
		expect((await posts()).map((r) => r.body.receiverId)).toEqual(['DEMORETAIL', 'STRANGER']);
	});

	test('the description lists every problem and the way out', async () => {
		const result = await sb.run(feed(), {
			input: [{ vendorItemNumber: 'A', quantityAvailable: 'x' }, { quantityAvailable: 1 }],
		});
		const { description } = failure(result);
		expect(description).toContain('Input item 1 has no product ID');
		expect(description).toContain('Bad Rows → Drop the Row');
		expect(await posts()).toEqual([]);
	});

	test('Continue On Fail, Refuse the Whole Feed: one error item, nothing sent', async () => {
		const result = await sb.run(feed(), {
			input: [good, { vendorItemNumber: 'B', quantityAvailable: '-1' }],
			continueOnFail: true,
		});
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.error).toContain('Input item 1');
		expect(result.items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }]);
		expect(await posts()).toEqual([]);
	});

	test('Drop the Row without Continue On Fail still refuses, saying why', async () => {
		const result = await sb.run(feed({ inventoryOptions: { badRows: 'drop' } }), {
			input: [good, { vendorItemNumber: 'B', quantityAvailable: '-1' }],
		});
		expect(failure(result).description).toContain('applies only with Continue On Fail');
		expect(await posts()).toEqual([]);
	});

	test('Continue On Fail, Drop the Row: the rest is sent, a warning item per bad row', async () => {
		const result = await sb.run(feed({ inventoryOptions: { badRows: 'drop' } }), {
			input: [
				good,
				{ vendorItemNumber: 'B', quantityAvailable: 'n/a' },
				{ vendorItemNumber: 'C', quantityAvailable: 2 },
			],
			continueOnFail: true,
		});
		const sent = await posts();
		expect(sent).toHaveLength(1);
		expect(
			sent[0].body.message.lineItems.map(
				(l: IDataObject) => (l.productIds as IDataObject).vendorItemNumber,
			),
		).toEqual(['OK-1', 'C']);
		expect(result.items.map((i) => i.json.warning ?? i.json.status)).toEqual([
			'ACCEPTED',
			'Input item 1 was left out of the inventory feed',
		]);
		expect(result.items[1].json.fields).toEqual(['quantityAvailable']);
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
	});
});

/** The feed as one node of a workflow, run as its trigger runs it: static data kept between runs. */
const node = (options: IDataObject = {}, extra: IDataObject = {}): INode => ({
	id: 'feed',
	name: 'Inventory Feed',
	type: ACTION_NODE,
	typeVersion: ACTION_VERSION,
	position: [0, 0],
	parameters: feed({ ...extra, inventoryOptions: options }) as INode['parameters'],
	credentials: CREDENTIAL_REF,
});
const run = (
	staticData: IDataObject,
	rows: IDataObject[],
	options: IDataObject = {},
	extra: IDataObject = {},
) =>
	runWorkflow(
		{ nodes: [node(options, extra)], connections: {}, staticData },
		{
			credentials: sb.credentials,
			startNode: 'Inventory Feed',
			input: rows.map((json) => ({ json })),
			mode: 'trigger',
		},
	);

describe('the same snapshot is not sent twice', () => {
	const rows = [
		{ vendorItemNumber: 'A', quantityAvailable: 1, location: 'WH001' },
		{ vendorItemNumber: 'B', quantityAvailable: 2, location: 'WH001' },
	];

	test('unchanged rows (in any order) within the window: nothing sent, the item says why', async () => {
		const staticData: IDataObject = {};
		expect((await run(staticData, rows)).error?.message).toBeUndefined();
		const second = await run(staticData, [...rows].reverse());
		expect(second.error?.message).toBeUndefined();
		expect(await posts()).toHaveLength(1);
		expect(second.items).toHaveLength(1);
		expect(second.items[0].json).toMatchObject({
			skipped: true,
			receiverId: 'DEMORETAIL',
			lines: 2,
		});
		expect(second.items[0].json.reason).toMatch(
			/^The same 2 rows were sent to DEMORETAIL at .+, within Skip Unchanged Feed Within \(Minutes\) 60: nothing was sent$/,
		);
	});

	test('a changed quantity is sent', async () => {
		const staticData: IDataObject = {};
		await run(staticData, rows);
		await run(staticData, [rows[0], { ...rows[1], quantityAvailable: 3 }]);
		expect(await posts()).toHaveLength(2);
	});

	test('0 minutes always sends', async () => {
		const staticData: IDataObject = {};
		await run(staticData, rows, { skipUnchangedMinutes: 0 });
		await run(staticData, rows, { skipUnchangedMinutes: 0 });
		expect(await posts()).toHaveLength(2);
	});

	test('after the window the same rows are sent again', async () => {
		const staticData: IDataObject = {};
		await run(staticData, rows);
		const memory = (staticData['node:Inventory Feed'] as IDataObject).inventoryFeeds as Record<
			string,
			IDataObject
		>;
		for (const sent of Object.values(memory)) sent.sentAt = (sent.sentAt as number) - 61 * 60000;
		await run(staticData, rows);
		expect(await posts()).toHaveLength(2);
	});
});

describe('the demo partner accepts the feed, and the same rows again send nothing', () => {
	test.each(['structured', 'x12', 'serviceJson'])(
		'the partner accepts the feed sent on %s; the same rows again send nothing',
		async (integrationPath) => {
			const sent = await sb.admin('POST', '/partner/send-850');
			const answer = await fetch(`${sb.baseUrl}/v3/transactions/${sent.transactionId}/message`, {
				headers: { 'service-api-key': sb.sandbox.apiKey },
			});
			const order = (await answer.json()) as {
				lineItems: Array<{ productIds: IDataObject }>;
				parties: { shipTo: { identificationCode: string } };
			};
			const rows = order.lineItems.map((line, i) => ({
				buyerItemNumber: line.productIds.buyerItemNumber,
				gtin: line.productIds.gtin12,
				quantityAvailable: String(10 + i),
				quantityOnHand: 12 + i,
				quantityOnOrder: '5',
				onOrderDate: '2026-12-01',
				location: i % 2 ? 'WH001' : order.parties.shipTo.identificationCode,
			}));
			const staticData: IDataObject = {};
			const send = () => run(staticData, rows, {}, { integrationPath });
			expect((await send()).error?.message).toBeUndefined();
			const second = await send();
			expect(second.items.map((item) => item.json.skipped)).toEqual([true]);
			const card = await sb.admin('GET', '/scorecard');
			expect(card.inventory).toEqual([
				{ transactionId: expect.anything(), state: 'accepted', reasons: [], lines: rows.length },
			]);
		},
	);
});
