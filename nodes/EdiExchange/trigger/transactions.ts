/**
 * The transaction-list source: finds the inbound transactions of the watched stream that are not
 * yet accounted for, at a cost of one request when there are none.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	fetchTransactionPage,
	PAGE_SIZE,
	type ListFilters,
	type TransactionPage,
} from '../transport/pagination';
import type { PollRun } from './budget';
import {
	advance,
	baselineState,
	beyondNow,
	compareTransactions,
	createdAtMs,
	datedBy,
	detectOrder,
	hasId,
	newestTrusted,
	pagesFromNewest,
	Search,
	type ListOrder,
} from './cursor';
import { MAX_HELD, readMessages, warnFailedMessages } from './messages';
import { MAX_SEEN, matchesTypes, type TriggerSettings } from './settings';
import { newListState, type HeldMessage, type ListState, type SourceResult } from './state';

const filtersOf = (settings: TriggerSettings): ListFilters => ({
	stream: settings.stream,
	direction: 'inbound',
});

/** The list's total, which the trigger cannot work without. */
function totalOf(this: IPollFunctions, page: TransactionPage): number {
	if (page.total !== undefined) return page.total;
	// A bare array (no meta) with fewer items than a page is the whole list.
	if (page.items.length < PAGE_SIZE) return page.items.length;
	throw new NodeOperationError(
		this.getNode(),
		'The transaction list did not report meta.total, which the Transactions source needs to find new transactions',
		{
			description:
				'Set the trigger’s Trigger On to New Inbox Document, which does not need it, or tell us how your service reports the list’s size.',
		},
	);
}

/** Reads the list from its newest end; `visit` returns false to stop. Returns whether the total stayed put. */
async function readFromNewest(
	this: IPollFunctions,
	settings: TriggerSettings,
	first: TransactionPage,
	total: number,
	run: PollRun,
	visit: (items: IDataObject[]) => boolean,
): Promise<boolean> {
	const order: ListOrder = detectOrder(first.items);
	let stable = true;
	for (const { offset, limit } of pagesFromNewest(order, total, PAGE_SIZE)) {
		// The first page (offset 0, newest first) was read already.
		const page =
			offset === 0 && order === 'newest' && first.items.length >= Math.min(limit, total)
				? first
				: await fetchTransactionPage(run.client, filtersOf(settings), offset, limit);
		if (page.total !== undefined && page.total !== total) stable = false;
		if (!visit(page.items) || page.items.length === 0) break;
	}
	return stable;
}

/**
 * First activation, changed settings or a reset: account for everything there is, remembering
 * what lies inside the Late Arrival Window (or, with Start From, leave unaccounted what was
 * created since that date, so the next poll emits it).
 */
async function baseline(
	this: IPollFunctions,
	settings: TriggerSettings,
	first: TransactionPage,
	total: number,
	run: PollRun,
): Promise<ListState> {
	const read: IDataObject[] = [];
	let complete = true;
	let newest = -Infinity;
	const now = Date.now();
	await readFromNewest.call(this, settings, first, total, run, (items) => {
		const wanted =
			settings.startFrom === undefined
				? items
				: items.filter((item) => !datedBy(item, settings.startFrom! - 1));
		for (const item of wanted) read.push(item);
		if (settings.startFrom !== undefined) return wanted.length === items.length;
		newest = Math.max(newest, newestTrusted(items.map(createdAtMs), now));
		const insideWindow = items.some((item) => !datedBy(item, newest - settings.lateWindowMs));
		if (!insideWindow) return false;
		complete = read.length < MAX_SEEN && Date.now() < run.budget.paging;
		return complete;
	});
	warnFutureDated.call(this, read, now);
	if (settings.startFrom !== undefined)
		return newListState(settings.key, total - read.length, settings.startFrom - 1);
	return baselineState(settings.key, total, read, complete, settings.lateWindowMs, MAX_SEEN, now);
}

const describeItem = (item: IDataObject) =>
	`created ${String(item.createdAt ?? 'at an unreadable date')}, type ${String(item.transactionType ?? '?')}`;

const listIds = (items: IDataObject[]) =>
	`${items
		.slice(0, 5)
		.map((item) => String(item.id))
		.join(', ')}${items.length > 5 ? ', …' : ''}`;

/** Names the transactions dated beyond n8n's clock (and its skew tolerance): they never move the cutoff. */
function warnFutureDated(this: IPollFunctions, items: IDataObject[], now: number): void {
	const ahead = items.filter((item) => hasId(item) && beyondNow(createdAtMs(item), now));
	if (!ahead.length) return;
	this.logger.warn(
		`EDI Exchange Trigger: inbound transaction(s) ${ahead
			.slice(0, 5)
			.map((item) => `${String(item.id)} (created ${String(item.createdAt)})`)
			.join(
				', ',
			)}${ahead.length > 5 ? ', …' : ''} are dated in the future; they are emitted once, and the trigger's cutoff does not move for them. Check the service's (or n8n's) clock.`,
	);
}

const emits = (settings: TriggerSettings, item: IDataObject) =>
	hasId(item) && matchesTypes(settings, item.transactionType);

const emittableCount = (settings: TriggerSettings, items: IDataObject[]) =>
	items.filter((item) => emits(settings, item)).length;

/**
 * The oldest of `sorted` up to the cap's last emitted one: Max Items per Poll counts what a poll
 * emits, so transactions of other types passed over on the way do not hold back the wanted ones.
 */
function upToCap(settings: TriggerSettings, sorted: IDataObject[]): IDataObject[] {
	let emitted = 0;
	const end = sorted.findIndex(
		(item) => emits(settings, item) && ++emitted === settings.maxItemsPerPoll,
	);
	return end < 0 ? sorted : sorted.slice(0, end + 1);
}

/** Finds, emits and accounts for the transactions not yet accounted for; `state` undefined: a baseline. */
export async function pollTransactions(
	this: IPollFunctions,
	settings: TriggerSettings,
	state: ListState | undefined,
	run: PollRun,
): Promise<SourceResult> {
	const first = await fetchTransactionPage(run.client, filtersOf(settings), 0, PAGE_SIZE);
	const total = totalOf.call(this, first);
	if (!state)
		return {
			items: [],
			next: await baseline.call(this, settings, first, total, run),
			baseline: true,
		};
	if (state.total > total) {
		// Transactions are never deleted: a stored count above the list's cannot be right.
		return {
			items: [],
			next: await baseline.call(this, settings, first, total, run),
			baseline: true,
			problem: `the stored count (${state.total}) is above the list's total (${total})`,
		};
	}
	const unaccounted = total - state.total;
	const held = state.held ?? [];
	if (unaccounted === 0 && !held.length) return { items: [], next: state };

	const search = new Search(state);
	let stopped = false;
	const stable =
		unaccounted === 0 ||
		(await readFromNewest.call(this, settings, first, total, run, (items) => {
			search.read(items);
			if (search.found.length >= unaccounted || search.passedCutoff) return false;
			// Out of budget, a poll stops only once it has something to emit: every poll makes progress.
			stopped =
				emittableCount(settings, search.found) >= settings.maxItemsPerPoll ||
				(Date.now() > run.budget.paging && search.found.length > 0);
			return !stopped;
		}));

	// Emit oldest first, at most the per-poll cap; the rest stays unaccounted for the next poll.
	let found = upToCap(settings, search.found.sort(compareTransactions));
	stopped ||= found.length < search.found.length;
	const emittable = found.filter((item) => emits(settings, item));
	let items: INodeExecutionData[];
	let stillHeld: HeldMessage[] = [];
	if (settings.includeMessage) {
		const read = await withMessages.call(this, held, emittable, found, run);
		({ items, stillHeld, found } = read);
		stopped ||= read.cut;
	} else {
		// Include Message turned off while some were held: they go out as they are.
		items = [...held.map(({ transaction }) => transaction), ...emittable].map((json) => ({ json }));
	}
	// The count is exact whatever happens (accounted = before + found), so a transaction skipped
	// while the list moved under the search is found by a later poll. Only a search that read a
	// list that did not move may give up on the ones it could not find: they became visible with
	// a creation date before the cutoff and cannot be told from old ones.
	const allFound = found.length >= unaccounted;
	const complete = !stopped && (allFound || stable);
	const missing = complete && !allFound ? unaccounted - found.length : 0;
	const now = Date.now();
	warnUnemitted.call(this, found, missing, now);

	const next = advance(state, found, { missing, complete }, settings.lateWindowMs, MAX_SEEN, now);
	if (stillHeld.length) next.held = stillHeld;
	return { items, next };
}

/**
 * The items to emit with their messages read (Include Message): the held transactions first (they
 * are older), then the new ones. Out of budget for messages, or too many held: `found` is cut
 * short there (`cut`), and the rest waits for the next poll.
 */
async function withMessages(
	this: IPollFunctions,
	held: HeldMessage[],
	emittable: IDataObject[],
	found: IDataObject[],
	run: PollRun,
): Promise<{
	items: INodeExecutionData[];
	stillHeld: HeldMessage[];
	found: IDataObject[];
	cut: boolean;
}> {
	const items: INodeExecutionData[] = [];
	const stillHeld: HeldMessage[] = [];
	const fresh = emittable.map((transaction) => ({ transaction, attempts: 0 }));
	const outcomes = await readMessages([...held, ...fresh], run, true);
	warnFailedMessages.call(this, outcomes);
	outcomes.slice(0, held.length).forEach((outcome, i) => {
		if (!outcome) stillHeld.push(held[i]);
		else if ('held' in outcome) stillHeld.push(outcome.held);
		else items.push(outcome.item);
	});
	const cut = outcomes
		.slice(held.length)
		.findIndex((outcome) => !outcome || ('held' in outcome && stillHeld.length >= MAX_HELD));
	for (const outcome of outcomes.slice(held.length, cut < 0 ? undefined : held.length + cut)) {
		if (outcome && 'held' in outcome) stillHeld.push(outcome.held);
		else if (outcome) items.push(outcome.item);
	}
	if (cut < 0) return { items, stillHeld, found, cut: false };
	return { items, stillHeld, found: found.slice(0, found.indexOf(emittable[cut])), cut: true };
}

/** Warns of what is wrong with the transactions a poll accounts for: late, without an id or a date, or dated ahead. */
function warnUnemitted(
	this: IPollFunctions,
	found: IDataObject[],
	missing: number,
	now: number,
): void {
	if (missing) {
		this.logger.warn(
			`EDI Exchange Trigger: ${missing} inbound transaction(s) became visible with a creation date before the trigger's cutoff and were not emitted. Widen Options → Late Arrival Window to catch such late transactions.`,
		);
	}
	const idless = found.filter((item) => !hasId(item));
	if (idless.length) {
		this.logger.warn(
			`EDI Exchange Trigger: ${idless.length} inbound transaction(s) without an id were skipped (${idless.slice(0, 5).map(describeItem).join('; ')}${idless.length > 5 ? '; …' : ''}): without an id they cannot be read or acted on. They are counted as seen, so nothing else is held up; ask the service why they have no id.`,
		);
	}
	const undated = found.filter((item) => hasId(item) && Number.isNaN(createdAtMs(item)));
	if (undated.length) {
		this.logger.warn(
			`EDI Exchange Trigger: inbound transaction(s) ${listIds(undated)} have no readable createdAt; they are emitted, and the trigger's cutoff does not move for them.`,
		);
	}
	warnFutureDated.call(this, found, now);
}

/** Manual mode: the newest matching transactions, touching no state. */
export async function sampleTransactions(
	this: IPollFunctions,
	settings: TriggerSettings,
	howMany: number,
	maxPages: number,
	run: PollRun,
): Promise<INodeExecutionData[]> {
	const first = await fetchTransactionPage(run.client, filtersOf(settings), 0, PAGE_SIZE);
	const sample: IDataObject[] = [];
	let pages = 0;
	await readFromNewest.call(this, settings, first, totalOf.call(this, first), run, (items) => {
		const newestFirst = [...items].sort((a, b) => compareTransactions(b, a));
		sample.push(...newestFirst.filter((item) => matchesTypes(settings, item.transactionType)));
		return sample.length < howMany && ++pages < maxPages;
	});
	const chosen = sample.slice(0, howMany);
	if (!settings.includeMessage) return chosen.map((json) => ({ json }));
	const entries = chosen.map((transaction) => ({ transaction, attempts: 0 }));
	const outcomes = await readMessages(entries, run, false);
	const read = outcomes.indexOf(undefined);
	return (read < 0 ? outcomes : outcomes.slice(0, read)).map(
		(outcome) => (outcome as { item: INodeExecutionData }).item,
	);
}
