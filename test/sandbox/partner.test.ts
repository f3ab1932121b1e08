import { useSandbox } from './helpers';

/** Exact decimal strings as integers of millionths, so the test computes totals independently. */
const micros = (value: string) => {
	const [whole, fraction = ''] = value.split('.');
	return BigInt(whole) * 1_000_000n + BigInt((fraction + '000000').slice(0, 6));
};
const money = (m: bigint) => {
	const cents = m / 10_000n;
	return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
};

describe('the demo partner checks 855, 856 and 810 against its 850', () => {
	const s = useSandbox({ sendInitialOrder: false });
	let order: any;
	const send = (type: string, message: object) =>
		s.api.post('/v4/transactions', {
			type,
			stream: 'test',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			message,
		});
	const entry = async () =>
		(await s.raw.get('/_sandbox/scorecard')).data.purchaseOrders.find(
			(p: any) => p.purchaseOrderNumber === order.purchaseOrderNumber,
		);

	beforeAll(async () => {
		const sent = (await s.raw.post('/_sandbox/partner/send-850')).data;
		order = (await s.api.get(`/v3/transactions/${sent.transactionId}/message`)).data;
	});

	const acknowledgment = () => ({
		purchaseOrderNumber: order.purchaseOrderNumber,
		status: 'accepted',
		lineItems: order.lineItems.map((line: any) => ({
			purchaseOrderLineId: line.purchaseOrderLineId,
			productIds: line.productIds,
			actions: [{ status: 'accepted', quantity: line.quantity, unitCostPrice: line.unitCostPrice }],
		})),
	});

	it('rejects an 855 that acknowledges more than ordered, with reasons', async () => {
		const bad = acknowledgment();
		bad.lineItems[0].actions[0].quantity = { value: '100000', unitOfMeasure: 'each' };
		expect((await send('855_PURCHASE_ORDER_ACKNOWLEDGMENT', bad)).data.status).toBe('ACCEPTED');
		const verdict = (await entry())['855'];
		expect(verdict.state).toBe('rejected');
		expect(verdict.reasons).toEqual([expect.stringContaining('line 1')]);
	});

	it('accepts a correct 855, replacing the earlier verdict', async () => {
		const created = (await send('855_PURCHASE_ORDER_ACKNOWLEDGMENT', acknowledgment())).data;
		expect((await entry())['855']).toEqual({
			state: 'accepted',
			reasons: [],
			transactionId: created.id,
		});
	});

	it('accepts an 856 shipping what was accepted, and rejects one that ships more', async () => {
		const notice = (extra = '0') => ({
			shipmentId: 'SHP-1',
			orders: [
				{
					purchaseOrderNumber: order.purchaseOrderNumber,
					items: order.lineItems.map((line: any, i: number) => ({
						purchaseOrderLineId: line.purchaseOrderLineId,
						productIds: line.productIds,
						quantityShipped: {
							...line.quantity,
							value: i === 0 && extra !== '0' ? extra : line.quantity.value,
						},
					})),
				},
			],
		});
		await send('856_SHIP_NOTICE_MANIFEST', notice('99999'));
		expect((await entry())['856'].state).toBe('rejected');
		await send('856_SHIP_NOTICE_MANIFEST', notice());
		expect((await entry())['856']).toMatchObject({ state: 'accepted', reasons: [] });
	});

	it('accepts an 810 with correct totals and rejects wrong totals', async () => {
		const lines = order.lineItems;
		// Each line's extended amount rounded half up to cents, then added (the retail convention).
		const rounded = lines.reduce((sum: bigint, l: any) => {
			const line = (micros(l.quantity.value) * micros(l.unitCostPrice)) / 1_000_000n;
			return sum + ((line + 5_000n) / 10_000n) * 10_000n;
		}, 0n);
		const invoice = {
			invoiceNumber: 'INV-1',
			invoiceDate: '2026-11-22',
			purchaseOrderNumber: order.purchaseOrderNumber,
			lineItems: lines.map((l: any) => ({
				purchaseOrderLineId: l.purchaseOrderLineId,
				productIds: l.productIds,
				quantityInvoiced: l.quantity,
				unitPrice: l.unitCostPrice,
			})),
			invoiceSalesTotal: money(rounded),
			invoiceTotal: money(rounded),
		};
		await send('810_INVOICE', { ...invoice, invoiceTotal: money(rounded + 1_000_000n) });
		const rejected = (await entry())['810'];
		expect(rejected.state).toBe('rejected');
		expect(rejected.reasons).toEqual([expect.stringContaining('invoiceTotal')]);
		await send('810_INVOICE', invoice);
		expect((await entry())['810']).toMatchObject({ state: 'accepted', reasons: [] });
	});

	it('lists documents about unknown purchase orders as unmatched, and ignores FAILED ones', async () => {
		const created = (
			await send('855_PURCHASE_ORDER_ACKNOWLEDGMENT', {
				...acknowledgment(),
				purchaseOrderNumber: 'PO-NOPE',
			})
		).data;
		const failed = (
			await send('855_PURCHASE_ORDER_ACKNOWLEDGMENT', { ...acknowledgment(), status: undefined })
		).data;
		expect(failed.status).toBe('FAILED');
		const scorecard = (await s.raw.get('/_sandbox/scorecard')).data;
		expect(scorecard.unmatched).toEqual([
			{ transactionId: created.id, type: '855', reasons: [expect.stringContaining('PO-NOPE')] },
		]);
		expect((await entry())['855'].state).toBe('accepted');
	});
});
