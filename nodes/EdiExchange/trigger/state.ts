/**
 * The trigger's poll state: small, JSON-only, versioned, and guarded. Fresh states are built only
 * by the constructors here; anything stored that does not read back as a sane state for the
 * current settings is reported with the reason, so the poll can reset it out loud.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { OUTCOMES } from '../shared/acknowledgments';

export const STATE_VERSION = 1;

/** How far ahead of n8n's clock a stored instant may be before it counts as impossible. */
export const CLOCK_SKEW_MS = 10 * 60_000;

/** Transaction list source: what has been accounted for (emitted, or backlog at activation). */
export interface ListState {
	v: typeof STATE_VERSION;
	source: 'transactions';
	/** The watched settings this state belongs to. */
	key: string;
	/** How many transactions of the watched list are accounted for. */
	total: number;
	/** Every transaction created at or before this instant (ms) is accounted for. */
	cutoff: number;
	/** Accounted transactions created after the cutoff: [id, createdAt ms]. */
	seen: Array<[string, number]>;
	/** Accounted transactions not emitted yet: their message failed for a passing reason (see messages.ts). */
	held?: HeldMessage[];
}

/** A transaction whose message is tried again on the next poll: the list item, and the polls tried. */
export interface HeldMessage {
	transaction: IDataObject;
	attempts: number;
}

/**
 * An inbox delivery accounted for: [deliveryId, when it was last emitted (ms) or NEVER_EMITTED for
 * backlog, its createdAt (ms) when readable].
 */
export type InboxEntry = [string, number, number?];

/** Inbox source: deliveries accounted for that were in the inbox, or may hide behind a full one. */
export interface InboxState {
	v: typeof STATE_VERSION;
	source: 'inbox';
	key: string;
	seen: InboxEntry[];
	/** Deliveries created at or before this instant (ms) are backlog from activation (0: none). */
	floor: number;
}

/** An inbox delivery accounted for without being emitted (backlog): never redelivered. */
export const NEVER_EMITTED = -1;

/**
 * A sent document's outcome accounted for (emitted, or there at the baseline): [transactionId,
 * outcome letter (shared/acknowledgments.ts OUTCOMES), its createdAt (ms)].
 */
export type OutcomeEntry = [string, string, number];

/** Outcomes source: which sent document reached which outcome, within the watched window. */
export interface OutcomeState {
	v: typeof STATE_VERSION;
	source: 'outcomes';
	key: string;
	/** Documents created at or before this instant (ms) are not watched (a baseline cut short, or the bound). */
	floor: number;
	seen: OutcomeEntry[];
	/** When the service refused the acknowledgmentStatus filter (ms): filtered in the node for a day. */
	refusedAt?: number;
}

export type PollState = ListState | InboxState | OutcomeState;

/** What a source found in one poll: the items to emit and the state that accounts for them. */
export interface SourceResult<S extends PollState = PollState> {
	items: INodeExecutionData[];
	next: S;
	/** The state is a new baseline (first activation, changed settings or a reset). */
	baseline?: boolean;
	/** Why the stored state turned out impossible against what the service shows (a reset). */
	problem?: string;
}

export const newListState = (
	key: string,
	total: number,
	cutoff: number,
	seen: Array<[string, number]> = [],
): ListState => ({
	v: STATE_VERSION,
	source: 'transactions',
	key,
	total,
	cutoff,
	seen,
});

export const newInboxState = (key: string, seen: InboxEntry[], floor: number): InboxState => ({
	v: STATE_VERSION,
	source: 'inbox',
	key,
	seen,
	floor,
});

export const newOutcomeState = (
	key: string,
	seen: OutcomeEntry[],
	floor: number,
	refusedAt?: number,
): OutcomeState => ({
	v: STATE_VERSION,
	source: 'outcomes',
	key,
	floor,
	seen,
	...(refusedAt === undefined ? {} : { refusedAt }),
});

const isNumber = (value: unknown): value is number =>
	typeof value === 'number' && Number.isFinite(value);

/**
 * The seen list is stored as one string, "id:ms,…": n8n keeps static data behind a deep proxy,
 * and thousands of small arrays would be read through it one element at a time.
 */
export function encodeSeen(seen: Array<[string, number]>): string {
	return seen.map(([id, ms]) => `${encodeURIComponent(id)}:${ms}`).join(',');
}

/** The entries, or a description of what is wrong with them. */
export function decodeSeen(text: string): Array<[string, number]> | string {
	if (text === '') return [];
	const entries: Array<[string, number]> = [];
	for (const entry of text.split(',')) {
		const colon = entry.lastIndexOf(':');
		let id: string;
		try {
			id = decodeURIComponent(entry.slice(0, colon));
		} catch {
			return `the remembered id "${entry.slice(0, 40)}" is not readable`;
		}
		const ms = colon < 0 ? NaN : Number(entry.slice(colon + 1));
		if (id === '' || !isNumber(ms))
			return `the remembered entry "${entry.slice(0, 40)}" is not readable`;
		entries.push([id, ms]);
	}
	return entries;
}

const OUTCOME_LETTERS = Object.values(OUTCOMES);

/** The outcome entries as one string, "id:letter:ms,…" (as the list's seen entries, for n8n's proxy). */
export function encodeOutcomes(seen: OutcomeEntry[]): string {
	return seen.map(([id, letter, ms]) => `${encodeURIComponent(id)}:${letter}:${ms}`).join(',');
}

function readOutcomeState(value: IDataObject, now: number): Reading<OutcomeState> {
	const corrupt = {
		problem: 'the stored state is corrupt (its outcomes or floor are not readable)',
	};
	if (typeof value.seen !== 'string' || !isNumber(value.floor)) return corrupt;
	if (value.refusedAt !== undefined && !isNumber(value.refusedAt)) return corrupt;
	if (future(value.floor, now))
		return { problem: `the stored floor ${new Date(value.floor).toISOString()} is in the future` };
	const seen: OutcomeEntry[] = [];
	for (const entry of value.seen === '' ? [] : value.seen.split(',')) {
		const [id, letter, ms] = entry.split(':');
		let decoded = '';
		try {
			decoded = decodeURIComponent(id ?? '');
		} catch {
			return corrupt;
		}
		if (!decoded || !OUTCOME_LETTERS.includes(letter) || !isNumber(Number(ms))) return corrupt;
		seen.push([decoded, letter, Number(ms)]);
	}
	return {
		state: newOutcomeState(value.key as string, seen, value.floor, value.refusedAt as number),
	};
}

export type Reading<S extends PollState> =
	{ state: S; problem?: undefined } | { state?: undefined; problem?: string };

const future = (ms: number, now: number) => ms > now + CLOCK_SKEW_MS;

function readListState(value: IDataObject, now: number): Reading<ListState> {
	if (
		!isNumber(value.total) ||
		value.total < 0 ||
		!isNumber(value.cutoff) ||
		typeof value.seen !== 'string'
	) {
		return {
			problem:
				'the stored state is corrupt (its count, cutoff or seen list is missing or not a number)',
		};
	}
	if (future(value.cutoff, now))
		return {
			problem: `the stored cutoff ${new Date(value.cutoff).toISOString()} is in the future`,
		};
	const seen = decodeSeen(value.seen);
	if (typeof seen === 'string') return { problem: `the stored state is corrupt: ${seen}` };
	const state = newListState(value.key as string, value.total, value.cutoff, seen);
	if (value.held === undefined) return { state };
	const held = value.held as unknown;
	const sane = (entry: unknown) =>
		typeof entry === 'object' &&
		entry !== null &&
		typeof (entry as HeldMessage).transaction === 'object' &&
		(entry as HeldMessage).transaction !== null &&
		isNumber((entry as HeldMessage).attempts);
	if (!Array.isArray(held) || !held.every(sane))
		return { problem: 'the stored state is corrupt (its held transactions are not readable)' };
	// Copied out of n8n's static data proxy: they are emitted as items.
	state.held = held.map((entry: HeldMessage) => ({
		transaction: JSON.parse(JSON.stringify(entry.transaction)) as IDataObject,
		attempts: entry.attempts,
	}));
	return { state };
}

function readInboxState(value: IDataObject, now: number): Reading<InboxState> {
	if (!Array.isArray(value.seen) || !isNumber(value.floor))
		return { problem: 'the stored state is corrupt (its seen list or floor is missing)' };
	if (future(value.floor, now))
		return { problem: `the stored floor ${new Date(value.floor).toISOString()} is in the future` };
	const seen: InboxEntry[] = [];
	for (const entry of value.seen as unknown[]) {
		// Version 1 stored bare ids, without the time of emission: they are never redelivered.
		if (typeof entry === 'string' && entry !== '') seen.push([entry, NEVER_EMITTED]);
		else if (
			Array.isArray(entry) &&
			typeof entry[0] === 'string' &&
			entry[0] !== '' &&
			isNumber(entry[1]) &&
			(entry[2] === undefined || isNumber(entry[2]))
		) {
			// An emission ahead of the clock (n8n's clock stepped back) only delays a redelivery: it
			// counts as now, rather than resetting the state and losing what arrived meanwhile.
			const emittedAt = Math.min(entry[1], now);
			seen.push(entry[2] === undefined ? [entry[0], emittedAt] : [entry[0], emittedAt, entry[2]]);
		} else
			return { problem: 'the stored state is corrupt (an entry of its seen list is not readable)' };
	}
	return { state: newInboxState(value.key as string, seen, value.floor) };
}

/**
 * The stored state if it is sane and belongs to these settings. Otherwise `problem` says why it
 * cannot be used; no problem means there was no state at all (first activation).
 */
export function readState<S extends PollState>(
	stored: IDataObject,
	source: S['source'],
	key: string,
	now: number,
): Reading<S> {
	const state = stored.state as IDataObject | undefined;
	if (state === undefined) return {};
	if (!state || typeof state !== 'object' || state.v !== STATE_VERSION)
		return { problem: 'the stored state is corrupt or from another version' };
	if (state.source !== source || state.key !== key)
		return {
			problem:
				'the watched settings changed (Trigger On, Stream, Transaction Types, Start From, or the outcomes and their window)',
		};
	return (
		source === 'transactions'
			? readListState(state, now)
			: source === 'outcomes'
				? readOutcomeState(state, now)
				: readInboxState(state, now)
	) as Reading<S>;
}

/** The state as stored: the list's seen entries as one string. */
export function storedForm(state: PollState): IDataObject {
	if (state.source === 'transactions')
		return { ...state, seen: encodeSeen(state.seen) } as unknown as IDataObject;
	if (state.source === 'outcomes')
		return { ...state, seen: encodeOutcomes(state.seen) } as unknown as IDataObject;
	return state as unknown as IDataObject;
}

/** Replaces the stored state: called once, at the end of a poll that succeeded (see poll.ts). */
export function writeState(stored: IDataObject, state: PollState): void {
	for (const key of Object.keys(stored)) delete stored[key];
	stored.state = storedForm(state);
}

/**
 * The settings whose change means a new baseline: the source, stream, types and backfill date;
 * for the outcomes source also the outcomes and their window (`outcomes`).
 */
export function watchKey(
	source: string,
	stream: string,
	types: string[],
	startFrom: string,
	outcomes?: { statuses: string[]; windowMs: number },
): string {
	const key: IDataObject = { source, stream, types: [...types].sort(), startFrom };
	if (outcomes) {
		key.statuses = [...outcomes.statuses].sort();
		key.windowMs = outcomes.windowMs;
	}
	return JSON.stringify(key);
}
