/**
 * The label writer (labels/), pure: text a label cannot print refused or transliterated (with a
 * warning), never garbled; ZPL's own characters in a name do not break the label (rendered and
 * scanned: both barcodes still read); the GS1 rules refused naming the field. Every label made here
 * is rendered and its barcodes decoded (harness/labelScanner.ts).
 */
import { ssccHumanReadable } from '../../nodes/EdiExchange/documents/gs1';
import { writeLabels } from '../../nodes/EdiExchange/labels';
import { fieldData, gs1Code128, printableText } from '../../nodes/EdiExchange/labels/zpl';
import { checkLabels, scanLabels, stopScanning } from '../../harness/labelScanner';
import { sscc } from '../sscc';

afterAll(stopScanning);

const shipNotice = (over: Record<string, unknown> = {}, carton: Record<string, unknown> = {}) => ({
	shipmentId: 'SHP-9',
	parties: {
		shipTo: { name: 'DC 7', city: 'TORONTO', stateOrProvinceCode: 'ON', postalCode: 'M5V 2T6' },
		shipFrom: { name: 'Vendor', city: 'NEWARK', postalCode: '07102' },
	},
	orders: [
		{
			purchaseOrderNumber: 'PO-9',
			pallets: [
				{ serialShippingId: sscc('1'), cartons: [{ serialShippingId: sscc('2'), ...carton }] },
			],
		},
	],
	...over,
});

describe('text', () => {
	test('ASCII and Latin-1 print as given; typographic marks and accents beyond Latin-1 are transliterated, with a warning', () => {
		const warnings: string[] = [];
		expect(printableText('Café Straße  Nº 5', 'f', warnings)).toBe('Café Straße Nº 5');
		expect(warnings).toEqual([]);
		expect(printableText('Macy’s – Dvořák', 'parties.shipTo.name', warnings)).toBe(
			"Macy's - Dvorák",
		);
		expect(warnings).toEqual([
			'parties.shipTo.name: "Macy’s – Dvořák" is printed as "Macy\'s - Dvorák" (the label\'s font has no such letters)',
		]);
	});

	test('a letter with no Latin form is refused naming the field and the character', () => {
		expect(() => printableText('東京倉庫', 'parties.shipTo.name', [])).toThrow(
			'parties.shipTo.name is "東京倉庫": a label cannot print "東" (U+6771), "京" (U+4EAC), "倉" (U+5009), "庫" (U+5EAB)',
		);
	});

	test('^, ~ and _ and everything past ASCII travel as ^FH hex bytes: the file is plain ASCII', () => {
		expect(fieldData('A^XZ~B_é')).toBe('A_5EXZ_7EB_5F_C3_A9');
	});
});

describe('GS1-128', () => {
	test('FNC1 first, digit pairs in subset C, the rest in subset B', () => {
		expect(gs1Code128('00', sscc('7')).data).toBe(`>;>800${sscc('7')}`);
		expect(gs1Code128('420', '10001').data).toBe('>;>842010001');
		expect(gs1Code128('420', '100011').data).toBe('>;>842010001>61');
		expect(gs1Code128('420', 'M5V2T6').data).toBe('>;>842>60M5V2T6');
	});

	test('the human-readable line shows the company prefix apart when it is known', () => {
		expect(ssccHumanReadable('006141411234567890', 7)).toBe('(00) 0 0614141 123456789 0');
		expect(ssccHumanReadable('006141411234567890')).toBe('(00) 0 0614141123456789 0');
	});
});

test('a shipment with ZPL’s own characters in its names and an alphanumeric postal code scans right', async () => {
	const notice = shipNotice({
		parties: {
			shipTo: { name: 'DC ^XZ ~JA 7_B', city: 'TORONTO', postalCode: 'M5V 2T6' },
			shipFrom: { name: 'Vendor^FS', postalCode: '07102' },
		},
	});
	const { labels, zpl, warnings } = writeLabels(notice, { companyPrefix: '0614141' });
	expect(warnings).toEqual([]);
	expect(labels.map((l) => l.sscc)).toEqual([sscc('1'), sscc('2')]);
	const verdict = checkLabels(await scanLabels(zpl), {
		ssccs: [sscc('1'), sscc('2')],
		postalCode: 'M5V2T6',
	});
	expect(verdict.problems).toEqual([]);
});

test('a name too long for its block is cut, with a warning, never printed over itself', async () => {
	const long = 'WESTERN REGIONAL DISTRIBUTION CENTER NUMBER 12 RECEIVING';
	const notice = shipNotice({
		parties: {
			shipTo: { name: long, postalCode: '10001' },
			shipFrom: { name: 'Vendor' },
		},
	});
	const { zpl, warnings } = writeLabels(notice);
	expect(warnings).toEqual([
		`parties.shipTo.name: "${long}" is cut to "WESTERN REGIONAL DISTRIBUTION" to fit the label`,
	]);
	const verdict = checkLabels(await scanLabels(zpl), {
		ssccs: [sscc('1'), sscc('2')],
		postalCode: '10001',
	});
	expect(verdict.problems).toEqual([]);
});

describe('refused, naming the field', () => {
	const wrong = sscc('2').slice(0, 17) + ((Number(sscc('2')[17]) + 1) % 10);
	test.each([
		[
			shipNotice({}, { serialShippingId: wrong }),
			{},
			`orders[0].pallets[0].cartons[0].serialShippingId is ${wrong}: its check digit should be ${sscc('2')[17]}, not ${wrong[17]}`,
		],
		[
			shipNotice({}, { serialShippingId: undefined }),
			{},
			'orders[0].pallets[0].cartons[0] has no SSCC ("serialShippingId"): every pallet and carton needs one to be labelled',
		],
		[
			shipNotice({
				parties: { shipTo: { name: 'DC', postalCode: '10001#' }, shipFrom: { name: 'V' } },
			}),
			{},
			'parties.shipTo.postalCode is "10001#": a GS1 ship-to postal code (AI 420) is 1 to 20 letters, digits or - . / (no other characters)',
		],
		[
			shipNotice({ parties: { shipTo: { name: 'DC' }, shipFrom: { name: 'V' } } }),
			{},
			'The ship notice has no "parties.shipTo.postalCode"',
		],
		[
			shipNotice({ parties: { shipTo: { name: 'DC', postalCode: '10001' } } }),
			{},
			'The ship notice has no "parties.shipFrom", and Ship From is empty',
		],
		[
			shipNotice(),
			{ companyPrefix: '0614142' },
			`orders[0].pallets[0].serialShippingId is ${sscc('1')}: it does not carry the company prefix 0614142`,
		],
		[shipNotice(), { resolution: 600 }, 'The resolution is 600: 203 or 300 dpi'],
	])('refused %#: the message names the field', (notice, options, message) => {
		expect(() => writeLabels(notice, options as never)).toThrow(message);
	});
});
