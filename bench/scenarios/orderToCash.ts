/**
 * Scenario 5: order to cash for one PO. The partner sends an 850 (untimed); timed: the trigger's
 * poll emits it and examples/order-to-cash.json (Create 855 → 856 → 810, built from the PO with
 * the Create node's "Build From Purchase Order") runs on it; then the partner's scorecard must
 * show all three accepted. The limit: the same requests with axios, the documents built by the
 * same builders (dist/…/documents). No hand-built baseline: building the documents by hand needs
 * Code nodes, which run on n8n's task runners (not available in-process).
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { join } from 'path';

import { loadExample, Poller, runWorkflow, TRIGGER_NODE, type Scorecard } from '../../harness';
import type { Context, ScenarioResult } from '../lib/context';
import { cellOf, timed } from '../lib/measure';
import { repeat } from './polling';

const documents = require(
	join(__dirname, '..', '..', 'dist', 'nodes', 'EdiExchange', 'documents'),
) as {
	buildAcknowledgment(order: unknown, options?: object): IDataObject;
	buildShipNotice(order: unknown, options: object): IDataObject;
	buildInvoice(order: unknown, options: object): IDataObject;
};

async function scorecardOf(ctx: Context, purchaseOrderNumber: string) {
	const card = (await ctx.sb.admin('GET', '/scorecard')) as Scorecard;
	const po = card.purchaseOrders.find((entry) => entry.purchaseOrderNumber === purchaseOrderNumber);
	const states = po
		? (['855', '856', '810'] as const).map((type) => `${type}:${po[type].state}`)
		: ['missing'];
	if (states.join(' ') !== '855:accepted 856:accepted 810:accepted')
		throw new Error(
			`order to cash of ${purchaseOrderNumber}: ${states.join(' ')} ${JSON.stringify(po)}`,
		);
}

export async function orderToCash(ctx: Context, results: ScenarioResult[]): Promise<void> {
	const { sb, limit, plan } = ctx;
	await sb.reset();
	await sb.setLatency(0);
	const workflow = loadExample();
	const trigger = workflow.nodes.find((node) => node.type === TRIGGER_NODE) as INode;
	const poller = new Poller(sb.credentials, trigger.parameters as IDataObject);
	const activation = await poller.poll();
	if (activation.error) throw activation.error;
	const today = new Date().toISOString().slice(0, 10);
	let limitTotal = (await limit.page(0, 100, { stream: 'test', direction: 'inbound' })).meta.total;

	let previous: ScenarioResult | undefined;
	for (const latencyMs of plan.latencies) {
		await sb.setLatency(latencyMs);
		ctx.latencyMs = latencyMs;
		ctx.log(`  order to cash, ${latencyMs} ms`);
		const sendOrder = async () =>
			(await sb.admin('POST', '/partner/send-850')) as { purchaseOrderNumber: string };

		const ours = await repeat(
			ctx,
			async () => {
				// Catch up (untimed) with the limit's orders, then the partner sends this round's 850.
				await poller.poll();
				const order = await sendOrder();
				const sample = await timed(sb, async () => {
					const emitted = await poller.poll();
					if (emitted.error) throw emitted.error;
					if (emitted.items?.length !== 1)
						throw new Error(
							`order to cash: the trigger emitted ${emitted.items?.length ?? 0} items`,
						);
					const run = await runWorkflow(workflow, {
						credentials: sb.credentials,
						startNode: trigger.name,
						input: emitted.items,
						mode: 'trigger',
					});
					if (run.error) throw run.error;
					return run.outputs['Create 810']?.length ?? 0;
				});
				await scorecardOf(ctx, order.purchaseOrderNumber);
				return sample;
			},
			previous?.ours.ms,
		);

		const bare = await repeat(
			ctx,
			async () => {
				limitTotal = (await limit.page(0, 100, { stream: 'test', direction: 'inbound' })).meta
					.total;
				const order = await sendOrder();
				const sample = await timed(sb, async () => {
					const first = await limit.page(0, 100, { stream: 'test', direction: 'inbound' });
					const fresh = first.items
						.slice(0, first.meta.total - limitTotal)
						.filter((item) => item.transactionType === '850');
					if (fresh.length !== 1) throw new Error(`limit: found ${fresh.length} new 850s`);
					const item = { ...fresh[0], message: await limit.message(fresh[0].id) };
					const parties = {
						stream: 'test',
						senderId: 'YOURCOMPANY',
						receiverId: String(fresh[0].senderId),
					};
					const ack = documents.buildAcknowledgment(item);
					await limit.create({
						...parties,
						type: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
						message: ack,
					});
					const asn = documents.buildShipNotice(item, {
						shipDate: today,
						acknowledgment: ack,
						carrierScac: 'FEDX',
						serviceLevel: 'ground',
					});
					await limit.create({ ...parties, type: '856_SHIP_NOTICE_MANIFEST', message: asn });
					const invoice = documents.buildInvoice(item, {
						invoiceDate: today,
						acknowledgment: ack,
						shipNotice: asn,
					});
					await limit.create({ ...parties, type: '810_INVOICE', message: invoice });
					return 1;
				});
				await scorecardOf(ctx, order.purchaseOrderNumber);
				return sample;
			},
			previous?.limit?.ms,
		);

		previous = {
			id: 'order-to-cash',
			scenario: 5,
			title: '5. Order to cash, one PO (850 → 855, 856, 810 accepted)',
			latencyMs,
			metrics: ['requests', 'ms'],
			ours: cellOf(
				'ours',
				'examples/order-to-cash.json: trigger poll → 3 × Create, messageSource "build" (Build From Purchase Order)',
				ours.samples,
				ours.warmups,
			),
			limit: cellOf(
				'limit',
				'axios: list page, message, 3 POSTs; documents from the same builders',
				bare.samples,
				bare.warmups,
			),
			notes: [
				'no hand-built baseline: building 855/856/810 by hand needs Code nodes (n8n task runners, not in-process)',
			],
		};
		results.push(previous);
	}
}
