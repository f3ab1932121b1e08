/**
 * X12 in the nodes, through n8n's engine against the sandbox: Get Message gives an X12 850 as its
 * purchase order document (so does the trigger's Include Message), Build From Purchase Order
 * builds from X12 (typed or as Get Message's item) and sends to the sandbox, and X12 → Convert
 * reads documents locally, sending nothing.
 */
import { runNode } from '../../harness';
import { buildAcknowledgment } from '../../nodes/EdiExchange/documents';
import { readInterchange } from '../../nodes/EdiExchange/x12';
import { purchaseOrderFromX12 } from '../../nodes/EdiExchange/x12Documents';
import { writeInterchange } from '../../sandbox/x12/write';
import { retail850, retail850Segments } from '../unit/x12/fixtures';
import { failure, useNodeSandbox } from './helpers';
import { includeMessagePoller, useInboundX12 } from './inboundX12';

const sb = useNodeSandbox();

const inbound = useInboundX12();
const serveInbound = inbound.serve;

/** Get Message of the X12 interchange, as a user's workflow reads an inbound X12 850. */
async function getMessageOf(x12: string | Buffer, options = {}) {
	const result = await runNode({
		parameters: { resource: 'transaction', operation: 'getMessage', transactionId: '7', options },
		credentials: await serveInbound(x12),
	});
	expect(result.status).toBe('success');
	expect(inbound.server().requests.map((r) => r.path)).toEqual(['/v3/transactions/7/message']);
	return result.items[0].json as any;
}

/** An interchange of one 855, a set this package does not read into a document. */
const an855 = (controlNumber: number) =>
	writeInterchange({
		senderId: 'YOURCOMPANY',
		receiverId: 'DEMORETAIL',
		usage: 'T',
		controlNumber,
		date: new Date('2026-11-22T10:30:00Z'),
		sets: [{ type: '855', segments: [['BAK', '00', 'AC', 'PO-1', '20261122']] }],
	});

const build855 = (purchaseOrder: string) => ({
	resource: 'transaction',
	operation: 'create',
	documentType: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
	stream: 'test',
	messageSource: 'build',
	purchaseOrder,
});

describe('Get Message on X12', () => {
	test('an 850 comes as its purchase order document too, beside the raw X12', async () => {
		const json = await getMessageOf(retail850('PO-X1'));
		expect(json.format).toBe('x12');
		expect(json.message).toMatch(/^ISA\*/);
		expect(json.document).toMatchObject({
			purchaseOrderNumber: 'PO-X1',
			purchaseOrderDate: '2026-11-22',
			buyersCurrency: { currencyCode: 'USD' },
			parties: { shipTo: { name: 'DEMO STORE 42', city: 'NEW YORK' } },
		});
		expect(json.document.lineItems).toHaveLength(2);
		// PO1's ZZ pair is mapped too: kept under its qualifier (#41).
		expect(json.document.x12Unmapped.map((u: any) => u.segment[0])).toEqual(['REF', 'TD5', 'MSG']);
		expect(json.x12).toMatchObject({
			transactionType: '850',
			senderId: 'DEMORETAIL',
			receiverId: 'YOURCOMPANY',
			interchangeControlNumber: '000000042',
		});
	});

	test('One Item per Line splits the X12 850 into its lines, as it does a JSON one', async () => {
		const result = await runNode({
			parameters: {
				resource: 'transaction',
				operation: 'getMessage',
				transactionId: '7',
				output: 'lines',
			},
			credentials: await serveInbound(retail850('PO-L1')),
		});
		expect(result.error?.message).toBeUndefined();
		expect(
			result.items.map((i) => [
				i.json.purchaseOrderNumber,
				i.json.purchaseOrderLineId,
				i.json.quantity,
				i.json.gtin12,
			]),
		).toEqual([
			['PO-L1', '1', '5', '028374658310'],
			['PO-L1', '2', '20', null],
		]);
	});

	test('One Item per Line gives the same rows for a PO sent as X12 and the same PO sent as JSON', async () => {
		// The structured 850 a partner sends on the JSON path for the fixture's X12 850.
		const structured = {
			purchaseOrderNumber: 'PO-SAME',
			purchaseOrderDate: '2026-11-22',
			releaseNumber: 'R2',
			buyersCurrency: { currencyCode: 'USD' },
			parties: {
				shipTo: {
					name: 'DEMO STORE 42',
					identificationCode: '0012345000017',
					addressLine1: '4055 MAIN ST',
					addressLine2: 'SUITE 9',
					city: 'NEW YORK',
					stateOrProvinceCode: 'NY',
					postalCode: '10001',
					countryCode: 'US',
				},
			},
			lineItems: [
				{
					purchaseOrderLineId: '1',
					quantity: { value: '5', unitOfMeasure: 'each' },
					unitCostPrice: '101.00',
					productIds: {
						buyerItemNumber: '10000002',
						gtin12: '028374658310',
						vendorItemNumber: 'V-1',
					},
					productAttributes: { description: 'GREEN TOOTHPASTE' },
				},
				{
					purchaseOrderLineId: '2',
					quantity: { value: '20', unitOfMeasure: 'case' },
					unitCostPrice: '88.5',
					// The X12 line's ZZ pair, kept under its qualifier, as JSON gives it.
					productIds: { gtin13: '4006381333931', gtin14: '10028374658327', ZZ: 'MYSTERY' },
					productAttributes: { description: 'ORANGE TOOTHPASTE' },
				},
			],
		};
		const rows = (items: Array<{ json: Record<string, unknown> }>) =>
			items.map(({ json: { transactionId: _t, ...row } }) => row);
		const sent = await sb.admin('POST', '/partner/send-850', { message: structured });
		const fromJson = await sb.run({
			resource: 'transaction',
			operation: 'getMessage',
			transactionId: String(sent.transactionId),
			output: 'lines',
		});
		const fromX12 = await runNode({
			parameters: {
				resource: 'transaction',
				operation: 'getMessage',
				transactionId: '7',
				output: 'lines',
			},
			credentials: await serveInbound(retail850('PO-SAME')),
		});
		expect(fromX12.error?.message).toBeUndefined();
		expect(rows(fromJson.items)).toHaveLength(2);
		expect(rows(fromX12.items)).toEqual(rows(fromJson.items));
	});

	test('a partner writing Latin-1: a warning naming the byte offset, and the Text Encoding that reads it', async () => {
		const text = retail850('PO-L1').replace('GREEN TOOTHPASTE', 'CAFÉ MÜLLER');
		const bytes = Buffer.from(text, 'latin1');
		const asUtf8 = await getMessageOf(bytes);
		expect(asUtf8.document.lineItems[0].productAttributes.description).toBe(
			'CAF\uFFFD M\uFFFDLLER',
		);
		expect(asUtf8.x12.warnings).toContain(
			`ISA (segment 1): the text is not valid UTF-8: 2 characters were replaced by U+FFFD where it was decoded, the first at byte ${bytes.indexOf(0xc9)}; those characters are lost. A partner writing Latin-1 (ISO 8859-1) or Windows-1252: decode its files as that before reading`,
		);
		const asLatin1 = await getMessageOf(bytes, { encoding: 'latin1' });
		expect(asLatin1.message).toBe(text);
		expect(asLatin1.document.lineItems[0].productAttributes.description).toBe('CAFÉ MÜLLER');
		expect(asLatin1.x12.warnings.join('\n')).not.toContain('UTF-8');
	});

	test('an X12 set this package does not read into a document says so, and the X12 is kept', async () => {
		const json = await getMessageOf(an855(7));
		expect(json.message).toContain('BAK*00*AC*PO-1');
		expect(json.document).toBeUndefined();
		expect(json.x12.errors[0]).toContain('Transaction set 855 is not read into a document here');
	});
});

test('the trigger with Include Message emits an X12 850 with its purchase order document', async () => {
	const poller = includeMessagePoller(await serveInbound(retail850('PO-T1')));
	expect(await poller.poll()).toEqual({ items: null });
	const { items } = await poller.poll();
	expect(items).toHaveLength(1);
	const json = items![0].json as any;
	expect(json).toMatchObject({
		id: 7,
		messageFormat: 'x12',
		x12: { senderId: 'DEMORETAIL', transactionSetControlNumber: '0001' },
	});
	expect(json.message).toMatch(/^ISA\*/);
	expect(json.document.purchaseOrderNumber).toBe('PO-T1');
});

describe('Latin-1 where X12 enters (#32): a warning naming the byte offset, and Text Encoding', () => {
	const text = retail850('PO-L2').replace('GREEN TOOTHPASTE', 'CAFÉ MÜLLER');
	const bytes = Buffer.from(text, 'latin1');
	const warning = `ISA (segment 1): the text is not valid UTF-8: 2 characters were replaced by U+FFFD where it was decoded, the first at byte ${bytes.indexOf(0xc9)}; those characters are lost. A partner writing Latin-1 (ISO 8859-1) or Windows-1252: decode its files as that before reading`;
	const description = (json: any) => json.document.lineItems[0].productAttributes.description;

	test.each([
		[{}, 'CAF\uFFFD M\uFFFDLLER', true],
		[{ encoding: 'latin1' }, 'CAFÉ MÜLLER', false],
	])('the trigger with Include Message, Options %j', async (options, read, warned) => {
		const poller = includeMessagePoller(await serveInbound(bytes), options);
		await poller.poll();
		const { items } = await poller.poll();
		const json = items![0].json as any;
		expect(description(json)).toBe(read);
		expect(json.x12.warnings ?? []).toEqual(
			warned ? expect.arrayContaining([warning]) : expect.not.arrayContaining([warning]),
		);
	});

	test.each([
		[{}, 'CAF\uFFFD M\uFFFDLLER', true],
		[{ encoding: 'latin1' }, 'CAFÉ MÜLLER', false],
	])('X12 → Convert from a binary field, Options %j', async (options, read, warned) => {
		const result = await sb.run(
			{
				resource: 'x12',
				operation: 'convert',
				conversion: 'toDocuments',
				options: { binaryPropertyName: 'edi', ...options },
			},
			{
				input: [
					{
						json: {},
						binary: {
							edi: {
								data: bytes.toString('base64'),
								mimeType: 'application/edi-x12',
								fileName: 'po.edi',
							},
						},
					},
				],
			},
		);
		expect(result.error?.message).toBeUndefined();
		const json = result.items[0].json as any;
		expect(description(json)).toBe(read);
		expect(json.x12.warnings ?? []).toEqual(
			warned ? expect.arrayContaining([warning]) : expect.not.arrayContaining([warning]),
		);
		expect(await sb.requests()).toEqual([]);
	});
});

describe('Build From Purchase Order on X12', () => {
	test('builds the 855 from Get Message’s item holding an X12 850, and answers its sender', async () => {
		const item = await getMessageOf(retail850('PO-X2'));
		await sb.clearRequests();
		const result = await sb.run(build855('={{ $json }}'), { input: [item] });
		expect(result.status).toBe('success');
		const [sent] = (await sb.requests()).filter((r) => r.method === 'POST');
		expect(sent.path).toBe('/v4/transactions');
		expect(sent.body).toMatchObject({
			type: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			message: { purchaseOrderNumber: 'PO-X2' },
		});
		expect(sent.body.message.lineItems.map((l: any) => l.purchaseOrderLineId)).toEqual(['1', '2']);
	});

	test('builds the 855 from X12 text given as Purchase Order (850)', async () => {
		const result = await sb.run(build855(retail850('PO-X3')));
		expect(result.status).toBe('success');
		const [sent] = (await sb.requests()).filter((r) => r.method === 'POST');
		expect(sent.body).toMatchObject({
			receiverId: 'DEMORETAIL',
			message: { purchaseOrderNumber: 'PO-X3' },
		});
	});

	test('an X12 850 that cannot be read is refused before anything is sent, naming the element', async () => {
		const broken = retail850('PO-X4').replace(
			'BEG*00*SA*PO-X4*R2*20261122',
			'BEG*00*SA*PO-X4*R2*20261131',
		);
		const result = await sb.run(build855(broken));
		const { message, description } = failure(result);
		expect(message).toContain('BEG05 (segment 2) (purchase order date) is "20261131"');
		expect(description).toContain('X12 → Convert');
		expect((await sb.requests()).filter((r) => r.method === 'POST')).toEqual([]);
	});

	test('an X12 850 whose SE count is wrong is refused, naming the error; nothing sent', async () => {
		const result = await sb.run(build855(retail850('PO-X5').replace('SE*33*0001', 'SE*30*0001')));
		expect(failure(result).message).toContain(
			'SE01 (number of segments ST..SE inclusive) expected 33, found "30"',
		);
		expect((await sb.requests()).filter((r) => r.method === 'POST')).toEqual([]);
	});

	test('an interchange of two 850s is refused: Convert splits them', async () => {
		const two = writeInterchange({
			senderId: 'DEMORETAIL',
			receiverId: 'YOURCOMPANY',
			usage: 'T',
			controlNumber: 8,
			date: new Date('2026-11-22T10:30:00Z'),
			sets: [
				{ type: '850', segments: retail850Segments() },
				{ type: '850', segments: retail850Segments() },
			],
		});
		const { message } = failure(await sb.run(build855(two)));
		expect(message).toContain('holds 2 purchase orders');
		expect((await sb.requests()).filter((r) => r.method === 'POST')).toEqual([]);
	});
});

describe('Build From Purchase Order on X12: what the order leaves to the supplier (#32)', () => {
	/** PO-G1 with line 1 unpriced (PO104 empty), as replenishment orders leave the price to the supplier. */
	const unpriced = retail850('PO-G1').replace('PO1*1*5*EA*101.00**', 'PO1*1*5*EA***');
	const build = (documentType: string, purchaseOrder: string, documentOptions = {}) => ({
		...build855(purchaseOrder),
		documentType,
		documentOptions,
	});

	test('an unpriced line: the 810 is refused naming the line and Prices for Unpriced Lines; with a price there, the 855 states it and the 810 bills it', async () => {
		const refused = failure(await sb.run(build('810_INVOICE', unpriced)));
		expect(refused.message).toBe(
			'Line 1 has no unit price: the purchase order leaves it unpriced ("lineItems[0].unitCostPrice") and the option "pricesForUnpricedLines" (Prices for Unpriced Lines) has none for it. Add its price there, keyed by one of its product ids (10000002, 028374658310, V-1), or send the 855 with its price',
		);
		expect((await sb.requests()).filter((r) => r.method === 'POST')).toEqual([]);

		const prices = { pricesForUnpricedLines: '{ "028374658310": "4.25" }' };
		expect(
			(await sb.run(build('855_PURCHASE_ORDER_ACKNOWLEDGMENT', unpriced, prices))).status,
		).toBe('success');
		expect((await sb.run(build('810_INVOICE', unpriced, prices))).status).toBe('success');
		const [ack, invoice] = (await sb.requests()).filter((r) => r.method === 'POST');
		expect(ack.body.message.status).toBe('accepted');
		expect(ack.body.message.lineItems[0].actions[0].unitCostPrice).toBe('4.25');
		expect(invoice.body.message.lineItems[0].unitPrice).toBe('4.25');
		// Line 2 is priced by the order: its price stays, whatever the list says.
		expect(invoice.body.message.lineItems[1].unitPrice).toBe('88.50');
	});

	test('an empty PO103 stays missing with a warning; the reply is refused naming the line until Unit When the Order Has None is set', async () => {
		const noUnit = retail850('PO-G2').replace('PO1*2*20*CA*88.5**', 'PO1*2*20**88.5**');
		const converted = await sb.run({
			resource: 'x12',
			operation: 'convert',
			conversion: 'toDocuments',
			x12Content: noUnit,
		});
		const json = converted.items[0].json as any;
		expect(json.document.lineItems[1].quantity).toEqual({ value: '20' });
		expect(json.x12.warnings).toContain(
			'PO103 (segment 27) (unit of measure) is empty: line 2 has no unit of measure (the replies need Unit When the Order Has None)',
		);
		const refused = failure(await sb.run(build('855_PURCHASE_ORDER_ACKNOWLEDGMENT', noUnit)));
		expect(refused.message).toContain('Line 2 has no unit of measure');
		expect(refused.message).toContain('"unitWhenMissing" (Unit When the Order Has None)');
		expect((await sb.requests()).filter((r) => r.method === 'POST')).toEqual([]);
		const result = await sb.run(
			build('855_PURCHASE_ORDER_ACKNOWLEDGMENT', noUnit, { unitWhenMissing: 'case' }),
		);
		expect(result.status).toBe('success');
		const [sent] = (await sb.requests()).filter((r) => r.method === 'POST');
		expect(sent.body.message.lineItems[1].actions[0].quantity).toEqual({
			value: '20',
			unitOfMeasure: 'case',
		});
	});
});

describe('X12 → Convert', () => {
	test('gives one item per transaction set with its document and envelope, and sends nothing', async () => {
		const two = writeInterchange({
			senderId: 'DEMORETAIL',
			receiverId: 'YOURCOMPANY',
			usage: 'T',
			controlNumber: 9,
			date: new Date('2026-11-22T10:30:00Z'),
			sets: [
				{ type: '850', segments: retail850Segments() },
				{ type: '855', segments: [['BAK', '00', 'AC', 'PO-1', '20261122']] },
			],
		});
		await sb.clearRequests();
		const result = await sb.run({
			resource: 'x12',
			operation: 'convert',
			conversion: 'toDocuments',
			x12Content: two,
		});
		expect(result.status).toBe('success');
		expect(result.items.map((i) => (i.json.x12 as any).transactionType)).toEqual(['850', '855']);
		expect((result.items[0].json.document as any).purchaseOrderNumber).toBe('PO-4711');
		expect(result.items[0].json.x12).toMatchObject({
			senderId: 'DEMORETAIL',
			interchangeControlNumber: '000000009',
		});
		expect(result.items[1].json.document).toBeUndefined();
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		expect(await sb.requests()).toEqual([]);
	});

	const convert = (x12Content: string) =>
		sb.run({ resource: 'x12', operation: 'convert', conversion: 'toDocuments', x12Content });

	test('every interchange warning is on the item: a BOM, no-break-space padding, indented segments', async () => {
		const padded = retail850('PO-W1')
			.replace('*ZZ*DEMORETAIL     *', '*ZZ*DEMORETAIL\u00a0\u00a0\u00a0\u00a0\u00a0*')
			.replace(/\n(?!ISA)/g, '\n  ');
		const result = await convert(`\uFEFF${padded}`);
		expect(result.error?.message).toBeUndefined();
		const x12 = result.items[0].json.x12 as { warnings: string[]; errors?: string[] };
		expect(x12.errors).toBeUndefined();
		expect(x12.warnings).toEqual(
			expect.arrayContaining([
				expect.stringContaining('byte order mark'),
				expect.stringContaining('ISA06 is padded with no-break spaces'),
				expect.stringMatching(/segments are indented/),
			]),
		);
		expect((result.items[0].json.document as any).purchaseOrderNumber).toBe('PO-W1');
	});

	test('a set that is not read keeps its X12 text', async () => {
		const result = await convert(an855(11));
		expect(result.items[0].json.x12).toMatchObject({
			content: 'ST*855*0001~BAK*00*AC*PO-1*20261122~SE*3*0001~',
			errors: [expect.stringContaining('its X12 is kept as it is, in content')],
		});
	});

	test.each([
		[
			'a line break inside a segment',
			'PO1*2*20*CA*88.5**EN',
			'PO1*2*20*CA*\n88.5**EN',
			'has a line break inside it',
		],
		[
			'a wrong SE count',
			'SE*33*0001',
			'SE*30*0001',
			'SE01 (number of segments ST..SE inclusive) expected 33',
		],
	])('an 850 with %s gives no document and says why', async (_, from, to, why) => {
		const result = await convert(retail850('PO-E1').replace(from, to));
		expect(result.items[0].json.document).toBeUndefined();
		expect((result.items[0].json.x12 as any).errors).toEqual(
			expect.arrayContaining([expect.stringContaining(why)]),
		);
	});

	test('a date without its century (YYMMDD, before 004010) is read in the century nearest the interchange date, with a warning', async () => {
		const old = retail850('PO-C1')
			.replace('*261122*1030*', '*980201*1030*')
			.replace('*20261122*1030*', '*980201*1030*')
			.replace('*X*004010~', '*X*003020~')
			.replace('BEG*00*SA*PO-C1*R2*20261122', 'BEG*00*SA*PO-C1*R2*980131');
		const result = await convert(old);
		expect((result.items[0].json.document as any).purchaseOrderDate).toBe('1998-01-31');
		expect((result.items[0].json.x12 as any).warnings).toContain(
			'BEG05 (segment 2) "980131" has no century (YYMMDD): read as 1998-01-31, in the century nearest the interchange date (ISA09 1998-02-01)',
		);
	});

	test('text that was not valid UTF-8 gets a warning naming the byte offset', async () => {
		const text = retail850('PO-U1').replace('GREEN TOOTHPASTE', 'CAF\uFFFD M\uFFFDLLER');
		const result = await convert(text);
		expect((result.items[0].json.x12 as any).warnings).toContain(
			`ISA (segment 1): the text is not valid UTF-8: 2 characters were replaced by U+FFFD where it was decoded, the first at byte ${text.indexOf('\uFFFD')}; those characters are lost. A partner writing Latin-1 (ISO 8859-1) or Windows-1252: decode its files as that before reading`,
		);
	});

	test('text that is not X12 is refused, saying what it begins with', async () => {
		const { message, description } = failure(
			await sb.run({
				resource: 'x12',
				operation: 'convert',
				conversion: 'toDocuments',
				x12Content: '{"message":"ISA"}',
			}),
		);
		expect(message).toBe('X12 Interchange does not begin with ISA');
		expect(description).toContain('{\\"message\\"');
	});
});

describe('X12 → Convert, document to X12', () => {
	test('writes the 855 built from an X12 850 as an interchange our reader takes, and sends nothing', async () => {
		const order = purchaseOrderFromX12(retail850('PO-V1'));
		const message = buildAcknowledgment(order.purchaseOrder, {});
		await sb.clearRequests();
		const result = await sb.run(
			{
				resource: 'x12',
				operation: 'convert',
				conversion: 'toX12',
				documentType: '855',
				document: '={{ $json.message }}',
				senderId: 'YOURCOMPANY',
				receiverId: 'DEMORETAIL',
				stream: 'test',
				options: { controlNumber: 4321 },
			},
			{ input: [{ json: { message } }] },
		);
		expect(result.error?.message).toBeUndefined();
		const read = readInterchange(result.items[0].json.x12 as string);
		expect(read.problems).toEqual([]);
		expect(read.interchange).toMatchObject({
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			controlNumber: '000004321',
			usage: 'T',
		});
		expect(read.interchange!.groups[0].sets[0].segments[1].slice(0, 4)).toEqual([
			'BAK',
			'00',
			'AD',
			'PO-V1',
		]);
		expect(await sb.requests()).toEqual([]);
	});
});
