/**
 * Property-based tests of the builders (fast-check): for random purchase orders the 810's totals
 * equal an independent integer computation (each line to cents as BigInt, half-up, then added), and every refusal of what a
 * partner would reject is a DocumentError naming the field it is about.
 */
import { fc, test } from '@fast-check/jest';

import { buildInvoice, DocumentError, type PlainObject } from '../../nodes/EdiExchange/documents';
import { AMOUNT, DECIMAL, decimalText, PRICE, QUANTITY } from '../arbitraries';
import { fuzz } from '../fuzz';

const LINE = fc.record({
	quantity: QUANTITY,
	price: PRICE,
});
const ORDER = fc.record({
	lines: fc.array(LINE, { minLength: 1, maxLength: 8 }),
	charges: fc.array(AMOUNT, { maxLength: 3 }),
	allowances: fc.array(AMOUNT, { maxLength: 3 }),
});
type Order = typeof ORDER extends fc.Arbitrary<infer O> ? O : never;

function purchaseOrder(order: Order): PlainObject {
	return {
		purchaseOrderNumber: 'PO-FUZZ',
		purchaseOrderDate: '2026-11-20',
		lineItems: order.lines.map((line, i) => ({
			purchaseOrderLineId: String(i + 1),
			quantity: { value: line.quantity, unitOfMeasure: 'each' },
			unitCostPrice: line.price,
			productIds: { buyerItemNumber: `SKU-${i + 1}` },
		})),
		charges: order.charges,
		allowances: order.allowances,
	};
}

// The independent computation: integers only, at a fixed scale, rounded half-up to cents.
const units = (text: string, scale: number): bigint => {
	const [whole, fraction = ''] = text.split('.');
	return BigInt(whole + fraction.padEnd(scale, '0'));
};
const toCents = (value: bigint, scale: number): bigint => {
	const divisor = 10n ** BigInt(scale - 2);
	return (value * 2n + divisor) / (2n * divisor);
};
const centsText = (cents: bigint) => {
	const negative = cents < 0n;
	const digits = (negative ? -cents : cents).toString().padStart(3, '0');
	return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};
/** Each line's extended amount to cents, then added (the retail convention; docs/x12.md). */
const salesCents = (lines: Order['lines']) =>
	lines.reduce((sum, line) => sum + toCents(units(line.quantity, 3) * units(line.price, 4), 7), 0n);
const sumCents = (amounts: Array<{ amount: string }>) =>
	amounts.reduce((sum, a) => sum + toCents(units(a.amount, 4), 4), 0n);

test.prop([ORDER], fuzz(300))(
	'an 810 from a random purchase order: totals equal an integer computation, or the allowances are refused',
	(order) => {
		const sales = salesCents(order.lines);
		const charges = sumCents(order.charges);
		const allowances = sumCents(order.allowances);
		let invoice: PlainObject | undefined;
		let error: unknown;
		try {
			invoice = buildInvoice(purchaseOrder(order), { invoiceDate: '2026-11-22' });
		} catch (e) {
			error = e;
		}
		if (allowances > sales) {
			expect(error).toBeInstanceOf(DocumentError);
			expect((error as DocumentError).path).toBe('allowances');
			return;
		}
		expect(error).toBeUndefined();
		expect(invoice!.invoiceSalesTotal).toBe(centsText(sales));
		expect(invoice!.invoiceTotal).toBe(centsText(sales + charges - allowances));
		expect(
			(invoice!.lineItems as PlainObject[]).map((l) => (l.quantityInvoiced as PlainObject).value),
		).toEqual(order.lines.map((l) => String(Number(l.quantity))));
	},
);

/** A purchase order spoiled in one place the partner would refuse, and the field a refusal must name. */
const SPOILED = fc.tuple(
	ORDER,
	fc.nat(),
	fc.oneof(
		fc.record({
			kind: fc.constant('negative price' as const),
			price: DECIMAL(100_000, 2).filter((p) => Number(p) > 0),
		}),
		fc.record({
			kind: fc.constant('quantity not a number' as const),
			text: fc.constantFrom('five', '1e3', '', '1,5', '--1'),
		}),
		fc.record({
			kind: fc.constant('impossible PO date' as const),
			date: fc.constantFrom(
				'x',
				'2026-02-29',
				'2026-02-31',
				'2026-13-01',
				'2026-04-31',
				'2026-00-10',
				'20261120',
			),
		}),
		fc.record({
			kind: fc.constant('855 accepts more than ordered' as const),
			extra: DECIMAL(1_000, 3).filter((q) => Number(q) > 0),
		}),
		fc.record({
			kind: fc.constant('negative charge' as const),
			amount: DECIMAL(100_000, 2).filter((a) => Number(a) > 0),
		}),
		fc.record({ kind: fc.constant('allowance over the sales' as const) }),
	),
);

test.prop([SPOILED], fuzz(300))(
	'what a partner would reject is refused, naming the field',
	([order, pick, spoil]) => {
		const po = purchaseOrder({ ...order, allowances: [] });
		const i = pick % order.lines.length;
		const line = (po.lineItems as PlainObject[])[i];
		const options: PlainObject = { invoiceDate: '2026-11-22' };
		let path: string;
		switch (spoil.kind) {
			case 'negative price':
				line.unitCostPrice = `-${spoil.price}`;
				path = `lineItems[${i}].unitCostPrice`;
				break;
			case 'quantity not a number':
				(line.quantity as PlainObject).value = spoil.text;
				path = `lineItems[${i}].quantity.value`;
				break;
			case 'impossible PO date':
				po.purchaseOrderDate = spoil.date;
				path = 'purchaseOrderDate';
				break;
			case '855 accepts more than ordered': {
				const accepted = (l: Order['lines'][number], k: number) =>
					k === i
						? decimalText(Number(units(l.quantity, 3) + units(spoil.extra, 3)), 3)
						: l.quantity;
				options.acknowledgment = {
					purchaseOrderNumber: 'PO-FUZZ',
					lineItems: order.lines.map((l, k) => ({
						purchaseOrderLineId: String(k + 1),
						actions: [{ status: 'accepted', quantity: { value: accepted(l, k) } }],
					})),
				};
				path = `lineItems[${i}].actions[0].quantity`;
				break;
			}
			case 'negative charge':
				options.charges = [{ type: 'freight', amount: `-${spoil.amount}` }];
				path = 'charges[0].amount';
				break;
			case 'allowance over the sales': {
				options.allowances = [
					{ type: 'promotion', amount: centsText(salesCents(order.lines) + 1n) },
				];
				path = 'allowances';
				break;
			}
		}
		let error: unknown;
		try {
			buildInvoice(po, options as never);
		} catch (e) {
			error = e;
		}
		expect(error).toBeInstanceOf(DocumentError);
		expect((error as DocumentError).path).toBe(path);
		expect((error as Error).message).toContain(`"${path}"`);
	},
);
