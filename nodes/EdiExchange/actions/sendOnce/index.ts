/**
 * Send once: the one check before Create sends anything, on every integration path
 * (integrationPaths.ts sendDocument runs every send through it). The lookup finds the outbound
 * transactions with the document's business number, changes.ts reads which change an earlier 865
 * answered, decide.ts says refuse, send or mark.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { businessNumberField, changeNumberField, typeLabel } from '../../documents/registry';
import type { ServiceClient } from '../../transport/client';
import type { Outbound } from '../integrationPaths';
import { readChanges } from './changes';
import {
	decideSendOnce,
	type EarlierChange,
	type EarlierSend,
	type IfAlreadySent,
	keyOf,
	needsLookup,
	type SendKey,
} from './decide';
import { DEFAULT_LOOKBACK } from './fields';
import { SentLookup } from './lookup';

export { sendOnceOptions } from './fields';

const codeOf = (document: Outbound) => document.type.split('_')[0];

/** The run's lookup, made by its first item that looks (with that item's lookback). */
const lookupOf = (client: ServiceClient, lookback: number): SentLookup =>
	client.runState('sendOnce', () => new SentLookup(client, lookback));

/** Options → If Already Sent and Already-Sent Lookback of an item (both read, so both checked). */
const settingsOf = (context: IExecuteFunctions, itemIndex: number) => ({
	choice: context.getNodeParameter('options.ifAlreadySent', itemIndex, 'refuse') as IfAlreadySent,
	lookback: context.getNodeParameter(
		'options.alreadySentLookback',
		itemIndex,
		DEFAULT_LOOKBACK,
	) as number,
});

/** The run's documents, known before the first is sent: their numbers are looked up together. */
export function expectDocuments(
	this: IExecuteFunctions,
	client: ServiceClient,
	documents: Array<{ itemIndex: number; document: Outbound }>,
): void {
	let lookback: number | undefined;
	const keys = documents.flatMap(({ itemIndex, document }) => {
		let settings: ReturnType<typeof settingsOf>;
		try {
			settings = settingsOf(this, itemIndex);
		} catch {
			return []; // refused in the item's own turn, naming the option
		}
		const key = keyOf(codeOf(document), document);
		if (!needsLookup(key, settings.choice)) return [];
		lookback ??= settings.lookback;
		return [key];
	});
	if (lookback !== undefined) lookupOf(client, lookback).expect(keys);
}

/**
 * Sends the document with `send` unless it already went out: then refuses (an error naming the
 * earlier transaction) or passes it through marked, as Options → If Already Sent says.
 */
export async function sendOnce(
	this: IExecuteFunctions,
	client: ServiceClient,
	itemIndex: number,
	document: Outbound,
	send: () => Promise<IDataObject>,
): Promise<IDataObject> {
	const { choice, lookback } = settingsOf(this, itemIndex);
	const key = keyOf(codeOf(document), document);
	if (!needsLookup(key, choice)) return await send();
	const lookup = lookupOf(client, lookback);
	const held = await lookup.hold(key);
	let sent: IDataObject | undefined;
	try {
		const found = [...(await find.call(this, lookup, key, itemIndex)), ...held.earlier];
		// The run's own sends say their change; an earlier 865's is read from its message.
		const known = new Map<string, EarlierChange>(
			held.earlier.map((own) => [String(own.id), changeOfOwn(own)]),
		);
		const changes = await readChanges(client, key, found, known, itemIndex);
		const decision = decideSendOnce(key, found, choice, changes);
		if (decision.action === 'refuse')
			throw alreadySent.call(this, key, decision.earlier, itemIndex);
		if (decision.action === 'mark')
			return { ...document, alreadySent: true, earlierTransaction: { ...decision.earlier } };
		const answer = await send();
		sent = sentInThisRun(key, answer);
		return answer;
	} finally {
		held.release(sent);
	}
}

const LOOKUP_FAILED =
	'Create looks up whether the document was already sent before sending it; the lookup failed, so nothing was sent.';

/** The lookup, said when it scanned instead of filtering; its failure says nothing was sent. */
async function find(
	this: IExecuteFunctions,
	lookup: SentLookup,
	key: SendKey,
	itemIndex: number,
): Promise<IDataObject[]> {
	let found: IDataObject[];
	try {
		found = await lookup.find(key, itemIndex);
	} catch (error) {
		// Items whose numbers were asked together share the error: it is worded once.
		const n8nError =
			error instanceof NodeApiError || error instanceof NodeOperationError
				? error
				: new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		if (!n8nError.description?.startsWith(LOOKUP_FAILED))
			n8nError.description = `${LOOKUP_FAILED} ${n8nError.description ?? ''}`.trim();
		throw n8nError;
	}
	if (lookup.refusedFilter || lookup.cutShort.size) noteScan.call(this, lookup);
	return found;
}

/** An execution hint, once per run: the service refused the filter, so the node scanned. */
function noteScan(this: IExecuteFunctions, lookup: SentLookup): void {
	const said = lookup.lookback;
	const streams = [...lookup.cutShort];
	const cut = streams.length
		? ` It read only the latest ${String(said)} on the ${streams.join(' and ')} stream: a document sent before those was not seen (raise Options → Already-Sent Lookback).`
		: '';
	const message = lookup.refusedFilter
		? `The service refused the transaction list's businessNumber filter: the already-sent check read the latest outbound transactions instead.${cut}`
		: `The already-sent check stopped at Options → Already-Sent Lookback (${String(said)}) before the list's end.`;
	if (lookup.hinted === message) return;
	lookup.hinted = message;
	this.addExecutionHints({ message, location: 'outputPane' });
}

/** The change a send of this run answered (sentInThisRun), as changes.ts would have read it. */
const changeOfOwn = (own: IDataObject): EarlierChange =>
	own.changeNumber === undefined ? {} : { changeNumber: String(own.changeNumber) };

/** The run's own send, as the list will show it, for a later item of the run with the same key. */
function sentInThisRun(key: SendKey, answer: IDataObject): IDataObject {
	const ids = answer.transactionIds;
	return {
		...(key.changeNumber === undefined ? {} : { changeNumber: key.changeNumber }),
		id: (Array.isArray(ids) && ids.length ? ids[0] : answer.id) as IDataObject[string],
		transactionType: key.code,
		direction: 'outbound',
		stream: key.stream,
		receiverId: key.receiverId,
		businessNumber: key.businessNumber,
		createdAt: new Date().toISOString(),
		status: answer.status,
	};
}

function alreadySent(
	this: IExecuteFunctions,
	key: SendKey,
	earlier: EarlierSend,
	itemIndex: number,
): NodeOperationError {
	const field = businessNumberField(key.code) ?? 'businessNumber';
	const when = earlier.createdAt ? ` at ${earlier.createdAt}` : '';
	const answer = earlier.acknowledgmentStatus
		? `acknowledgment ${earlier.acknowledgmentStatus}`
		: 'no acknowledgment status known';
	const change = earlier.change ? `; ${sameChange(key, earlier.change)}` : '';
	const perChange = earlier.change
		? ` An ${key.code} for another change of the order (another ${changeNumberField(key.code)}) goes through.`
		: '';
	return new NodeOperationError(
		this.getNode(),
		`The ${typeLabel(key.code)} with ${field} "${key.businessNumber}" was already sent to ${key.receiverId} on the ${key.stream} stream: transaction ${String(earlier.id)}${when}, ${answer}${change}. Nothing was sent.`,
		{
			description: `Create sends a document once per business number. To send it again anyway, set Options → If Already Sent to Send Anyway; to let the workflow branch instead of failing, choose Mark as Already Sent. Once the receiver has rejected the earlier one, a corrected document goes through.${perChange}`,
			itemIndex,
		},
	);
}

/** Why an earlier 865 counts as answering the same change as this one. */
function sameChange(key: SendKey, change: EarlierChange): string {
	const earlier = `the earlier ${key.code}`;
	if (change.unread !== undefined)
		return `${earlier} counts as answering the same change: ${change.unread}`;
	if (change.changeNumber === undefined)
		return `${earlier} names no change sequence number (BCA05), so it may answer this change`;
	if (key.changeNumber === undefined)
		return `${earlier} answered change ${change.changeNumber}, and this one has no ${changeNumberField(key.code)} to tell it apart`;
	return `${earlier} answered change ${change.changeNumber}, as this one does`;
}
