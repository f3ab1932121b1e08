/**
 * Send once, the change an earlier 865 answered: its BCA05, read from its message (Get Message's
 * request). On the service-JSON path the message is its segments, on X12 passthrough the X12 text
 * of its interchange (read with the node's X12 reader); the structured path has no 865. Only the
 * blocking 865s of the same order are read, newest first, until one answers the same change.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ServiceClient } from '../../transport/client';
import { fetchMessage } from '../../transport/messages';
import { readX12 } from '../../x12';
import { changesToRead, type EarlierChange, isSameChange, type SendKey } from './decide';

/** The most earlier messages one 865's check reads; any beyond count as the same change. */
export const MAX_MESSAGE_READS = 10;

/** BCA05 (Change Order Sequence Number): element 0 of a segment is its id. */
const CHANGE_SEGMENT = 'BCA';
const CHANGE_ELEMENT = 5;

/**
 * The change of each earlier 865 in `found` that the decision needs, by transaction id: `known`
 * (the run's own sends) as they are, the others read from their messages.
 */
export async function readChanges(
	client: ServiceClient,
	key: SendKey,
	found: IDataObject[],
	known: ReadonlyMap<string, EarlierChange>,
	itemIndex: number,
): Promise<Map<string, EarlierChange>> {
	const changes = new Map(known);
	let reads = 0;
	for (const item of changesToRead(key, found)) {
		const id = String(item.id);
		let change = changes.get(id);
		if (change === undefined) {
			change =
				reads++ < MAX_MESSAGE_READS
					? await changeOf(client, key.code, id, itemIndex)
					: { unread: `it was not read: Create reads at most ${MAX_MESSAGE_READS} of them` };
			changes.set(id, change);
		}
		// One earlier 865 of the same change decides: older ones need not be read.
		if (isSameChange(key, change)) break;
	}
	return changes;
}

/** The change number in an earlier 865's message, or why it could not be read. */
async function changeOf(
	client: ServiceClient,
	code: string,
	id: string,
	itemIndex: number,
): Promise<EarlierChange> {
	let segments: unknown[] | undefined;
	try {
		const { format, message } = await fetchMessage(client, id, itemIndex);
		segments =
			format === 'x12'
				? segmentsOfX12(message as string, code)
				: ((message as IDataObject).segments as unknown[] | undefined);
	} catch (error) {
		return { unread: `its message could not be read: ${(error as Error).message}` };
	}
	const row = Array.isArray(segments)
		? segments.find((s): s is unknown[] => Array.isArray(s) && s[0] === CHANGE_SEGMENT)
		: undefined;
	if (row === undefined) return { unread: `its message holds no ${CHANGE_SEGMENT} segment` };
	const value = row[CHANGE_ELEMENT];
	const changeNumber = typeof value === 'string' ? value.trim() : '';
	return changeNumber === '' ? {} : { changeNumber };
}

/** The segments of the first set of the type in an X12 text. */
function segmentsOfX12(text: string, code: string): string[][] | undefined {
	for (const interchange of readX12(text).interchanges)
		for (const group of interchange.groups)
			for (const set of group.sets) if (set.type === code) return set.segments;
	return undefined;
}
