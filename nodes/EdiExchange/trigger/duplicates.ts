/**
 * Duplicates: retailers resend. A document whose interchange control number (ISA13, from the same
 * sender) or purchase order number (of an 850) the trigger already emitted within the window is
 * flagged (`duplicate` says which) or skipped. Pure: the caller keeps `seen` in static data.
 * Bounded: entries older than the window go, and at most MAX_REMEMBERED are kept (oldest first out).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { typeCodeOf } from '../shared/typeCode';

export type DuplicateMode = 'off' | 'flag' | 'skip';

/** What was emitted: [key, first emitted (ms)], e.g. ["isa DEMORETAIL 000000042", 1764000000000]. */
export type Emitted = Array<[string, number]>;

export const MAX_REMEMBERED = 10000;
export const DEFAULT_DUPLICATE_WINDOW_DAYS = 30;

interface Identity {
	of: 'interchangeControlNumber' | 'purchaseOrderNumber';
	senderId: string;
	value: string;
}

const text = (value: unknown) =>
	typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** The identities an emitted item carries: its interchange (X12) and its purchase order (850). */
export function identitiesOf(json: IDataObject): Identity[] {
	const x12 = isObject(json.x12) ? json.x12 : {};
	const senderId = text(x12.senderId) || text(json.senderId);
	const found: Identity[] = [];
	const interchange = text(x12.interchangeControlNumber);
	if (interchange) found.push({ of: 'interchangeControlNumber', senderId, value: interchange });
	const type = text(x12.transactionType) || text(json.transactionType);
	const document = isObject(json.document)
		? json.document
		: isObject(json.message)
			? json.message
			: {};
	const order = text(document.purchaseOrderNumber);
	if (typeCodeOf(type) === '850' && order)
		found.push({ of: 'purchaseOrderNumber', senderId, value: order });
	return found;
}

const keyOf = (identity: Identity) =>
	`${identity.of === 'interchangeControlNumber' ? 'isa' : 'po'} ${identity.senderId} ${identity.value}`;

/** Reads stored entries back, dropping anything malformed and anything outside the window. */
export function readEmitted(stored: unknown, now: number, windowMs: number): Emitted {
	if (!Array.isArray(stored)) return [];
	return stored.filter(
		(entry): entry is [string, number] =>
			Array.isArray(entry) &&
			typeof entry[0] === 'string' &&
			typeof entry[1] === 'number' &&
			entry[1] > now - windowMs &&
			entry[1] <= now + windowMs,
	);
}

/** Flags or drops the duplicates among `items` (in order: a resend within one poll counts too). */
export function applyDuplicates(
	items: INodeExecutionData[],
	emitted: Emitted,
	mode: DuplicateMode,
	now: number,
): { items: INodeExecutionData[]; emitted: Emitted; duplicates: number } {
	const firstSeen = new Map(emitted);
	const out: INodeExecutionData[] = [];
	let duplicates = 0;
	for (const item of items) {
		const identities = identitiesOf(item.json);
		const earlier = identities.find((identity) => firstSeen.has(keyOf(identity)));
		for (const identity of identities)
			if (!firstSeen.has(keyOf(identity))) firstSeen.set(keyOf(identity), now);
		if (!earlier) {
			out.push(item);
			continue;
		}
		duplicates++;
		if (mode === 'skip') continue;
		const duplicate: IDataObject = {
			of: earlier.of,
			value: earlier.value,
			senderId: earlier.senderId,
			firstEmittedAt: new Date(firstSeen.get(keyOf(earlier)) as number).toISOString(),
		};
		out.push({ ...item, json: { ...item.json, duplicate } });
	}
	const kept = [...firstSeen].sort((a, b) => a[1] - b[1]).slice(-MAX_REMEMBERED);
	return { items: out, emitted: kept, duplicates };
}
