/**
 * The inbox source: emits each delivery once, although a delivery stays in the inbox until it is
 * accepted or failed (and again after Redeliver After, while nobody accepts it). The inbox shows
 * only its oldest items, so deliveries the workflow leaves unaccepted can hide newer ones: that
 * is reported as an error, never a silent stall.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { mapBounded } from '../shared/concurrency';
import { withX12Fields } from '../shared/x12Message';
import { deliveryHref, deliveryIdOf, INBOX_WINDOW, readInbox } from '../transport/inbox';
import type { ServiceClient } from '../transport/client';
import type { PollRun } from './budget';
import { inboxBaseline, planInbox, watched } from './deliveries';
import { ACCEPT_CONCURRENCY, type TriggerSettings } from './settings';
import type { InboxState, SourceResult } from './state';

/** Auto-accept: a delivery that could not be accepted now is tried again on the next poll. */
async function acceptAll(
	this: IPollFunctions,
	settings: TriggerSettings,
	items: IDataObject[],
	client: ServiceClient,
): Promise<void> {
	await mapBounded(items, ACCEPT_CONCURRENCY, async (item) => {
		const href = deliveryHref(item, 'accept');
		if (typeof href !== 'string') return;
		try {
			// One attempt: a delivery not accepted now is accepted by the next poll, without delaying this one.
			await client.send({
				route: 'acceptDelivery',
				href,
				body: { note: settings.acceptNote },
				retry: false,
			});
		} catch (error) {
			this.logger.warn(
				`EDI Exchange Trigger: accepting delivery ${deliveryIdOf(item)} failed; retrying on the next poll (${(error as Error).message})`,
			);
		}
	});
}

/** Emits new (and due) deliveries; `state` undefined: a baseline. */
export async function pollInbox(
	this: IPollFunctions,
	settings: TriggerSettings,
	state: InboxState | undefined,
	{ client }: PollRun,
): Promise<SourceResult> {
	const inbox = await readInbox(client);
	if (!state)
		return { items: [], next: inboxBaseline(settings, inbox, Date.now()), baseline: true };

	const plan = planInbox(settings, state, inbox, Date.now());
	if (plan.idless.length) {
		this.logger.warn(
			`EDI Exchange Trigger: ${plan.idless.length} inbox item(s) without a delivery id were skipped (transactions ${plan.idless.map((item) => String(item.transactionId ?? item.id ?? '?')).join(', ')}): they cannot be accepted or failed, so they stay in the inbox; nothing else is held up.`,
		);
	}
	if (plan.stuck) {
		throw new NodeOperationError(
			this.getNode(),
			`The inbox is full: its ${INBOX_WINDOW} oldest deliveries were already seen but never accepted or failed, so newer deliveries are hidden behind them`,
			{
				description: `The service shows only the oldest ${INBOX_WINDOW} inbox items. End the workflow with EDI Exchange → Inbox → Accept (or Fail for documents it cannot process), or set Acceptance to "Automatically After Emitting". Deliveries of streams or types this trigger does not watch also stay in the inbox until something accepts them.`,
			},
		);
	}
	await acceptAll.call(this, settings, plan.accept, client);
	return { items: plan.emit.map((json) => ({ json: withX12Fields(json) })), next: plan.next };
}

/** Manual mode: the newest matching deliveries in the inbox, touching no state. */
export async function sampleInbox(
	this: IPollFunctions,
	settings: TriggerSettings,
	howMany: number,
	{ client }: PollRun,
): Promise<INodeExecutionData[]> {
	const inbox = await readInbox(client);
	return inbox
		.filter((item) => watched(settings, item))
		.slice(-howMany)
		.map((json) => ({ json: withX12Fields(json) }));
}
