/** Reading the inbox and its delivery links, for the action node and the trigger alike. */
import type { IDataObject } from 'n8n-workflow';

import type { ExpectedBody, ServiceClient } from './client';

/** The service shows at most this many inbox items (contract: limit 1–100). */
export const INBOX_WINDOW = 100;

/** The longest note the service records with a delivery's outcome (contract: 1–240 characters). */
export const MAX_NOTE_LENGTH = 240;

/** A bare array per the contract, or an envelope's items if the service wraps it. */
const itemsOf = (body: unknown): unknown =>
	Array.isArray(body) ? body : (body as { items?: unknown } | null | undefined)?.items;

const INBOX: ExpectedBody = {
	what: 'the inbox (a list of inbox items)',
	matches: (body) => {
		const items = itemsOf(body);
		return (
			Array.isArray(items) &&
			items.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))
		);
	},
};

export interface InboxRead {
	/** 1 to INBOX_WINDOW; checked by the caller (see readLimit). */
	limit?: number;
	itemIndex?: number;
}

/**
 * The inbox, oldest first. An answer that is not an inbox (an HTML page, cut-off JSON, an empty
 * body, `null`, `{}`) is an error, never an empty inbox: the trigger would take it for one.
 */
export async function readInbox(
	client: ServiceClient,
	{ limit = INBOX_WINDOW, itemIndex }: InboxRead = {},
): Promise<IDataObject[]> {
	const { body } = await client.send({
		route: 'listInbox',
		qs: { limit },
		itemIndex,
		expect: INBOX,
	});
	return itemsOf(body) as IDataObject[];
}

export const deliveryIdOf = (item: IDataObject): string =>
	String((item.delivery as IDataObject | undefined)?.deliveryId ?? '');

/** The accept or fail link of an inbox item's delivery, as the service handed it out (not checked here). */
export function deliveryHref(item: IDataObject, outcome: 'accept' | 'fail'): unknown {
	return ((item.delivery as IDataObject | undefined)?.[outcome] as IDataObject | undefined)?.href;
}
