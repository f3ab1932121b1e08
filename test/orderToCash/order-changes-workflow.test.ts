/**
 * The order-changes example (examples/order-changes.json, as it ships) through n8n's engine against
 * the sandbox's demo partner: its 850 trigger's run answers the order with an 855, after which the
 * partner sends its scenario's 860; the 860 trigger's run looks the 850 up, applies the change and
 * answers with an 865 over service JSON. The partner's scorecard is the judge.
 */
import { join } from 'path';
import type { IDataObject } from 'n8n-workflow';

import { loadExample, Poller, runWorkflow, type WorkflowJson } from '../../harness';
import { useSandbox } from '../sandbox/helpers';
import { credentialsOf, requests, reset } from '../trigger/helpers';
import { validateAll, withValidator } from '../x12Interop';
import { envelope } from '../x12Orders';

const running = useSandbox({ sendInitialOrder: false, rateLimit: null });
beforeEach(async () => reset(running));

const EXAMPLE = join(__dirname, '..', '..', 'examples', 'order-changes.json');

/** Activates both triggers (their first poll sets the baseline), as publishing does. */
async function publish(workflow: WorkflowJson) {
	const pollers: Record<string, Poller> = {};
	for (const name of ['850 arrives', '860 arrives']) {
		const node = workflow.nodes.find((n) => n.name === name)!;
		pollers[name] = new Poller(credentialsOf(running), node.parameters as IDataObject);
		expect((await pollers[name].poll()).items).toBeNull();
	}
	return pollers;
}

/** One poll of a trigger, and the run of what it emitted. */
async function pollAndRun(workflow: WorkflowJson, poller: Poller, trigger: string) {
	const emitted = await poller.poll();
	expect(emitted.error).toBeUndefined();
	expect(emitted.items).toHaveLength(1);
	const run = await runWorkflow(workflow, {
		credentials: credentialsOf(running),
		startNode: trigger,
		input: emitted.items ?? undefined,
		mode: 'trigger',
	});
	expect(run.error).toBeUndefined();
	return run;
}

async function scorecardOf(purchaseOrderNumber: string): Promise<any> {
	const { data } = await running.raw.get('/_sandbox/scorecard');
	return data.purchaseOrders.find((o: any) => o.purchaseOrderNumber === purchaseOrderNumber);
}

async function orderAnswered(scenario: string) {
	const workflow = loadExample(EXAMPLE);
	const pollers = await publish(workflow);
	const { data: sent } = await running.raw.post('/_sandbox/partner/send-850', { scenario });
	const order = await pollAndRun(workflow, pollers['850 arrives'], '850 arrives');
	expect(order.outputs['Create 855'][0].json.status).toBe('ACCEPTED');
	// The partner sends its 860 once the 855 has arrived; the 850 trigger has nothing new.
	expect((await pollers['850 arrives'].poll()).items).toBeNull();
	const change = await pollAndRun(workflow, pollers['860 arrives'], '860 arrives');
	return { purchaseOrderNumber: sent.purchaseOrderNumber as string, change };
}

test('buyerChanges: the 850 is answered with an 855, the 860 with Apply Change and an 865 the partner accepts', async () => {
	const { purchaseOrderNumber, change } = await orderAnswered('buyerChanges');
	// The lookup read the order's 850 among the recent ones; Apply Change ran once, on it.
	expect(change.outputs['Apply Change (860)']).toHaveLength(1);
	const applied = change.outputs['Apply Change (860)'][0].json as any;
	expect(applied).toMatchObject({ purchaseOrderNumber, status: 'open', applied: ['001'] });
	expect(applied.changeLog.map((e: any) => e.change).sort()).toEqual([
		'added',
		'changed',
		'changed',
		'deleted',
	]);
	const reply = change.outputs['Create 865'];
	expect(reply).toHaveLength(1);
	expect(reply[0].json).toMatchObject({ status: 'ACCEPTED' });
	const entry = await scorecardOf(purchaseOrderNumber);
	expect(entry.scenario).toBe('buyerChanges');
	expect(entry['855'].state).toBe('accepted');
	expect(entry['865']).toMatchObject({ state: 'accepted', reasons: [], path: 'serviceJson' });
});

withValidator.test(
	'cancellation: Apply Change says cancelled, the 865 (the BCA alone) acknowledges it, nothing is shipped or billed',
	async () => {
		const { purchaseOrderNumber, change } = await orderAnswered('cancellation');
		const applied = change.outputs['Apply Change (860)'][0].json as any;
		expect(applied).toMatchObject({ purchaseOrderNumber, status: 'cancelled' });
		expect(applied.effectiveOrder.lineItems).toEqual([]);
		expect(change.outputs['Create 865'][0].json).toMatchObject({ status: 'ACCEPTED' });
		const entry = await scorecardOf(purchaseOrderNumber);
		expect(entry['860']).toMatchObject({ state: 'sent', sent: [{ purpose: 'cancellation' }] });
		expect(entry['855'].state).toBe('accepted');
		expect([entry['856'].state, entry['810'].state]).toEqual(['missing', 'missing']);
		const [sent] = (await requests(running)).filter((r) => r.body?.type === '865');
		expect(sent.body.content.segments.map((s: string[]) => s[0])).toEqual(['BCA']);
		expect(validateAll([envelope('865', sent.body.content.segments, 2)])[0].errors).toEqual([]);
	},
);
