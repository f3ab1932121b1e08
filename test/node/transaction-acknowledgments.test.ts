/**
 * What became of what was sent, from the action node: Transaction → Get Many's Acknowledgment
 * Status and Business Number filters (sent to the service; applied by the node, and said so, when
 * an older service refuses them), and Transaction → Get Acknowledgment, through n8n's engine
 * against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode, type RunResult } from '../../harness';
import { acknowledgmentSettings, orderFlow } from '../acknowledgmentFlow';
import { useOlderService } from '../olderService';
import { useSandbox } from '../sandbox/helpers';
import { clearRequests, insert, isoSecondsAgo, requests } from '../trigger/helpers';

const s = useSandbox({ sendInitialOrder: false, rateLimit: null });
const older = useOlderService(() => s.sandbox.baseUrl);

beforeEach(async () => {
	await s.raw.post('/_sandbox/reset');
});

const run = async (
	parameters: IDataObject,
	options: { baseUrl?: string; input?: IDataObject[]; continueOnFail?: boolean } = {},
) =>
	await runNode({
		parameters: { resource: 'transaction', ...parameters },
		credentials: { baseUrl: options.baseUrl ?? s.sandbox.baseUrl, apiToken: s.sandbox.apiKey },
		input: options.input,
		continueOnFail: options.continueOnFail,
	});

const json = (result: RunResult) => result.items.map((item) => item.json);
const hints = (result: RunResult) =>
	(result.run.data.resultData.runData['EDI Exchange'][0].hints ?? []).map((h) => h.message);
const listQueries = async () =>
	(await requests(s)).filter((r) => r.path === '/v3/transactions').map((r) => r.query);

/** An order answered with an 855, an 856 and an 810 (accepted), and a wrong 810 (rejected). */
async function sentDocuments() {
	const flow = await orderFlow(s, 'structured');
	const ack = await flow.send('855');
	const shipNotice = await flow.send('856');
	const invoice = await flow.send('810');
	const rejected = await flow.send('810bad');
	return { flow, ack, shipNotice, invoice, rejected };
}

describe('Transaction → Get Many: acknowledgment and business number filters', () => {
	test('Acknowledgment Status is filtered by the service: one request, only the rejected document', async () => {
		const { rejected } = await sentDocuments();
		await clearRequests(s);
		const result = await run({
			operation: 'getMany',
			returnAll: true,
			filters: { acknowledgmentStatus: ['REJECTED'], direction: 'outbound' },
		});
		expect(result.status).toBe('success');
		expect(json(result).map((item) => [item.id, item.acknowledgmentStatus])).toEqual([
			[rejected, 'REJECTED'],
		]);
		expect(await listQueries()).toEqual([
			expect.objectContaining({ acknowledgmentStatus: 'REJECTED', direction: 'outbound' }),
		]);
		expect(hints(result)).toEqual([]);
	});

	test('Business Number takes several numbers, comma-separated or as a list from an expression, sent as one filter', async () => {
		const { flow, ack, invoice, rejected } = await sentDocuments();
		const numbers = [
			flow.purchaseOrderNumber,
			`INV-${flow.purchaseOrderNumber}`,
			`INV-${flow.purchaseOrderNumber}-B`,
		];
		for (const businessNumber of [
			` ${numbers.join(' , ')} `,
			`={{ ${JSON.stringify(numbers)} }}`,
		]) {
			await clearRequests(s);
			const result = await run({
				operation: 'getMany',
				returnAll: true,
				filters: { businessNumber, direction: 'outbound' },
			});
			expect(result.status).toBe('success');
			expect(
				json(result)
					.map((item) => item.id)
					.sort(),
			).toEqual([ack, invoice, rejected].sort());
			expect((await listQueries())[0].businessNumber).toBe(numbers.join(','));
		}
	});

	test.each([
		[
			'six numbers',
			'A,B,C,D,E,F',
			'Filters → Business Number has 6 values; the service takes at most 5',
		],
		['an empty entry', 'A,,B', 'Filters → Business Number has an empty value: "A,,B"'],
		['a list holding an object', '={{ ["A", {"x": 1}] }}', 'Business Number must be text'],
	])('Business Number with %s is refused before anything is sent', async (_, value, message) => {
		await clearRequests(s);
		const result = await run(
			{ operation: 'getMany', returnAll: true, filters: { businessNumber: value } },
			{ input: [{}, {}], continueOnFail: true },
		);
		expect(json(result)).toEqual([
			expect.objectContaining({ error: expect.stringContaining(message) }),
			expect.objectContaining({ error: expect.stringContaining(message) }),
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(await requests(s)).toEqual([]);
	});

	test('Return All with an acknowledgment filter returns every match across pages', async () => {
		// Sent a day ago and never answered: OVERDUE (the receiver's window is 24 hours).
		const overdue = await insert(s, {
			count: 250,
			direction: 'outbound',
			transactionType: '810',
			createdAt: isoSecondsAgo(2 * 86_400),
		});
		await insert(s, { count: 120, direction: 'outbound', transactionType: '810' });
		const result = await run({
			operation: 'getMany',
			returnAll: true,
			filters: { acknowledgmentStatus: ['OVERDUE'] },
		});
		expect(
			json(result)
				.map((item) => item.id)
				.sort((a, b) => Number(a) - Number(b)),
		).toEqual(overdue);
	});

	test('a service that refuses both filters: the node filters itself, gives the same transactions, and says so once', async () => {
		const { flow, rejected } = await sentDocuments();
		older.refuse = ['acknowledgmentStatus', 'businessNumber'];
		await clearRequests(s);
		const result = await run(
			{
				operation: 'getMany',
				returnAll: true,
				filters: {
					acknowledgmentStatus: ['REJECTED'],
					businessNumber: `INV-${flow.purchaseOrderNumber}-B`,
				},
			},
			{ baseUrl: older.baseUrl, input: [{}, {}] },
		);
		expect(result.status).toBe('success');
		expect(json(result).map((item) => item.id)).toEqual([rejected, rejected]);
		expect(hints(result)).toEqual([
			expect.stringContaining('refused the Acknowledgment Status filter (acknowledgmentStatus)'),
			expect.stringContaining('refused the Business Number filter (businessNumber)'),
		]);
		// The refused filters are not asked again within the run: the second item asks without them.
		for (const query of await listQueries()) {
			expect(query.acknowledgmentStatus).toBeUndefined();
			expect(query.businessNumber).toBeUndefined();
		}
	});
});

describe('Transaction → Get Acknowledgment', () => {
	test('the receiver’s verdict: accepted, or rejected with its reasons; paired with its input', async () => {
		const { invoice, rejected } = await sentDocuments();
		const result = await run(
			{ operation: 'getAcknowledgment', transactionId: '={{ $json.id }}' },
			{ input: [{ id: invoice }, { id: rejected }] },
		);
		expect(result.status).toBe('success');
		expect(json(result)).toEqual([
			{
				transactionId: invoice,
				acknowledged: true,
				status: 'ACCEPTED',
				acknowledgedAt: expect.any(String),
				reasons: [],
			},
			{
				transactionId: rejected,
				acknowledged: true,
				status: 'REJECTED',
				acknowledgedAt: expect.any(String),
				reasons: [{ code: '011', message: expect.stringMatching(/^invoiceTotal is /) }],
			},
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		const paths = (await requests(s)).map((r) => r.path);
		expect(paths.slice(-2)).toEqual([
			`/v3/transactions/${invoice}/acknowledgment`,
			`/v3/transactions/${rejected}/acknowledgment`,
		]);
	});

	test('not answered yet: a clear result, not an error; an unknown id: an error, with Continue On Fail an error item', async () => {
		await acknowledgmentSettings(s, { silentFor: ['855'] });
		const flow = await orderFlow(s, 'structured');
		const ack = await flow.send('855');
		const result = await run(
			{ operation: 'getAcknowledgment', transactionId: '={{ $json.id }}' },
			{ input: [{ id: ack }, { id: 999999 }], continueOnFail: true },
		);
		expect(json(result)).toEqual([
			expect.objectContaining({
				transactionId: ack,
				acknowledged: false,
				status: 'NOT_ACKNOWLEDGED',
				reasons: [],
				note: expect.stringContaining('has not answered'),
			}),
			expect.objectContaining({ error: 'Transaction 999999 does not exist' }),
		]);
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		const failed = await run({ operation: 'getAcknowledgment', transactionId: '999999' });
		expect(failed.error?.message).toBe('Transaction 999999 does not exist');
	});
});
