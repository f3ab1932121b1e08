/**
 * The organization's inbound format set to X12: the demo partner's 850 arrives as an X12
 * interchange (application/edi-x12), the trigger emits it with its document, and the 855, 856 and
 * 810 built from that document are accepted by the partner. Through the engine against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../harness';
import { useNodeSandbox } from '../node/helpers';
import { buildParameters, orderPoller } from './order';
import { validateAll, withValidator } from '../x12Interop';

const sb = useNodeSandbox({ sendInitialOrder: false, inboundFormat: 'x12' });

test('the partner’s 850 is an X12 interchange on the message endpoint; config says x12', async () => {
	const { transactionId, purchaseOrderNumber } = await sb.admin('POST', '/partner/send-850');
	const res = await fetch(`${sb.baseUrl}/v3/transactions/${transactionId}/message`, {
		headers: { 'service-api-key': sb.sandbox.apiKey },
	});
	expect(res.headers.get('content-type')).toContain('application/edi-x12');
	const text = await res.text();
	expect(text).toMatch(/^ISA\*/);
	expect(text).toContain(`BEG*00*SA*${purchaseOrderNumber}*`);
	expect(await sb.admin('GET', '/config')).toMatchObject({ inboundFormat: 'x12' });
});

test('PUT /_sandbox/config refuses an unknown inbound format, naming the field', async () => {
	const res = await fetch(`${sb.baseUrl}/_sandbox/config`, {
		method: 'PUT',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ inboundFormat: 'edifact' }),
	});
	expect(res.status).toBe(400);
	expect(await res.text()).toContain('inboundFormat must be json or x12');
});

test('order to cash from an X12 850: the trigger emits its document, the partner accepts the 855, 856 and 810 built from it', async () => {
	const poller = orderPoller(sb.credentials);
	expect((await poller.poll()).items).toBeNull();
	const { purchaseOrderNumber } = await sb.admin('POST', '/partner/send-850');
	const { items, error } = await poller.poll();
	expect(error).toBeUndefined();
	expect(items).toHaveLength(1);
	const po = items![0].json as IDataObject;
	expect(po.messageFormat).toBe('x12');
	expect(po.document).toMatchObject({ purchaseOrderNumber });

	const create = (documentType: string, extra: IDataObject) =>
		runNode({
			credentials: sb.credentials,
			input: [{ po, ...extra }],
			parameters: buildParameters(documentType),
		});
	const ack = await create('855_PURCHASE_ORDER_ACKNOWLEDGMENT', {});
	expect(ack.error?.message).toBeUndefined();
	const asn = await create('856_SHIP_NOTICE_MANIFEST', { ack: ack.items[0].json.message });
	expect(asn.error?.message).toBeUndefined();
	const inv = await create('810_INVOICE', {
		ack: ack.items[0].json.message,
		asn: asn.items[0].json.message,
	});
	expect(inv.error?.message).toBeUndefined();
	const card = await sb.admin('GET', '/scorecard');
	const entry = card.purchaseOrders.find(
		(o: IDataObject) => o.purchaseOrderNumber === purchaseOrderNumber,
	);
	expect([entry['855'].state, entry['856'].state, entry['810'].state]).toEqual([
		'accepted',
		'accepted',
		'accepted',
	]);
});

const validated = withValidator.test;

validated(
	'the partner’s X12 850s pass the independent 004010 validator (../shared/x12-validate)',
	async () => {
		const texts: string[] = [];
		for (let i = 0; i < 12; i++) {
			const { transactionId } = await sb.admin('POST', '/partner/send-850');
			const res = await fetch(`${sb.baseUrl}/v3/transactions/${transactionId}/message`, {
				headers: { 'service-api-key': sb.sandbox.apiKey },
			});
			texts.push(await res.text());
		}
		const verdicts = validateAll(texts);
		expect(verdicts.flatMap((v) => v.errors)).toEqual([]);
		console.log(
			`x12-validate: ${verdicts.length} partner 850s (charges, allowances, weights), 0 errors`,
		);
	},
);
