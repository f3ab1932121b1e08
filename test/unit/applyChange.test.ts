/**
 * Apply Change (860), the pure function: the effective order and the change log per line, every
 * change code and purpose, sequence and idempotency, and the errors that name the field.
 */
import { fc, test as property } from '@fast-check/jest';
import { readFileSync } from 'fs';
import { join } from 'path';

import { applyChanges } from '../../nodes/EdiExchange/documents/applyChange';
import { QUANTITY, PRICE } from '../arbitraries';

const example = (name: string) =>
	JSON.parse(readFileSync(join(__dirname, '..', 'sandbox', 'documents', name), 'utf8')).message;

const q = (value: string) => ({ value, unitOfMeasure: 'each' });
const order = () => ({
	purchaseOrderNumber: 'PO-7',
	purchaseOrderDate: '2026-11-20',
	lineItems: ['1', '2', '3'].map((id, i) => ({
		purchaseOrderLineId: id,
		quantity: q(String(10 * (i + 1))),
		unitCostPrice: `${i + 1}.50`,
		productIds: { buyerItemNumber: `SKU-${id}` },
		dates: { requestedShipDate: '2026-12-01' },
	})),
});
const change = (sequence: string, lineItems: object[], purpose = 'change') => ({
	purpose,
	purchaseOrderNumber: 'PO-7',
	purchaseOrderDate: '2026-11-20',
	purchaseOrderChangeDate: '2026-11-22',
	changeSequenceNumber: sequence,
	lineItems,
});
const lines = (result: ReturnType<typeof applyChanges>) =>
	(result.effectiveOrder.lineItems as any[]).map((l) => [
		l.purchaseOrderLineId,
		l.quantity.value,
		l.unitCostPrice,
	]);

describe('applyChanges: the effective order and the change log', () => {
	it('applies the contract example: line 001 to 150, line 002 added, line 003 deleted', () => {
		const po = {
			purchaseOrderNumber: 'PO-2024-001234',
			purchaseOrderDate: '2024-01-10',
			lineItems: [
				{
					purchaseOrderLineId: '001',
					quantity: q('100'),
					unitCostPrice: '25.00',
					productIds: { vendorItemNumber: 'ACME-W100' },
				},
				{
					purchaseOrderLineId: '003',
					quantity: q('50'),
					unitCostPrice: '9.00',
					productIds: { vendorItemNumber: 'ACME-T300' },
				},
			],
		};
		const result = applyChanges(po, example('create-860-po-change.json'));
		expect(lines(result)).toEqual([
			['001', '150', '25.00'],
			['002', '75', '18.50'],
		]);
		expect(result.changeLog).toEqual([
			expect.objectContaining({
				purchaseOrderLineId: '001',
				change: 'changed',
				changeReason: 'changeToItem',
				quantity: { old: '100', new: '150' },
				dates: { old: undefined, new: { requestedShipDate: '2024-01-25' } },
			}),
			expect.objectContaining({
				purchaseOrderLineId: '002',
				change: 'added',
				quantity: { old: undefined, new: '75' },
			}),
			expect.objectContaining({
				purchaseOrderLineId: '003',
				change: 'deleted',
				quantity: { old: '50', new: undefined },
			}),
		]);
		expect(result.effectiveOrder.appliedChanges).toEqual([
			{
				changeSequenceNumber: '001',
				content: expect.stringMatching(/^[0-9a-f]{16}$/),
				purpose: 'change',
				purchaseOrderChangeDate: '2024-01-15',
				lineIds: ['001', '002', '003'],
			},
		]);
		expect((result.effectiveOrder.lineItems as any[])[0]).not.toHaveProperty('changeReason');
	});

	it('reads X12 change codes as well as the contract words, QI/QD by changeInQuantity too', () => {
		const result = applyChanges(order(), [
			change('1', [
				{ purchaseOrderLineId: '1', changeReason: 'QI', changeInQuantity: q('5') },
				{ purchaseOrderLineId: '2', changeReason: 'QD', changeInQuantity: q('5') },
				{ purchaseOrderLineId: '3', changeReason: 'PC', unitCostPrice: '3.2' },
			]),
		]);
		expect(lines(result)).toEqual([
			['1', '15', '1.50'],
			['2', '15', '2.50'],
			['3', '30', '3.20'],
		]);
		expect(result.changeLog.map((e) => [e.change, e.meaning, e.quantity, e.unitCostPrice])).toEqual(
			[
				['changed', 'quantity increase', { old: '10', new: '15' }, undefined],
				['changed', 'quantity decrease', { old: '20', new: '15' }, undefined],
				['changed', 'price change', undefined, { old: '3.50', new: '3.20' }],
			],
		);
	});

	it('NC and header-level codes change no line and are logged as unchanged', () => {
		const result = applyChanges(order(), [
			change('1', [
				{ purchaseOrderLineId: '1', changeReason: 'NC' },
				{ purchaseOrderLineId: '2', changeReason: 'RA' },
			]),
		]);
		expect(lines(result)).toEqual(lines(applyChanges(order(), [])));
		expect(result.effectiveOrder.appliedChanges).toEqual([
			expect.objectContaining({ lineIds: [] }),
		]);
		expect(result.changeLog.map((e) => [e.change, e.meaning])).toEqual([
			['unchanged', 'concurrent item (no change)'],
			['unchanged', 'replace mode of shipment'],
		]);
	});

	it('purpose replace (05): the named lines replace the order, the rest are deleted', () => {
		const result = applyChanges(order(), [
			change(
				'1',
				[
					{
						purchaseOrderLineId: '2',
						changeReason: 'RZ',
						quantity: q('7'),
						unitCostPrice: '2',
						productIds: { sku: 'X' },
					},
				],
				'05',
			),
		]);
		expect(lines(result)).toEqual([['2', '7', '2.00']]);
		expect(result.changeLog.map((e) => [e.purchaseOrderLineId, e.change])).toEqual([
			['2', 'changed'],
			['1', 'deleted'],
			['3', 'deleted'],
		]);
	});

	it('purpose cancellation (01): every line cancelled, the order marked cancelled by that 860', () => {
		const result = applyChanges(order(), [change('1', []), change('2', [], '01')]);
		expect(result.status).toBe('cancelled');
		expect(result.effectiveOrder.lineItems).toEqual([]);
		expect(result.effectiveOrder.cancelledBy).toEqual({
			changeSequenceNumber: '2',
			content: expect.stringMatching(/^[0-9a-f]{16}$/),
			purpose: 'cancellation',
			purchaseOrderChangeDate: '2026-11-22',
			lineIds: ['1', '2', '3'],
		});
		expect(result.changeLog.map((e) => [e.purchaseOrderLineId, e.change])).toEqual([
			['1', 'cancelled'],
			['2', 'cancelled'],
			['3', 'cancelled'],
		]);
	});

	it('applies 860s in sequence whatever order they come in, and each only once', () => {
		const first = change('001', [
			{ purchaseOrderLineId: '1', changeReason: 'quantityChange', quantity: q('4') },
		]);
		const second = change('002', [
			{ purchaseOrderLineId: '1', changeReason: 'quantityChange', quantity: q('6') },
		]);
		const result = applyChanges(order(), [second, first, second]);
		expect(result.applied).toEqual(['001', '002']);
		expect(result.alreadyApplied).toEqual(['002']);
		expect(lines(result)[0]).toEqual(['1', '6', '1.50']);
		// Given back as the 850: both are recorded, nothing changes.
		const again = applyChanges(result.effectiveOrder, [first, second]);
		expect(again.effectiveOrder).toEqual(result.effectiveOrder);
		expect(again.alreadyApplied).toEqual(['001', '002']);
		expect(again.changeLog).toEqual([]);
	});
});

describe('applyChanges: errors name the field', () => {
	const refused = (changes: unknown, po: unknown = order()) => {
		try {
			applyChanges(po, changes);
		} catch (error) {
			return { message: (error as Error).message, path: (error as any).path };
		}
		throw new Error('applied');
	};

	it('an unknown change code', () => {
		expect(refused(change('1', [{ purchaseOrderLineId: '1', changeReason: 'XX' }]))).toEqual({
			message: expect.stringMatching(
				/^The purchase order change \(860\)'s "changes\[0\]\.lineItems\[0\]\.changeReason" is "XX", not a change code \(addItem, .*, AI, CA, .*RZ, TI\)$/,
			),
			path: 'changes[0].lineItems[0].changeReason',
		});
	});

	it('a line matching nothing, and a line added twice', () => {
		expect(refused(change('1', [{ purchaseOrderLineId: '9', changeReason: 'DI' }]))).toEqual({
			message:
				'changes[0].lineItems[0] changes line "9" (DI: delete item), which is not on purchase order PO-7',
			path: 'changes[0].lineItems[0].purchaseOrderLineId',
		});
		expect(
			refused(change('1', [{ purchaseOrderLineId: '2', changeReason: 'AI', quantity: q('1') }]))
				.path,
		).toBe('changes[0].lineItems[0].purchaseOrderLineId');
	});

	it('an 860 for another order, an unknown purpose, a quantity going the wrong way', () => {
		expect(refused({ ...change('1', []), purchaseOrderNumber: 'PO-8' })).toEqual({
			message:
				'changes[0] is a change to purchase order PO-8, not PO-7 ("changes[0].purchaseOrderNumber")',
			path: 'changes[0].purchaseOrderNumber',
		});
		expect(refused(change('1', [], 'original')).path).toBe('changes[0].purpose');
		expect(
			refused(change('1', [{ purchaseOrderLineId: '1', changeReason: 'QD', quantity: q('12') }])),
		).toEqual({
			message:
				'changes[0].lineItems[0] is a quantity decrease, but the quantity goes from 10 to 12',
			path: 'changes[0].lineItems[0].quantity',
		});
	});

	it('an 860 older than one already applied, and a change to a cancelled order', () => {
		const applied = applyChanges(order(), change('005', [])).effectiveOrder;
		expect(refused(change('004', []), applied).message).toBe(
			'changes[0] (change 004) arrives after change 005 was applied: 860s apply in sequence. Apply them again from the original 850 with every 860, or ask the buyer which one stands',
		);
		const cancelled = applyChanges(order(), change('1', [], 'cancellation')).effectiveOrder;
		expect(refused(change('2', []), cancelled).message).toBe(
			'changes[0] (change 2) changes purchase order PO-7, which its 860 (change 1) cancelled',
		);
	});

	it('two different 860s with the same sequence number', () => {
		expect(refused([change('1', []), change('1', [], 'cancellation')]).path).toBe(
			'changes[1].changeSequenceNumber',
		);
	});
});

describe('applyChanges: a code changes only what it names (#41)', () => {
	it('a structured priceChange restating another quantity takes the price only, with a warning; restating what the line has is no warning', () => {
		const result = applyChanges(order(), [
			change('1', [
				{
					purchaseOrderLineId: '1',
					changeReason: 'priceChange',
					unitCostPrice: '1.25',
					quantity: q('99'),
				},
				{
					purchaseOrderLineId: '2',
					changeReason: 'CT',
					quantity: q('20'),
					productIds: { buyerItemNumber: 'SKU-2' },
					dates: { requestedShipDate: '2026-12-09' },
				},
			]),
		]);
		expect(lines(result).slice(0, 2)).toEqual([
			['1', '10', '1.25'],
			['2', '20', '2.50'],
		]);
		expect(result.warnings).toEqual([
			"changes[0].lineItems[0] (line 1, priceChange: price change) restates quantity as 99, but the line's is 10: not taken, a price change changes price only",
		]);
	});

	it('QD in x12ChangeCode beside the word holds a structured quantityChange to its way', () => {
		expect(() =>
			applyChanges(
				order(),
				change('1', [
					{
						purchaseOrderLineId: '1',
						changeReason: 'quantityChange',
						x12ChangeCode: 'QD',
						quantity: q('12'),
					},
				]),
			),
		).toThrow(
			'changes[0].lineItems[0] is a quantity decrease, but the quantity goes from 10 to 12',
		);
	});

	it('a different 860 reusing a number already in the effective order is refused; the same one read again is not', () => {
		const first = change('1', [{ purchaseOrderLineId: '1', changeReason: 'QD', quantity: q('8') }]);
		const once = applyChanges(order(), first).effectiveOrder;
		expect(applyChanges(once, { ...first }).alreadyApplied).toEqual(['1']);
		expect(() =>
			applyChanges(once, change('1', [{ purchaseOrderLineId: '2', changeReason: 'DI' }])),
		).toThrow(
			/^changes\[0\] is change 1, but the change 1 already applied to purchase order PO-7 changed other things/,
		);
	});

	it('a change to another release is refused, naming the field', () => {
		let error: any;
		try {
			applyChanges(
				{ ...order(), releaseNumber: 'R1' },
				{ ...change('1', []), releaseNumber: 'R2' },
			);
		} catch (e) {
			error = e;
		}
		expect([error?.message, error?.path]).toEqual([
			'changes[0] (change 1) changes release R2 of purchase order PO-7, but the order given is release R1: give the 850 of release R2',
			'changes[0].releaseNumber',
		]);
	});

	it('860s without a sequence number apply in the order given, each warned', () => {
		const { changeSequenceNumber: _n, ...unnumbered } = change('', [
			{ purchaseOrderLineId: '1', changeReason: 'PC', unitCostPrice: '9.00' },
		]);
		const second = {
			...unnumbered,
			lineItems: [{ purchaseOrderLineId: '1', changeReason: 'PC', unitCostPrice: '7.00' }],
		};
		const result = applyChanges(order(), [unnumbered, second]);
		expect(lines(result)[0]).toEqual(['1', '10', '7.00']);
		expect(result.applied).toEqual(['changes[0]', 'changes[1]']);
		expect(result.warnings).toHaveLength(2);
	});
});

/** A valid 860 for `order()` as it stands: changes to its lines and new ones. */
const LINE_CHANGE = fc.oneof(
	fc.record({
		line: fc.constantFrom('1', '2', '3'),
		reason: fc.constantFrom('quantityChange', 'PQ', 'CA', 'RQ'),
		quantity: QUANTITY,
	}),
	fc.record({
		line: fc.constantFrom('1', '2', '3'),
		reason: fc.constantFrom('priceChange', 'PC'),
		price: PRICE,
	}),
	fc.record({
		line: fc.constantFrom('1', '2', '3'),
		reason: fc.constantFrom('NC', 'CT', 'RS'),
		date: fc.constantFrom('2026-12-05', '2027-01-10'),
	}),
);
const CHANGES = fc
	.array(fc.array(LINE_CHANGE, { maxLength: 4 }), { minLength: 1, maxLength: 4 })
	.map((list) =>
		list.map((items, i) =>
			change(
				String(i + 1).padStart(3, '0'),
				items.map((c: any) => ({
					purchaseOrderLineId: c.line,
					changeReason: c.reason,
					...(c.quantity && { quantity: q(c.quantity) }),
					...(c.price && { unitCostPrice: c.price }),
					...(c.date && { dates: { requestedShipDate: c.date } }),
				})),
			),
		),
	);

describe('applyChanges: properties', () => {
	property.prop([CHANGES, fc.integer({ min: 0, max: 3 })])(
		'random valid 860s applied twice (in the input, or to the effective order) give the same effective order',
		(changes, cut) => {
			const once = applyChanges(order(), changes);
			expect(applyChanges(order(), [...changes, ...changes]).effectiveOrder).toEqual(
				once.effectiveOrder,
			);
			expect(applyChanges(once.effectiveOrder, changes).effectiveOrder).toEqual(
				once.effectiveOrder,
			);
			// In two steps, in sequence: the same as at once.
			const first = applyChanges(order(), changes.slice(0, cut)).effectiveOrder;
			expect(applyChanges(first, changes.slice(cut)).effectiveOrder).toEqual(once.effectiveOrder);
		},
	);
});
