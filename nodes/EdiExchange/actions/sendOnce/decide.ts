/**
 * Send once, the decision: whether Create sends a document whose business number already went out.
 * Pure: the document's key, the outbound transactions found for it and the user's choice in, the
 * decision out (refuse, send, or mark as already sent). Its table is test/unit/send-once.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { businessNumberField } from '../../documents/registry';

/** Create → Options → If Already Sent. */
export type IfAlreadySent = 'refuse' | 'sendAnyway' | 'mark';

/** What makes two documents the same business document: type, receiver, stream, business number. */
export interface SendKey {
	/** The X12 code: "810". */
	code: string;
	receiverId: string;
	stream: string;
	businessNumber: string;
}

/** The earlier send that stands in the way, as the list shows it. */
export interface EarlierSend {
	id: string | number;
	createdAt?: string;
	acknowledgmentStatus?: string;
}

export type SendOnceDecision =
	| { action: 'send'; why: 'noBusinessNumber' | 'sendAnyway' | 'notSent' | 'onlyRejected' }
	| { action: 'refuse' | 'mark'; earlier: EarlierSend };

/**
 * The document's key, or undefined when it has no business number: a type without one in the
 * registry, or its field empty or not text (a number is read as its digits).
 */
export function keyOf(
	code: string,
	document: { receiverId: string; stream: string; message: IDataObject },
): SendKey | undefined {
	const field = businessNumberField(code);
	const value = field === undefined ? undefined : document.message[field];
	const businessNumber =
		typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
	if (businessNumber.trim() === '') return undefined;
	const { receiverId, stream } = document;
	return { code, receiverId, stream, businessNumber };
}

/** "810\0DEMORETAIL\0test\0INV-1": one text per key, for maps. */
export const keyText = (key: SendKey): string =>
	[key.code, key.receiverId, key.stream, key.businessNumber].join('\u0000');

/** The leading digits of a list item's type ("860_PURCHASE_ORDER_CHANGE_…" → "860"). */
const codeOf = (type: unknown): string => /^\d+/.exec(String(type ?? ''))?.[0] ?? '';

/**
 * Whether a list item is an earlier send of the same document. Type, business number and
 * direction must match; stream and receiver too where the item states them (the contract calls
 * them extra fields a client must not require).
 */
export function isSameDocument(key: SendKey, item: IDataObject): boolean {
	if (item.direction !== undefined && item.direction !== 'outbound') return false;
	if (codeOf(item.transactionType) !== key.code) return false;
	if (String(item.businessNumber ?? '') !== key.businessNumber) return false;
	if (item.stream !== undefined && item.stream !== key.stream) return false;
	return item.receiverId === undefined || String(item.receiverId).trim() === key.receiverId;
}

/** A FAILED create never reached the receiver; a rejected one may be corrected and sent again. */
const blocks = (item: IDataObject): boolean =>
	item.status !== 'FAILED' && item.acknowledgmentStatus !== 'REJECTED';

/** Newest first by createdAt, then id: the list's order is not relied on. */
function newerFirst(a: IDataObject, b: IDataObject): number {
	const at = String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? ''));
	return at !== 0 ? at : Number(b.id ?? 0) - Number(a.id ?? 0);
}

/** Whether the list must be read at all: not without a business number, nor to send anyway. */
export const needsLookup = (
	key: SendKey | undefined,
	ifAlreadySent: IfAlreadySent,
): key is SendKey => key !== undefined && ifAlreadySent !== 'sendAnyway';

export function decideSendOnce(
	key: SendKey | undefined,
	found: IDataObject[],
	ifAlreadySent: IfAlreadySent,
): SendOnceDecision {
	if (!needsLookup(key, ifAlreadySent))
		return { action: 'send', why: key ? 'sendAnyway' : 'noBusinessNumber' };
	const same = found.filter((item) => isSameDocument(key, item));
	const blocking = same.filter(blocks).sort(newerFirst)[0];
	if (!blocking) return { action: 'send', why: same.length ? 'onlyRejected' : 'notSent' };
	const earlier: EarlierSend = { id: blocking.id as string | number };
	if (blocking.createdAt !== undefined) earlier.createdAt = String(blocking.createdAt);
	if (blocking.acknowledgmentStatus !== undefined)
		earlier.acknowledgmentStatus = String(blocking.acknowledgmentStatus);
	return { action: ifAlreadySent === 'mark' ? 'mark' : 'refuse', earlier };
}
