/**
 * The labels are those of the 856 as sent, whichever form Print Carton Labels is given: Create's
 * output item on the X12 path ({ x12, message }) and on the Service JSON path ({ segments,
 * message }) label exactly the packages whose level carries MAN*GM in what was written, with the
 * same kinds and counts; an SSCC of the message the 856 does not carry gets no label and a
 * warning; the structured message alone is the 856. Pure (no rendering: the engine tests scan).
 */
import { writeLabels } from '../../nodes/EdiExchange/labels';
import {
	read856Segments,
	shipNoticeAsSent,
	write856,
	writeInterchange,
} from '../../nodes/EdiExchange/x12Documents';
import { sscc } from '../sscc';

const item = (line: string) => ({
	purchaseOrderLineId: line,
	productIds: { buyerItemNumber: `B-${line}` },
	quantityShipped: { value: '1', unitOfMeasure: 'each' },
});
/** Two orders: a pallet with two cartons, and a pallet with one carton. */
const message = {
	shipmentId: 'SHP-9',
	dates: { shipDate: '2026-11-28' },
	parties: {
		shipTo: { name: 'DC 7', city: 'NEW YORK', stateOrProvinceCode: 'NY', postalCode: '10001' },
		shipFrom: { name: 'Vendor', city: 'NEWARK', postalCode: '07102' },
	},
	orders: [
		{
			purchaseOrderNumber: 'PO-1',
			pallets: [
				{
					serialShippingId: sscc('1'),
					cartons: [
						{ serialShippingId: sscc('2'), items: [item('1')] },
						{ serialShippingId: sscc('3'), items: [item('2')] },
					],
				},
			],
		},
		{
			purchaseOrderNumber: 'PO-2',
			pallets: [
				{
					serialShippingId: sscc('4'),
					cartons: [{ serialShippingId: sscc('5'), items: [item('1')] }],
				},
			],
		},
	],
};
const packagesOf = (shipNotice: unknown) => {
	const { shipNotice: sent, writtenFrom } = shipNoticeAsSent(shipNotice);
	const written = writeLabels(sent, { writtenFrom });
	return {
		labels: written.labels.map((l) => [l.sscc, l.kind, l.number, l.of, l.purchaseOrderNumber]),
		warnings: written.warnings,
	};
};
const manGm = (segments: string[][]) =>
	segments.filter((s) => s[0] === 'MAN' && s[1] === 'GM').map((s) => s[2]);
const pallets = [sscc('1'), sscc('4')];
const cartons = [sscc('2'), sscc('3'), sscc('5')];
/** Pallets and cartons in the 856's order, each numbered among its kind. */
const withPallets = [
	[pallets[0], 'pallet', 1, 2, 'PO-1'],
	[cartons[0], 'carton', 1, 3, 'PO-1'],
	[cartons[1], 'carton', 2, 3, 'PO-1'],
	[pallets[1], 'pallet', 2, 2, 'PO-2'],
	[cartons[2], 'carton', 3, 3, 'PO-2'],
];
const cartonsOnly = withPallets.filter((l) => l[1] === 'carton');

describe.each(['shipmentOrderPackItem', 'shipmentOrderTarePackItem'] as const)(
	'%s: the X12 and the service JSON sent label the same packages, those of its MAN*GM',
	(hierarchy) => {
		const segments = write856(message, { hierarchy });
		const x12 = writeInterchange([{ type: '856', segments }], {
			senderId: 'US',
			receiverId: 'THEM',
			controlNumbers: { interchange: 1, group: 1, sets: [1] },
			date: '2026-11-28',
			time: '1200',
		});
		const tare = hierarchy === 'shipmentOrderTarePackItem';
		const labels = tare ? withPallets : cartonsOnly;
		const warnings = tare
			? []
			: [
					`orders[0].pallets[0] carries the SSCC ${pallets[0]}, which the 856 sent does not (no MAN*GM): no label is printed for it`,
					`orders[1].pallets[0] carries the SSCC ${pallets[1]}, which the 856 sent does not (no MAN*GM): no label is printed for it`,
				];

		test('Service JSON: Create’s item { segments, message }', () => {
			expect(manGm(segments)).toEqual(
				tare ? [pallets[0], ...cartons.slice(0, 2), pallets[1], cartons[2]] : cartons,
			);
			expect(packagesOf({ integrationPath: 'serviceJson', segments, message })).toEqual({
				labels,
				warnings,
			});
		});

		test('X12: Create’s item { x12, message }, and the X12 text alone (no message, no warning)', () => {
			expect(packagesOf({ integrationPath: 'x12', x12, message })).toEqual({ labels, warnings });
			expect(packagesOf(x12)).toEqual({ labels, warnings: [] });
			expect(packagesOf(segments)).toEqual({ labels, warnings: [] });
		});
	},
);

test('the structured message is the 856: its pallets and cartons, no warning', () => {
	expect(packagesOf({ id: 7, status: 'ACCEPTED', message })).toEqual({
		labels: withPallets,
		warnings: [],
	});
});

test('items loaded straight on a pallet: the pallet is labelled on every path, as the 856 sent has it', () => {
	const onPallet = {
		...message,
		orders: [
			{
				purchaseOrderNumber: 'PO-1',
				pallets: [{ serialShippingId: sscc('1'), items: [item('1')] }],
			},
		],
	};
	const sent = (hierarchy: 'shipmentOrderPackItem' | 'shipmentOrderTarePackItem') =>
		packagesOf({ segments: write856(onPallet, { hierarchy }), message: onPallet });
	// With tare: the pallet's T carries its SSCC, and the pack the items need carries none.
	expect(sent('shipmentOrderTarePackItem')).toEqual({
		labels: [[sscc('1'), 'pallet', 1, 1, 'PO-1']],
		warnings: [],
	});
	// Pick and pack: the pallet is the items' pack (P), with the pallet's SSCC.
	expect(sent('shipmentOrderPackItem')).toEqual({
		labels: [[sscc('1'), 'carton', 1, 1, 'PO-1']],
		warnings: [],
	});
	expect(packagesOf({ message: onPallet })).toEqual({
		labels: [[sscc('1'), 'pallet', 1, 1, 'PO-1']],
		warnings: [],
	});
});

test('the flat hierarchy labels no package: refused, saying so', () => {
	const segments = write856(message, { hierarchy: 'shipmentOrderItem' });
	expect(() => packagesOf({ segments, message })).toThrow(
		'The 856 has no tare or pack level (HL T or P) to label: a flat 856 (shipment, order, item) carries no SSCC',
	);
});

test('segments that are not an 856’s are refused naming the segment', () => {
	expect(() =>
		read856Segments([
			['BSN', '00', 'SHP-9'],
			['HL', 1],
		]),
	).toThrow('segments[1] is ["HL",1]: a segment is an array of strings, its id first');
	expect(() => read856Segments([['BAK', '00', 'AC', 'PO-1']])).toThrow(
		'The segments hold no BSN: give the segments of an 856',
	);
});
