import type { INode } from 'n8n-workflow';

import { runOrderToCash } from '../../harness';
import { useSandbox } from '../sandbox/helpers';
import { credentialsOf, reset } from '../trigger/helpers';

const running = useSandbox({ sendInitialOrder: false, rateLimit: null });

beforeEach(async () => reset(running));

test('the example workflow answers the partner’s 850 with an 855, 856 and 810, all accepted', async () => {
	const { order, run, scorecard } = await runOrderToCash(credentialsOf(running));
	expect(run.error).toBeUndefined();
	for (const [node, type] of [
		['Create 855', '855'],
		['Create 856', '856'],
		['Create 810', '810'],
	]) {
		expect(run.outputs[node]).toHaveLength(1);
		expect(run.outputs[node][0].json).toMatchObject({
			status: 'ACCEPTED',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			type: expect.stringMatching(`^${type}_`),
		});
	}
	expect(run.outputs['Create 810'][0].json.message).toMatchObject({
		purchaseOrderNumber: order.purchaseOrderNumber,
	});
	expect(scorecard).toMatchObject({
		purchaseOrderNumber: order.purchaseOrderNumber,
		'855': { state: 'accepted', reasons: [] },
		'856': { state: 'accepted', reasons: [] },
		'810': { state: 'accepted', reasons: [] },
	});
});

test('an 856 that ships more than was ordered gets a red scorecard with the reason', async () => {
	const { run, scorecard } = await runOrderToCash(credentialsOf(running), {
		adjust: (workflow) => {
			const asn = workflow.nodes.find((node) => node.name === 'Create 856') as INode;
			// Hand-edit the built 856: ship 1000 of the first line.
			asn.parameters.messageSource = 'json';
			asn.parameters.message =
				"={{ (() => { const m = JSON.parse(JSON.stringify($('Create 855').item.json.message)); return { shipmentId: 'SHP-WRONG', orders: [{ purchaseOrderNumber: m.purchaseOrderNumber, pallets: [{ cartons: [{ items: [{ purchaseOrderLineId: m.lineItems[0].purchaseOrderLineId, productIds: m.lineItems[0].productIds, quantityShipped: { value: '1000', unitOfMeasure: 'each' } }] }] }] }] }; })() }}";
			asn.parameters.senderId = 'YOURCOMPANY';
			asn.parameters.receiverId = 'DEMORETAIL';
		},
	});
	expect(run.outputs['Create 856'][0].json.status).toBe('ACCEPTED');
	expect(scorecard?.['856'].state).toBe('rejected');
	expect(scorecard?.['856'].reasons.join(' ')).toMatch(
		/line 1: shipped 1000 but only \d+ (accepted|ordered)/,
	);
});

test.each([
	['x12', 'x12'],
	['json', 'serviceJson'],
] as const)(
	'on the %s path (npm run demo -- --path), Create nodes on %s: the partner accepts the 997, 855, 856 and 810, each over its path',
	async (path, integrationPath) => {
		const { order, run, scorecard } = await runOrderToCash(credentialsOf(running), { path });
		expect(run.error).toBeUndefined();
		expect(run.outputs['EDI Exchange Trigger'][0].json).toMatchObject({
			messageFormat: 'x12',
			document: { purchaseOrderNumber: order.purchaseOrderNumber },
		});
		for (const node of ['Create 855', 'Create 856', 'Create 810'])
			expect(run.outputs[node][0].json).toMatchObject({ status: 'ACCEPTED', integrationPath });
		expect(scorecard).toMatchObject({
			'997': { state: 'accepted', reasons: [], path: 'x12' },
			'855': { state: 'accepted', reasons: [], path: integrationPath },
			'856': { state: 'accepted', reasons: [], path: integrationPath },
			'810': { state: 'accepted', reasons: [], path: integrationPath },
		});
	},
);
