/**
 * Integration Payload → Submit: X12 interchanges (text or binary file) and service JSON. A broken
 * envelope is refused locally, naming the segment and the reason, with nothing sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { failure, interchange, jsonOf, useNodeSandbox } from './helpers';

const sb = useNodeSandbox();

// ISA 1, GS 2, ST 3, BAK 4, PO1 5, SE 6, GE 7, IEA 8
const VALID = interchange();

const x12 = (content: string) => ({
	resource: 'integrationPayload',
	operation: 'submit',
	format: 'x12',
	x12Content: content,
});
const json = (extra: IDataObject) => ({
	resource: 'integrationPayload',
	operation: 'submit',
	format: 'json',
	transactionType: '855',
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
	...extra,
});

/** Replaces exactly one occurrence, so a typo in a case cannot leave the interchange valid. */
function broken(find: string, replace: string): string {
	expect(VALID.split(find)).toHaveLength(2);
	return VALID.replace(find, replace);
}

test('the valid interchange is what the cases below break', () => {
	expect(VALID).toBe(
		'ISA*00*          *00*          *ZZ*YOURCOMPANY    *ZZ*DEMORETAIL     *261122*1030*^*00501*000000005*0*T*>~' +
			'GS*PR*YOURCOMPANY*DEMORETAIL*20261122*1030*5*X*005010~ST*855*0001~BAK*00*AC*PO-1*20261122~PO1*1*5*EA*101.00~SE*4*0001~GE*1*5~IEA*1*000000005~',
	);
});

describe('X12', () => {
	test('a valid interchange is sent as is; the output shows the transaction ids', async () => {
		const result = await sb.run(x12(VALID));
		expect(result.status).toBe('success');
		expect(jsonOf(result)).toEqual([
			{ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'ACCEPTED', transactionIds: [2] },
		]);
		const requests = await sb.requests();
		expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/v2/integration-payloads', { format: 'x12', content: VALID }],
		]);
		const list = await sb.run({
			resource: 'transaction',
			operation: 'getMany',
			limit: 1,
			filters: { direction: 'outbound' },
		});
		expect(list.items[0].json).toEqual(
			expect.objectContaining({
				id: 2,
				transactionType: '855',
				stream: 'test',
				receiverId: 'DEMORETAIL',
			}),
		);
	});

	test('several transaction sets, with line breaks between segments: one transaction each', async () => {
		const text = interchange({
			lineBreaks: true,
			usage: 'P',
			sets: [
				{ type: '810', segments: [['BIG', '20261122', 'INV-1', '', 'PO-1']] },
				{ type: '810', segments: [['BIG', '20261122', 'INV-2', '', 'PO-2']] },
				{ type: '810', segments: [['BIG', '20261122', 'INV-3', '', 'PO-3']] },
			],
		});
		const result = await sb.run(x12(`\n${text}\n`));
		expect(result.items[0].json.transactionIds).toEqual([2, 3, 4]);
		const live = await sb.run({
			resource: 'transaction',
			operation: 'getMany',
			returnAll: true,
			// Outbound: the demo partner's 997 and 824 answering them are inbound.
			filters: { stream: 'live', direction: 'outbound' },
		});
		expect(
			live.items.map((i) => [i.json.id, i.json.transactionType, i.json.businessNumber]),
		).toEqual([
			[4, '810', 'INV-3'],
			[3, '810', 'INV-2'],
			[2, '810', 'INV-1'],
		]);
	});

	test('a newline-terminated interchange (segment terminator "\\n") is accepted and sent as is', async () => {
		const text = interchange({ separators: { segment: '\n' } });
		expect(text.endsWith('\nIEA*1*000000005\n')).toBe(true);
		const result = await sb.run(x12(text));
		expect(result.status).toBe('success');
		expect(result.items[0].json).toEqual(
			expect.objectContaining({ status: 'ACCEPTED', transactionIds: [2] }),
		);
		expect((await sb.requests()).map((r) => r.body)).toEqual([{ format: 'x12', content: text }]);
	});

	test('a huge broken input: the first problems and a count of the rest, nothing sent', async () => {
		// 1 MB of one-letter segments, each outside a transaction set.
		const content = VALID.replace('IEA*1*000000005~', '') + 'X~'.repeat(500_000);
		const error = failure(await sb.run(x12(content)));
		expect(error.message).toBe(
			'The X12 interchange is not valid: X (segment 8): segment id must be 2 or 3 upper-case letters or digits, found "X"',
		);
		expect(error.description).toMatch(/; and 999951 more problems not listed$/);
		expect(error.description.length).toBeLessThan(10_000);
		expect(await sb.requests()).toEqual([]);
	});

	test('from a binary file of the input item', async () => {
		const input = [
			{
				json: {},
				binary: {
					edi: {
						data: Buffer.from(VALID, 'utf8').toString('base64'),
						mimeType: 'application/edi-x12',
						fileName: 'po.edi',
					},
				},
			},
		];
		const result = await sb.run(
			{
				resource: 'integrationPayload',
				operation: 'submit',
				format: 'x12',
				x12Source: 'binary',
				binaryPropertyName: 'edi',
			},
			{ input },
		);
		expect(result.status).toBe('success');
		expect(result.items[0].json.transactionIds).toEqual([2]);
		expect((await sb.requests())[0].body).toEqual({ format: 'x12', content: VALID });
	});

	test('refused by the service (receiver is no trading partner): an error naming the segment', async () => {
		const error = failure(await sb.run(x12(interchange({ receiverId: 'STRANGER' }))));
		expect(error.message).toBe(
			'The service refused the payload (status FAILED): ISA (segment 1): no relationship with receiver STRANGER (ISA08)',
		);
		expect(await sb.requests()).toHaveLength(1);
	});

	test.each([
		[
			'ISA shorter than 106 characters',
			broken('YOURCOMPANY    *ZZ', 'YOURCOMPANY   *ZZ'),
			'ISA (segment 1): ISA segment must be 106 characters including its terminator, found 105',
			'ISA (segment 1): ISA06 must be 15 characters wide, found 14 ("YOURCOMPANY   ")',
		],
		[
			'ISA13 ≠ IEA02',
			broken('IEA*1*000000005~', 'IEA*1*000000006~'),
			'IEA (segment 8): IEA02 (control number) must equal ISA13: expected "000000005", found "000000006"',
		],
		[
			'GS06 ≠ GE02',
			broken('GE*1*5~', 'GE*1*6~'),
			'GE (segment 7): GE02 (control number) must equal GS06: expected "5", found "6"',
		],
		[
			'ST02 ≠ SE02',
			broken('SE*4*0001~', 'SE*4*0002~'),
			'SE (segment 6): SE02 (control number) must equal ST02: expected "0001", found "0002"',
		],
		[
			'SE01 segment count wrong',
			broken('SE*4*0001~', 'SE*5*0001~'),
			'SE (segment 6): SE01 (number of segments ST..SE inclusive) expected 4, found "5"',
		],
		[
			'GE01 set count wrong',
			broken('GE*1*5~', 'GE*2*5~'),
			'GE (segment 7): GE01 (number of transaction sets) expected 1, found "2"',
		],
		[
			'IEA01 group count wrong',
			broken('IEA*1*', 'IEA*2*'),
			'IEA (segment 8): IEA01 (number of functional groups) expected 1, found "2"',
		],
		[
			'IEA missing',
			broken('~IEA*1*000000005~', '~'),
			'IEA (segment 8): the interchange is not closed by IEA; found the end of the text',
		],
		[
			'IEA with a trailing separator',
			broken('IEA*1*000000005~', 'IEA*1*000000005*~'),
			'IEA (segment 8): IEA ends with an empty element: remove the trailing "*" before the terminator',
		],
		[
			'a segment without its id',
			broken('PO1*1*5', '*1*5'),
			'(no segment id) (segment 5): the segment starts with the element separator "*": its segment id (such as N1 or REF) is missing',
		],
		[
			'SE missing',
			broken('SE*4*0001~', ''),
			'SE (segment 6): transaction set 855 (ST02 0001, position 3) is not closed by SE; found GE',
		],
	])(
		'%s: refused locally with the segment and the reason, nothing sent',
		async (_name, content, first, ...more) => {
			const result = await sb.run(x12(content));
			const error = failure(result);
			expect(result.error!.name).toBe('NodeOperationError');
			expect(error.message).toBe(`The X12 interchange is not valid: ${first}`);
			expect(error.description).toMatch(/^Nothing was sent\. Problems found: /);
			for (const problem of [first, ...more]) expect(error.description).toContain(problem);
			expect(await sb.requests()).toEqual([]);
		},
	);
});

describe('service JSON', () => {
	const SEGMENTS = [
		['BAK', '00', 'AC', 'PO-1042', '20261122'],
		['PO1', '1', '5', 'EA', '101.00'],
	];

	test('segments with the envelope fields stated are accepted', async () => {
		const result = await sb.run(json({ stream: 'live', segments: JSON.stringify(SEGMENTS) }));
		expect(result.status).toBe('success');
		expect(jsonOf(result)).toEqual([
			{ id: expect.any(String), status: 'ACCEPTED', transactionIds: [2] },
		]);
		expect((await sb.requests())[0].body).toEqual({
			format: 'json',
			type: '855',
			stream: 'live',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			content: { segments: SEGMENTS },
		});
	});

	test('segments from an expression (an array, not text)', async () => {
		const result = await sb.run(json({ segments: '={{ $json.segments }}' }), {
			input: [{ segments: SEGMENTS }],
		});
		expect(result.items[0].json.status).toBe('ACCEPTED');
		expect((await sb.requests())[0].body.content).toEqual({ segments: SEGMENTS });
	});

	test('envelope segments in the list: the service’s FAILED answer becomes an error naming them', async () => {
		const error = failure(
			await sb.run(json({ segments: JSON.stringify([['ST', '855', '0001'], ...SEGMENTS]) })),
		);
		expect(error.message).toBe(
			'The service refused the payload (status FAILED): ST (segment 1): ST is added by the service: leave envelope segments (ISA, GS, ST, SE, GE, IEA) out',
		);
	});
});
