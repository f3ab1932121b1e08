/**
 * The demo partner accepts what Create → Build Inventory Advice From Rows sends, on every path,
 * and a second run with the same rows sends nothing.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { ACTION_NODE, ACTION_VERSION, CREDENTIAL_REF, runWorkflow } from '../../harness';
import { useNodeSandbox } from './helpers';

const sb = useNodeSandbox();

test.each(['structured', 'x12', 'serviceJson'])(
	'the partner accepts the feed sent on %s; the same rows again send nothing',
	async (integrationPath) => {
		const sent = await sb.admin('POST', '/partner/send-850');
		const answer = await fetch(`${sb.baseUrl}/v3/transactions/${sent.transactionId}/message`, {
			headers: { 'service-api-key': sb.sandbox.apiKey },
		});
		const order = (await answer.json()) as {
			lineItems: Array<{ productIds: IDataObject }>;
			parties: { shipTo: { identificationCode: string } };
		};
		const rows = order.lineItems.map((line, i) => ({
			json: {
				buyerItemNumber: line.productIds.buyerItemNumber,
				gtin: line.productIds.gtin12,
				quantityAvailable: String(10 + i),
				quantityOnHand: 12 + i,
				quantityOnOrder: '5',
				onOrderDate: '2026-12-01',
				location: i % 2 ? 'WH001' : order.parties.shipTo.identificationCode,
			},
		}));
		const node: INode = {
			id: 'feed',
			name: 'Inventory Feed',
			type: ACTION_NODE,
			typeVersion: ACTION_VERSION,
			position: [0, 0],
			credentials: CREDENTIAL_REF,
			parameters: {
				resource: 'transaction',
				operation: 'create',
				documentType: '846_INVENTORY_ADVICE',
				messageSource: 'inventoryRows',
				stream: 'test',
				senderId: 'YOURCOMPANY',
				receiverId: 'DEMORETAIL',
				integrationPath,
			},
		};
		const staticData: IDataObject = {};
		const run = async () =>
			await runWorkflow(
				{ nodes: [node], connections: {}, staticData },
				{ credentials: sb.credentials, startNode: node.name, input: rows, mode: 'trigger' },
			);
		expect((await run()).error?.message).toBeUndefined();
		const second = await run();
		expect(second.items.map((item) => item.json.skipped)).toEqual([true]);
		const card = await sb.admin('GET', '/scorecard');
		expect(card.inventory).toEqual([
			{ transactionId: expect.anything(), state: 'accepted', reasons: [], lines: rows.length },
		]);
	},
);
