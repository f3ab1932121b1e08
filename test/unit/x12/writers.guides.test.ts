/**
 * Samples typed in the layout retailers' published implementation guides give for the 855, 856 and
 * 810 (the guide is named with each sample; the values are ours, the segments and elements used
 * are the guide's). Each is written by our writers from the matching document, segment for
 * segment, and the typed interchange is read alike by our reader, node-x12 and x12-parser, and
 * passes ../shared's validator (skipped, saying so, when ../shared is absent).
 */
import type { PlainObject } from '../../../nodes/EdiExchange/documents';
import {
	write810,
	write855,
	write856,
	type WriteOptions,
} from '../../../nodes/EdiExchange/x12Documents';
import type { ShipNoticeWriteOptions } from '../../../nodes/EdiExchange/x12Documents';
import {
	differences,
	nodeX12Segments,
	ourSegments,
	validateAll,
	withValidator,
	x12ParserSegments,
} from '../../x12Interop';

interface GuideSample {
	guide: string;
	type: '855' | '856' | '810';
	document: PlainObject;
	options?: WriteOptions & ShipNoticeWriteOptions;
	/** The interchange as typed, one segment a line. */
	typed: string;
}

const SAMPLES: GuideSample[] = [
	{
		// RevCascade, "855 Purchase Order Acknowledgment" datamap
		// (integrate.revcascade.com/brands/edi/v1/reference/acknowledgements): PO1 with IN (retailer
		// item) and VN (vendor item), ACK with status, quantity, unit, ship date code and date, CTT
		// with the number of items. The datamap prints BAK with an empty element before the PO date;
		// 004010 makes BAK04 the (mandatory) PO date, as written here.
		guide: 'RevCascade 855 datamap',
		type: '855',
		options: { productIdQualifiers: { buyerItemNumber: 'IN' } },
		document: {
			purchaseOrderNumber: '4500012345',
			status: 'acceptedWithChanges',
			dates: { purchaseOrderDate: '2026-11-20' },
			lineItems: [
				{
					purchaseOrderLineId: '1',
					productIds: { buyerItemNumber: '88812', vendorItemNumber: 'TP-GRN-100' },
					actions: [
						{
							status: 'accepted',
							quantity: { value: '12', unitOfMeasure: 'each' },
							unitCostPrice: '4.25',
							scheduledShipDate: '2026-11-25',
						},
					],
				},
				{
					purchaseOrderLineId: '2',
					productIds: { buyerItemNumber: '88813', vendorItemNumber: 'TP-ORG-100' },
					actions: [
						{
							status: 'accepted',
							quantity: { value: '4', unitOfMeasure: 'each' },
							unitCostPrice: '10.00',
							scheduledShipDate: '2026-11-25',
						},
						{
							status: 'backordered',
							quantity: { value: '2', unitOfMeasure: 'each' },
							unitCostPrice: '10.00',
							scheduledShipDate: '2026-12-02',
						},
					],
				},
			],
		},
		typed: `ISA*00*          *00*          *ZZ*SUPPLIER       *ZZ*REVCASCADE     *261124*1200*U*00401*000000101*0*T*>~
GS*PR*SUPPLIER*REVCASCADE*20261124*1200*101*X*004010~
ST*855*0001~
BAK*00*AC*4500012345*20261120~
PO1*1*12*EA*4.25**IN*88812*VN*TP-GRN-100~
ACK*IA*12*EA*068*20261125~
PO1*2*6*EA*10.00**IN*88813*VN*TP-ORG-100~
ACK*IA*4*EA*068*20261125~
ACK*IB*2*EA*068*20261202~
CTT*2*18~
SE*9*0001~
GE*1*101~
IEA*1*000000101~`,
	},
	{
		// Orchard Supply Hardware, "Ship Notice / Manifest X12 4010" (Orchard 856.2 Ver 4010, August
		// 2008; revisions of 2001, 2004, 2011): shipment, order, pack (carton) and item levels (pick
		// and pack); TD1, TD5, REF*BM, DTM*011 and N1*ST at the shipment; PRF at the order; MAN*GM
		// with the SSCC-18 at the pack; LIN with UP and VN, SN1 at the item; CTT01 = number of HLs.
		guide: 'Orchard Supply Hardware 856 (4010)',
		type: '856',
		options: { hierarchy: 'shipmentOrderPackItem', time: '1400' },
		document: {
			purpose: 'original',
			shipmentId: 'ASN000777',
			carrierDetails: {
				quantityAndWeight: [
					{ packageForm: 'carton', ladingQuantity: '2', grossWeight: '31.5', weightUOM: 'pound' },
				],
				routing: [{ sequenceType: 'originAndDelivery', standardCarrierAlphaCode: 'UPSN' }],
			},
			references: { billOfLadingNumber: { value: '88811122233' } },
			dates: { shipDate: '2026-11-24' },
			parties: {
				shipTo: {
					name: 'ORCHARD STORE 021',
					identificationCode: '021',
					identificationCodeType: 'assignedByBuyer',
				},
			},
			orders: [
				{
					purchaseOrderNumber: '7788123',
					purchaseOrderDate: '2026-11-18',
					pallets: [
						{
							cartons: [
								{
									serialShippingId: '006141410000000012',
									items: [
										{
											productIds: { gtin12: '012345678905', vendorItemNumber: 'HX-10' },
											quantityShipped: { value: '12', unitOfMeasure: 'each' },
										},
									],
								},
								{
									serialShippingId: '006141410000000029',
									items: [
										{
											productIds: { gtin12: '012345678912', vendorItemNumber: 'HX-20' },
											quantityShipped: { value: '6', unitOfMeasure: 'each' },
										},
									],
								},
							],
						},
					],
				},
			],
		},
		typed: `ISA*00*          *00*          *ZZ*SUPPLIER       *ZZ*OSHTEST        *261124*1400*U*00401*000000102*0*T*>~
GS*SH*SUPPLIER*OSHTEST*20261124*1400*102*X*004010~
ST*856*0001~
BSN*00*ASN000777*20261124*1400*0001~
HL*1**S*1~
TD1*CTN25*2****G*31.5*LB~
TD5*B*2*UPSN~
REF*BM*88811122233~
DTM*011*20261124~
N1*ST*ORCHARD STORE 021*92*021~
HL*2*1*O*1~
PRF*7788123***20261118~
HL*3*2*P*1~
MAN*GM*006141410000000012~
HL*4*3*I*0~
LIN**UP*012345678905*VN*HX-10~
SN1**12*EA~
HL*5*2*P*1~
MAN*GM*006141410000000029~
HL*6*5*I*0~
LIN**UP*012345678912*VN*HX-20~
SN1**6*EA~
CTT*6*18~
SE*22*0001~
GE*1*102~
IEA*1*000000102~`,
	},
	{
		// Infoplus, "Baseline Mapping - Outbound 810 - Invoice" (infopluscommerce.com/knowledge-base/
		// 810-invoice): BIG01 date, BIG02 invoice number, BIG04 PO number; N1*BT with name and
		// identifier, N3, N4 (city, state, postal code, country); DTM shipped date; IT1 quantity, EA,
		// unit price, SK (SKU) and BP (buyer part number); PID*F description; TDS01 the total. Its
		// ISS (total quantity) is not written here; CTT is (optional in 004010, checked by receivers).
		guide: 'Infoplus outbound 810 baseline mapping',
		type: '810',
		document: {
			invoiceNumber: 'INV-31337',
			invoiceDate: '2026-11-24',
			purchaseOrderNumber: 'PO-5566',
			parties: {
				billTo: {
					name: 'ACME RETAIL',
					identificationCode: 'CUST-77',
					identificationCodeType: 'assignedByBuyer',
					addressLine1: '1 MAIN ST',
					city: 'NEW YORK',
					stateOrProvinceCode: 'NY',
					postalCode: '10001',
					countryCode: 'US',
				},
			},
			dates: { shipDate: '2026-11-23' },
			lineItems: [
				{
					purchaseOrderLineId: '1',
					quantityInvoiced: { value: '12', unitOfMeasure: 'each' },
					unitPrice: '4.25',
					productIds: { sku: 'WIDGET-S', buyerItemNumber: '100200' },
					productAttributes: { description: 'WIDGET SMALL' },
				},
				{
					purchaseOrderLineId: '2',
					quantityInvoiced: { value: '6', unitOfMeasure: 'each' },
					unitPrice: '10.00',
					productIds: { sku: 'WIDGET-L', buyerItemNumber: '100201' },
					productAttributes: { description: 'WIDGET LARGE' },
				},
			],
			invoiceTotal: '111.00',
		},
		typed: `ISA*00*          *00*          *ZZ*SUPPLIER       *ZZ*INFOPLUS       *261124*1200*U*00401*000000103*0*T*>~
GS*IN*SUPPLIER*INFOPLUS*20261124*1200*103*X*004010~
ST*810*0001~
BIG*20261124*INV-31337**PO-5566~
N1*BT*ACME RETAIL*92*CUST-77~
N3*1 MAIN ST~
N4*NEW YORK*NY*10001*US~
DTM*011*20261123~
IT1*1*12*EA*4.25**SK*WIDGET-S*BP*100200~
PID*F****WIDGET SMALL~
IT1*2*6*EA*10.00**SK*WIDGET-L*BP*100201~
PID*F****WIDGET LARGE~
TDS*11100~
CTT*2*18~
SE*13*0001~
GE*1*103~
IEA*1*000000103~`,
	},
];

const lines = (text: string) => text.split('~\n').join('~');

describe.each(SAMPLES)('$guide ($type)', (sample) => {
	const text = lines(sample.typed);
	const write = { '855': write855, '856': write856, '810': write810 }[sample.type];

	test('our writer gives the typed segments', () => {
		const typedBody = ourSegments(text).slice(3, -3);
		expect(write(sample.document, sample.options)).toEqual(typedBody);
	});

	test('our reader, node-x12 and x12-parser read it alike', async () => {
		const ours = ourSegments(text);
		expect(differences(ours, nodeX12Segments(text), 'node-x12')).toEqual([]);
		expect(differences(ours, await x12ParserSegments(text), 'x12-parser')).toEqual([]);
	});

	withValidator.test("../shared's validator finds no error", () => {
		expect(validateAll([text])[0].errors).toEqual([]);
	});
});
