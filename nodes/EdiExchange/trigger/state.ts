/**
 * The trigger's poll state: small, JSON-only, versioned, and guarded. Anything that does not read
 * back as the current version for the current settings is treated as absent (a safe reset).
 */
import type { IDataObject } from 'n8n-workflow';

export const STATE_VERSION = 1;

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
}

/** Inbox source: deliveries emitted that were still in the inbox at the last read. */
export interface InboxState {
	v: typeof STATE_VERSION;
	source: 'inbox';
	key: string;
	seen: string[];
	/** Deliveries created at or before this instant (ms) are backlog from activation (0: none). */
	floor: number;
}

export type PollState = ListState | InboxState;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The seen list is stored as one string, "id:createdAtMs,…": n8n keeps static data behind a deep
 * proxy, and thousands of small arrays would be read through it one element at a time.
 */
export function encodeSeen(seen: Array<[string, number]>): string {
	return seen.map(([id, ms]) => `${encodeURIComponent(id)}:${ms}`).join(',');
}

export function decodeSeen(text: string): Array<[string, number]> | undefined {
	if (text === '') return [];
	const entries = text.split(',').map((entry): [string, number] => {
		const colon = entry.lastIndexOf(':');
		return [decodeURIComponent(entry.slice(0, colon)), Number(entry.slice(colon + 1))];
	});
	return entries.every(([id, ms]) => id !== '' && isNumber(ms)) ? entries : undefined;
}

function readListState(value: IDataObject): ListState | undefined {
	if (!isNumber(value.total) || value.total < 0 || !isNumber(value.cutoff) || typeof value.seen !== 'string') return undefined;
	const seen = decodeSeen(value.seen);
	return seen && ({ ...value, seen } as unknown as ListState);
}

function isInboxState(value: IDataObject): boolean {
	return Array.isArray(value.seen) && value.seen.every((id) => typeof id === 'string') && isNumber(value.floor);
}

/** The stored state if it is valid and belongs to these settings; otherwise undefined. */
export function readState<S extends PollState>(stored: IDataObject, source: S['source'], key: string): S | undefined {
	const state = stored.state as IDataObject | undefined;
	if (!state || typeof state !== 'object' || state.v !== STATE_VERSION || state.source !== source || state.key !== key) {
		return undefined;
	}
	if (source === 'transactions') return readListState(state) as S | undefined;
	return isInboxState(state) ? ({ ...state, seen: [...(state.seen as string[])] } as unknown as S) : undefined;
}

/** Replaces the stored state: called once, at the end of a poll that succeeded. */
export function writeState(stored: IDataObject, state: PollState): void {
	for (const key of Object.keys(stored)) delete stored[key];
	stored.state = (state.source === 'transactions' ? { ...state, seen: encodeSeen(state.seen) } : state) as unknown as IDataObject;
}

/** The settings whose change means a new baseline: the source, stream, types and backfill date. */
export function watchKey(source: string, stream: string, types: string[], startFrom: string): string {
	return JSON.stringify({ source, stream, types: [...types].sort(), startFrom });
}
