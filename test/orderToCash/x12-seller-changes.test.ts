/**
 * The sellerChanges scenario with the X12 partner, through n8n's engine: the 855 built with a
 * rejected, a repriced and a backordered line is written with ACK01 IR, IP (PO104 the new price)
 * and IB; the 856 and 810 follow it; the partner reads each its own way and accepts all three. An
 * 855 saying IA at another price than ordered is refused, naming the line. ../shared's validator
 * passes what was written.
 */
import type { IDataObject } from 'n8n-workflow';

import { Poller, runNode } from '../../harness';
import { buildAcknowledgment } from '../../nodes/EdiExchange/documents';
import { useNodeSandbox } from '../node/helpers';
import { validateAll, withValidator } from '../x12Interop';
import { buildParameters } from './order';

const sb = useNodeSandbox({ sendInitialOrder: false, inboundFormat: 'x12' });

const DECISIONS = [
	{ purchaseOrderLineId: '1', status: 'rejected' },
	{ purchaseOrderLineId: '2', status: 'accepted', unitCostPrice: '1.23' },
	{ purchaseOrderLineId: '3', status: 'backordered' },
];

const entryOf = async (number: string) =>
	(await sb.admin('GET', '/scorecard')).purchaseOrders.find(
		(p: IDataObject) => p.purchaseOrderNumber === number,
	);

/** The partner's sellerChanges 850 as the trigger emits it (X12 text and its document). */
async function sellerChangesOrder(): Promise<{ number: string; po: IDataObject }> {
	const trigger = new Poller(sb.credentials, {
		source: 'transactions',
		stream: 'test',
		transactionTypes: ['850'],
		includeMessage: true,
		options: {},
	});
	await trigger.poll();
	const sent = await sb.admin('POST', '/partner/send-850', { scenario: 'sellerChanges' });
	return { number: sent.purchaseOrderNumber, po: (await trigger.poll()).items![0].json };
}

const create = async (documentType: string, input: IDataObject, extra: IDataObject = {}) => {
	await sb.clearRequests();
	const run = await runNode({
		credentials: sb.credentials,
		input: [input],
		parameters: buildParameters(documentType, { integrationPath: 'x12', ...extra }),
	});
	expect(run.error?.message).toBeUndefined();
	const [post] = (await sb.requests()).filter((r) => r.method === 'POST');
	return { message: run.items[0].json.message as IDataObject, text: post.body.content as string };
};

withValidator.test(
	'a repriced line is ACK01 IP with PO104 the new price; the 856 and 810 follow the 855; the partner accepts all three',
	async () => {
		const { number, po } = await sellerChangesOrder();
		const ack = await create(
			'855_PURCHASE_ORDER_ACKNOWLEDGMENT',
			{ po },
			{ acknowledgmentLines: { line: DECISIONS } },
		);
		const segments = ack.text.split('~').map((s) => s.trim());
		const loop = (id: string) => {
			const at = segments.findIndex((s) => s.startsWith(`PO1*${id}*`));
			return [segments[at], segments.find((s, i) => i > at && s.startsWith('ACK*'))];
		};
		expect(loop('1')[1]).toMatch(/^ACK\*IR\*/);
		expect(loop('2')[0]).toMatch(/^PO1\*2\*\d+\*EA\*1\.23\*/);
		expect(loop('2')[1]).toMatch(/^ACK\*IP\*/);
		expect(loop('3')[1]).toMatch(/^ACK\*IB\*/);
		expect((ack.message.lineItems as any[])[1].actions[0].statusNote).toMatchObject({
			description: 'Price Adjustment',
		});

		const asn = await create('856_SHIP_NOTICE_MANIFEST', { po, ack: ack.message });
		const invoice = await create('810_INVOICE', { po, ack: ack.message, asn: asn.message });
		expect(invoice.text).toMatch(/IT1\*[^~]*\*1\.23\*/);
		expect(invoice.text).not.toMatch(/IT1\*1\*/);
		expect(await entryOf(number)).toMatchObject({
			scenario: 'sellerChanges',
			'855': { state: 'accepted', reasons: [], path: 'x12' },
			'856': { state: 'accepted', reasons: [], path: 'x12' },
			'810': { state: 'accepted', reasons: [], path: 'x12' },
		});
		const verdicts = validateAll([ack.text, asn.text, invoice.text]);
		expect(verdicts.map((v) => v.errors)).toEqual([[], [], []]);
		console.log(`x12-validate: ${verdicts.length} sellerChanges 855/856/810 (ACK IP), no error`);
	},
);

test('an 855 saying IA at a price other than ordered is refused by the partner, naming the line', async () => {
	const { number, po } = await sellerChangesOrder();
	// The 855 a workflow might hand over itself: line 2 at 1.23 without its Price Adjustment note.
	const ack = buildAcknowledgment(po.document, { lines: DECISIONS as any });
	delete (ack.lineItems as any[])[1].actions[0].statusNote;
	await sb.clearRequests();
	const run = await runNode({
		credentials: sb.credentials,
		input: [{ ack } as IDataObject],
		parameters: {
			resource: 'transaction',
			operation: 'create',
			documentType: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
			stream: 'test',
			messageSource: 'field',
			messageField: 'ack',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			integrationPath: 'x12',
		},
	});
	expect(run.error?.message).toBeUndefined();
	const [post] = (await sb.requests()).filter((r) => r.method === 'POST');
	expect(post.body.content).toMatch(/PO1\*2\*[^~]*\*1\.23\*[^~]*~\s*(?:[^~]*~\s*)*?ACK\*IA\*/);
	const entry = await entryOf(number);
	expect(entry['855'].state).toBe('rejected');
	expect(entry['855'].reasons).toEqual([
		expect.stringMatching(
			/^line 2: ACK01 IA accepts the line as ordered but PO104 1\.23 is not the order's price \d+\.\d+ \(a changed price is ACK01 IP\)$/,
		),
	]);
});
