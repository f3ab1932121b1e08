/**
 * Send once, the decision: whether Create sends a document whose business number already went out.
 * Pure: the document's key, the outbound transactions found for it and the user's choice in, the
 * decision out (refuse, send, or mark as already sent). An 865 answers one change of its order:
 * an earlier 865 blocks only when it answered the same change (its change number read from its
 * message by changes.ts, handed in here). Its table is test/unit/send-once.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { businessNumberField, changeNumberField } from '../../documents/registry';

/** Create → Options → If Already Sent. */
export type IfAlreadySent = 'refuse' | 'sendAnyway' | 'mark';

/** What makes two documents the same business document: type, receiver, stream, business number. */
export interface SendKey {
	/** The X12 code: "810". */
	code: string;
	receiverId: string;
	stream: string;
	businessNumber: string;
	/** An 865's changeSequenceNumber: the change of the order it answers; absent when it names none. */
	changeNumber?: string;
}

/** What an earlier 865's message says about the change it answered (its BCA05). */
export interface EarlierChange {
	/** Its change number; absent when it names none. */
	changeNumber?: string;
	/** Why its message could not be read: it then counts as answering the same change. */
	unread?: string;
}

/** The earlier send that stands in the way, as the list shows it. */
export interface EarlierSend {
	id: string | number;
	createdAt?: string;
	acknowledgmentStatus?: string;
	/** For a type sent once per change (the 865): the change the earlier one answered. */
	change?: EarlierChange;
}

export type SendOnceDecision =
	| {
			action: 'send';
			why: 'noBusinessNumber' | 'sendAnyway' | 'notSent' | 'onlyRejected' | 'otherChange';
	  }
	| { action: 'refuse' | 'mark'; earlier: EarlierSend };

/** A field of the message as text: a number as its digits, anything else as ''. */
function textOf(message: IDataObject, field: string | undefined): string {
	const value = field === undefined ? undefined : message[field];
	return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * The document's key, or undefined when it has no business number: a type without one in the
 * registry, or its field empty or not text (a number is read as its digits).
 */
export function keyOf(
	code: string,
	document: { receiverId: string; stream: string; message: IDataObject },
): SendKey | undefined {
	const businessNumber = textOf(document.message, businessNumberField(code));
	if (businessNumber.trim() === '') return undefined;
	const { receiverId, stream } = document;
	const key: SendKey = { code, receiverId, stream, businessNumber };
	const changeNumber = textOf(document.message, changeNumberField(code)).trim();
	if (changeNumber !== '') key.changeNumber = changeNumber;
	return key;
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

/**
 * Whether an earlier send answered the same change as the key: always for a type not sent per
 * change; for an 865, unless both name a change number and the numbers differ. An earlier 865 not
 * read, or whose message could not be read, counts as the same change (the safe side).
 */
export function isSameChange(key: SendKey, change: EarlierChange | undefined): boolean {
	if (changeNumberField(key.code) === undefined) return true;
	const earlier = change?.unread === undefined ? change?.changeNumber : undefined;
	return key.changeNumber === undefined || earlier === undefined || earlier === key.changeNumber;
}

/**
 * The earlier sends whose change must be known before deciding: for an 865, the blocking sends of
 * the same order, newest first; for other types none.
 */
export function changesToRead(key: SendKey, found: IDataObject[]): IDataObject[] {
	if (changeNumberField(key.code) === undefined) return [];
	return found.filter((item) => isSameDocument(key, item) && blocks(item)).sort(newerFirst);
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
	/** For an 865: the change each earlier send answered, by transaction id (changes.ts). */
	changes: ReadonlyMap<string, EarlierChange> = new Map(),
): SendOnceDecision {
	if (!needsLookup(key, ifAlreadySent))
		return { action: 'send', why: key ? 'sendAnyway' : 'noBusinessNumber' };
	const same = found.filter((item) => isSameDocument(key, item));
	const live = same.filter(blocks);
	const changeOf = (item: IDataObject) => changes.get(String(item.id));
	const blocking = live.filter((item) => isSameChange(key, changeOf(item))).sort(newerFirst)[0];
	if (!blocking) {
		const why = live.length ? 'otherChange' : same.length ? 'onlyRejected' : 'notSent';
		return { action: 'send', why };
	}
	const earlier: EarlierSend = { id: blocking.id as string | number };
	if (blocking.createdAt !== undefined) earlier.createdAt = String(blocking.createdAt);
	if (blocking.acknowledgmentStatus !== undefined)
		earlier.acknowledgmentStatus = String(blocking.acknowledgmentStatus);
	if (changeNumberField(key.code) !== undefined) earlier.change = { ...changeOf(blocking) };
	return { action: ifAlreadySent === 'mark' ? 'mark' : 'refuse', earlier };
}
