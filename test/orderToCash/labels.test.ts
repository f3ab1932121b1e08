/**
 * Carton labels through n8n's engine: Create (856) with an SSCC Company Prefix sends the ship
 * notice, then X12 → Print Carton Labels prints its labels. Every label the tests produce is
 * rendered to an image (zpl-renderer-js) and its barcodes decoded (zxing-wasm): exactly one
 * GS1-128 (]C1) per label encoding 00 + the SSCC the sent 856 carries for that package, one
 * encoding 420 + the ship-to postal code, one label per SSCC. A plain Code 128 fails that check.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { runWorkflow } from '../../harness';
import { checkLabels, scanLabels, ssccsOf, stopScanning } from '../../harness/labelScanner';
import { actionNode, useNodeSandbox } from '../node/helpers';
import { ourSegments } from '../x12Interop';
import { buildParameters, PO_77 } from './order';
import { sscc } from '../sscc';

const sb = useNodeSandbox({ sendInitialOrder: false, rateLimit: null });
afterAll(stopScanning);

const SHIP_TO = {
	name: 'Demo Retail Distribution Center',
	identificationCode: '5438',
	addressLine1: '4055 MAIN ST',
	city: 'NEW YORK',
	stateOrProvinceCode: 'NY',
	postalCode: '10001',
	countryCode: 'US',
};
/** PO-77 with a ship-to, a department and a third line: a pallet and three cartons. */
const ORDER = {
	...PO_77,
	message: {
		...PO_77.message,
		parties: { shipTo: SHIP_TO },
		references: { departmentNumber: { value: '042' } },
		lineItems: [
			...PO_77.message.lineItems,
			{
				purchaseOrderLineId: '3',
				quantity: { value: '1', unitOfMeasure: 'each' },
				unitCostPrice: '9.00',
				productIds: { buyerItemNumber: 'C-3' },
			},
		],
	},
};
const SHIP_FROM = {
	name: 'Your Company Inc.',
	addressLine1: '1 DOCK RD',
	city: 'NEWARK',
	stateOrProvinceCode: 'NJ',
	postalCode: '07102',
};

const labelsNode = (extra: IDataObject = {}) =>
	actionNode('Print Carton Labels', {
		resource: 'x12',
		operation: 'printLabels',
		shipFrom: SHIP_FROM,
		...extra,
	});

/** Create 856 → Print Carton Labels, one execution. */
async function shipAndLabel(
	createExtra: IDataObject,
	labelExtra: IDataObject = {},
	{ executionId = '4242', order = ORDER }: { executionId?: string; order?: object } = {},
) {
	return runWorkflow(
		{
			nodes: [
				actionNode('Create 856', buildParameters('856_SHIP_NOTICE_MANIFEST', createExtra)),
				labelsNode(labelExtra),
			],
			connections: {
				'Create 856': { main: [[{ node: 'Print Carton Labels', type: 'main', index: 0 }]] },
			},
		},
		{
			credentials: sb.credentials,
			startNode: 'Create 856',
			input: [{ json: { po: order } }],
			executionId,
		},
	);
}

const zplOf = (item: INodeExecutionData) =>
	Buffer.from(item.binary!.data.data, 'base64').toString('ascii');
const sent856 = async () =>
	(await sb.requests()).filter((r) => r.method === 'POST').map((r) => r.body);
/** The 856 the sandbox holds for a transaction, read back as the receiver gets it. */
const held856 = async (id: unknown) => {
	const response = await fetch(`${sb.baseUrl}/v3/transactions/${String(id)}/message`, {
		headers: { 'service-api-key': sb.credentials.apiToken },
	});
	expect(response.status).toBe(200);
	return (await response.json()) as { segments?: string[][]; orders?: unknown[] };
};

test('the structured 856 and its labels carry the same SSCCs, numbered from the execution ID; every label scans', async () => {
	const run = await shipAndLabel({ documentOptions: { ssccCompanyPrefix: '0614141' } });
	expect(run.error?.message).toBeUndefined();
	const [sent] = await sent856();
	const ssccs = ssccsOf(sent.message);
	// Execution 4242: its seven digits, then the package's place (01 the pallet, 02–04 the cartons).
	expect(ssccs).toEqual(['01', '02', '03', '04'].map((p) => sscc(`0004242${p}`)));
	const [item] = run.outputs['Print Carton Labels'];
	expect(item.json).toMatchObject({ shipmentId: 'SHP-PO-77', labelCount: 4, warnings: [] });
	expect(item.binary!.data).toMatchObject({
		mimeType: 'application/x-zpl',
		fileName: 'SHP-PO-77-labels.zpl',
	});
	const verdict = checkLabels(await scanLabels(zplOf(item)), {
		ssccs,
		postalCode: '10001',
	});
	expect(verdict.problems).toEqual([]);
	expect(verdict.ssccs).toEqual(ssccs);
	expect((item.json.labels as IDataObject[]).map((l) => [l.kind, l.number, l.of])).toEqual([
		['pallet', 1, 1],
		['carton', 1, 3],
		['carton', 2, 3],
		['carton', 3, 3],
	]);
});

test('a plain Code 128 (no FNC1) in place of the GS1-128 fails the check', async () => {
	const run = await shipAndLabel({ documentOptions: { ssccCompanyPrefix: '0614141' } });
	const [sent] = await sent856();
	const zpl = zplOf(run.outputs['Print Carton Labels'][0]).replace(/\^FD>;>800/g, '^FD>;00');
	const scanned = await scanLabels(zpl);
	const verdict = checkLabels(scanned, { ssccs: ssccsOf(sent.message), postalCode: '10001' });
	// No GS1-128 SSCC on any of the 4 labels, so the 856's 4 SSCCs are unlabelled.
	expect(verdict.problems).toHaveLength(4 + 4);
	expect(scanned[0].codes).toContainEqual({
		symbology: ']C0',
		text: ssccsOf(sent.message)[0].padStart(20, '0'),
	});
});

test('over X12 the labels are those of the X12 sent: a label per MAN*GM (pick and pack: the cartons); 300 dpi, one item per label', async () => {
	const run = await shipAndLabel(
		{
			integrationPath: 'x12',
			documentOptions: { ssccCompanyPrefix: '0614141', ssccFirstSerial: '700' },
		},
		{ options: { resolution: 300, itemPerLabel: true, companyPrefix: '0614141' } },
	);
	expect(run.error?.message).toBeUndefined();
	const [sent] = await sent856();
	const manGm = ourSegments(sent.content)
		.filter((s) => s[0] === 'MAN')
		.map((s) => s[2]);
	// The message's pallet (700) has no level in the pick-and-pack hierarchy: no MAN*GM, no label.
	expect(manGm).toEqual(['701', '702', '703'].map((s) => sscc(s)));
	const items = run.outputs['Print Carton Labels'];
	expect(items.map((i) => i.json.sscc)).toEqual(manGm);
	expect(items[0].json.warnings).toEqual([palletWarning(sscc('700'))]);
	expect(items.map((i) => i.binary!.data.fileName)).toEqual(manGm.map((s) => `SHP-PO-77-${s}.zpl`));
	const scanned = (await Promise.all(items.map((i) => scanLabels(zplOf(i), 12)))).flat();
	const verdict = checkLabels(scanned, { ssccs: manGm, postalCode: '10001' });
	expect(verdict.problems).toEqual([]);
}, 180_000); // three labels rendered at 12 dots/mm take seconds each on a loaded machine

test('over X12 with the tare hierarchy the pallet is labelled too, from the MAN*GM of its tare level', async () => {
	const run = await shipAndLabel({
		integrationPath: 'x12',
		x12Options: { hierarchy: 'shipmentOrderTarePackItem' },
		documentOptions: { ssccCompanyPrefix: '0614141', ssccExtensionDigit: '3' },
	});
	expect(run.error?.message).toBeUndefined();
	const [sent] = await sent856();
	const manGm = ourSegments(sent.content)
		.filter((s) => s[0] === 'MAN')
		.map((s) => s[2]);
	expect(manGm).toEqual(['01', '02', '03', '04'].map((p) => sscc(`0004242${p}`, '0614141', '3')));
	const [item] = run.outputs['Print Carton Labels'];
	const verdict = checkLabels(await scanLabels(zplOf(item)), {
		ssccs: manGm,
		postalCode: '10001',
	});
	expect(verdict.problems).toEqual([]);
});

const palletWarning = (pallet: string) =>
	`orders[0].pallets[0] carries the SSCC ${pallet}, which the 856 sent does not (no MAN*GM): no label is printed for it`;

const cartonLabels = [
	['carton', 1, 3],
	['carton', 2, 3],
	['carton', 3, 3],
];
test.each([
	['pick and pack (default): the cartons', undefined, cartonLabels, 1],
	[
		'tare: the pallet and its cartons',
		'shipmentOrderTarePackItem',
		[['pallet', 1, 1], ...cartonLabels],
		0,
	],
])(
	'on the Service JSON path the default Ship Notice labels exactly the MAN*GM of the 856 the sandbox holds, %s',
	async (_, hierarchy, kinds, unsent) => {
		const run = await shipAndLabel({
			integrationPath: 'serviceJson',
			...(hierarchy ? { x12Options: { hierarchy } } : {}),
			documentOptions: { ssccCompanyPrefix: '0614141' },
		});
		expect(run.error?.message).toBeUndefined();
		const [created] = run.outputs['Create 856'];
		const held = await held856((created.json.transactionIds as number[])[0]);
		const manGm = (held.segments ?? [])
			.filter((s) => s[0] === 'MAN' && s[1] === 'GM')
			.map((s) => s[2]);
		// Execution 4242: the pallet is numbered 01 in the message, its cartons 02–04.
		const numbered = ['01', '02', '03', '04'].map((p) => sscc(`0004242${p}`));
		expect(manGm).toEqual(numbered.slice(unsent));
		const [item] = run.outputs['Print Carton Labels'];
		const verdict = checkLabels(await scanLabels(zplOf(item)), {
			ssccs: manGm,
			postalCode: '10001',
		});
		expect(verdict.problems).toEqual([]);
		expect(verdict.ssccs).toEqual(manGm);
		expect(
			(item.json.labels as IDataObject[]).map((l) => [l.sscc, l.kind, l.number, l.of]),
		).toEqual(manGm.map((s, i) => [s, ...kinds[i]]));
		// The message's pallet SSCC the pick-and-pack 856 does not carry: said, not printed.
		expect(item.json.warnings).toEqual(numbered.slice(0, unsent).map(palletWarning));
	},
);

test('on the structured path the default Ship Notice labels exactly the SSCCs of the 856 the sandbox holds (the message: pallet and cartons)', async () => {
	const run = await shipAndLabel({ documentOptions: { ssccCompanyPrefix: '0614141' } });
	expect(run.error?.message).toBeUndefined();
	const [created] = run.outputs['Create 856'];
	const held = await held856(created.json.id);
	const ssccs = ssccsOf(held);
	expect(ssccs).toHaveLength(4);
	const [item] = run.outputs['Print Carton Labels'];
	const verdict = checkLabels(await scanLabels(zplOf(item)), { ssccs, postalCode: '10001' });
	expect(verdict.problems).toEqual([]);
	expect(verdict.ssccs).toEqual(ssccs);
	expect(item.json.warnings).toEqual([]);
});
