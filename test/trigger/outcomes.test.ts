/**
 * The trigger's Outcomes of Sent Documents source, through n8n's PollContext against the sandbox:
 * each outcome of each sent document once, on the three integration paths; overdue then answered;
 * the watched window; either list order; restarts in both of n8n's persistence modes; a service
 * that refuses the acknowledgmentStatus filter or has no acknowledgment endpoint; manual mode.
 */
import type { IDataObject } from 'n8n-workflow';

import { Poller, type Persistence, type PollResult } from '../../harness';
import { acknowledgmentSettings, orderFlow, PATHS } from '../acknowledgmentFlow';
import { useOlderService } from '../olderService';
import { useSandbox } from '../sandbox/helpers';
import {
	clearRequests,
	credentialsOf,
	insert,
	isoSecondsAgo,
	requests,
	reset,
	setOrder,
	useWarnings,
} from './helpers';

const running = useSandbox({ sendInitialOrder: false, rateLimit: null });
const warnings = useWarnings();
const older = useOlderService(() => running.sandbox.baseUrl);

beforeEach(async () => {
	await reset(running);
});

const DEFAULT_OUTCOMES = ['REJECTED', 'ACCEPTED_WITH_ERRORS', 'OVERDUE'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const outcomes = (
	parameters: IDataObject = {},
	options: { persistence?: Persistence; baseUrl?: string } = {},
) =>
	new Poller(
		{ ...credentialsOf(running), ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) },
		{
			source: 'outcomes',
			stream: 'test',
			transactionTypes: [],
			outcomeStatuses: DEFAULT_OUTCOMES,
			options: {},
			...parameters,
		},
		{ persistence: options.persistence },
	);
const emitted = (result: PollResult) => {
	expect(result.error).toBeUndefined();
	return (result.items ?? []).map((item) => item.json);
};
const statuses = (result: PollResult) =>
	emitted(result).map((json) => `${String(json.transactionId)} ${String(json.status)}`);
const listRequests = async () =>
	(await requests(running)).filter((r) => r.path === '/v3/transactions');

describe.each(PATHS)('%s path', (path) => {
	test('each chosen outcome once: rejected with its reasons (a wrong total, a duplicate invoice), accepted with errors, overdue; the accepted one not; the purchase order named', async () => {
		const poller = outcomes();
		expect(await poller.poll()).toEqual({ items: null });
		const flow = await orderFlow(running, path);
		await acknowledgmentSettings(running, {
			withErrors: ['856'],
			silentFor: ['855'],
			windowMinutes: 0.01,
		});
		const ack = await flow.send('855');
		const shipNotice = await flow.send('856');
		const invoice = await flow.send('810');
		const rejected = await flow.send('810bad');
		// The same invoice again: the partner rejects it as a duplicate, as retailers do.
		const duplicate = await flow.send('810');
		await sleep(800);
		await clearRequests(running);
		const items = emitted(await poller.poll());
		const po = flow.purchaseOrderNumber;
		const common = {
			reasons: [],
			sentAt: expect.any(String),
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			stream: 'test',
			...(path === 'structured'
				? {}
				: {
						controlNumbers: {
							interchange: expect.any(String),
							group: expect.any(String),
							transactionSet: expect.any(String),
						},
					}),
		};
		expect(items).toEqual([
			{
				...common,
				transactionId: ack,
				type: '855',
				transactionType: expect.stringMatching(/^855/),
				businessNumber: po,
				purchaseOrderNumber: po,
				status: 'OVERDUE',
			},
			{
				...common,
				transactionId: shipNotice,
				type: '856',
				transactionType: expect.stringMatching(/^856/),
				businessNumber: expect.any(String),
				purchaseOrderNumber: po,
				status: 'ACCEPTED_WITH_ERRORS',
				reasons: [expect.objectContaining({ message: 'accepted with errors: sandbox setting' })],
				acknowledgedAt: expect.any(String),
			},
			{
				...common,
				transactionId: rejected,
				type: '810',
				transactionType: expect.stringMatching(/^810/),
				businessNumber: `INV-${po}-B`,
				purchaseOrderNumber: po,
				status: 'REJECTED',
				reasons: [
					expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
				],
				acknowledgedAt: expect.any(String),
			},
			{
				...common,
				transactionId: duplicate,
				type: '810',
				transactionType: expect.stringMatching(/^810/),
				businessNumber: expect.stringMatching(/^INV-/),
				purchaseOrderNumber: po,
				status: 'REJECTED',
				reasons: [
					{
						code: '006',
						message: expect.stringMatching(
							new RegExp(
								`^duplicate invoice INV-\\S+, already accepted as transaction ${invoice}$`,
							),
						),
					},
				],
				acknowledgedAt: expect.any(String),
			},
		]);
		expect(items.map((item) => item.transactionId)).not.toContain(invoice);
		// The service filtered: one list request, for the chosen outcomes of sent documents.
		const lists = await listRequests();
		expect(lists.map((r) => r.query)).toEqual([
			expect.objectContaining({
				direction: 'outbound',
				stream: 'test',
				acknowledgmentStatus: DEFAULT_OUTCOMES.join(','),
			}),
		]);
		expect(await poller.poll()).toEqual({ items: null });
	});

	test('overdue, then answered: REJECTED after OVERDUE is emitted; ACCEPTED after OVERDUE only when ACCEPTED is chosen', async () => {
		const usual = outcomes();
		const all = outcomes({ outcomeStatuses: [...DEFAULT_OUTCOMES, 'ACCEPTED'] });
		await usual.poll();
		await all.poll();
		const flow = await orderFlow(running, path);
		await acknowledgmentSettings(running, { delaySeconds: 2.5, windowMinutes: 0.01 });
		const invoice = await flow.send('810');
		const rejected = await flow.send('810bad');
		await sleep(900);
		expect(statuses(await usual.poll())).toEqual([`${invoice} OVERDUE`, `${rejected} OVERDUE`]);
		expect(statuses(await all.poll())).toEqual([`${invoice} OVERDUE`, `${rejected} OVERDUE`]);
		await sleep(2200);
		const later = emitted(await usual.poll());
		expect(later).toEqual([
			expect.objectContaining({
				transactionId: rejected,
				status: 'REJECTED',
				previousStatus: 'OVERDUE',
			}),
		]);
		expect((later[0].reasons as IDataObject[]).length).toBeGreaterThan(0);
		expect(statuses(await all.poll())).toEqual([`${invoice} ACCEPTED`, `${rejected} REJECTED`]);
		expect(await usual.poll()).toEqual({ items: null });
		expect(await all.poll()).toEqual({ items: null });
	});
});

describe.each(['newest', 'oldest'] as const)(
	'the watched window, list served %s first',
	(order) => {
		test('first activation emits nothing old; an outcome of a document sent before the window is never emitted', async () => {
			await setOrder(running, order);
			await acknowledgmentSettings(running, { windowMinutes: 0.01 });
			// Sent an hour ago and never answered: already OVERDUE at activation.
			await insert(running, {
				count: 130,
				direction: 'outbound',
				transactionType: '810',
				createdAt: isoSecondsAgo(3600),
			});
			const poller = outcomes({ options: { outcomeWindowDays: 1 } });
			await sleep(700);
			expect(await poller.poll()).toEqual({ items: null });
			await insert(running, {
				count: 3,
				direction: 'outbound',
				transactionType: '856',
				createdAt: isoSecondsAgo(3 * 86_400),
			});
			const inside = await insert(running, {
				count: 2,
				direction: 'outbound',
				transactionType: '856',
				createdAt: isoSecondsAgo(600),
			});
			await sleep(700);
			expect(emitted(await poller.poll()).map((json) => json.transactionId)).toEqual(inside);
			expect(await poller.poll()).toEqual({ items: null });
		});
	},
);

describe.each(['default', 'durable'] as const)('restarts, persistence %s', (persistence) => {
	test('each outcome once across restarts, one reached while n8n was down included', async () => {
		const poller = outcomes({}, { persistence });
		const flow = await orderFlow(running, 'structured');
		const seen: string[] = [];
		const take = (result: PollResult) => seen.push(...statuses(result));
		take(await poller.activate());
		const first = await flow.send('810bad');
		take(await poller.poll());
		poller.restart();
		if (persistence === 'default') take(await poller.activate());
		take(await poller.poll());
		poller.restart();
		const whileDown = await flow.send('810bad');
		if (persistence === 'default') take(await poller.activate());
		take(await poller.poll());
		take(await poller.poll());
		expect(seen).toEqual([`${first} REJECTED`, `${whileDown} REJECTED`]);
		expect(JSON.stringify(poller.staticData).length).toBeLessThan(2000);
	});
});

describe('a service without the newer parts', () => {
	test('one that refuses the acknowledgmentStatus filter: the same outcomes, filtered by the node, said once', async () => {
		older.refuse = ['acknowledgmentStatus'];
		await insert(running, { count: 250, direction: 'outbound', transactionType: '810' });
		const poller = outcomes({}, { baseUrl: older.baseUrl });
		expect(await poller.poll()).toEqual({ items: null });
		const flow = await orderFlow(running, 'structured');
		const rejected = await flow.send('810bad');
		await clearRequests(running);
		expect(statuses(await poller.poll())).toEqual([`${rejected} REJECTED`]);
		// Told once, at the refusal; the polls after it ask without the filter (3 pages of 250+).
		expect(
			warnings.filter((w) => w.includes('refused the acknowledgmentStatus filter')),
		).toHaveLength(1);
		const lists = await listRequests();
		expect(lists.length).toBe(3);
		for (const r of lists) expect(r.query.acknowledgmentStatus).toBeUndefined();
		expect(await poller.poll()).toEqual({ items: null });
	});

	test('one without the acknowledgment endpoint: the status, no reasons, and the item says why', async () => {
		older.noAcknowledgments = true;
		const poller = outcomes({}, { baseUrl: older.baseUrl });
		await poller.poll();
		const flow = await orderFlow(running, 'structured');
		const rejected = await flow.send('810bad');
		expect(emitted(await poller.poll())).toEqual([
			expect.objectContaining({
				transactionId: rejected,
				status: 'REJECTED',
				reasons: [],
				reasonsUnavailable: expect.stringContaining('no acknowledgment endpoint'),
			}),
		]);
	});
});

describe('manual mode (Fetch Test Event)', () => {
	test('shows the newest chosen outcome and keeps no state; with none, says how to get one', async () => {
		const poller = outcomes();
		await poller.poll();
		const before = JSON.stringify(poller.staticData);
		const none = await poller.poll('manual');
		expect(none.error?.message).toBe(
			'No document sent on the test stream has reached REJECTED, ACCEPTED_WITH_ERRORS, OVERDUE within the outcome window yet',
		);
		const flow = await orderFlow(running, 'structured');
		await flow.send('810bad');
		const newest = await flow.send('810bad');
		expect(statuses(await poller.poll('manual'))).toEqual([`${newest} REJECTED`]);
		expect(JSON.stringify(poller.staticData)).toBe(before);
		expect(statuses(await poller.poll()).length).toBe(2);
	});
});

test('no outcome chosen is refused before anything is sent', async () => {
	await clearRequests(running);
	const result = await outcomes({ outcomeStatuses: [] }).poll();
	expect(result.error?.message).toBe('Outcomes is empty: choose at least one outcome');
	expect(await requests(running)).toEqual([]);
});
