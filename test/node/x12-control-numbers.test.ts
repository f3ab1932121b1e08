/**
 * X12 control numbers from the execution ID (the default), through n8n's engine against the
 * sandbox: every interchange of one execution distinct (items of a node, interchanges of an item,
 * nodes one after another), ISA13 = GS06 = ST02, where the ID wraps, the 99 an execution may
 * number, n8n’s Retry On Fail sending the same number again, an execution without an ID; the other
 * numberings (a Control Number given, This Node’s Counter and its wrap).
 * (The example's four nodes in one execution: test/orderToCash/x12-workflow.test.ts; executions at
 * once in real n8n, regular and queue mode: npm run test:n8n:control-numbers.)
 */
import { runWorkflow } from '../../harness';
import { readInterchange } from '../../nodes/EdiExchange/x12';
import { retail850 } from '../unit/x12/fixtures';
import { actionNode, failure, useNodeSandbox } from './helpers';

const sb = useNodeSandbox();

const ACK = '855_PURCHASE_ORDER_ACKNOWLEDGMENT';
const create855 = (options: Record<string, unknown> = {}) => ({
	resource: 'transaction',
	operation: 'create',
	documentType: ACK,
	stream: 'test',
	messageSource: 'build',
	purchaseOrder: '={{ $json.x12 }}',
	integrationPath: 'x12',
	x12Options: options,
});
/** ISA13, GS06 and ST02 of each interchange that reached the sandbox, in order. */
const sentNumbers = async () =>
	(await sb.requests())
		.filter((r) => r.method === 'POST')
		.map((r) => {
			const i = readInterchange(r.body.content).interchange!;
			return [i.controlNumber, i.groups[0].controlNumber, i.groups[0].sets[0].controlNumber];
		});
const orders = (count: number) =>
	Array.from({ length: count }, (_, i) => ({ x12: retail850(`PO-N${i + 1}`) }));

describe('numbers from the execution ID (the default)', () => {
	test('the items of one node each get the next place after the ID: ISA13, GS06 and ST02 agree', async () => {
		const result = await sb.run(create855(), { input: orders(3), executionId: '4321' });
		expect(result.error?.message).toBeUndefined();
		expect((await sentNumbers()).sort()).toEqual([
			['000432101', '432101', '432101'],
			['000432102', '432102', '432102'],
			['000432103', '432103', '432103'],
		]);
		expect(result.items.map((i) => i.json.interchangeControlNumber).sort()).toEqual([
			'000432101',
			'000432102',
			'000432103',
		]);
	});

	test('two executions at once never share a number', async () => {
		await Promise.all([
			sb.run(create855(), { input: orders(2), executionId: '77' }),
			sb.run(create855(), { input: orders(2), executionId: '78' }),
		]);
		expect((await sentNumbers()).map(([isa]) => isa).sort()).toEqual([
			'000007701',
			'000007702',
			'000007801',
			'000007802',
		]);
	});

	test('nodes one after another in one execution go on counting; each interchange of an item too', async () => {
		const twoInterchanges = `${retail850('PO-A1', 11)}\n${retail850('PO-A2', 12)}`;
		const run = await runWorkflow(
			{
				nodes: [
					actionNode('Send 997', {
						resource: 'x12',
						operation: 'acknowledge',
						x12Content: '={{ $json.x12 }}',
					}),
					// One 855 per 997 item, each answering its own order.
					actionNode('Create 855', {
						...create855(),
						purchaseOrder: `={{ ${JSON.stringify([retail850('PO-A1'), retail850('PO-A2')])}[$itemIndex] }}`,
					}),
				],
				connections: { 'Send 997': { main: [[{ node: 'Create 855', type: 'main', index: 0 }]] } },
			},
			{
				credentials: sb.credentials,
				startNode: 'Send 997',
				input: [{ json: { x12: twoInterchanges } }],
				executionId: '900',
			},
		);
		expect(run.error?.message).toBeUndefined();
		// Two 997 interchanges for the item's two interchanges, then one 855 per 997 item.
		expect(run.outputs['Send 997'].map((i) => i.json.interchangeControlNumber)).toEqual([
			'000090001',
			'000090002',
		]);
		expect(run.outputs['Create 855'].map((i) => i.json.interchangeControlNumber).sort()).toEqual([
			'000090003',
			'000090004',
		]);
		const isa13s = (await sentNumbers()).map(([isa]) => isa);
		expect(new Set(isa13s).size).toBe(4);
	});

	test('the execution ID keeps its last seven digits: execution 10000042 numbers as 42 did, 9999999 ends at 999999999', async () => {
		const numbers = async (executionId: string, count: number) =>
			(await sb.run(create855(), { input: orders(count), executionId })).items.map(
				(i) => i.json.interchangeControlNumber,
			);
		expect(await numbers('42', 1)).toEqual(['000004201']);
		expect(await numbers('10000042', 1)).toEqual(['000004201']);
		expect(await numbers('123456789012', 1)).toEqual(['678901201']);
		expect((await numbers('9999999', 99)).sort().slice(-1)).toEqual(['999999999']);
		expect(await numbers('10000000', 1)).toEqual(['000000001']);
	});

	test('an execution numbers 99 interchanges; the 100th is refused before anything is sent, naming the way out', async () => {
		const result = await sb.run(create855(), {
			input: orders(100),
			executionId: '5',
			continueOnFail: true,
		});
		const refused = result.items.filter((i) => i.json.error !== undefined);
		expect(refused).toHaveLength(1);
		expect(refused[0].json.error).toBe(
			'This execution has numbered 99 X12 interchanges: numbers from the execution ID allow 99 per execution',
		);
		const sent = await sentNumbers();
		expect(sent).toHaveLength(99);
		expect(new Set(sent.map(([isa]) => isa)).size).toBe(99);
		expect(sent.map(([isa]) => Number(isa)).sort((a, b) => a - b)).toEqual(
			Array.from({ length: 99 }, (_, i) => 501 + i),
		);
	});

	test('n8n’s Retry On Fail after the answer was lost: the next try finds the 855 sent and sends nothing (send once)', async () => {
		// Seeded: the already-sent lookup is answered, the create is processed and its answer
		// lost, the next try's lookup is answered.
		await sb.admin('PUT', '/faults', { dropRate: 0.5, seed: 28 });
		// The partner does not know these orders: silent, so its verdict (a rejection, which would
		// let a corrected 855 through) does not come into it.
		await sb.admin('PUT', '/config', { acknowledgments: { silentFor: ['855'] } });
		const run = await runWorkflow(
			{
				nodes: [
					actionNode('Create 855', create855(), {
						retryOnFail: true,
						maxTries: 3,
						waitBetweenTries: 0,
					}),
				],
				connections: {},
			},
			{
				credentials: sb.credentials,
				startNode: 'Create 855',
				input: [{ json: orders(1)[0] }],
				executionId: '31',
			},
		);
		expect(run.status).toBe('error');
		expect(run.error?.message).toMatch(
			/^The 855 Purchase Order Acknowledgment with purchaseOrderNumber ".*" was already sent to DEMORETAIL/,
		);
		// Without the check the retry sends the same interchange again (same ISA13: a partner
		// refuses the copy); with it, only the first went.
		expect(await sentNumbers()).toEqual([['000003101', '3101', '3101']]);
	});

	test('an execution without a numeric ID is refused, naming the other ways to number', async () => {
		const result = await sb.run(create855(), { input: orders(1), executionId: 'harness-1' });
		const { message, description } = failure(result);
		expect(message).toBe(
			'n8n gave this execution no numeric ID ("harness-1"): X12 control numbers cannot come from it',
		);
		expect(description).toContain('This Node’s Counter');
		expect(await sentNumbers()).toEqual([]);
	});
});

describe('the other numberings', () => {
	test('a Control Number given wins over the execution ID', async () => {
		await sb.run(create855({ controlNumber: 123456789 }), { input: orders(1), executionId: '8' });
		expect(await sentNumbers()).toEqual([['123456789', '123456789', '123456789']]);
	});

	test('This Node’s Counter counts in the node’s static data, whatever the execution', async () => {
		const counter = { numbering: 'counter', firstControlNumber: 500 };
		await sb.run(create855(counter), { input: orders(2), executionId: '1' });
		expect((await sentNumbers()).sort()).toEqual([
			['000000500', '500', '0500'],
			['000000501', '501', '0501'],
		]);
	});

	test('This Node’s Counter starts again at First Control Number after 999999999', async () => {
		const run = await runWorkflow(
			{
				nodes: [
					actionNode('Create 855', create855({ numbering: 'counter', firstControlNumber: 500 })),
				],
				connections: {},
				staticData: {
					'node:Create 855': { x12ControlNumbers: { 'YOURCOMPANY→DEMORETAIL': 999999998 } },
				},
			},
			{
				credentials: sb.credentials,
				startNode: 'Create 855',
				input: orders(2).map((json) => ({ json })),
			},
		);
		expect(run.error?.message).toBeUndefined();
		expect((await sentNumbers()).map(([isa]) => isa).sort()).toEqual(['000000500', '999999999']);
	});

	test('a 997 answering several groups takes one number per set: ST02s never repeat a later ISA13', async () => {
		// One interchange holding two functional groups of one 850 each (GS06 42 and 43).
		const one = retail850('PO-G1');
		const group = one.slice(one.indexOf('GS*'), one.indexOf('IEA*'));
		const twoGroups = one
			.replace(group, group + group.replace(/\*42\*X\*/, '*43*X*').replace('GE*1*42~', 'GE*1*43~'))
			.replace('IEA*1*', 'IEA*2*');
		const result = await sb.run(
			{ resource: 'x12', operation: 'acknowledge', x12Content: '={{ $json.x12 }}' },
			{ input: [{ x12: twoGroups }, { x12: retail850('PO-G2') }], executionId: '61' },
		);
		expect(result.error?.message).toBeUndefined();
		const sent = (await sb.requests())
			.filter((r) => r.method === 'POST')
			.map((r) => readInterchange(r.body.content).interchange!);
		const numbers = sent.map((i) => [
			i.controlNumber,
			i.groups[0].controlNumber,
			i.groups[0].sets.map((set) => set.controlNumber),
		]);
		expect(numbers.sort()).toEqual([
			['000006101', '6101', ['6101', '6102']],
			['000006103', '6103', ['6103']],
		]);
	});
});
