/**
 * Create over the three integration paths, through n8n's engine against the sandbox: the 855,
 * 856 and 810 built from an X12 850 go out as a structured message, as an X12 interchange
 * (integration payload, format x12) or as service-JSON segments; control numbers per sender and
 * receiver; what X12 cannot carry is refused before anything is sent.
 */
import { readInterchange } from '../../nodes/EdiExchange/x12';
import { retail850, retail850InOrder } from '../unit/x12/fixtures';
import { validateAll, withValidator } from '../x12Interop';
import { failure, useNodeSandbox } from './helpers';

const sb = useNodeSandbox();

const create = (documentType: string, extra: Record<string, unknown> = {}) => ({
	resource: 'transaction',
	operation: 'create',
	documentType,
	stream: 'test',
	messageSource: 'build',
	purchaseOrder: '={{ $json.x12 }}',
	...extra,
});
const ACK = '855_PURCHASE_ORDER_ACKNOWLEDGMENT';
const ASN = '856_SHIP_NOTICE_MANIFEST';
const INVOICE = '810_INVOICE';
const posts = async () => (await sb.requests()).filter((r) => r.method === 'POST');

describe('X12 passthrough', () => {
	test.each([
		[ACK, 'BAK*00*AD*PO-P1'],
		[ASN, 'BSN*00*'],
		[INVOICE, 'BIG*'],
	])(
		'%s built from an X12 850 goes out as one interchange the service accepts',
		async (type, start) => {
			const result = await sb.run(create(type, { integrationPath: 'x12' }), {
				input: [{ json: { x12: retail850('PO-P1') } }],
				executionId: '1',
			});
			expect(result.error?.message).toBeUndefined();
			const [sent] = await posts();
			expect(sent.path).toBe('/v2/integration-payloads');
			expect(sent.body.format).toBe('x12');
			const read = readInterchange(sent.body.content);
			expect(read.problems).toEqual([]);
			expect(read.interchange).toMatchObject({
				senderId: 'YOURCOMPANY',
				receiverId: 'DEMORETAIL',
				usage: 'T',
				controlNumber: '000000101',
			});
			const set = read.interchange!.groups[0].sets[0];
			expect(set.type).toBe(type.slice(0, 3));
			expect(sent.body.content).toContain(start);
			expect(result.items[0].json).toMatchObject({
				status: 'ACCEPTED',
				integrationPath: 'x12',
				interchangeControlNumber: '000000101',
			});
			expect(JSON.stringify(result.items[0].json.message)).toContain('"PO-P1"');
		},
	);

	test('This Node’s Counter counts per sender and receiver from First Control Number; ISA13, GS06 and ST02 agree', async () => {
		const result = await sb.run(
			create(ACK, {
				integrationPath: 'x12',
				x12Options: { numbering: 'counter', firstControlNumber: 500 },
			}),
			{
				input: [{ json: { x12: retail850('PO-C1') } }, { json: { x12: retail850('PO-C2') } }],
			},
		);
		expect(result.error?.message).toBeUndefined();
		const numbers = (await posts()).map((r) => {
			const i = readInterchange(r.body.content).interchange!;
			return [i.controlNumber, i.groups[0].controlNumber, i.groups[0].sets[0].controlNumber];
		});
		expect(numbers.sort()).toEqual([
			['000000500', '500', '0500'],
			['000000501', '501', '0501'],
		]);
	});

	test('a Control Number given (e.g. from the workflow’s own store) is used as it is', async () => {
		await sb.run(
			create(ACK, { integrationPath: 'x12', x12Options: { controlNumber: 123456789 } }),
			{
				input: [{ json: { x12: retail850('PO-C3') } }],
			},
		);
		const [sent] = await posts();
		expect(readInterchange(sent.body.content).interchange!.controlNumber).toBe('123456789');
	});
});

describe('X12 Options → Product ID Order', () => {
	test('the 855 echoes the 850’s qualifiers; Product ID Order puts UP first', async () => {
		const echoed = await sb.run(create(ACK, { integrationPath: 'x12' }), {
			input: [{ json: { x12: retail850('PO-O1') } }],
		});
		expect(echoed.error?.message).toBeUndefined();
		const ordered = await sb.run(
			create(ACK, { integrationPath: 'x12', x12Options: { productIdOrder: 'up, VN' } }),
			{ input: [{ json: { x12: retail850('PO-O2') } }] },
		);
		expect(ordered.error?.message).toBeUndefined();
		const [first, second] = (await posts()).map((r) => r.body.content as string);
		expect(first).toContain('PO1*1*5*EA*101.00**BP*10000002*UP*028374658310*VN*V-1~');
		expect(second).toContain('PO1*1*5*EA*101.00**UP*028374658310*VN*V-1*BP*10000002~');
	});

	test('a qualifier that is not two letters or digits is refused, nothing sent', async () => {
		const result = await sb.run(
			create(ACK, { integrationPath: 'x12', x12Options: { productIdOrder: 'SKU' } }),
			{ input: [{ json: { x12: retail850('PO-O3') } }] },
		);
		expect(failure(result).message).toContain('Product ID Order holds "SKU"');
		expect(await posts()).toEqual([]);
	});
});

describe('service JSON', () => {
	test.each([
		[ACK, 'BAK'],
		[ASN, 'BSN'],
		[INVOICE, 'BIG'],
	])('%s goes out as its segments without ST/SE', async (type, first) => {
		const result = await sb.run(create(type, { integrationPath: 'serviceJson' }), {
			input: [{ json: { x12: retail850('PO-J1') } }],
		});
		expect(result.error?.message).toBeUndefined();
		const [sent] = await posts();
		expect(sent.body).toMatchObject({
			format: 'json',
			type: type.slice(0, 3),
			stream: 'test',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
		});
		const segments = sent.body.content.segments as string[][];
		expect(segments[0][0]).toBe(first);
		expect(segments.some((s) => s[0] === 'ST' || s[0] === 'SE')).toBe(false);
		expect(result.items[0].json).toMatchObject({
			status: 'ACCEPTED',
			integrationPath: 'serviceJson',
			segments,
		});
	});
});

describe('refused before anything is sent', () => {
	const order = (purchaseOrderNumber: string) => ({
		senderId: 'DEMORETAIL',
		receiverId: 'YOURCOMPANY',
		message: {
			purchaseOrderNumber,
			purchaseOrderDate: '2026-11-20',
			lineItems: [
				{
					purchaseOrderLineId: '1',
					quantity: { value: '4', unitOfMeasure: 'each' },
					unitCostPrice: '2.50',
					productIds: { buyerItemNumber: 'A-1' },
				},
			],
		},
	});
	test.each([
		['an element too long for X12 (BAK03 holds 22)', 'PO-'.padEnd(23, '9'), 'purchaseOrderNumber'],
		['a separator character', 'PO*7', 'purchaseOrderNumber'],
	])('%s', async (_, number, field) => {
		for (const path of ['x12', 'serviceJson']) {
			const { message, description } = failure(
				await sb.run(create(ACK, { integrationPath: path, purchaseOrder: '={{ $json }}' }), {
					input: [order(number)],
				}),
			);
			expect(message).toContain(field);
			expect(description).toContain('Nothing was sent');
		}
		expect(await posts()).toEqual([]);
	});
});

describe('X12 → Acknowledge With 997', () => {
	const acknowledge = (extra: Record<string, unknown> = {}) => ({
		resource: 'x12',
		operation: 'acknowledge',
		...extra,
	});

	test('acknowledges a received 850 back to its sender, one 997 per group, accepted', async () => {
		const result = await sb.run(acknowledge(), {
			input: [{ json: { message: retail850InOrder('PO-A1', 77) } }],
		});
		expect(result.error?.message).toBeUndefined();
		const [sent] = await posts();
		expect(sent.body.format).toBe('x12');
		const read = readInterchange(sent.body.content);
		expect(read.problems).toEqual([]);
		expect(read.interchange).toMatchObject({ senderId: 'YOURCOMPANY', receiverId: 'DEMORETAIL' });
		const [set] = read.interchange!.groups[0].sets;
		expect(set.type).toBe('997');
		expect(set.segments.filter((s) => /^AK/.test(s[0]))).toEqual([
			['AK1', 'PO', '77'],
			['AK2', '850', '0001'],
			['AK5', 'A'],
			['AK9', 'A', '1', '1', '1'],
		]);
		expect(result.items[0].json).toMatchObject({
			sent: true,
			status: 'ACCEPTED',
			acknowledged: { interchangeControlNumber: '000000077', accepted: [true] },
		});
	});

	test('a set whose SE count is wrong is rejected in the 997 (AK5 R)', async () => {
		const broken = retail850InOrder('PO-A2').replace('SE*32*0001', 'SE*30*0001');
		const result = await sb.run(acknowledge({ send: false }), {
			input: [{ json: { message: broken } }],
		});
		expect(result.error?.message).toBeUndefined();
		const ak = readInterchange(
			result.items[0].json.x12 as string,
		).interchange!.groups[0].sets[0].segments.filter((s) => /^AK[259]/.test(s[0]));
		expect(ak[1][0]).toBe('AK5');
		expect(ak[1][1]).toBe('R');
		expect(ak[2].slice(0, 2)).toEqual(['AK9', 'R']);
		expect(await posts()).toEqual([]);
	});

	test('a file of two interchanges, with a BOM and indented segments, gets a 997 for each', async () => {
		const text = `\uFEFF${retail850InOrder('PO-A4', 81)}\n${retail850InOrder('PO-A5', 82).replace(/\n/g, '\n  ')}\n`;
		const result = await sb.run(acknowledge({ send: false }), {
			input: [{ json: { message: text } }],
		});
		expect(result.error?.message).toBeUndefined();
		expect(result.items.map((i) => (i.json.acknowledged as any).interchangeControlNumber)).toEqual([
			'000000081',
			'000000082',
		]);
		expect(result.items.map((i) => (i.json.acknowledged as any).accepted)).toEqual([
			[true],
			[true],
		]);
		expect(await posts()).toEqual([]);
	});

	test('a 997 is never acknowledged: nothing is sent', async () => {
		const first = await sb.run(acknowledge({ send: false }), {
			input: [{ json: { message: retail850InOrder('PO-A3') } }],
		});
		const result = await sb.run(acknowledge(), {
			input: [{ json: { message: first.items[0].json.x12 } }],
		});
		expect(result.items[0].json).toMatchObject({
			sent: false,
			reason: expect.stringContaining('never acknowledged'),
		});
		expect(await posts()).toEqual([]);
	});
});

describe('X12 → Acknowledge With 997, exact', () => {
	const acknowledge = { resource: 'x12', operation: 'acknowledge', send: false };
	/** The AK segments of the 997s built for `text`, set by set. */
	const ak = async (text: string, extra: Record<string, unknown> = {}) => {
		const result = await sb.run(
			{ ...acknowledge, ...extra },
			{ input: [{ json: { message: text } }] },
		);
		expect(result.error?.message).toBeUndefined();
		const x12 = result.items[0].json.x12 as string;
		// Needs ../shared: checked where it is, and always under CI=true (test/shared.ts).
		if (withValidator.present || process.env.CI === 'true')
			expect(validateAll([x12])[0].errors).toEqual([]);
		const read = readInterchange(x12);
		expect(read.problems).toEqual([]);
		return read.interchange!.groups[0].sets.map((set) =>
			set.segments.filter((s) => /^AK/.test(s[0])),
		);
	};
	const body = (text: string) => text.slice(text.indexOf('ST*850'), text.indexOf('GE*'));

	test('a repeated ST02 gets one AK2, rejected with AK5 code 23', async () => {
		const order = retail850InOrder('PO-R1', 61);
		const twice = order.replace(body(order), body(order) + body(order)).replace('GE*1*', 'GE*2*');
		const [acks] = await ak(twice);
		expect(acks.filter((s) => s[0] === 'AK2')).toEqual([['AK2', '850', '0001']]);
		expect(acks.find((s) => s[0] === 'AK5')).toEqual(['AK5', 'R', '23']);
		expect(acks.find((s) => s[0] === 'AK9')).toEqual(['AK9', 'R', '2', '1', '0']);
	});

	test.each([
		['an unrecognised segment id', 'CUR*BY*USD~', '1CU*BY*USD~', ['AK3', '1CU', '3', '', '1']],
		['a line break inside a segment', 'CUR*BY*USD~', 'CUR*B\nY*USD~', ['AK3', 'CUR', '3', '', '8']],
	])(
		'AK3 counts ST as 1 and carries the code of what was found: %s',
		async (_, from, to, expected) => {
			const [acks] = await ak(retail850InOrder('PO-R2', 62).replace(from, to));
			expect(acks.filter((s) => s[0] === 'AK3')).toEqual([expected]);
			expect(acks.find((s) => s[0] === 'AK5')?.slice(0, 2)).toEqual(['AK5', 'R']);
		},
	);

	test.each([
		['SE01 wrong', 'SE*32*0001', 'SE*30*0001', '4'],
		['SE02 not ST02', 'SE*32*0001', 'SE*32*0009', '3'],
	])('AK502 says what is wrong with the set: %s', async (_, from, to, code) => {
		const [acks] = await ak(retail850InOrder('PO-R3', 63).replace(from, to));
		expect(acks.find((s) => s[0] === 'AK5')).toEqual(['AK5', 'R', code]);
	});

	// Hand-made broken 850s: the set check (x12/setStructure.ts) finds what the 850's table forbids,
	// and the 997 carries its AK304 code (ST is 1). Read past (AK5 E, accepted with errors noted)
	// unless a mandatory segment is missing (AK5 R). Each 997 passes ../shared/x12-validate (ak).
	test.each([
		[
			'unexpected segment (2): an N3 with no N1 before it',
			'CUR*BY*USD~',
			'CUR*BY*USD~\nN3*1 NOWHERE ST~',
			['AK3', 'N3', '4', '', '2'],
			'E',
		],
		[
			'mandatory segment missing (3): no BEG',
			'BEG*00*SA*PO-S1*R2*20261122~\n',
			'',
			['AK3', 'BEG', '2', '', '3'],
			'R',
		],
		[
			'loop over its maximum (4): a second CTT loop',
			'CTT*2*25~',
			'CTT*2*25~\nCTT*2*25~',
			['AK3', 'CTT', '31', '', '4'],
			'E',
		],
		[
			'segment over its maximum use (5): two CUR',
			'CUR*BY*USD~',
			'CUR*BY*USD~\nCUR*BY*USD~',
			['AK3', 'CUR', '4', '', '5'],
			'E',
		],
		[
			'segment out of order (7): a BEG again among the lines',
			'CTT*2*25~',
			'BEG*00*SA*PO-S5*R2*20261122~\nCTT*2*25~',
			['AK3', 'BEG', '30', '', '7'],
			'E',
		],
	])('AK304 says what the set check found: %s', async (_, from, to, ak3, status) => {
		const order = retail850InOrder('PO-S1', 66).replace(from, to);
		const count = order.split('\n').filter((l) => !/^(ISA|GS|GE|IEA)\*/.test(l)).length;
		const [acks] = await ak(order.replace(/SE\*32\*/, `SE*${count}*`));
		expect(acks.filter((s) => s[0] === 'AK3')).toEqual([ak3]);
		expect(acks.find((s) => s[0] === 'AK5')).toEqual(
			status === 'E' ? ['AK5', 'E'] : ['AK5', 'R', '5'],
		);
		expect(acks.find((s) => s[0] === 'AK9')?.[1]).toBe(status);
	});

	test('an 850 in the standard order is accepted with nothing noted; the same laid out as senders often do is accepted with its AK3s noted', async () => {
		expect(await ak(retail850InOrder('PO-S6', 67))).toEqual([
			[
				['AK1', 'PO', '67'],
				['AK2', '850', '0001'],
				['AK5', 'A'],
				['AK9', 'A', '1', '1', '1'],
			],
		]);
		const [acks] = await ak(retail850('PO-S7', 68));
		expect(acks.filter((s) => s[0] !== 'AK1')).toEqual([
			['AK2', '850', '0001'],
			['AK3', 'MSG', '13', '', '2'],
			['AK3', 'SAC', '14', '', '7'],
			['AK3', 'SAC', '30', '', '7'],
			['AK5', 'E'],
			['AK9', 'E', '1', '1', '1'],
		]);
	});

	test('an interchange with no functional group is refused naming what is missing', async () => {
		const order = retail850InOrder('PO-R4', 64);
		const empty = order
			.replace(order.slice(order.indexOf('GS*'), order.indexOf('IEA*')), '')
			.replace('IEA*1*', 'IEA*0*');
		const result = await sb.run(acknowledge, { input: [{ json: { message: empty } }] });
		expect(result.error?.message).toBe(
			'The interchange 000000064 from DEMORETAIL holds no functional group (GS … GE): a 997 acknowledges functional groups, so there is nothing to answer',
		);
	});

	test('the 997s of two groups numbered at 999999999 wrap to the first control number', async () => {
		const order = retail850InOrder('PO-R5', 65);
		const group = order.slice(order.indexOf('GS*'), order.indexOf('IEA*'));
		const two = order
			.replace(group, group + group.replace(/\*65\*X\*/, '*66*X*').replace('GE*1*65', 'GE*1*66'))
			.replace('IEA*1*', 'IEA*2*');
		const acks = await ak(two, { options: { controlNumber: 999999999 } });
		expect(acks.map((set) => set[0])).toEqual([
			['AK1', 'PO', '65'],
			['AK1', 'PO', '66'],
		]);
		const result = await sb.run(
			{ ...acknowledge, options: { controlNumber: 999999999 } },
			{
				input: [{ json: { message: two } }],
			},
		);
		const sets = readInterchange(result.items[0].json.x12 as string).interchange!.groups[0].sets;
		expect(sets.map((set) => set.controlNumber)).toEqual(['999999999', '0001']);
	});
});
