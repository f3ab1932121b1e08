/**
 * The nodes against the sandbox's X12 partner, through n8n's engine: the trigger emits the
 * partner's X12 850 as a document in every layout the partner can write; Acknowledge With 997 and
 * the 855, 856 and 810 built from that document, sent over the X12 passthrough and service-JSON
 * paths, are read by the partner with its own mapping and accepted, each verdict naming its path.
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../harness';
import { X12_LAYOUT_PRESETS } from '../../sandbox/x12/layout';
import { useNodeSandbox } from '../node/helpers';
import { buildParameters, orderPoller } from './order';

const sb = useNodeSandbox({ sendInitialOrder: false, inboundFormat: 'x12' });

const poller = () => orderPoller(sb.credentials);

test.each(Object.keys(X12_LAYOUT_PRESETS))(
	'the trigger emits the partner’s 850 as a document in the %s layout',
	async (layout) => {
		await sb.admin('PUT', '/config', { x12Layout: layout });
		const trigger = poller();
		await trigger.poll();
		const { purchaseOrderNumber } = await sb.admin('POST', '/partner/send-850');
		const { items, error } = await trigger.poll();
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items![0].json.messageFormat).toBe('x12');
		expect(items![0].json.document).toMatchObject({
			purchaseOrderNumber,
			releaseNumber: expect.any(String),
			buyersCurrency: { currencyCode: 'USD' },
		});
	},
);

test.each(['x12', 'serviceJson'])(
	'the 997, 855, 856 and 810 the nodes send over the %s path are accepted by the partner',
	async (path) => {
		await sb.admin('PUT', '/config', { x12Layout: 'tilde-newline' });
		const trigger = poller();
		await trigger.poll();
		const { purchaseOrderNumber } = await sb.admin('POST', '/partner/send-850');
		const po = (await trigger.poll()).items![0].json as IDataObject;

		const acknowledged = await runNode({
			credentials: sb.credentials,
			input: [po],
			parameters: {
				resource: 'x12',
				operation: 'acknowledge',
				x12Content: '={{ $json.message }}',
				send: true,
			},
		});
		expect(acknowledged.error?.message).toBeUndefined();

		// Each run is an execution of its own: numbered from its ID, no two alike.
		const create = (documentType: string, extra: IDataObject) =>
			runNode({
				credentials: sb.credentials,
				input: [{ po, ...extra }],
				parameters: buildParameters(documentType, { integrationPath: path }),
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
		expect(entry).toMatchObject({
			'997': { state: 'accepted', reasons: [], path: 'x12' },
			'855': { state: 'accepted', reasons: [], path },
			'856': { state: 'accepted', reasons: [], path },
			'810': { state: 'accepted', reasons: [], path },
		});
	},
);
