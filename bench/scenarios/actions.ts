/**
 * Scenarios 3 and 4: the action node's Get Many (Return All) and Create, each as a single-node
 * workflow through n8n's engine; the hand-built HTTP Request workflows; the bare axios loops.
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../harness';
import type { Context, ScenarioResult } from '../lib/context';
import { cellOf, timed } from '../lib/measure';
import { isoSecondsAgo } from '../lib/sandbox';
import { repeat } from './polling';

const expectCount = (what: string, got: number, wanted: number) => {
	if (got !== wanted) throw new Error(`${what}: ${got} items, expected ${wanted}`);
	return got;
};

/** Scenario 3 at one latency (the history is inserted by the caller). */
export async function returnAll(
	ctx: Context,
	size: number,
	previous?: ScenarioResult,
): Promise<ScenarioResult> {
	const { sb, hand, limit } = ctx;
	ctx.log(`  Return All over ${size}, ${ctx.latencyMs} ms`);
	// Warmed by the cells of the same size at the previous latency.
	const warmed = (cell: 'ours' | 'handBuilt' | 'limit') => {
		const ms = previous?.[cell]?.ms;
		return ms === undefined ? undefined : ms + (size / 100) * (ctx.latencyMs - previous!.latencyMs);
	};
	const by = `its ${previous?.latencyMs} ms runs`;
	const ours = await repeat(
		ctx,
		() =>
			timed(
				sb,
				async () => {
					const result = await runNode({
						credentials: sb.credentials,
						parameters: {
							resource: 'transaction',
							operation: 'getMany',
							returnAll: true,
							filters: {},
						},
					});
					if (result.error) throw result.error;
					return expectCount('ours', result.items.length, size);
				},
				{ memory: true },
			),
		warmed('ours'),
		by,
	);
	const handBuilt = await repeat(
		ctx,
		() =>
			timed(sb, async () => expectCount('hand-built', (await hand.listAll()).length, size), {
				memory: true,
			}),
		warmed('handBuilt'),
		by,
	);
	const bare = await repeat(
		ctx,
		() =>
			timed(sb, async () => expectCount('limit', (await limit.listAll()).length, size), {
				memory: true,
			}),
		warmed('limit'),
		by,
	);
	return {
		id: `return-all-${size}`,
		scenario: 3,
		title: `3. Get Many, Return All over ${size.toLocaleString('en-US')}`,
		latencyMs: ctx.latencyMs,
		metrics: ['requests', 'ms', 'heapMB'],
		ours: cellOf(
			'ours',
			'EDI Exchange: Transaction → Get Many, Return All',
			ours.samples,
			ours.warmups,
			ours.note,
		),
		handBuilt: cellOf(
			'handBuilt',
			hand.real ? `n8n-nodes-base: HTTP Request 4.2 (pagination) → Split Out` : hand.what,
			handBuilt.samples,
			handBuilt.warmups,
			handBuilt.note,
		),
		limit: cellOf(
			'limit',
			'axios: every page, one after another, into one array (the sequential loop)',
			bare.samples,
			bare.warmups,
			bare.note,
		),
		notes: [],
	};
}

export async function returnAllScenarios(ctx: Context, results: ScenarioResult[]): Promise<void> {
	const { sb, plan } = ctx;
	for (const size of plan.returnAllSizes) {
		await sb.reset();
		await sb.setLatency(0);
		await sb.insert({ count: size, createdAt: isoSecondsAgo(3600) });
		let previous: ScenarioResult | undefined;
		for (const latencyMs of plan.latencies) {
			if (latencyMs > 0 && !plan.returnAllSizesWithLatency.includes(size)) continue;
			await sb.setLatency(latencyMs);
			ctx.latencyMs = latencyMs;
			previous = await returnAll(ctx, size, previous);
			results.push(previous);
		}
	}
}

/** A valid 855 for a purchase order of the demo partner. */
export function acknowledgment(i: number): IDataObject {
	return {
		purchaseOrderNumber: `PO-BENCH-${i}`,
		status: 'accepted',
		lineItems: [
			{
				purchaseOrderLineId: '1',
				productIds: { buyerItemNumber: `ITEM-${i}` },
				actions: [{ status: 'accepted', quantity: { value: '1', unitOfMeasure: 'each' } }],
			},
		],
	};
}

export const ENVELOPE = {
	type: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
	stream: 'test',
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
};

/** Our Create over input items that each carry their 855 in `message`. */
export const CREATE_FROM_FIELD = {
	resource: 'transaction',
	operation: 'create',
	...ENVELOPE,
	documentType: ENVELOPE.type,
	messageSource: 'field',
	messageField: 'message',
};

/** Create as above without the already-sent lookup (the gap and the lookup's cost compare with it). */
export const SEND_ANYWAY = { ...CREATE_FROM_FIELD, options: { ifAlreadySent: 'sendAnyway' } };

const accepted = (what: string, answers: IDataObject[], wanted: number) =>
	expectCount(
		`${what} (ACCEPTED answers)`,
		answers.filter((answer) => answer.status === 'ACCEPTED').length,
		wanted,
	);

/** Scenario 4: N structured 855s to DEMORETAIL, one per input item. */
export async function createScenarios(ctx: Context, results: ScenarioResult[]): Promise<void> {
	const { sb, hand, limit, plan } = ctx;
	let previous: ScenarioResult | undefined;
	for (const latencyMs of plan.latencies) {
		const count = latencyMs > 0 ? plan.createsWithLatency : plan.creates;
		await sb.reset();
		await sb.setLatency(latencyMs);
		ctx.latencyMs = latencyMs;
		ctx.log(`  create ${count} 855s, ${latencyMs} ms`);
		const messages = Array.from({ length: count }, (_, i) => acknowledgment(i + 1));
		// Warmed at the previous latency: its time for this count, roughly.
		const estimate = (cell?: { ms: number; items: number }) =>
			cell && cell.ms * (count / cell.items);
		// Each run of ours sends documents of its own: Create refuses a PO number already answered.
		let run = 0;
		const oursWith = (parameters: IDataObject) => () => {
			run++;
			const input = messages.map((message) => ({
				message: {
					...message,
					purchaseOrderNumber: `${String(message.purchaseOrderNumber)}-${run}`,
				},
			}));
			return timed(sb, async () => {
				const result = await runNode({ credentials: sb.credentials, input, parameters });
				if (result.error) throw result.error;
				return accepted(
					'ours',
					result.items.map((item) => item.json),
					count,
				);
			});
		};
		const ours = await repeat(ctx, oursWith(CREATE_FROM_FIELD), estimate(previous?.ours));
		// The same without the already-sent lookup: what the lookup costs per document.
		const unchecked = await repeat(ctx, oursWith(SEND_ANYWAY), estimate(previous?.ours));
		const bodies = messages.map((message) => ({ ...ENVELOPE, message }));
		const handBuilt = await repeat(
			ctx,
			() =>
				timed(sb, async () =>
					accepted(
						'hand-built',
						(await hand.createEach(bodies)).map((item) => item.json),
						count,
					),
				),
			estimate(previous?.handBuilt),
		);
		const bare = await repeat(
			ctx,
			() =>
				timed(sb, async () =>
					accepted('limit', (await limit.createEach(bodies)) as unknown as IDataObject[], count),
				),
			estimate(previous?.limit),
		);
		const rate = (cell: ReturnType<typeof cellOf>) => ({
			...cell,
			perSecond: count / (cell.ms / 1000),
		});
		previous = {
			id: 'create',
			scenario: 4,
			title: `4. Create ${count.toLocaleString('en-US')} structured 855s (one per item)`,
			latencyMs,
			metrics: ['requests', 'ms', 'perSecond'],
			ours: rate(
				cellOf(
					'ours',
					'EDI Exchange: Transaction → Create, message from a field of each item, default Concurrency (50)',
					ours.samples,
					ours.warmups,
				),
			),
			handBuilt: rate(
				cellOf(
					'handBuilt',
					hand.real
						? 'n8n-nodes-base: HTTP Request 4.2, one POST per item (n8n sends them all at once)'
						: hand.what,
					handBuilt.samples,
					handBuilt.warmups,
				),
			),
			limit: rate(
				cellOf(
					'limit',
					'axios: 50 POSTs at a time (as our node by default)',
					bare.samples,
					bare.warmups,
				),
			),
			notes: [],
		};
		results.push(previous);
		results.push({
			id: 'create-send-anyway',
			scenario: 4,
			title: `4. Create ${count.toLocaleString('en-US')} 855s, Send Anyway (no lookup)`,
			latencyMs,
			metrics: ['requests', 'ms', 'perSecond'],
			ours: rate(
				cellOf(
					'ours',
					'the same, Options → If Already Sent: Send Anyway (no already-sent lookup)',
					unchecked.samples,
					unchecked.warmups,
				),
			),
			notes: [],
		});
	}
}
