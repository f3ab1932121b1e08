/**
 * SSCC-18 labels through n8n's engine: Build From Purchase Order (856) with a GS1 company prefix
 * and a first serial reference labels every pallet and carton, on the structured path (the
 * message's serialShippingId, where the contract's 856 example puts it) and on the X12 passthrough
 * (MAN*GM on every pack and tare level); bad options are refused naming the field, nothing sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../harness';
import { gs1CheckDigit, isValidSscc } from '../../nodes/EdiExchange/x12Documents';
import { useSandbox } from '../sandbox/helpers';
import { credentialsOf, requests, reset } from '../trigger/helpers';
import { ourSegments } from '../x12Interop';
import { buildParameters, PO_77 } from './order';
import { sscc } from '../sscc';

const running = useSandbox({ sendInitialOrder: false, rateLimit: null });
beforeEach(async () => reset(running));

const ship = (extra: IDataObject) =>
	runNode({
		credentials: credentialsOf(running),
		input: [{ po: PO_77 }],
		parameters: buildParameters('856_SHIP_NOTICE_MANIFEST', extra),
	});
const posts = async () => (await requests(running)).filter((r) => r.method === 'POST');

test('the structured 856 carries an SSCC-18 on its pallet and each carton, counting up from the first serial', async () => {
	const { items, error } = await ship({
		documentOptions: { ssccCompanyPrefix: '0614141', ssccFirstSerial: '41' },
	});
	expect(error).toBeUndefined();
	const [sent] = await posts();
	const [pallet] = sent.body.message.orders[0].pallets;
	expect(pallet.serialShippingId).toBe(sscc('41'));
	expect(pallet.cartons.map((c: any) => c.serialShippingId)).toEqual([sscc('42'), sscc('43')]);
	expect(isValidSscc(pallet.serialShippingId)).toBe(true);
	expect(items[0].json.message).toMatchObject({
		orders: [{ pallets: [{ serialShippingId: sscc('41') }] }],
	});
});

test('over X12 every pack and tare level carries MAN*GM; a line may give its carton’s serial', async () => {
	const { error } = await ship({
		integrationPath: 'x12',
		x12Options: { hierarchy: 'shipmentOrderTarePackItem' },
		documentOptions: {
			ssccCompanyPrefix: '0614141',
			ssccFirstSerial: '7',
			ssccExtensionDigit: '3',
		},
		shipLines: { line: [{ purchaseOrderLineId: '2', quantity: '', serialReference: '900' }] },
	});
	expect(error).toBeUndefined();
	const [sent] = await posts();
	const segments = ourSegments(sent.body.content);
	const levels = segments.filter((s) => s[0] === 'HL' && ['T', 'P'].includes(s[3]));
	expect(levels.length).toBe(2); // the pallet (T) and the one carton shipped (P)
	const labels = segments.filter((s) => s[0] === 'MAN').map((s) => s.slice(1));
	const code = (serial: string) => {
		const body = `3${'0614141'}${serial.padStart(9, '0')}`;
		return body + gs1CheckDigit(body);
	};
	expect(labels).toEqual([
		['GM', code('7')],
		['GM', code('900')],
	]);
});

test.each([
	[
		{ ssccCompanyPrefix: '06141A1', ssccFirstSerial: '1' },
		'SSCC Company Prefix is "06141A1": a GS1 company prefix is 7 to 10 digits',
	],
	[
		{ ssccCompanyPrefix: '0614141', ssccFirstSerial: '1234567890' },
		'SSCC First Serial Reference is "1234567890": with a 7-digit company prefix it is 1 to 9 digits',
	],
	[
		{ ssccCompanyPrefix: '061414123' },
		'SSCC First Serial Reference is empty, and a 9-digit company prefix leaves 7 digits for the serial reference: too few to number from the execution ID',
	],
	[
		{ ssccCompanyPrefix: '0614141234' },
		'a 10-digit company prefix leaves 6 digits for the serial reference: too few to number from the execution ID (7 digits, and at least one for the package), so serials could repeat. Give SSCC First Serial Reference from a sequence your workflow keeps (a Data Table or Postgres step',
	],
	[
		{ ssccCompanyPrefix: '0614141', ssccFirstSerial: '1', ssccExtensionDigit: 'x' },
		'SSCC Extension Digit is "x": one digit 0–9',
	],
	[
		{ ssccFirstSerial: '5' },
		'SSCC First Serial Reference is given, but SSCC Company Prefix is empty: an SSCC-18 needs both',
	],
	[
		{ ssccCompanyPrefix: '0614141', ssccFirstSerial: '999999999' },
		'The SSCC serials ran past 9 digits',
	],
])('refused, naming the field, nothing sent: %j', async (documentOptions, message) => {
	const { error } = await ship({ documentOptions });
	expect(error?.message).toContain(message);
	expect(await posts()).toEqual([]);
});

test('a carton serial that collides with the sequence is refused', async () => {
	const { error } = await ship({
		documentOptions: { ssccCompanyPrefix: '0614141', ssccFirstSerial: '1' },
		shipLinesInput: 'json',
		shipLinesJson:
			'[{ "purchaseOrderLineId": "1" }, { "purchaseOrderLineId": "2", "serialReference": "2" }]',
	});
	expect(error?.message).toMatch(/^The SSCC \d{18} labels both/);
	expect(await posts()).toEqual([]);
});

describe('serial references from the execution ID (SSCC First Serial Reference empty)', () => {
	/** PO-77 under another number: Create sends a ship notice for a PO number once (send once). */
	const orderNumbered = (purchaseOrderNumber: string) => ({
		...PO_77,
		message: { ...PO_77.message, purchaseOrderNumber },
	});
	const fromExecution = (
		executionId: string,
		documentOptions: IDataObject,
		input = [{ po: PO_77 }],
	) =>
		runNode({
			credentials: credentialsOf(running),
			input,
			parameters: buildParameters('856_SHIP_NOTICE_MANIFEST', { documentOptions }),
			executionId,
			continueOnFail: true,
		});
	const sentSsccs = async () =>
		(await posts()).map((p) =>
			p.body.message.orders[0].pallets.flatMap((pallet: any) => [
				pallet.serialShippingId,
				...pallet.cartons.map((c: any) => c.serialShippingId),
			]),
		);

	test('each package gets the execution ID’s seven digits, then its place; the items of one node continue the places', async () => {
		const { error } = await fromExecution('12345678', { ssccCompanyPrefix: '0614141' }, [
			{ po: orderNumbered('PO-77A') },
			{ po: orderNumbered('PO-77B') },
		]);
		expect(error).toBeUndefined();
		// Execution 12345678 keeps 2345678; the first item’s pallet and 2 cartons take places 01–03.
		// Sent in any order: the places follow the items.
		expect((await sentSsccs()).sort()).toEqual([
			['01', '02', '03'].map((p) => sscc(`2345678${p}`)),
			['04', '05', '06'].map((p) => sscc(`2345678${p}`)),
		]);
	});

	test('an 8-digit prefix leaves one digit for the place: 9 packages per execution, then a refusal naming the way out', async () => {
		const input = Array.from({ length: 4 }, (_, i) => ({ po: orderNumbered(`PO-77-${i}`) }));
		const { items } = await fromExecution('77', { ssccCompanyPrefix: '06141411' }, input);
		const code = (place: number) => {
			const body = `006141411${'0000077'}${place}`;
			return body + gs1CheckDigit(body);
		};
		expect((await sentSsccs()).flat().sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map(code));
		expect(items[3].json.error).toBe(
			'This execution has numbered 9 packages (SSCCs) and needs 3 more: numbers from the execution ID allow 9 per execution',
		);
	});

	test('two executions never share an SSCC', async () => {
		await fromExecution('501', { ssccCompanyPrefix: '0614141' });
		await fromExecution('502', { ssccCompanyPrefix: '0614141' });
		const all = (await sentSsccs()).flat();
		expect(all).toHaveLength(6);
		expect(new Set(all).size).toBe(6);
	});
});
