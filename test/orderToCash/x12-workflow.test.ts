/**
 * The X12 example workflow (examples/x12-order-to-cash.json) through n8n's engine: its trigger
 * polls an X12 850 (from a small local service until the sandbox serves inbound X12), then the
 * workflow sends the 997, 855, 856 and 810 as X12 interchanges to the sandbox, which accepts them.
 */
import { join } from 'path';

import { loadExample, Poller, runWorkflow, TRIGGER_NODE } from '../../harness';
import { readInterchange } from '../../nodes/EdiExchange/x12';
import { json, raw, startHostileServer, type HostileServer } from '../hostile/server';
import { useSandbox } from '../sandbox/helpers';
import { credentialsOf, reset } from '../trigger/helpers';
import { retail850 } from '../unit/x12/fixtures';
import { transactionList } from '../samples';

const running = useSandbox({ sendInitialOrder: false, rateLimit: null });
let inbound: HostileServer;
beforeEach(async () => reset(running));
afterEach(async () => await inbound?.stop());

test('the X12 example answers an X12 850 with a 997, 855, 856 and 810, each an interchange the service accepts', async () => {
	const workflow = loadExample(join(__dirname, '..', '..', 'examples', 'x12-order-to-cash.json'));
	const trigger = workflow.nodes.find((node) => node.type === TRIGGER_NODE)!;
	const list = transactionList({ transactionType: '850' });
	inbound = await startHostileServer((request, res, self) =>
		(request.path === '/v3/transactions'
			? json(200, self.requests.length > 1 ? list : { items: [], meta: { total: 0 } })
			: raw(200, 'application/edi-x12', retail850('PO-EX1', 31)))(request, res, self),
	);
	const poller = new Poller(
		{ baseUrl: inbound.url, apiToken: 'secret-token-x12' },
		trigger.parameters,
	);
	expect((await poller.poll()).items).toBeNull();
	const emitted = await poller.poll();
	expect(emitted.items).toHaveLength(1);

	const run = await runWorkflow(workflow, {
		credentials: credentialsOf(running),
		startNode: trigger.name,
		input: emitted.items ?? undefined,
		mode: 'trigger',
		executionId: '1234',
	});
	expect(run.error).toBeUndefined();
	const sent = ['Send 997', 'Create 855', 'Create 856', 'Create 810'].map((name) => {
		expect(run.outputs[name]).toHaveLength(1);
		const out = run.outputs[name][0].json as any;
		expect(out.status).toBe('ACCEPTED');
		const read = readInterchange(out.x12);
		expect(read.problems).toEqual([]);
		expect(read.interchange).toMatchObject({ senderId: 'YOURCOMPANY', receiverId: 'DEMORETAIL' });
		return [read.interchange!.groups[0].sets[0].type, read.interchange!.controlNumber];
	});
	// Numbered from the execution ID, one place after another: four nodes, four numbers.
	expect(sent).toEqual([
		['997', '000123401'],
		['855', '000123402'],
		['856', '000123403'],
		['810', '000123404'],
	]);
	expect(run.outputs['Create 810'][0].json.message).toMatchObject({
		purchaseOrderNumber: 'PO-EX1',
	});
});
