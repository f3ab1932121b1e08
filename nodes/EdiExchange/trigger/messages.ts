/**
 * Include Message for the transaction-list source: each transaction's message, fetched a few at a
 * time, where one document that cannot be read never holds back the others. A definitive answer
 * (404, another refusal, a body that is no message) marks it at once; a passing one (5xx, 429, a
 * timeout, a dropped connection) holds it for the next poll, up to MESSAGE_ATTEMPTS polls. Either
 * way it is then emitted once, without its message, with `messageError` saying why.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { mapBounded } from '../shared/concurrency';
import { x12MessageFields } from '../shared/x12Message';
import { fetchMessage } from '../transport/messages';
import type { PollRun } from './budget';
import { MESSAGE_CONCURRENCY } from './settings';
import type { HeldMessage } from './state';

/** Polls in which a message may fail for a passing reason before it is emitted without it. */
export const MESSAGE_ATTEMPTS = 3;
/** Transactions held for another try at most: beyond, the rest wait unaccounted (an outage, not odd documents). */
export const MAX_HELD = 20;

export type MessageOutcome =
	/** To emit: with its message, or marked with messageError. */
	| { item: INodeExecutionData; failed?: string }
	/** To try again on the next poll. */
	| { held: HeldMessage; failed: string }
	/** Not tried: the poll's time for messages ran out. */
	| undefined;

/** The HTTP status of a failed fetch; undefined for a timeout or a dropped connection. */
export const statusOf = (error: unknown): number | undefined => {
	const status = Number((error as { httpCode?: unknown }).httpCode);
	return Number.isInteger(status) && status > 0 ? status : undefined;
};

/**
 * Whether asking again cannot help: a refusal of this transaction (404, 410, 400…), or a 200 whose
 * body is no message. Not 401/403 (the credential, not the document), 408 or 429.
 */
export const definitive = (status: number | undefined): boolean =>
	status !== undefined && status < 500 && ![401, 403, 408, 429].includes(status);

/** The transaction without its message, marked so a workflow can route it. */
function marked(
	transaction: IDataObject,
	message: string,
	status: number | undefined,
	attempts: number,
): INodeExecutionData {
	const messageError: IDataObject = { message, attempts };
	if (status !== undefined) messageError.httpCode = String(status);
	return { json: { ...transaction, messageError } };
}

/**
 * One outcome per entry, in order. Past `run.budget.messages` no new fetch starts (after at least
 * one round). `hold` false (manual mode, no state to hold in): every failure is marked at once. An
 * X12 message also gives its documents (see shared/x12Message.ts).
 */
export async function readMessages(
	entries: HeldMessage[],
	run: PollRun,
	hold: boolean,
): Promise<MessageOutcome[]> {
	let started = 0;
	return await mapBounded(entries, MESSAGE_CONCURRENCY, async (entry): Promise<MessageOutcome> => {
		if (started >= MESSAGE_CONCURRENCY && Date.now() >= run.budget.messages) return undefined;
		started++;
		const { transaction } = entry;
		try {
			const { format, message } = await fetchMessage(
				run.client,
				transaction.id as string | number,
				undefined,
				run.encoding,
			);
			const document = format === 'x12' ? x12MessageFields(message as string) : {};
			return { item: { json: { ...transaction, messageFormat: format, message, ...document } } };
		} catch (error) {
			const status = statusOf(error);
			const failed = (error as Error).message ?? String(error);
			const attempts = entry.attempts + 1;
			if (hold && !definitive(status) && attempts < MESSAGE_ATTEMPTS)
				return { held: { transaction, attempts }, failed };
			return { item: marked(transaction, failed, status, attempts), failed };
		}
	});
}

/** Names each transaction whose message failed this poll, and what happens to it. */
export function warnFailedMessages(this: IPollFunctions, outcomes: MessageOutcome[]): void {
	for (const outcome of outcomes) {
		if (!outcome?.failed) continue;
		const transaction = 'held' in outcome ? outcome.held.transaction : outcome.item.json;
		const what =
			'held' in outcome
				? `the other transactions are emitted, and it is tried again on the next poll (${outcome.held.attempts} of ${MESSAGE_ATTEMPTS} polls)`
				: 'it is emitted once without its message, marked with messageError (the error and the HTTP status), so the workflow can route it; fetch the message later with EDI Exchange → Transaction → Get Message';
		this.logger.warn(
			`EDI Exchange Trigger: the message of inbound transaction ${String(transaction.id)} could not be read (${outcome.failed}); ${what}.`,
		);
	}
}
