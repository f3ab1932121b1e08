/**
 * Create → Build From Purchase Order → 865 through n8n's engine against the sandbox: the demo
 * partner's buyerChanges order, the 855, the partner's 860, then the 865 built from that 860 and
 * sent over X12 and over service JSON, each accepted on the scorecard's 865 row and passed by
 * ../shared's validator. On the structured path it is refused and nothing is sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { validateAll, withValidator } from '../x12Interop';
import { envelope } from '../x12Orders';
import { failure, useNodeSandbox } from './helpers';

const sb = useNodeSandbox({ sendInitialOrder: false });

const CHANGE_ACK = '865_PURCHASE_ORDER_CHANGE_ACKNOWLEDGMENT';
const create = (extra: IDataObject) => ({
	resource: 'transaction',
	operation: 'create',
	documentType: CHANGE_ACK,
	stream: 'test',
	messageSource: 'build',
	purchaseOrderChange: '={{ $json }}',
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
	...extra,
});

/** A buyerChanges order acknowledged by an 855, and the 860 the partner sent on it, as Get Message reads it. */
async function partnerChange(): Promise<{ number: string; change: IDataObject }> {
	const sent = await sb.admin('POST', '/partner/send-850', { scenario: 'buyerChanges' });
	const number = sent.purchaseOrderNumber as string;
	const order = await getMessage(sent.transactionId);
	const ack = await sb.run(
		{
			resource: 'transaction',
			operation: 'create',
			documentType: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
			stream: 'test',
			messageSource: 'build',
			purchaseOrder: '={{ $json }}',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
		},
		{ input: [order] },
	);
	expect(ack.error?.message).toBeUndefined();
	const entry = await entryOf(number);
	expect(entry['860'].state).toBe('sent');
	return { number, change: await getMessage(entry['860'].sent[0].transactionId) };
}

async function getMessage(id: number): Promise<IDataObject> {
	const result = await sb.run({
		resource: 'transaction',
		operation: 'getMessage',
		transactionId: { __rl: true, mode: 'id', value: String(id) },
	});
	return result.items[0].json;
}

async function entryOf(number: string): Promise<any> {
	const card = await sb.admin('GET', '/scorecard');
	return card.purchaseOrders.find((e: any) => e.purchaseOrderNumber === number);
}

withValidator.test(
	'the partner accepts the 865 over X12 and over service JSON; the validator passes it',
	async () => {
		const written: string[] = [];
		for (const integrationPath of ['x12', 'serviceJson']) {
			const { number, change } = await partnerChange();
			expect((await entryOf(number))['865'].state).toBe('missing');
			await sb.clearRequests();
			const result = await sb.run(create({ integrationPath }), { input: [change] });
			expect(result.error?.message).toBeUndefined();
			const [sent] = (await sb.requests()).filter((r) => r.method === 'POST');
			expect(sent.path).toBe('/v2/integration-payloads');
			const out = result.items[0].json as any;
			expect(out.message).toMatchObject({
				purchaseOrderNumber: number,
				changeSequenceNumber: '001',
				status: 'accepted',
			});
			expect(out.message.lineItems.map((l: any) => l.status)).toEqual([
				'accepted',
				'accepted',
				'deleted',
				'accepted',
			]);
			expect((await entryOf(number))['865']).toMatchObject({
				state: 'accepted',
				reasons: [],
				path: integrationPath,
			});
			if (integrationPath === 'x12') {
				expect(sent.body.content).toContain(`BCA*00*AT*${number}*`);
				written.push(sent.body.content);
			} else {
				expect(sent.body.type).toBe('865');
				// The segments in an interchange, as the service would wrap them.
				written.push(envelope('865', sent.body.content.segments, 2));
			}
		}
		const verdicts = validateAll(written);
		expect(verdicts.map((v) => v.errors)).toEqual([[], []]);
		console.log(
			`x12-validate: ${verdicts.length} 865s written by Create (X12, service JSON), no error`,
		);
	},
);

test('a rejected change is written with ACK IR and its reason; the partner refuses it, naming the line', async () => {
	const { number, change } = await partnerChange();
	const line = (change.message as any).lineItems[1].purchaseOrderLineId;
	const result = await sb.run(
		create({
			integrationPath: 'x12',
			changeLinesInput: 'json',
			changeLinesJson: JSON.stringify([
				{ purchaseOrderLineId: line, status: 'rejected', reason: 'Price agreed until March' },
			]),
		}),
		{ input: [change] },
	);
	expect(result.error?.message).toBeUndefined();
	const [sent] = (await sb.requests()).filter((r) => r.path === '/v2/integration-payloads');
	expect(sent.body.content).toContain('ACK*IR~\nMSG*Price agreed until March~');
	expect(sent.body.content).toContain(`BCA*00*AC*${number}*`);
	expect((await entryOf(number))['865'].reasons).toContain(
		`line ${line}: ACK01 "IR" does not accept the change`,
	);
});

test('on the structured path the 865 is refused, saying which path to choose, and nothing is sent', async () => {
	const { change } = await partnerChange();
	await sb.clearRequests();
	const { message, description } = failure(
		await sb.run(create({ integrationPath: 'structured' }), { input: [change] }),
	);
	expect(message).toBe(
		'The service has no structured 865 Purchase Order Change Acknowledgment: nothing was sent',
	);
	expect(description).toContain('X12 Passthrough or Service JSON (Segments)');
	expect(await sb.requests()).toEqual([]);
});
