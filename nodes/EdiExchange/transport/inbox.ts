/** Reading the inbox and its delivery links, for the action node and the trigger alike. */
import type { IDataObject } from 'n8n-workflow';

import { serviceRequest, type ServiceContext } from './request';

/** The service shows at most this many inbox items (contract: limit 1–100). */
export const INBOX_WINDOW = 100;

/** The inbox, oldest first: a bare array per the contract, or an envelope's items if the service wraps it. */
export async function readInbox(this: ServiceContext, limit = INBOX_WINDOW, itemIndex?: number): Promise<IDataObject[]> {
	const { body } = await serviceRequest.call(this, { route: 'listInbox', qs: { limit }, itemIndex });
	if (Array.isArray(body)) return body as IDataObject[];
	const items = (body as { items?: unknown } | undefined)?.items;
	return Array.isArray(items) ? (items as IDataObject[]) : [];
}

export const deliveryIdOf = (item: IDataObject): string => String((item.delivery as IDataObject | undefined)?.deliveryId ?? '');

/** The accept or fail link of an inbox item's delivery, as the service handed it out (not checked here). */
export function deliveryHref(item: IDataObject, outcome: 'accept' | 'fail'): unknown {
	return ((item.delivery as IDataObject | undefined)?.[outcome] as IDataObject | undefined)?.href;
}
