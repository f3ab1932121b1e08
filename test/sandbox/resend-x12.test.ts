/**
 * "Resend 850" with an X12 interchange ({ x12 }) or a structured 850 in the X12 mode: the partner
 * sends the caller's purchase order, readdressed from itself to the organization, scored like its
 * own (the 997 row included); in the JSON mode it delivers its own reading of the X12. And
 * `--replay-850 FILE` at start-up, through the CLI.
 */
import axios from 'axios';
import { spawn, spawnSync } from 'child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { writeInterchange } from '../../sandbox/x12/write';
import { inShared, needing } from '../shared';
import { useSandbox } from './helpers';
import { acknowledgment, entryOf, functionalAck, orderOf, segmentsOf, sendX12 } from './x12Replies';

/** A retailer's 850 as a user would have it: its own ids, numbers and layout. */
const retailerOrder = (number: string, extra: string[][] = []) => [
	['BEG', '00', 'SA', number, 'REL-7', '20261120'],
	['CUR', 'BY', 'CAD'],
	['REF', 'DP', '042'],
	['TD5', 'B', '2', 'UPSN'],
	['PO1', '1', '12', 'EA', '3.50', '', 'UP', '012345678905', 'VN', 'ABC-1'],
	['PID', 'F', '', '', '', 'Blue widget'],
	['PO1', '2', '4', 'CA', '20.00', '', 'UP', '012345678912'],
	...extra,
	['CTT', '2'],
];
const retailerInterchange = (sets: string[][][], control = 3438) =>
	writeInterchange({
		senderId: '4405197800',
		receiverId: '999999999',
		senderQualifier: '12',
		receiverQualifier: '01',
		usage: 'P',
		controlNumber: control,
		date: new Date('2026-11-20T17:19:00Z'),
		sets: sets.map((segments) => ({ type: '850', segments })),
		lineBreaks: true,
		version: '004010',
	});

describe('Resend 850 with an interchange, in the X12 mode', () => {
	const s = useSandbox({ sendInitialOrder: false, inboundFormat: 'x12' });

	it('delivers it as given but readdressed, and scores replies to it, 997 included', async () => {
		const given = retailerInterchange([retailerOrder('RT-1001')]);
		const res = await s.raw.post('/_sandbox/partner/send-850', { x12: given });
		expect(res.status).toBe(201);
		expect(res.data).toEqual({ transactionId: expect.any(Number), purchaseOrderNumber: 'RT-1001' });
		const text = (
			await s.api.get(`/v3/transactions/${res.data.transactionId}/message`, {
				responseType: 'text',
			})
		).data as string;
		const isa = segmentsOf(text)[0];
		expect([isa[5], isa[6], isa[7], isa[8]]).toEqual([
			'ZZ',
			'DEMORETAIL     ',
			'ZZ',
			'YOURCOMPANY    ',
		]);
		expect(segmentsOf(text)[1].slice(2, 4)).toEqual(['DEMORETAIL', 'YOURCOMPANY']);
		// Everything after the GS's ids is the caller's, byte for byte.
		expect(text.slice(text.indexOf('*20261120*1719*3438*'))).toBe(
			given.slice(given.indexOf('*20261120*1719*3438*')),
		);
		const order = {
			...res.data,
			...orderOf(text),
			text,
		};
		expect(order.group).toBe('3438');
		await sendX12(s, '997', functionalAck(order));
		await sendX12(s, '855', acknowledgment(order));
		expect(await entryOf(s, 'RT-1001')).toMatchObject({
			'997': { state: 'accepted', path: 'x12' },
			'855': { state: 'accepted', path: 'x12' },
			'856': { state: 'missing' },
		});
	});

	it('takes an SE01 written with leading zeros, as real senders write it (valid X12)', async () => {
		const given = retailerInterchange([retailerOrder('RT-3001')], 3501).replace(
			/SE\*(\d+)\*/,
			(_, count: string) => `SE*${count.padStart(6, '0')}*`,
		);
		expect(given).toMatch(/SE\*0000\d\d\*/);
		const res = await s.raw.post('/_sandbox/partner/send-850', { x12: given });
		expect(res.data).toEqual({ transactionId: expect.any(Number), purchaseOrderNumber: 'RT-3001' });
		expect(res.status).toBe(201);
	});

	it('judges AK101 against the 850 group’s own GS01, not PO', async () => {
		const given = retailerInterchange([retailerOrder('RT-3002')], 3502).replace('GS*PO*', 'GS*OG*');
		const res = await s.raw.post('/_sandbox/partner/send-850', { x12: given });
		expect(res.status).toBe(201);
		const text = (
			await s.api.get(`/v3/transactions/${res.data.transactionId}/message`, {
				responseType: 'text',
			})
		).data as string;
		const order = { ...res.data, ...orderOf(text), text };
		const ak = functionalAck(order);
		await sendX12(s, '997', [['AK1', 'PO', order.group], ...ak.slice(1)]);
		expect((await entryOf(s, 'RT-3002'))['997']).toMatchObject({
			state: 'rejected',
			reasons: ['AK101 is "PO" but the partner\'s 850 was in a OG group (GS01)'],
		});
		await sendX12(s, '997', [['AK1', 'OG', order.group], ...ak.slice(1)]);
		expect((await entryOf(s, 'RT-3002'))['997']).toMatchObject({ state: 'accepted', reasons: [] });
	});

	it('sends each 850 of a batch in its own envelope', async () => {
		const given = retailerInterchange([retailerOrder('RT-2001'), retailerOrder('RT-2002')], 77);
		const res = await s.raw.post('/_sandbox/partner/send-850', { x12: given });
		expect(res.status).toBe(201);
		expect(
			res.data.orders.map((o: { purchaseOrderNumber: string }) => o.purchaseOrderNumber),
		).toEqual(['RT-2001', 'RT-2002']);
		for (const [i, { transactionId }] of res.data.orders.entries()) {
			const text = (
				await s.api.get(`/v3/transactions/${transactionId}/message`, { responseType: 'text' })
			).data as string;
			const segments = segmentsOf(text);
			expect(segments.filter((seg) => seg[0] === 'ST')).toEqual([
				['ST', '850', String(i + 1).padStart(4, '0')],
			]);
			expect(segments.find((seg) => seg[0] === 'GE')).toEqual(['GE', '1', '77']);
		}
	});

	it('a structured 850 given in the X12 mode is written as X12 in the partner’s layout', async () => {
		const message = {
			purchaseOrderNumber: 'RT-3001',
			releaseNumber: 'R1',
			lineItems: [
				{
					purchaseOrderLineId: '1',
					quantity: { value: '2' },
					productIds: { buyerItemNumber: 'X-1' },
				},
			],
		};
		const res = await s.raw.post('/_sandbox/partner/send-850', { message });
		expect(res.status).toBe(201);
		const text = (
			await s.api.get(`/v3/transactions/${res.data.transactionId}/message`, {
				responseType: 'text',
			})
		).data as string;
		expect(
			segmentsOf(text)
				.find((seg) => seg[0] === 'BEG')
				?.slice(3, 5),
		).toEqual(['RT-3001', 'R1']);
		expect((await entryOf(s, 'RT-3001'))['997']).toEqual({ state: 'missing', reasons: [] });
	});

	it.each([
		[{ x12: 'hello' }, 'x12', 'an interchange starts with ISA'],
		[{ x12: 42 }, 'x12', 'x12 must be the text of an X12 interchange'],
		[
			{ x12: retailerInterchange([retailerOrder('RT-4')]).replace('SE*10*', 'SE*12*') },
			'x12',
			'SE01 is "12" but the set has 10 segments',
		],
		[
			{ x12: retailerInterchange([retailerOrder('')]) },
			'x12',
			'the 850.purchaseOrderNumber must be a non-empty string (BEG03)',
		],
		[{ x12: 'ISA', message: {} }, 'x12', 'give either message (a structured 850) or x12, not both'],
		[{ order: {} }, 'order', 'property order should not exist'],
		[
			{
				message: {
					purchaseOrderNumber: 'RT-5',
					lineItems: [{ purchaseOrderLineId: '1', productAttributes: { description: 'A~B' } }],
				},
			},
			'message',
			'the partner cannot write this 850 as X12 in its layout',
		],
	])('refuses %j, naming %s, before sending anything', async (body, ref, text) => {
		const before = (await s.api.get('/v3/transactions')).data.meta.total;
		const res = await s.raw.post('/_sandbox/partner/send-850', body);
		expect(res.status).toBe(400);
		expect(res.data.errors[0].ref).toBe(ref);
		expect(res.data.message).toContain(text);
		expect((await s.api.get('/v3/transactions')).data.meta.total).toBe(before);
	});

	it('refuses an interchange holding anything but 850s', async () => {
		const given = writeInterchange({
			senderId: 'X',
			receiverId: 'Y',
			usage: 'T',
			controlNumber: 5,
			date: new Date(),
			sets: [{ type: '855', segments: [['BAK', '00', 'AD', 'P', '20261120']] }],
			version: '004010',
		});
		const res = await s.raw.post('/_sandbox/partner/send-850', { x12: given });
		expect(res.status).toBe(400);
		expect(res.data.message).toContain('is an 855: only 850 purchase orders can be sent');
	});
});

describe('Resend 850 with an interchange, in the JSON mode', () => {
	const s = useSandbox({ sendInitialOrder: false });

	it('delivers the partner’s reading of it as a structured 850, keeping what it does not map', async () => {
		const res = await s.raw.post('/_sandbox/partner/send-850', {
			x12: retailerInterchange([retailerOrder('RT-6001')]),
		});
		expect(res.status).toBe(201);
		const message = (await s.api.get(`/v3/transactions/${res.data.transactionId}/message`)).data;
		expect(message).toMatchObject({
			purchaseOrderNumber: 'RT-6001',
			releaseNumber: 'REL-7',
			purchaseOrderDate: '2026-11-20',
			buyersCurrency: { currencyCode: 'CAD' },
			references: { departmentNumber: { value: '042' } },
			lineItems: [
				{
					purchaseOrderLineId: '1',
					quantity: { value: '12', unitOfMeasure: 'each' },
					unitCostPrice: '3.50',
					productIds: { gtin12: '012345678905', vendorItemNumber: 'ABC-1' },
					productAttributes: { description: 'Blue widget' },
				},
				{ purchaseOrderLineId: '2', quantity: { value: '4', unitOfMeasure: 'case' } },
			],
			unmappedSegments: ['TD5*B*2*UPSN'],
		});
		// No 997 is owed for an 850 the organization received as JSON.
		expect((await entryOf(s, 'RT-6001'))['997']).toBeUndefined();
	});
});

describe('Resend 850 pricing its lines in CTP, in the JSON mode', () => {
	const s = useSandbox({ sendInitialOrder: false });

	it('reads CTP02 UCP as the price of a line whose PO104 is empty; PO104 wins; the rest is kept', async () => {
		const order = [
			['BEG', '00', 'SA', 'RT-6101', '', '20261120'],
			['PO1', '1', '12', 'EA', '', '', 'UP', '012345678905'],
			['CTP', '', 'UCP', '34.98'],
			['CTP', '', 'RES', '69.95'],
			['PO1', '2', '4', 'EA', '20.00', '', 'UP', '012345678912'],
			['CTP', '', 'UCP', '21.00'],
			['PO1', '3', '1', 'EA', '', '', 'UP', '012345678929'],
			['CTP', '', 'UCP', '9.00', '100'],
			['SLN', '1', '', 'I', '1', 'EA'],
			['CTP', '', 'UCP', '8.00'],
			['CTT', '3'],
		];
		const res = await s.raw.post('/_sandbox/partner/send-850', {
			x12: retailerInterchange([order]),
		});
		expect(res.status).toBe(201);
		const message = (await s.api.get(`/v3/transactions/${res.data.transactionId}/message`)).data;
		expect(message.lineItems.map((line: { unitCostPrice?: string }) => line.unitCostPrice)).toEqual(
			['34.98', '20.00', undefined],
		);
		expect(message.unmappedSegments).toEqual([
			'CTP**RES*69.95',
			'CTP**UCP*21.00',
			'CTP**UCP*9.00*100',
			'SLN*1**I*1*EA',
			'CTP**UCP*8.00',
		]);
	});
});

const realFile = inShared('x12-public', '850', 'nodex12-vics-po.edi');
const withRealFile = needing(realFile).test;

describe('--replay-850 FILE (CLI)', () => {
	const root = join(__dirname, '..', '..');
	const tsx = join(root, 'node_modules', '.bin', 'tsx');
	const cli = join(root, 'sandbox', 'cli.ts');

	async function started(args: string[]): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
		const child = spawn(tsx, [cli, '--port', '0', ...args], { cwd: root });
		let output = '';
		child.stdout.on('data', (chunk) => (output += chunk));
		child.stderr.on('data', (chunk) => (output += chunk));
		const exited = new Promise((resolve) => child.on('exit', resolve));
		const baseUrl = await new Promise<string>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`no URL printed: ${output}`)), 20000);
			child.stdout.on('data', () => {
				const match = /listening on (http:\/\/\S+)/.exec(output);
				if (match) {
					clearTimeout(timer);
					resolve(match[1]);
				}
			});
		});
		return { baseUrl, stop: async () => void (child.kill('SIGTERM'), await exited) };
	}

	withRealFile(
		'sends a real retailer 850 from a file at start-up, instead of its own, in the chosen layout',
		async () => {
			const { baseUrl, stop } = await started([
				'--inbound-format',
				'x12',
				'--x12-layout',
				'pipe',
				'--replay-850',
				realFile,
			]);
			try {
				const headers = { 'service-api-key': 'sandbox-api-key-0123456789' };
				const list = (await axios.get(`${baseUrl}/v3/transactions`, { headers })).data;
				expect(list.meta.total).toBe(1);
				expect(list.items[0].businessNumber).toBe('08292233294');
				const text = (
					await axios.get(`${baseUrl}/v3/transactions/${list.items[0].id}/message`, {
						headers,
						responseType: 'text',
					})
				).data as string;
				const given = readFileSync(realFile, 'utf8');
				expect(text.slice(text.indexOf('ST*850'))).toBe(given.slice(given.indexOf('ST*850')));
				const card = (await axios.get(`${baseUrl}/_sandbox/scorecard`)).data;
				expect(card.purchaseOrders).toEqual([
					expect.objectContaining({
						purchaseOrderNumber: '08292233294',
						'997': { state: 'missing', reasons: [] },
					}),
				]);
				// The layout applies to the partner's own orders; the replayed file kept its own.
				const own = (await axios.post(`${baseUrl}/_sandbox/partner/send-850`)).data;
				const ownText = (
					await axios.get(`${baseUrl}/v3/transactions/${own.transactionId}/message`, {
						headers,
						responseType: 'text',
					})
				).data as string;
				expect(ownText).toMatch(/^ISA\|00\|/);
			} finally {
				await stop();
			}
		},
	);

	it('takes a create request holding a structured 850 (as the service’s examples are written)', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'edi-replay-'));
		const file = join(dir, 'order.json');
		writeFileSync(
			file,
			JSON.stringify({
				type: '850_PURCHASE_ORDER',
				message: {
					purchaseOrderNumber: 'FILE-1',
					lineItems: [
						{ purchaseOrderLineId: '1', quantity: { value: '1' }, productIds: { sku: 'S' } },
					],
				},
			}),
		);
		const { baseUrl, stop } = await started(['--replay-850', file]);
		try {
			const card = (await axios.get(`${baseUrl}/_sandbox/scorecard`)).data;
			expect(
				card.purchaseOrders.map((p: { purchaseOrderNumber: string }) => p.purchaseOrderNumber),
			).toEqual(['FILE-1']);
		} finally {
			await stop();
		}
	});

	it.each([
		[
			['--x12-layout', 'fancy'],
			'--x12-layout must be one of tilde-newline, pipe, newline, bom, indented',
		],
		[['--replay-850', '/nonexistent/po.edi'], '--replay-850 /nonexistent/po.edi: ENOENT'],
	])('refuses %j with a clear message', (args, text) => {
		const run = spawnSync(tsx, [cli, '--port', '0', ...args], { cwd: root, encoding: 'utf8' });
		expect(run.status).toBe(2);
		expect(run.stderr).toContain(text);
	});

	it('stops at start-up naming the file when the partner cannot send its order', () => {
		const dir = mkdtempSync(join(tmpdir(), 'edi-replay-'));
		const file = join(dir, 'bad.json');
		writeFileSync(file, JSON.stringify({ purchaseOrderNumber: 'X' }));
		const run = spawnSync(tsx, [cli, '--port', '0', '--replay-850', file], {
			cwd: root,
			encoding: 'utf8',
		});
		expect(run.status).toBe(1);
		expect(run.stderr).toContain(
			`--replay-850 ${file}: Invalid request: message.lineItems must be a non-empty list`,
		);
	});
});
