/**
 * The item a sent document's outcome starts the workflow with: the list item's facts, the
 * receiver's reasons (for a rejection or an acceptance with errors, from the acknowledgment
 * endpoint), and the purchase order it answers (for an 856 or 810 read from its message). Only
 * emitted outcomes cost these requests, a few at a time, within the poll's time.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { ANSWERED_WITH_REASONS } from '../shared/acknowledgments';
import { mapBounded } from '../shared/concurrency';
import {
	orderNumberInMessage,
	orderNumberIsBusinessNumber,
	orderNumberOfMessage,
} from '../shared/sentOrder';
import { typeCodeOf } from '../shared/typeCode';
import { fetchAcknowledgment } from '../transport/acknowledgments';
import type { ServiceClient } from '../transport/client';
import { fetchMessage } from '../transport/messages';
import type { PollRun } from './budget';
import { definitive, statusOf } from './messages';
import type { NewOutcome } from './outcomePlan';
import { MESSAGE_CONCURRENCY } from './settings';

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const NO_ENDPOINT =
	'The service answered 404 for this transaction’s acknowledgment although the list links one: it has no acknowledgment endpoint, so the status is all it tells (no reasons).';
const NO_ANSWER =
	'The service has no acknowledgment for this transaction (404): the status is all it tells (no reasons).';

/** The purchase order a sent document answers; null when it names none or its message cannot be read. */
async function orderNumberOf(client: ServiceClient, item: IDataObject): Promise<string | null> {
	if (orderNumberIsBusinessNumber(item.transactionType))
		return typeof item.businessNumber === 'string' ? item.businessNumber : null;
	if (!orderNumberInMessage(item.transactionType)) return null;
	try {
		const { message } = await fetchMessage(client, item.id as string | number);
		return orderNumberOfMessage(item.transactionType, message) ?? null;
	} catch {
		return null;
	}
}

/** The outcome's item; throws when the acknowledgment could not be read (`reasons` false: not asked). */
async function outcomeJson(
	client: ServiceClient,
	outcome: NewOutcome,
	reasons = true,
): Promise<IDataObject> {
	const { item, status, previous } = outcome;
	const json: IDataObject = {
		transactionId: item.id,
		type: typeCodeOf(item.transactionType),
		transactionType: item.transactionType,
		businessNumber: item.businessNumber ?? null,
		purchaseOrderNumber: null,
		status,
		...(previous ? { previousStatus: previous } : {}),
		reasons: [],
		sentAt: item.createdAt,
		senderId: item.senderId,
		receiverId: item.receiverId,
		stream: item.stream,
		...(isObject(item.controlNumbers) ? { controlNumbers: item.controlNumbers } : {}),
	};
	if (reasons && ANSWERED_WITH_REASONS.includes(status)) {
		const acknowledgment = await fetchAcknowledgment(client, item.id as string | number);
		if (acknowledgment) {
			json.reasons = acknowledgment.reasons as unknown as IDataObject[];
			if (acknowledgment.createdAt) json.acknowledgedAt = acknowledgment.createdAt;
		} else {
			json.reasonsUnavailable = isObject(item.acknowledgment) ? NO_ENDPOINT : NO_ANSWER;
		}
	}
	json.purchaseOrderNumber = await orderNumberOf(client, item);
	return json;
}

/**
 * The items of `found`, in order, and the list items they account for. `hold` (an activated
 * poll): an outcome whose reasons failed for a passing reason (5xx, 429, a timeout), or that the
 * poll's time did not reach, is left for the next poll; otherwise it goes out saying why it has
 * no reasons.
 */
export async function outcomeItems(
	this: IPollFunctions,
	found: NewOutcome[],
	run: PollRun,
	hold: boolean,
): Promise<{ items: INodeExecutionData[]; accounted: IDataObject[] }> {
	let started = 0;
	const results = await mapBounded(found, MESSAGE_CONCURRENCY, async (outcome) => {
		if (hold && started >= MESSAGE_CONCURRENCY && Date.now() >= run.budget.messages)
			return undefined;
		started++;
		try {
			return await outcomeJson(run.client, outcome);
		} catch (error) {
			const message = (error as Error).message ?? String(error);
			if (hold && !definitive(statusOf(error))) {
				this.logger.warn(
					`EDI Exchange Trigger: the acknowledgment of sent transaction ${String(outcome.item.id)} could not be read (${message}); its outcome ${outcome.status} is emitted on a later poll.`,
				);
				return undefined;
			}
			return { ...(await outcomeJson(run.client, outcome, false)), reasonsUnavailable: message };
		}
	});
	const items: INodeExecutionData[] = [];
	const accounted: IDataObject[] = [];
	results.forEach((json, i) => {
		if (!json) return;
		items.push({ json });
		accounted.push(found[i].item);
	});
	return { items, accounted };
}
