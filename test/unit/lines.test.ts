import {
	purchaseOrderLines,
	LINE_FIELDS,
	LINE_HEADER_FIELDS,
} from '../../nodes/EdiExchange/documents/lines';
import { splitIntoLines } from '../../nodes/EdiExchange/shared/lineOutput';
import po850 from '../sandbox/documents/create-850-purchase-order.json';

const triggerItem = {
	transactionId: 1042,
	transactionType: '850',
	senderId: 'DEMORETAIL',
	receiverId: 'YOURCOMPANY',
	stream: 'test',
	delivery: { deliveryId: 'd-7' },
	message: {
		...po850.message,
		buyersCurrency: { currencyCode: 'EUR' },
	},
};

describe('purchaseOrderLines', () => {
	test('one row per line, header fields flattened, product ids by name, decimals as exact strings', () => {
		const rows = purchaseOrderLines(triggerItem);
		expect(rows).toHaveLength(po850.message.lineItems.length);
		expect(rows[0]).toMatchObject({
			transactionId: '1042',
			deliveryId: 'd-7',
			senderId: 'DEMORETAIL',
			receiverId: 'YOURCOMPANY',
			stream: 'test',
			purchaseOrderNumber: po850.message.purchaseOrderNumber,
			purchaseOrderDate: po850.message.purchaseOrderDate,
			releaseNumber: '004010',
			currency: 'EUR',
			shipToName: 'Retail Integration Testing',
			shipToCity: 'NEW YORK',
			shipToState: 'NY',
			lineNumber: 1,
			lineCount: 5,
			purchaseOrderLineId: '1',
			quantity: '5',
			unitOfMeasure: 'each',
			unitCostPrice: '101.00',
			description: 'Green toothpaste',
			buyerItemNumber: '10000002',
			gtin12: '2837465832',
		});
		expect(rows[4]).toMatchObject({
			lineNumber: 5,
			unitCostPrice: '19.99',
			buyerItemNumber: 'ORDERFUL-TEST-SKU-005',
		});
	});

	test('every row has the same columns, absent values null', () => {
		const bare = {
			message: {
				purchaseOrderNumber: 'PO-1',
				purchaseOrderDate: '2026-01-02',
				lineItems: [
					{
						purchaseOrderLineId: 1,
						quantity: { value: 2.5 },
						productIds: { vendorItemNumber: 'V1' },
					},
					{
						purchaseOrderLineId: 2,
						quantity: { value: '3' },
						unitCostPrice: '0.125',
						productIds: { gtin14: '000123' },
					},
				],
			},
		};
		const rows = purchaseOrderLines(bare);
		const columns = Object.keys(rows[0]);
		expect(Object.keys(rows[1])).toEqual(columns);
		for (const name of [...LINE_HEADER_FIELDS, ...LINE_FIELDS]) expect(columns).toContain(name);
		expect(rows[0]).toMatchObject({
			transactionId: null,
			deliveryId: null,
			currency: null,
			quantity: '2.5',
			unitOfMeasure: null, // the order states none: no unit is assumed
			unitCostPrice: null,
			vendorItemNumber: 'V1',
			gtin14: null,
		});
		expect(rows[1]).toMatchObject({
			purchaseOrderLineId: '2',
			unitCostPrice: '0.125',
			vendorItemNumber: null,
			gtin14: '000123',
		});
	});

	test('the bare 850 message gives rows without transaction fields', () => {
		const rows = purchaseOrderLines(po850.message);
		expect(rows[0].transactionId).toBeNull();
		expect(rows[0].purchaseOrderNumber).toBe(po850.message.purchaseOrderNumber);
	});
});

describe('splitIntoLines', () => {
	test('pairs every line with its item; other documents and broken 850s stay whole', () => {
		const other = {
			json: { transactionId: 7, transactionType: '856', message: { shipmentId: 'S' } },
		};
		const noMessage = { json: { transactionId: 8, transactionType: '850' } };
		const broken = {
			json: {
				transactionId: 9,
				transactionType: '850',
				message: { purchaseOrderNumber: 'X', lineItems: [] },
			},
		};
		const out = splitIntoLines([
			{ json: triggerItem, pairedItem: { item: 3 } },
			other,
			noMessage,
			broken,
		]);
		expect(out).toHaveLength(5 + 3);
		expect(out.slice(0, 5).map((i) => i.pairedItem)).toEqual(Array(5).fill({ item: 3 }));
		expect(out[5]).toBe(other);
		expect(out[6]).toBe(noMessage);
		expect(out[7].json.linesError).toMatch(/purchaseOrderDate|lineItems/);
		expect(out[7].json.transactionId).toBe(9);
	});
});
