/**
 * The inbox source: emits each delivery once, although a delivery stays in the inbox until it is
 * accepted or failed. The inbox shows only its oldest items, so deliveries the workflow leaves
 * unaccepted can hide newer ones: that is reported as an error, never a silent stall.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { mapBounded } from '../shared/concurrency';
import { deliveryHref, deliveryIdOf, INBOX_WINDOW, readInbox } from '../transport/inbox';
import { serviceRequest } from '../transport/request';
import { createdAtMs } from './cursor';
import { ACCEPT_CONCURRENCY, matchesTypes, type TriggerSettings } from './settings';
import { readState, writeState, type InboxState } from './state';

const watched = (settings: TriggerSettings, item: IDataObject) =>
	(!item.stream || item.stream === settings.stream) && matchesTypes(settings, item.transactionType);

/** Auto-accept: a delivery that could not be accepted now is tried again on the next poll. */
async function acceptAll(this: IPollFunctions, settings: TriggerSettings, items: IDataObject[]): Promise<void> {
	await mapBounded(items, ACCEPT_CONCURRENCY, async (item) => {
		const href = deliveryHref(item, 'accept');
		if (typeof href !== 'string') return;
		try {
			// One attempt: a delivery not accepted now is accepted by the next poll, without delaying this one.
			await serviceRequest.call(this, { route: 'acceptDelivery', href, body: { note: settings.acceptNote }, retry: false });
		} catch (error) {
			this.logger.warn(`EDI Exchange Trigger: accepting delivery ${deliveryIdOf(item)} failed; retrying on the next poll (${(error as Error).message})`);
		}
	});
}

export async function pollInbox(this: IPollFunctions, settings: TriggerSettings, stored: IDataObject): Promise<INodeExecutionData[] | null> {
	const inbox = await readInbox.call(this);
	const state = readState<InboxState>(stored, 'inbox', settings.key);
	const full = inbox.length >= INBOX_WINDOW;
	if (!state) {
		// No backlog: what is in the inbox now is accounted for; if the inbox is full, newer backlog
		// may hide behind it, so everything created up to the newest visible delivery is backlog too.
		const floor = full ? Math.max(...inbox.map(createdAtMs)) : 0;
		writeState(stored, { v: 1, source: 'inbox', key: settings.key, seen: inbox.map(deliveryIdOf), floor });
		return null;
	}

	const seen = new Set(state.seen);
	const fresh = inbox.filter((item) => !seen.has(deliveryIdOf(item)) && createdAtMs(item) > state.floor);
	const emitted = fresh.filter((item) => watched(settings, item)).slice(0, settings.maxItemsPerPoll);
	const emittedIds = new Set(emitted.map(deliveryIdOf));
	// Deliveries of other streams or types are accounted for without being emitted.
	const accounted = inbox.filter((item) => seen.has(deliveryIdOf(item)) || emittedIds.has(deliveryIdOf(item)) || !watched(settings, item));

	const pending =
		settings.acceptMode === 'auto'
			? inbox.filter((item) => watched(settings, item) && (seen.has(deliveryIdOf(item)) || emittedIds.has(deliveryIdOf(item))))
			: [];
	if (full && fresh.length === 0 && pending.length === 0) {
		throw new NodeOperationError(
			this.getNode(),
			`The inbox is full: its ${INBOX_WINDOW} oldest deliveries were already seen but never accepted or failed, so newer deliveries are hidden behind them`,
			{
				description:
					'The service shows only the oldest 100 inbox items. End the workflow with EDI Exchange → Inbox → Accept (or Fail for documents it cannot process), or set Acceptance to "Automatically After Emitting". Deliveries of streams or types this trigger does not watch also stay in the inbox until something accepts them.',
			},
		);
	}
	await acceptAll.call(this, settings, pending);

	// Deliveries that left the inbox (accepted or failed) never come back: forget them.
	writeState(stored, { ...state, seen: accounted.map(deliveryIdOf) });
	return emitted.length ? emitted.map((json) => ({ json })) : null;
}

/** Manual mode: the newest matching deliveries in the inbox, touching no state. */
export async function sampleInbox(this: IPollFunctions, settings: TriggerSettings, howMany: number): Promise<INodeExecutionData[]> {
	const inbox = await readInbox.call(this);
	return inbox
		.filter((item) => watched(settings, item))
		.slice(-howMany)
		.map((json) => ({ json }));
}
