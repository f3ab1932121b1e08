/**
 * The 860 reader on the demo partner's own X12 860s (the sandbox in the X12 inbound format, the
 * buyerChanges and cancellation scenarios): the changes read agree with the structured 860 the
 * same partner sends in the structured format, and Apply Change gives the same effective order
 * from the 860 read from X12 as from the structured one.
 */
import { applyChanges } from '../../../nodes/EdiExchange/documents/applyChange';
import { documentsFromX12, read860 } from '../../../nodes/EdiExchange/x12Documents';
import { useSandbox, type Running } from '../../sandbox/helpers';

const x12 = useSandbox({ sendInitialOrder: false });
const structured = useSandbox({ sendInitialOrder: false });

beforeAll(async () => {
	await x12.raw.put('/_sandbox/config', { inboundFormat: 'x12' });
});

/** The partner's 850 and its first 860 for a scenario, as the messages it sent. */
async function partner(s: Running, scenario: string) {
	const sent = (await s.raw.post('/_sandbox/partner/send-850', { scenario })).data;
	const changed = (
		await s.raw.post('/_sandbox/partner/send-860', {
			purchaseOrderNumber: sent.purchaseOrderNumber,
		})
	).data;
	const message = async (id: number) => (await s.api.get(`/v3/transactions/${id}/message`)).data;
	return {
		order: await message(sent.transactionId),
		change: await message(changed.transactionIds[0]),
	};
}

/** The one document an X12 text reads into, with no errors. */
function read(text: string) {
	const { documents, errors } = documentsFromX12(text);
	expect([errors, documents.map((d) => d.errors)]).toEqual([[], [[]]]);
	return documents[0];
}

describe.each(['buyerChanges', 'cancellation'])('the partner’s %s 860', (scenario) => {
	it('reads as the structured 860 it sends, and Apply Change gives the same effective order', async () => {
		const fromX12 = await partner(x12, scenario);
		const given = await partner(structured, scenario);
		const order = read(fromX12.order).document!;
		const reading = read(fromX12.change);
		expect(reading).toMatchObject({ transactionType: '860', warnings: [] });
		const change = reading.document!;
		const expected = given.change;
		expect(change).toMatchObject({
			purpose: expected.purpose,
			purchaseOrderNumber: expected.purchaseOrderNumber,
			purchaseOrderDate: expected.purchaseOrderDate,
			changeSequenceNumber: expected.changeSequenceNumber,
		});
		// Every element of every POC is read: only the summary's CTT is outside the contract's fields.
		expect(change.x12Unmapped).toEqual([]);
		const lines = (l: any[]) =>
			l.map((line) => ({
				purchaseOrderLineId: line.purchaseOrderLineId,
				changeReason: line.changeReason,
				quantity: line.changeReason === 'deleteItem' ? undefined : line.quantity,
				unitCostPrice: line.unitCostPrice,
				productIds: line.productIds && {
					buyerItemNumber: String(line.productIds.buyerItemNumber),
					...(line.productIds.gtin12 !== undefined && { gtin12: String(line.productIds.gtin12) }),
				},
			}));
		expect(lines(change.lineItems as any[])).toEqual(lines(expected.lineItems ?? []));
		if (scenario === 'buyerChanges')
			expect((change.lineItems as any[]).map((l) => l.changeReason)).toEqual([
				'quantityChange',
				'priceChange',
				'deleteItem',
				'addItem',
			]);

		const effective = applyChanges(order, [change]);
		const fromStructured = applyChanges(given.order, [expected]);
		expect(effective.status).toBe(scenario === 'cancellation' ? 'cancelled' : 'open');
		expect(effective.status).toBe(fromStructured.status);
		const kept = (o: any) =>
			o.lineItems.map((l: any) => [
				l.purchaseOrderLineId,
				l.quantity.value,
				l.unitCostPrice,
				l.status,
			]);
		expect(kept(effective.effectiveOrder)).toEqual(kept(fromStructured.effectiveOrder));
	});
});

it('names the element of a change it cannot read, and keeps what it does not map', () => {
	const set = (...segments: string[][]) => ({
		type: '860',
		controlNumber: '1',
		segments: [['ST', '860', '1'], ...segments, ['SE', String(segments.length + 2), '1']],
	});
	expect(
		read860(set(['BCH', '09', 'SA', 'PO-1', '', '', '20261120'], ['POC', '1', 'ZZ'])).errors,
	).toEqual([
		'BCH01 (segment 2) (transaction set purpose) is "09", not one of 01 (cancellation), 04 (change), 05 (replace)',
		'POC02 (segment 3) (change type) is "ZZ", not a change code of 004010',
	]);
	const read = read860(
		set(
			['BCH', '04', 'SA', 'PO-1', '', '002', '20261120'],
			['POC', '1', 'RS', '', '', '', '', '', 'BP', 'X'],
			['MSG', 'hi'],
		),
	);
	expect(read.errors).toEqual([]);
	expect(read.change?.lineItems).toEqual([
		{
			purchaseOrderLineId: '1',
			changeReason: 'RS',
			// The buyer's own code, beside its word: Apply Change and the 865 use it.
			x12ChangeCode: 'RS',
			productIds: { buyerItemNumber: 'X' },
			// The pairs as written, as the 850's lines keep them: the 865 echoes them.
			x12ProductIds: [{ qualifier: 'BP', id: 'X' }],
		},
	]);
	expect(read.change?.x12Unmapped).toEqual([{ position: 4, segment: ['MSG', 'hi'] }]);
});
