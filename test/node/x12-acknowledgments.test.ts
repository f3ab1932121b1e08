/**
 * A partner's 997 and 824 through n8n's engine: X12 → Convert, Get Message and the trigger's
 * Include Message give each as the verdicts on our documents (which group and set, which
 * business number, accepted or rejected, every reason in words), beside the X12 as received.
 * Convert sends nothing; Get Message and the trigger read the hand-made ones from a local service
 * (inboundX12.ts), and Get Message the sandbox partner's own 824 for a duplicate invoice.
 */
import { runNode } from '../../harness';
import { fromRetailer, LONG_REASON, REJECTING_824, REJECTING_997 } from '../unit/x12/ackFixtures';
import { useSandbox } from '../sandbox/helpers';
import { itemOf, sendOn, x12, x12Order } from '../sandbox/outboundDocuments';
import { useNodeSandbox } from './helpers';
import { includeMessagePoller, useInboundX12 } from './inboundX12';

const sb = useNodeSandbox();
const inbound = useInboundX12();

/** X12 → Convert (to documents) of `x12`: the items out; nothing may reach the service. */
async function convert(x12: string) {
	const result = await sb.run({
		resource: 'x12',
		operation: 'convert',
		conversion: 'toDocuments',
		x12Content: x12,
	});
	expect(result.error?.message).toBeUndefined();
	expect(await sb.requests()).toEqual([]);
	return result.items.map((item) => item.json as any);
}

/** The rejected invoice of REJECTING_824 as every path gives it. */
const REJECTED_INVOICE = {
	transactionType: '810',
	controlNumbers: { group: '17', transactionSet: '0002' },
	businessNumber: 'INV-1',
	businessNumberType: 'invoiceNumber',
	status: 'rejected',
	statusCode: 'TR',
	statusMeaning: 'Transaction Set Reject',
};

describe('X12 → Convert', () => {
	test('a 997 reads into the verdict on each of our sets, every reason in words', async () => {
		const [item] = await convert(REJECTING_997);
		expect(item.x12).toMatchObject({
			transactionType: '997',
			senderId: 'DEMORETAIL',
			receiverId: 'YOURCOMPANY',
			interchangeControlNumber: '000000901',
		});
		expect(item.x12.errors).toBeUndefined();
		expect(item.document).toMatchObject({
			group: { functionalId: 'IN', controlNumber: '17' },
			status: 'partiallyAccepted',
			counts: { included: 3, received: 3, accepted: 2 },
		});
		expect(
			item.document.transactionSets.map((s: any) => [
				s.controlNumbers.transactionSet,
				s.status,
				s.errors.map((e: any) => e.message),
			]),
		).toEqual([
			['0001', 'accepted', []],
			[
				'0002',
				'rejected',
				[
					'IT1 at position 4 in loop IT1: Segment Has Data Element Errors; IT102 (data element 358): Mandatory data element missing; IT104 (data element 212): Invalid character in data element (found "1O.00")',
					'One or More Segments in Error',
				],
			],
			[
				'0003',
				'acceptedWithErrors',
				[
					'BIG at position 2: Segment Has Data Element Errors; BIG01 (data element 373): Invalid Date (found "20261340")',
					'REF at position 9: Segment Not in Proper Sequence',
				],
			],
		]);
	});

	test('an 824 names our document by its number and gives the whole reason', async () => {
		const [item] = await convert(REJECTING_824);
		expect(item.x12).toMatchObject({ transactionType: '824', groupControlNumber: '901' });
		expect(item.document).toMatchObject({
			referenceNumber: 'AA-824-1',
			status: 'partiallyAccepted',
		});
		const [invoice, shipNotice] = item.document.transactionSets;
		expect(invoice).toMatchObject(REJECTED_INVOICE);
		expect(invoice.errors.map((e: any) => [e.code, e.meaning, e.message])).toEqual([
			['006', 'Duplicate', LONG_REASON],
			[
				'011',
				'Not Matching',
				'UNIT PRICE DOES NOT MATCH THE ORDER (IT1 at position 5, IT104 (data element 212) "10.00")',
			],
		]);
		expect(shipNotice).toMatchObject({ businessNumber: 'SHIP-1', status: 'accepted' });
	});

	test('a 997 without AK1 is refused with its place; one without AK5 is never accepted', async () => {
		const [refused] = await convert(
			fromRetailer('997', [
				['AK2', '810', '0001'],
				['AK5', 'A'],
				['AK9', 'A', '1', '1', '1'],
			]),
		);
		expect(refused.document).toBeUndefined();
		expect(refused.x12.errors).toEqual([
			'The 997 has no AK1: it does not say which functional group it answers, so no verdict in it can be matched',
		]);
		expect(refused.x12.warnings).toEqual(
			expect.arrayContaining([
				'AK2 (segment 2) comes before any AK1: the group it belongs to is unknown',
			]),
		);
		const [unanswered] = await convert(
			fromRetailer('997', [
				['AK1', 'IN', '17'],
				['AK2', '810', '0001'],
				['AK9', 'A', '1', '1', '1'],
			]),
		);
		expect(unanswered.document.transactionSets[0].status).toBe('unknown');
		expect(unanswered.x12.warnings).toEqual(
			expect.arrayContaining([
				'AK2 (segment 3) has no AK5: the 997 gives no verdict on 810 0001 (its status is unknown)',
			]),
		);
	});
});

describe('Get Message', () => {
	test.each([
		['997', REJECTING_997, { status: 'partiallyAccepted', group: { controlNumber: '17' } }],
		[
			'824',
			REJECTING_824,
			{ status: 'partiallyAccepted', transactionSets: [REJECTED_INVOICE, {}] },
		],
	])('of an inbound X12 %s gives its verdicts as the document', async (type, x12, expected) => {
		const result = await runNode({
			parameters: { resource: 'transaction', operation: 'getMessage', transactionId: '7' },
			credentials: await inbound.serve(x12),
		});
		expect(result.error?.message).toBeUndefined();
		expect(inbound.server().requests.map((r) => r.path)).toEqual(['/v3/transactions/7/message']);
		const json = result.items[0].json as any;
		expect(json).toMatchObject({ format: 'x12', message: x12, x12: { transactionType: type } });
		expect(json.document).toMatchObject(expected);
	});
});

test('the trigger with Include Message emits an inbound 824 with its verdicts', async () => {
	const poller = includeMessagePoller(await inbound.serve(REJECTING_824));
	expect(await poller.poll()).toEqual({ items: null });
	const { items } = await poller.poll();
	const json = items![0].json as any;
	expect(json).toMatchObject({ id: 7, messageFormat: 'x12', x12: { transactionType: '824' } });
	expect(json.document.transactionSets[0]).toMatchObject(REJECTED_INVOICE);
	expect(json.document.transactionSets[0].errors[0].message).toBe(LONG_REASON);
});

describe('the sandbox partner’s own 824', () => {
	const s = useSandbox({ sendInitialOrder: false });

	test('Get Message reads it: the duplicate invoice named by number and control numbers, the reason whole', async () => {
		const order = await x12Order(s);
		await sendOn(s, 'x12', x12.ack(order));
		await sendOn(s, 'x12', x12.shipNotice(order));
		const [first] = await sendOn(s, 'x12', x12.invoice(order, 'INV-D'));
		const [duplicate] = await sendOn(s, 'x12', x12.invoice(order, 'INV-D'));
		const sent = await itemOf(s, duplicate);
		expect(sent.acknowledgmentStatus).toBe('REJECTED');
		const { items } = (
			await s.api.get('/v3/transactions', { params: { direction: 'inbound', limit: 100 } })
		).data;
		const advice = items.find((i: any) => i.transactionType === '824' && i.id > duplicate);
		const result = await runNode({
			parameters: {
				resource: 'transaction',
				operation: 'getMessage',
				transactionId: String(advice.id),
			},
			credentials: { baseUrl: s.sandbox.baseUrl, apiToken: s.sandbox.apiKey },
		});
		expect(result.error?.message).toBeUndefined();
		const json = result.items[0].json as any;
		expect(json.x12).toMatchObject({ transactionType: '824', senderId: 'DEMORETAIL' });
		expect(json.x12.warnings).toBeUndefined();
		const reason = `duplicate invoice INV-D, already accepted as transaction ${first}`;
		expect(json.document).toMatchObject({ purpose: 'original', status: 'rejected' });
		expect(json.document.transactionSets).toEqual([
			{
				transactionType: '810',
				controlNumbers: {
					group: sent.controlNumbers.group,
					transactionSet: sent.controlNumbers.transactionSet,
				},
				businessNumber: 'INV-D',
				businessNumberType: 'invoiceNumber',
				level: 'transactionSet',
				status: 'rejected',
				statusCode: 'TR',
				statusMeaning: 'Transaction Set Reject',
				errors: [
					{
						code: '006',
						meaning: 'Duplicate',
						message: reason,
						text: reason.slice(0, 60).trimEnd(),
						...(reason.length > 60 && { notes: expect.any(Array) }),
					},
				],
			},
		]);
	});
});
