/**
 * The outcomes source's bookkeeping, as pure functions. A sent document's outcome (REJECTED,
 * ACCEPTED_WITH_ERRORS, OVERDUE, ACCEPTED) shows on the list at the document's own place (by its
 * createdAt), not at the list's newest end, and a document can leave the filtered list (OVERDUE,
 * then accepted) or change its outcome (OVERDUE, then REJECTED). So there is no cursor to move:
 * each poll reads the filtered list back to the watched window's start, and emits each
 * (document, outcome) not yet accounted for. The state remembers, per document in the window, the
 * outcome last accounted for; documents created before the window are forgotten (and not watched).
 */
import type { IDataObject } from 'n8n-workflow';

import { OUTCOMES } from '../shared/acknowledgments';
import { compareTransactions, createdAtMs, hasId, itemKey, UNDATED } from './cursor';
import { newOutcomeState, type OutcomeEntry, type OutcomeState } from './state';

const LETTERS = Object.entries(OUTCOMES);
const statusOfLetter = (letter: string) => LETTERS.find(([, l]) => l === letter)?.[0];

/** The outcome an item shows, when it is one of `chosen`. */
export function chosenOutcome(item: IDataObject, chosen: string[]): string | undefined {
	const status = item.acknowledgmentStatus;
	return typeof status === 'string' && chosen.includes(status) && status in OUTCOMES
		? status
		: undefined;
}

/** The instant at or before which documents are not watched: the window's start, or the state's floor. */
export const watchedFloor = (floor: number, now: number, windowMs: number): number =>
	Math.max(floor, now - windowMs);

/** An item's date as stored: undated ones are kept (never taken for old). */
const storedMs = (item: IDataObject): number => {
	const ms = createdAtMs(item);
	return Number.isNaN(ms) ? UNDATED : ms;
};

/** Whether the item lies inside the watched window (an undated one always does). */
export const watched = (item: IDataObject, floor: number): boolean => storedMs(item) > floor;

/** A document whose outcome is new: the list item, its outcome, and the one accounted before (if any). */
export interface NewOutcome {
	item: IDataObject;
	status: string;
	previous?: string;
}

/**
 * The outcomes among `items` (read this poll, in any order, possibly twice) not yet accounted
 * for, oldest document first. Items without an id, outside the window or of another outcome are
 * passed over.
 */
export function newOutcomes(
	state: OutcomeState,
	items: IDataObject[],
	chosen: string[],
	floor: number,
): NewOutcome[] {
	const known = new Map(state.seen.map(([id, letter]) => [id, letter]));
	const latest = new Map<string, IDataObject>();
	for (const item of items)
		if (hasId(item) && watched(item, floor) && chosenOutcome(item, chosen))
			latest.set(itemKey(item), item);
	const found: NewOutcome[] = [];
	for (const [id, item] of latest) {
		const status = chosenOutcome(item, chosen)!;
		const before = known.get(id);
		if (before === OUTCOMES[status]) continue;
		found.push(before ? { item, status, previous: statusOfLetter(before) } : { item, status });
	}
	return found.sort((a, b) => compareTransactions(a.item, b.item));
}

/**
 * The state after a poll that accounted for `accounted` (emitted, or seen at the baseline):
 * entries created at or before `floor` are dropped; beyond `maxSeen` the oldest go and the floor
 * rises past them (those documents are no longer watched).
 */
export function accountOutcomes(
	state: OutcomeState,
	accounted: IDataObject[],
	floor: number,
	maxSeen: number,
): OutcomeState {
	const seen = new Map<string, OutcomeEntry>();
	for (const entry of state.seen) if (entry[2] > floor) seen.set(entry[0], entry);
	for (const item of accounted) {
		const status = item.acknowledgmentStatus as string;
		const id = itemKey(item);
		seen.set(id, [id, OUTCOMES[status], storedMs(item)]);
	}
	let entries = [...seen.values()];
	let bound = state.floor;
	if (entries.length > maxSeen) {
		entries.sort((a, b) => a[2] - b[2]);
		const dropped = entries.slice(0, entries.length - maxSeen);
		bound = Math.max(bound, dropped[dropped.length - 1][2]);
		entries = entries.slice(entries.length - maxSeen);
	}
	return newOutcomeState(state.key, entries, bound, state.refusedAt);
}

/**
 * The baseline: every outcome read is accounted for (nothing old is emitted). When the read was
 * cut short (`complete` false), documents older than the oldest read are not watched.
 */
export function outcomeBaseline(
	key: string,
	items: IDataObject[],
	chosen: string[],
	complete: boolean,
	now: number,
	windowMs: number,
	maxSeen: number,
	refusedAt?: number,
): OutcomeState {
	const windowStart = now - windowMs;
	const dated = items.map(createdAtMs).filter((ms) => !Number.isNaN(ms) && ms > windowStart);
	const oldestRead = dated.reduce((low, ms) => Math.min(low, ms), Infinity);
	const floor = complete || oldestRead === Infinity ? windowStart : oldestRead;
	const empty = newOutcomeState(key, [], floor, refusedAt);
	const outcomes = items.filter(
		(item) => hasId(item) && watched(item, floor) && chosenOutcome(item, chosen),
	);
	return accountOutcomes(empty, outcomes, floor, maxSeen);
}
