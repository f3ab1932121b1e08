/**
 * The outcomes source: what became of the documents this organization sent. Each poll reads the
 * outbound list filtered by the chosen outcomes (the contract's acknowledgmentStatus), from its
 * newest end back to the start of the watched window, and emits each document's outcome once
 * (see outcomePlan.ts). The cost of a poll is the pages of the chosen outcomes within the window,
 * not of everything sent. A service that refuses the filter is read whole and filtered here,
 * said once (and asked again a day later).
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { asNodeError } from '../transport/errors';
import { refusedFilterOf, passesRefused, type ListFilters } from '../transport/listFilters';
import { fetchTransactionPage, PAGE_SIZE, type TransactionPage } from '../transport/pagination';
import type { PollRun } from './budget';
import { compareTransactions, detectOrder, pagesFromNewest } from './cursor';
import { outcomeItems } from './outcomeItems';
import {
	accountOutcomes,
	newOutcomes,
	outcomeBaseline,
	watched,
	watchedFloor,
	type NewOutcome,
} from './outcomePlan';
import { MAX_SEEN, matchesTypes, type TriggerSettings } from './settings';
import { newOutcomeState, type OutcomeState, type SourceResult } from './state';

/** How long a refused acknowledgmentStatus filter is applied in the node before the service is asked again. */
export const REFUSAL_RECHECK_MS = 86_400_000;

const filtersOf = (settings: TriggerSettings): ListFilters => ({
	stream: settings.stream,
	direction: 'outbound',
	acknowledgmentStatus: settings.outcomeStatuses,
});

/** The list's first page; a refused filter is noted on the poll's client, said once, and the page asked again without it. */
async function firstPage(
	this: IPollFunctions,
	settings: TriggerSettings,
	run: PollRun,
): Promise<TransactionPage> {
	const filters = filtersOf(settings);
	try {
		return await fetchTransactionPage(run.client, filters, 0, PAGE_SIZE);
	} catch (error) {
		const name = refusedFilterOf(error, filters, run.client.refusedFilters);
		if (!name) throw asNodeError(run.client.node, error);
		run.client.refusedFilters.add(name);
		this.logger.warn(
			`EDI Exchange Trigger "${this.getNode().name}": the service refused the ${name} filter (400), so this trigger reads every document sent within the window and keeps the chosen outcomes itself: the same outcomes, at the cost of more requests per poll. It asks the service again in a day.`,
		);
		return await fetchTransactionPage(run.client, filters, 0, PAGE_SIZE);
	}
}

/** The offsets and limits that read the list from its newest end (without a total: newest first, to a short page). */
function* pagesOf(
	this: IPollFunctions,
	first: TransactionPage,
): Generator<{ offset: number; limit: number }> {
	const order = detectOrder(first.items);
	const total = first.total ?? (first.items.length < PAGE_SIZE ? first.items.length : undefined);
	if (total !== undefined) return yield* pagesFromNewest(order, total, PAGE_SIZE);
	if (order === 'oldest')
		throw new NodeOperationError(
			this.getNode(),
			'The transaction list is served oldest first without meta.total, so the Outcomes source cannot find its newest end',
			{ description: 'Tell us how your service reports the list’s size.' },
		);
	for (let offset = 0; ; offset += PAGE_SIZE) yield { offset, limit: PAGE_SIZE };
}

/**
 * The chosen outcomes among documents sent after `floor`, read from the list's newest end (in
 * either order) until a page reaches back past `floor`; `enough` ends the read early. `complete`
 * is false when the poll's time ran out first.
 */
async function readWindow(
	this: IPollFunctions,
	settings: TriggerSettings,
	run: PollRun,
	floor: number,
	enough: (items: IDataObject[]) => boolean = () => false,
): Promise<{ items: IDataObject[]; complete: boolean }> {
	const first = await firstPage.call(this, settings, run);
	const filters = filtersOf(settings);
	const keep = (item: IDataObject) =>
		matchesTypes(settings, item.transactionType) &&
		passesRefused(item, filters, run.client.refusedFilters);
	const newestFirst = detectOrder(first.items) === 'newest';
	const items: IDataObject[] = [];
	for (const { offset, limit } of pagesOf.call(this, first)) {
		const page =
			offset === 0 && (newestFirst || first.items.length <= limit)
				? first
				: await fetchTransactionPage(run.client, filters, offset, limit);
		let passed = false;
		for (const item of page.items)
			if (!watched(item, floor)) passed = true;
			else if (keep(item)) items.push(item);
		if (passed || page.items.length === 0 || enough(items)) return { items, complete: true };
		if (newestFirst && page.items.length < limit) return { items, complete: true };
		if (Date.now() > run.budget.paging) return { items, complete: false };
	}
	return { items, complete: true };
}

/** The refusal to remember: one noted this poll, or the stored one while it holds. */
function refusalOf(run: PollRun, stored: number | undefined, now: number): number | undefined {
	if (!run.client.refusedFilters.has('acknowledgmentStatus')) return undefined;
	return stored ?? now;
}

/** Emits the outcomes not yet accounted for; `state` undefined: a baseline (nothing old is emitted). */
export async function pollOutcomes(
	this: IPollFunctions,
	settings: TriggerSettings,
	state: OutcomeState | undefined,
	run: PollRun,
): Promise<SourceResult> {
	const now = Date.now();
	const stored =
		state?.refusedAt !== undefined && now - state.refusedAt < REFUSAL_RECHECK_MS
			? state.refusedAt
			: undefined;
	if (stored !== undefined) run.client.refusedFilters.add('acknowledgmentStatus');
	const windowMs = settings.outcomeWindowMs;
	const chosen = settings.outcomeStatuses;
	if (!state) {
		const read = await readWindow.call(this, settings, run, now - windowMs);
		const refusedAt = refusalOf(run, undefined, now);
		const next = outcomeBaseline(
			settings.key,
			read.items,
			chosen,
			read.complete,
			now,
			windowMs,
			MAX_SEEN,
			refusedAt,
		);
		return { items: [], next, baseline: true };
	}
	const floor = watchedFloor(state.floor, now, windowMs);
	const read = await readWindow.call(this, settings, run, floor);
	if (!read.complete)
		this.logger.warn(
			`EDI Exchange Trigger "${this.getNode().name}": the poll's time ran out before it read back to the start of the outcome window; the documents not read are looked at on the next poll. A shorter Outcome Window reads less.`,
		);
	const found: NewOutcome[] = newOutcomes(state, read.items, chosen, floor).slice(
		0,
		settings.maxItemsPerPoll,
	);
	const { items, accounted } = await outcomeItems.call(this, found, run, true);
	const refusedAt = refusalOf(run, stored, now);
	const next = accountOutcomes({ ...state, refusedAt }, accounted, floor, MAX_SEEN);
	return { items, next };
}

/** Manual mode: the newest chosen outcome within the window, touching no state. */
export async function sampleOutcomes(
	this: IPollFunctions,
	settings: TriggerSettings,
	howMany: number,
	run: PollRun,
): Promise<INodeExecutionData[]> {
	const floor = Date.now() - settings.outcomeWindowMs;
	const read = await readWindow.call(this, settings, run, floor, (items) => items.length > 0);
	const found = newOutcomes(
		newOutcomeState(settings.key, [], floor),
		read.items,
		settings.outcomeStatuses,
		floor,
	)
		.sort((a, b) => compareTransactions(b.item, a.item))
		.slice(0, howMany);
	return (await outcomeItems.call(this, found, run, false)).items;
}
