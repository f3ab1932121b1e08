/**
 * Duplicates: retailers resend. A resend is the same interchange (sender and ISA13) or the same
 * purchase order with the same purpose (BEG01) that the trigger already emitted on the same stream
 * within the window; it is flagged (`duplicate` says which) or skipped. A revision (BEG01 05
 * replace, an 860 change) is a new version of an order, not a resend: it is emitted, marked
 * `revision`, and never skipped as a repeat of its order. Every set of an interchange is
 * remembered. Pure: the caller keeps `emitted` in static data. Bounded: entries older than the
 * window go, and at most MAX_REMEMBERED are kept (oldest first out).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { typeCodeOf } from '../shared/typeCode';

export type DuplicateMode = 'off' | 'flag' | 'skip';

/** What was emitted: [key, first emitted (ms)], e.g. ["isa test DEMORETAIL 000000042", 1764000000000]. */
export type Emitted = Array<[string, number]>;

export const MAX_REMEMBERED = 10000;
export const DEFAULT_DUPLICATE_WINDOW_DAYS = 30;

/** Purposes (BEG01 words) that make an 850 a revision of an order already sent. */
const REVISION_PURPOSES = ['replace'];
const REVISION_TYPES = ['860'];

interface Identity {
	of: 'interchangeControlNumber' | 'purchaseOrderNumber';
	senderId: string;
	value: string;
	/** Part of the key: the same number on the test and the live stream are different documents. */
	stream: string;
	/**
	 * The sets an interchange's item holds (GS06/ST02 of each): part of its key, so the sets of one
	 * interchange the service delivered one by one are not resends of each other.
	 */
	sets?: string;
	/** An 850's purpose (original, replace, …): part of a purchase order's key. */
	purpose?: string;
}

/** One document of an item (an item of an interchange with several sets has several). */
interface Part {
	json: IDataObject;
	order?: Identity;
	revision: boolean;
}

const text = (value: unknown) =>
	typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const keyOf = (i: Identity) =>
	i.of === 'interchangeControlNumber'
		? `isa ${i.stream} ${i.senderId} ${i.value}${i.sets ? ` ${i.sets}` : ''}`
		: `po ${i.stream} ${i.senderId} ${i.value} ${i.purpose}`;

function partOf(json: IDataObject, top: IDataObject, senderId: string): Part {
	const x12 = isObject(json.x12) ? json.x12 : {};
	const type = text(x12.transactionType) || text(json.transactionType) || text(top.transactionType);
	const document = isObject(json.document)
		? json.document
		: isObject(json.message)
			? json.message
			: {};
	const number = text(document.purchaseOrderNumber);
	const purpose = text(document.purpose) || 'original';
	const revision =
		REVISION_TYPES.includes(typeCodeOf(type)) ||
		(typeCodeOf(type) === '850' && REVISION_PURPOSES.includes(purpose));
	const isOrder = (typeCodeOf(type) === '850' || revision) && number !== '';
	const stream = text(top.stream);
	return {
		json,
		revision,
		order: isOrder
			? { of: 'purchaseOrderNumber', senderId, value: number, stream, purpose }
			: undefined,
	};
}

/** An item's interchange and its documents: one, or one per set of `documents`. */
function partsOf(json: IDataObject): { interchange?: Identity; parts: Part[] } {
	const entries = Array.isArray(json.documents) ? json.documents.filter(isObject) : [json];
	const first = isObject(entries[0]?.x12) ? entries[0].x12 : isObject(json.x12) ? json.x12 : {};
	const senderId = text(first.senderId) || text(json.senderId);
	const value = text(first.interchangeControlNumber);
	const sets = entries
		.map((entry) => (isObject(entry.x12) ? entry.x12 : isObject(json.x12) ? json.x12 : {}))
		.map((x12) => `${text(x12.groupControlNumber)}/${text(x12.transactionSetControlNumber)}`)
		.join(',');
	const interchange: Identity | undefined = value
		? { of: 'interchangeControlNumber', senderId, value, sets, stream: text(json.stream) }
		: undefined;
	return { interchange, parts: entries.map((entry) => partOf(entry, json, senderId)) };
}

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
	const mark = (identity: Identity): IDataObject => ({
		of: identity.of,
		value: identity.value,
		senderId: identity.senderId,
		firstEmittedAt: new Date(firstSeen.get(keyOf(identity)) as number).toISOString(),
	});
	const out: INodeExecutionData[] = [];
	let duplicates = 0;
	for (const item of items) {
		const { interchange, parts } = partsOf(item.json);
		const resentInterchange = interchange && firstSeen.has(keyOf(interchange));
		const marked = parts.map((part): IDataObject => {
			const json: IDataObject = { ...part.json };
			const { order } = part;
			if (order && part.revision) {
				const original = { ...order, purpose: 'original' };
				json.revision = firstSeen.has(keyOf(original))
					? { ...mark(original), purpose: order.purpose }
					: { of: order.of, value: order.value, senderId: order.senderId, purpose: order.purpose };
			}
			// The same interchange again is a resend even of a revision; the same order is not.
			if (resentInterchange) json.duplicate = mark(interchange);
			else if (order && !part.revision && firstSeen.has(keyOf(order))) json.duplicate = mark(order);
			return json;
		});
		for (const identity of [interchange, ...parts.map((p) => (p.revision ? undefined : p.order))])
			if (identity && !firstSeen.has(keyOf(identity))) firstSeen.set(keyOf(identity), now);
		const whole = marked.length > 0 && marked.every((json) => json.duplicate);
		if (whole) duplicates++;
		if (whole && mode === 'skip') continue;
		const json = Array.isArray(item.json.documents)
			? { ...item.json, documents: marked, ...(whole ? { duplicate: marked[0].duplicate } : {}) }
			: marked[0];
		out.push({ ...item, json });
	}
	const kept = [...firstSeen].sort((a, b) => a[1] - b[1]).slice(-MAX_REMEMBERED);
	return { items: out, emitted: kept, duplicates };
}
