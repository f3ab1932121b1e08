import { writeInterchange, type X12WriteInput } from '../../sandbox/x12/write';
import { useSandbox } from './helpers';

const interchange = (over: Partial<X12WriteInput> = {}) =>
	writeInterchange({
		senderId: 'YOURCOMPANY',
		receiverId: 'DEMORETAIL',
		usage: 'T',
		controlNumber: 101,
		date: new Date('2026-11-22T10:30:00Z'),
		sets: [
			{
				type: '855',
				segments: [
					['BAK', '00', 'AC', 'PO-1', '20261122'],
					['PO1', '1', '5', 'EA', '101.00'],
				],
			},
			{ type: '855', segments: [['BAK', '00', 'AC', 'PO-2', '20261122']] },
		],
		...over,
	});
const UUID = /^[0-9a-f-]{36}$/;

describe('POST /v2/integration-payloads (x12)', () => {
	const s = useSandbox({ sendInitialOrder: false });

	it('creates one outbound transaction per ST set from a valid interchange', async () => {
		const response = await s.api.post('/v2/integration-payloads', {
			format: 'x12',
			content: interchange(),
		});
		expect(response.status).toBe(202);
		expect(response.data).toEqual({
			id: expect.stringMatching(UUID),
			status: 'ACCEPTED',
			transactionIds: [expect.any(Number), expect.any(Number)],
		});
		// Outbound: the partner's 997 answering them is inbound (acknowledgments.test.ts).
		const items = (await s.api.get('/v3/transactions?direction=outbound')).data.items;
		expect(items.map((i: any) => i.id).sort()).toEqual([...response.data.transactionIds].sort());
		for (const item of items) {
			expect(item).toMatchObject({
				transactionType: '855',
				direction: 'outbound',
				stream: 'test',
				senderId: 'YOURCOMPANY',
				receiverId: 'DEMORETAIL',
			});
		}
		expect(items.map((i: any) => i.businessNumber).sort()).toEqual(['PO-1', 'PO-2']);
	});

	it('maps ISA15 P to the live stream', async () => {
		const response = await s.api.post('/v2/integration-payloads', {
			format: 'x12',
			content: interchange({
				usage: 'P',
				sets: [{ type: '810', segments: [['BIG', '20261122', 'INV-1']] }],
			}),
		});
		expect(response.data.status).toBe('ACCEPTED');
		const listed = (await s.api.get('/v3/transactions?stream=live&direction=outbound')).data
			.items[0];
		expect(listed).toMatchObject({
			id: response.data.transactionIds[0],
			transactionType: '810',
			stream: 'live',
			businessNumber: 'INV-1',
		});
	});

	// Positions: ISA 1, GS 2, ST 3, BAK 4, PO1 5, SE 6, ST 7, BAK 8, SE 9, GE 10, IEA 11.
	const broken: Array<[string, (text: string) => string, string, number]> = [
		['ISA not 106 characters', (t) => t.replace('YOURCOMPANY    ', 'YOURCOMPANY'), 'ISA', 1],
		['ISA13 ≠ IEA02', (t) => t.replace('IEA*1*000000101', 'IEA*1*000000102'), 'IEA', 11],
		['GS06 ≠ GE02', (t) => t.replace('GE*2*101', 'GE*2*100'), 'GE', 10],
		['ST02 ≠ SE02', (t) => t.replace('SE*4*0001', 'SE*4*0009'), 'SE', 6],
		['wrong SE01', (t) => t.replace('SE*4*0001', 'SE*3*0001'), 'SE', 6],
		['wrong GE01', (t) => t.replace('GE*2*101', 'GE*1*101'), 'GE', 10],
		['wrong IEA01', (t) => t.replace('IEA*1*', 'IEA*2*'), 'IEA', 11],
		['missing SE', (t) => t.replace('SE*3*0002~', ''), 'SE', 9],
		['missing IEA', (t) => t.replace('IEA*1*000000101~', ''), 'IEA', 11],
		['trailing garbage', (t) => `${t}XX*1~`, 'XX', 12],
	];
	it.each(broken)(
		'answers 202 FAILED with segment errors and creates nothing: %s',
		async (_name, breakIt, segment, position) => {
			const before = (await s.api.get('/v3/transactions?limit=1')).data.meta.total;
			const response = await s.api.post('/v2/integration-payloads', {
				format: 'x12',
				content: breakIt(interchange()),
			});
			expect(response.status).toBe(202);
			expect(response.data).toMatchObject({
				id: expect.stringMatching(UUID),
				status: 'FAILED',
				transactionIds: [],
			});
			expect(response.data.errors).toContainEqual({
				segment,
				position,
				message: expect.any(String),
			});
			expect((await s.api.get('/v3/transactions?limit=1')).data.meta.total).toBe(before);
		},
	);

	it('fails an interchange for a receiver that is not a trading partner', async () => {
		const response = await s.api.post('/v2/integration-payloads', {
			format: 'x12',
			content: interchange({ receiverId: 'STRANGER' }),
		});
		expect(response.data).toMatchObject({
			status: 'FAILED',
			transactionIds: [],
			errors: [
				{
					segment: 'ISA',
					position: 1,
					message: expect.stringContaining('no relationship with receiver STRANGER'),
				},
			],
		});
	});

	it('answers 400 to other body shapes', async () => {
		for (const body of [
			{ format: 'edifact', content: 'UNB' },
			{ content: 'ISA' },
			{ format: 'x12' },
			{ format: 'x12', content: 42 },
			[1],
		]) {
			const response = await s.api.post('/v2/integration-payloads', body);
			expect(response.status).toBe(400);
			expect(response.data.type).toBe('argumentError');
		}
	});
});

describe('POST /v2/integration-payloads (json)', () => {
	const s = useSandbox({ sendInitialOrder: false });
	const payload = {
		format: 'json',
		type: '855',
		stream: 'test',
		senderId: 'YOURCOMPANY',
		receiverId: 'DEMORETAIL',
		content: {
			segments: [
				['BAK', '00', 'AC', 'PO-1042', '20261122'],
				['PO1', '1', '5', 'EA', '101.00'],
			],
		},
	};

	it('creates one outbound transaction from the segments', async () => {
		const response = await s.api.post('/v2/integration-payloads', payload);
		expect(response.status).toBe(202);
		expect(response.data).toEqual({
			id: expect.stringMatching(UUID),
			status: 'ACCEPTED',
			transactionIds: [expect.any(Number)],
		});
		expect((await s.api.get('/v3/transactions?direction=outbound')).data.items[0]).toMatchObject({
			id: response.data.transactionIds[0],
			transactionType: '855',
			direction: 'outbound',
			businessNumber: 'PO-1042',
		});
	});

	it('fails segments that include the envelope, or a receiver that is not a partner', async () => {
		const withSt = await s.api.post('/v2/integration-payloads', {
			...payload,
			content: { segments: [['ST', '855', '0001'], ...payload.content.segments] },
		});
		expect(withSt.data).toMatchObject({
			status: 'FAILED',
			transactionIds: [],
			errors: [{ segment: 'ST', position: 1 }],
		});
		const stranger = await s.api.post('/v2/integration-payloads', {
			...payload,
			receiverId: 'STRANGER',
		});
		expect(stranger.data.status).toBe('FAILED');
	});

	it('answers 400 naming each bad field', async () => {
		const response = await s.api.post('/v2/integration-payloads', {
			format: 'json',
			type: 855,
			stream: 'prod',
			senderId: '',
			content: { segments: [['bak']] },
		});
		expect(response.status).toBe(400);
		expect(response.data.errors.map((e: any) => e.ref)).toEqual([
			'type',
			'stream',
			'senderId',
			'receiverId',
			'content.segments[0]',
		]);
		expect(
			(await s.api.post('/v2/integration-payloads', { ...payload, content: {} })).data.errors[0]
				.ref,
		).toBe('content.segments');
	});
});
