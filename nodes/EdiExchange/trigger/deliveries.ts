/**
 * The inbox source's decisions, as a pure function of the state, the visible inbox and the clock:
 * which deliveries to emit (new ones, and with Redeliver After, emitted ones still unaccepted
 * after the timeout), which to accept, and the next state.
 */
import type { IDataObject } from 'n8n-workflow';

import { deliveryIdOf, INBOX_WINDOW } from '../transport/inbox';
import { createdAtMs, datedBy, maxOf, newestTrusted } from './cursor';
import { matchesTypes, type TriggerSettings } from './settings';
import { NEVER_EMITTED, newInboxState, type InboxEntry, type InboxState } from './state';

/** The entry that accounts for a listed delivery, with its createdAt when readable. */
function entryOf(item: IDataObject, emittedAt: number): InboxEntry {
	const createdAt = createdAtMs(item);
	return Number.isNaN(createdAt)
		? [deliveryIdOf(item), emittedAt]
		: [deliveryIdOf(item), emittedAt, createdAt];
}

/** Each delivery once, as first listed (a service listing one twice must not emit it twice). */
function byDelivery(inbox: IDataObject[]): IDataObject[] {
	const listed = new Map<string, IDataObject>();
	for (const item of inbox) {
		const id = deliveryIdOf(item);
		if (id && !listed.has(id)) listed.set(id, item);
	}
	return [...listed.values()];
}

/** The service shows at most INBOX_WINDOW deliveries: a full inbox may hide newer ones behind them. */
const isFull = (inbox: IDataObject[]): boolean => inbox.length >= INBOX_WINDOW;

export const watched = (settings: TriggerSettings, item: IDataObject): boolean =>
	(!item.stream || item.stream === settings.stream) && matchesTypes(settings, item.transactionType);

export interface InboxPlan {
	emit: IDataObject[];
	/** Automatic acceptance: the watched deliveries emitted now or before (never backlog), still in the inbox. */
	accept: IDataObject[];
	next: InboxState;
	/** Deliveries the service listed without a delivery id: reported, never emitted. */
	idless: IDataObject[];
	/** The inbox shows only deliveries already dealt with: newer ones may hide behind them. */
	stuck: boolean;
}

/** No backlog: what is in the inbox now is accounted for. */
export function inboxBaseline(
	settings: TriggerSettings,
	inbox: IDataObject[],
	now: number,
): InboxState {
	// If the inbox is full, newer backlog may hide behind it: everything created up to the newest
	// visible delivery is backlog too (a date in the future never counts: the floor would be too).
	const floor = isFull(inbox) ? Math.max(0, newestTrusted(inbox.map(createdAtMs), now)) : 0;
	return newInboxState(
		settings.key,
		byDelivery(inbox).map((item) => entryOf(item, NEVER_EMITTED)),
		floor,
	);
}

export function planInbox(
	settings: TriggerSettings,
	state: InboxState,
	inbox: IDataObject[],
	now: number,
): InboxPlan {
	const seen = new Map(state.seen.map(([id, emittedAt]) => [id, emittedAt]));
	const idless = inbox.filter((item) => !deliveryIdOf(item));
	const listed = byDelivery(inbox);
	const full = isFull(inbox);
	const fresh = listed.filter(
		(item) => !seen.has(deliveryIdOf(item)) && !datedBy(item, state.floor),
	);
	// A visibility timeout: emitted (not backlog), still neither accepted nor failed.
	const redeliver = settings.acceptMode === 'workflow' && settings.redeliverAfterMs > 0;
	const due = (item: IDataObject) => {
		const emittedAt = seen.get(deliveryIdOf(item));
		return (
			redeliver &&
			emittedAt !== undefined &&
			emittedAt !== NEVER_EMITTED &&
			now - emittedAt >= settings.redeliverAfterMs
		);
	};
	const freshIds = new Set(fresh.map(deliveryIdOf));
	const emit = listed
		.filter((item) => watched(settings, item) && (freshIds.has(deliveryIdOf(item)) || due(item)))
		.slice(0, settings.maxItemsPerPoll);
	const emitIds = new Set(emit.map(deliveryIdOf));

	// Deliveries of other streams or types are accounted for without being emitted.
	const next: InboxEntry[] = [];
	for (const item of listed) {
		const id = deliveryIdOf(item);
		if (emitIds.has(id)) next.push(entryOf(item, now));
		else if (seen.has(id)) next.push(entryOf(item, seen.get(id)!));
		else if (!watched(settings, item) || !freshIds.has(id)) next.push(entryOf(item, NEVER_EMITTED));
	}
	// Deliveries that left the inbox (accepted or failed) never come back: they are forgotten. But
	// a full inbox shows only its oldest: one dated at or after the newest visible may have been
	// pushed behind the window by a late arrival dated before it, and is kept until it is seen again.
	if (full) {
		const newestVisible = maxOf(inbox.map(createdAtMs));
		const listedIds = new Set(listed.map(deliveryIdOf));
		for (const entry of state.seen) {
			const [id, , createdAt] = entry;
			if (!listedIds.has(id) && createdAt !== undefined && createdAt >= newestVisible)
				next.push(entry);
		}
	}
	const emitted = (id: string) =>
		emitIds.has(id) || (seen.get(id) ?? NEVER_EMITTED) !== NEVER_EMITTED;
	const accept =
		settings.acceptMode === 'auto'
			? listed.filter((item) => watched(settings, item) && emitted(deliveryIdOf(item)))
			: [];
	const stuck = full && fresh.length === 0 && accept.length === 0 && emit.length === 0;
	// An inbox that is not full hides no backlog: what is left of it is in `next` now, and the floor
	// would only swallow deliveries that arrive late, dated before it.
	return {
		emit,
		accept,
		next: newInboxState(state.key, next, full ? state.floor : 0),
		idless,
		stuck,
	};
}
