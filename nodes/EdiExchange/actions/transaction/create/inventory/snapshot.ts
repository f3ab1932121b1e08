/**
 * Skip Unchanged Feed: the last feed this node sent to each receiver, as a hash of its canonical
 * form (the lines, whatever the order of the rows, with the stream, sender and receiver), kept in
 * the node's workflow static data like the control-number counter. n8n saves static data after
 * active (production) executions only: a manual run neither skips on it nor records (docs/inventory.md).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

const FEEDS = 'inventoryFeeds';
/** Receivers remembered at most (the oldest go first): a node feeds a handful. */
const MAX_RECEIVERS = 100;

export interface SentFeed {
	hash: string;
	/** When it was sent (ms since 1970). */
	sentAt: number;
	lines: number;
}

/** A 53-bit hash of `text` (cyrb53, public domain), as 14 hex digits. */
function hash53(text: string, seed: number): string {
	let h1 = 0xdeadbeef ^ seed;
	let h2 = 0x41c6ce57 ^ seed;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ c, 2654435761);
		h2 = Math.imul(h2 ^ c, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** The feed's fingerprint: 53 bits over its canonical text, and the text's length. */
export function feedHash(receiver: string, lines: IDataObject[]): string {
	const canonical = [receiver, ...lines.map((line) => JSON.stringify(line)).sort()].join('\n');
	return `${hash53(canonical, 1)}-${canonical.length}`;
}

function feeds(this: IExecuteFunctions): Record<string, SentFeed> {
	const data = this.getWorkflowStaticData('node');
	const stored = data[FEEDS];
	return (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, SentFeed>;
}

/** The last feed sent to `receiver` (stream, sender and receiver as one key), if remembered. */
export function lastFeed(this: IExecuteFunctions, receiver: string): SentFeed | undefined {
	const feed = feeds.call(this)[receiver];
	return feed && typeof feed.hash === 'string' && typeof feed.sentAt === 'number'
		? feed
		: undefined;
}

export function rememberFeed(this: IExecuteFunctions, receiver: string, feed: SentFeed): void {
	const kept = Object.entries(feeds.call(this))
		.filter(([key]) => key !== receiver)
		.sort(([, a], [, b]) => b.sentAt - a.sentAt)
		.slice(0, MAX_RECEIVERS - 1);
	this.getWorkflowStaticData('node')[FEEDS] = Object.fromEntries([[receiver, feed], ...kept]);
}
