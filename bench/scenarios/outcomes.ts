/**
 * Scenario 7: what became of the documents sent. N outbound documents sent within the last 7 days
 * (the outcome window), a few of them overdue (no answer in the receiver's window); a scheduled
 * poll for the outcomes Rejected, Accepted With Errors and Overdue, each emitted once.
 *
 * - ours: EDI Exchange Trigger, Trigger On → Outcomes of Sent Documents (PollContext): the list
 *   filtered by the service (direction=outbound, acknowledgmentStatus=…), back to the window's start.
 * - hand-built: what a user builds without it (Schedule →) HTTP Request 4.2 (pagination over every
 *   outbound transaction) → Split Out → Filter 2.2 (the chosen outcomes, sent within 7 days) →
 *   Remove Duplicates 2 (id and outcome), so each outcome is emitted once as well.
 *
 * Measured: an idle poll (nothing new), and a poll that finds 10 new overdue documents.
 */
import type { INode } from 'n8n-workflow';

import { Poller, runWorkflow, type WorkflowJson } from '../../harness';
import type { Context, ScenarioResult } from '../lib/context';
import { benchNodeTypes, headerAuth } from '../lib/engine';
import { chain, listNode, splitNode, workflowNode } from '../lib/handBuilt';
import { cellOf, timed } from '../lib/measure';
import { deduplicationStore, loadBaseNodes } from '../lib/nodesBase';
import { isoSecondsAgo } from '../lib/sandbox';
import { repeat } from './polling';

const OUTCOMES = ['REJECTED', 'ACCEPTED_WITH_ERRORS', 'OVERDUE'];
const DAY_S = 86_400;
const NEW_OUTCOMES = 10;

const OURS = 'EDI Exchange Trigger (Outcomes of Sent Documents) via PollContext';

/** The hand-built workflow's Filter: the chosen outcomes of documents sent within 7 days. */
const filterNode = workflowNode('Filter Outcomes', 'n8n-nodes-base.filter', 2.2, 400, {
	conditions: {
		options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
		conditions: [
			{
				id: 'outcome',
				leftValue: `={{ ${JSON.stringify(OUTCOMES)}.includes($json.acknowledgmentStatus) && new Date($json.createdAt).getTime() > Date.now() - 7 * 86400000 }}`,
				rightValue: '',
				operator: { type: 'boolean', operation: 'true', singleValue: true },
			},
		],
		combinator: 'and',
	},
	options: {},
});

const outcomeDedupe = workflowNode('Remove Duplicates', 'n8n-nodes-base.removeDuplicates', 2, 600, {
	operation: 'removeItemsSeenInPreviousExecutions',
	logic: 'removeItemsWithAlreadySeenKeyValues',
	dedupeValue: '={{ $json.id }}:{{ $json.acknowledgmentStatus }}',
	options: { scope: 'node', historySize: 1_000_000 },
});

/** The hand-built poll, or why it cannot run. */
function handBuiltPoll(ctx: Context): (() => Promise<number>) | { error: string } {
	const base = loadBaseNodes();
	if ('error' in base) return base;
	const nodeTypes = benchNodeTypes({
		'n8n-nodes-base.httpRequest': base.httpRequest,
		'n8n-nodes-base.splitOut': base.splitOut,
		'n8n-nodes-base.filter': base.filter,
		'n8n-nodes-base.removeDuplicates': base.removeDuplicates,
	});
	const nodes: INode[] = [
		listNode(ctx.sb.baseUrl, { stream: 'test', direction: 'outbound' }),
		splitNode,
		filterNode,
		outcomeDedupe,
	];
	const json: WorkflowJson = {
		id: 'hand-built-outcomes',
		nodes,
		connections: chain(nodes.map((n) => n.name)),
		settings: { executionOrder: 'v1' },
	};
	return async () => {
		await deduplicationStore();
		const result = await runWorkflow(json, {
			credentials: ctx.sb.credentials,
			startNode: nodes[0].name,
			nodeTypes,
			mode: 'trigger',
			extraCredentials: headerAuth(ctx.sb.credentials),
		});
		if (result.error) throw result.error;
		return (result.outputs['Remove Duplicates'] ?? []).length;
	};
}

/** `count` outbound 855s sent `secondsAgo` (never answered: overdue once past the receiver's window). */
const sendOutbound = async (ctx: Context, count: number, secondsAgo: number) =>
	await ctx.sb.insert({
		count,
		direction: 'outbound',
		transactionType: '855',
		createdAt: isoSecondsAgo(secondsAgo),
	});

export async function outcomes(ctx: Context, results: ScenarioResult[]): Promise<void> {
	const { sb, plan } = ctx;
	const { sent, overdue } = plan.outcomes;
	await sb.reset();
	await sb.setLatency(0);
	ctx.latencyMs = 0;
	ctx.log(`  ${sent} documents sent within 7 days, ${overdue} of them overdue`);
	// Answered in time (the receiver's window, 10 days here, is not over): not an outcome watched.
	await sb.admin('PUT', '/config', { acknowledgments: { windowMinutes: 14_400 } });
	const perDay = Math.ceil((sent - overdue) / 7);
	for (let day = 0, left = sent - overdue; left > 0; day++, left -= perDay)
		await sendOutbound(ctx, Math.min(perDay, left), day * DAY_S + 3600);
	// Unanswered past the receiver's window (24 hours): OVERDUE.
	await sb.admin('PUT', '/config', { acknowledgments: { windowMinutes: 1440 } });
	await sendOutbound(ctx, overdue, 3 * DAY_S);

	const ours = new Poller(sb.credentials, {
		source: 'outcomes',
		stream: 'test',
		transactionTypes: [],
		outcomeStatuses: OUTCOMES,
		options: {},
	});
	const baseline = await ours.poll();
	if (baseline.error) throw baseline.error;
	const hand = handBuiltPoll(ctx);
	const notes: string[] = [];
	// The hand-built workflow's first execution records what is there (its Remove Duplicates history).
	if (typeof hand === 'function') await hand();
	else notes.push(`hand-built not run: ${hand.error}`);

	const pollOurs = async (wanted: number) => {
		const { items, error } = await ours.poll();
		if (error) throw error;
		if ((items?.length ?? 0) !== wanted)
			throw new Error(`ours emitted ${items?.length ?? 0}, expected ${wanted}`);
		return wanted;
	};
	const pollHand = async (wanted: number) => {
		const emitted = await (hand as () => Promise<number>)();
		if (emitted !== wanted) throw new Error(`hand-built emitted ${emitted}, expected ${wanted}`);
		return wanted;
	};
	const row = (id: string, title: string, o: Awaited<ReturnType<typeof repeat>>, h?: typeof o) =>
		results.push({
			id,
			scenario: 7,
			title,
			latencyMs: 0,
			metrics: ['requests', 'ms'],
			ours: cellOf('ours', OURS, o.samples, o.warmups),
			...(h
				? {
						handBuilt: cellOf(
							'handBuilt',
							'HTTP Request → Split Out → Filter → Remove Duplicates',
							h.samples,
							h.warmups,
						),
					}
				: {}),
			notes,
		});

	ctx.log('  idle poll');
	const idleOurs = await repeat(ctx, () => timed(sb, () => pollOurs(0)));
	const idleHand =
		typeof hand === 'function' ? await repeat(ctx, () => timed(sb, () => pollHand(0))) : undefined;
	row(
		`outcomes-idle-${sent}`,
		`7. Outcomes, idle poll, ${sent.toLocaleString('en-US')} sent in the window`,
		idleOurs,
		idleHand,
	);

	ctx.log(`  a poll finding ${NEW_OUTCOMES} new overdue documents`);
	// Each run: 10 more overdue documents, then one poll of each approach.
	const newOurs: typeof idleOurs = { samples: [], warmups: 0 };
	const newHand: typeof idleOurs = { samples: [], warmups: 0 };
	for (let i = 0; i < plan.runs; i++) {
		await sendOutbound(ctx, NEW_OUTCOMES, 3 * DAY_S);
		newOurs.samples.push(await timed(sb, () => pollOurs(NEW_OUTCOMES)));
		if (typeof hand === 'function')
			newHand.samples.push(await timed(sb, () => pollHand(NEW_OUTCOMES)));
	}
	row(
		`outcomes-new-${sent}`,
		`7. Outcomes, ${NEW_OUTCOMES} new overdue, ${sent.toLocaleString('en-US')} sent`,
		newOurs,
		typeof hand === 'function' ? newHand : undefined,
	);
}
