/**
 * Create → Build Inventory Advice From Rows: every input item is a row of one inventory feed; one
 * 846 per receiver (in parts of Max Lines per 846), bad rows refused (or dropped with a warning
 * item), and a feed the same as the last one sent within the window skipped.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { REPORT_TYPES } from '../../../../x12Documents';
import type { ServiceClient } from '../../../../transport/client';
import { readRequiredText } from '../../../fields';
import { sendDocument } from '../../../integrationPaths';
import { DEFAULT_SKIP_UNCHANGED_MINUTES, INVENTORY_ADVICE } from './fields';
import { duplicateRows, type InventoryLine, readColumns, readRow, type RowProblem } from './rows';
import { feedHash, lastFeed, rememberFeed } from './snapshot';

/** An X12 846 holds at most 10,000 LIN loops (004010): larger feeds on the X12 paths are split. */
const X12_MAX_LINES = 10000;

interface Settings {
	stream: string;
	maxLines: number;
	reportNumber: string;
	reportType: string;
	skipMinutes: number;
	drop: boolean;
	locationRequired: boolean;
}

/** The rows going to one receiver. */
interface Feed {
	senderId: string;
	receiverId: string;
	lines: InventoryLine[];
}

export async function sendInventoryFeed(
	this: IExecuteFunctions,
	client: ServiceClient,
): Promise<INodeExecutionData[]> {
	const settings = readSettings.call(this);
	const { feeds, problems } = readFeeds.call(this, settings);
	const warnings = refuseOrDrop.call(this, problems, settings.drop);
	const bad = new Set(problems.map((p) => p.itemIndex));
	const now = new Date();
	const sent: string[] = [];
	const output: INodeExecutionData[] = [];
	for (const feed of feeds.values()) {
		feed.lines = feed.lines.filter((line) => !bad.has(line.itemIndex));
		if (feed.lines.length === 0) continue;
		try {
			output.push(...(await sendFeed.call(this, client, feed, settings, now, sent)));
		} catch (error) {
			throw withSent.call(this, error as Error, sent, feed.lines[0].itemIndex);
		}
	}
	return [...output, ...warnings];
}

function readSettings(this: IExecuteFunctions): Settings {
	const type = this.getNodeParameter('documentType', 0) as string;
	if (type !== INVENTORY_ADVICE)
		throw new NodeOperationError(
			this.getNode(),
			'Build Inventory Advice From Rows makes 846 documents only',
			{
				description: 'Set Document Type to 846 Inventory Advice, or choose another Message Source.',
			},
		);
	const options = this.getNodeParameter('inventoryOptions', 0, {}) as IDataObject;
	const reportType =
		String(options.reportType ?? 'SI')
			.trim()
			.toUpperCase() || 'SI';
	if (!/^[A-Z0-9]{2}$/.test(reportType))
		throw new NodeOperationError(
			this.getNode(),
			`Inventory Options → Report Type is "${reportType}", not a two-character X12 report type code`,
			{ description: 'Give a code such as SI (seller inventory report). Nothing was sent.' },
		);
	return {
		stream: this.getNodeParameter('stream', 0) as string,
		maxLines: Number(options.maxLinesPerDocument ?? 0) || Infinity,
		reportNumber: String(options.reportNumber ?? '').trim(),
		reportType: REPORT_TYPES.word(reportType) ?? reportType,
		skipMinutes: Number(options.skipUnchangedMinutes ?? DEFAULT_SKIP_UNCHANGED_MINUTES),
		drop: options.badRows === 'drop',
		locationRequired: options.locationRequired === true,
	};
}

/** Every input item read as a row, grouped by sender and receiver; the bad rows' problems. */
function readFeeds(
	this: IExecuteFunctions,
	settings: Settings,
): { feeds: Map<string, Feed>; problems: RowProblem[] } {
	const columns = readColumns.call(this);
	const feeds = new Map<string, Feed>();
	const problems: RowProblem[] = [];
	const sender = party.call(this, 'senderId', 'Sender ID', 'Enter your organization’s trading id.');
	const receiver = party.call(this, 'receiverId', 'Receiver ID', 'Enter the trading partner’s id.');
	this.getInputData().forEach((item, itemIndex) => {
		const senderId = sender(itemIndex);
		const receiverId = receiver(itemIndex);
		const key = `${settings.stream}\u0000${senderId}\u0000${receiverId}`;
		const feed = feeds.get(key) ?? { senderId, receiverId, lines: [] };
		feeds.set(key, feed);
		const row = readRow(item.json, itemIndex, columns, settings.locationRequired);
		if (Array.isArray(row)) problems.push(...row);
		else feed.lines.push(row);
	});
	for (const feed of feeds.values()) problems.push(...duplicateRows(feed.lines, columns));
	return { feeds, problems: problems.sort((a, b) => a.itemIndex - b.itemIndex) };
}

/**
 * Sender ID or Receiver ID of each row: read once when typed as text, per row when an expression
 * (a feed of 10,000 rows reads it once, not 10,000 times).
 */
function party(
	this: IExecuteFunctions,
	name: string,
	label: string,
	hint: string,
): (itemIndex: number) => string {
	const read = (itemIndex: number) => readRequiredText.call(this, name, label, itemIndex, hint);
	const raw = this.getNode().parameters[name];
	if (typeof raw === 'string' && raw.startsWith('=')) return read;
	const value = read(0);
	return () => value;
}

/** Bad rows refuse the feed (nothing sent), or with Continue On Fail and Drop, give warning items. */
function refuseOrDrop(
	this: IExecuteFunctions,
	problems: RowProblem[],
	drop: boolean,
): INodeExecutionData[] {
	if (problems.length === 0) return [];
	if (drop && this.continueOnFail()) {
		const rows = new Map<number, RowProblem[]>();
		for (const p of problems) rows.set(p.itemIndex, [...(rows.get(p.itemIndex) ?? []), p]);
		return [...rows].map(([itemIndex, found]) => ({
			json: {
				warning: `Input item ${itemIndex} was left out of the inventory feed`,
				itemIndex,
				fields: [...new Set(found.map((p) => p.field))],
				reasons: found.map((p) => p.message),
			},
			pairedItem: { item: itemIndex },
		}));
	}
	const more = problems.length - 1;
	const list = problems.slice(0, 10).map((p) => p.message);
	const dropNote = drop
		? ' Bad Rows → Drop the Row applies only with Continue On Fail (Settings → On Error).'
		: ' With Continue On Fail, Inventory Options → Bad Rows → Drop the Row sends the rest.';
	throw new NodeOperationError(
		this.getNode(),
		`${problems[0].message}${more ? ` (and ${more} more problem${more > 1 ? 's' : ''})` : ''}: nothing was sent`,
		{
			description: `${list.join('; ')}${problems.length > 10 ? '; …' : ''}. Fix the rows, or map Row Columns to the fields your rows use.${dropNote}`,
			itemIndex: problems[0].itemIndex,
		},
	);
}

/** One receiver's feed: skipped when unchanged within the window, else sent in its parts. */
async function sendFeed(
	this: IExecuteFunctions,
	client: ServiceClient,
	feed: Feed,
	settings: Settings,
	now: Date,
	sent: string[],
): Promise<INodeExecutionData[]> {
	const { senderId, receiverId, lines } = feed;
	const key = `${settings.stream} ${senderId} → ${receiverId}`;
	const hash = feedHash(
		key,
		lines.map((l) => l.line),
	);
	const last = lastFeed.call(this, key);
	const pairedItem = lines.map((l) => ({ item: l.itemIndex }));
	if (
		last?.hash === hash &&
		settings.skipMinutes > 0 &&
		now.getTime() - last.sentAt < settings.skipMinutes * 60000
	) {
		const at = new Date(last.sentAt).toISOString();
		const reason = `The same ${lines.length} rows were sent to ${receiverId} at ${at}, within Skip Unchanged Feed Within (Minutes) ${settings.skipMinutes}: nothing was sent`;
		const json = { skipped: true, reason, senderId, receiverId, stream: settings.stream };
		return [{ json: { ...json, lines: lines.length, lastSentAt: at }, pairedItem }];
	}
	const path = this.getNodeParameter('integrationPath', 0, 'structured') as string;
	const size = Math.min(
		settings.maxLines,
		path === 'structured' ? lines.length : X12_MAX_LINES,
		lines.length,
	);
	const parts = Math.ceil(lines.length / size);
	const output: INodeExecutionData[] = [];
	for (let part = 1; part <= parts; part++) {
		const chunk = lines.slice((part - 1) * size, part * size);
		const message = adviceMessage(settings, now, part, chunk, (part - 1) * size);
		const document = { type: INVENTORY_ADVICE, stream: settings.stream, senderId, receiverId };
		const answer = await sendDocument.call(this, client, chunk[0].itemIndex, {
			...document,
			message,
		});
		// Marked as already sent (Options → If Already Sent): nothing went out for this part.
		if (answer.alreadySent !== true)
			sent.push(`part ${part} of ${parts} to ${receiverId} (transaction ${String(answer.id)})`);
		output.push({
			json: { ...answer, part, parts, lines: chunk.length },
			pairedItem: chunk.map((l) => ({ item: l.itemIndex })),
		});
	}
	rememberFeed.call(this, key, { hash, sentAt: now.getTime(), lines: lines.length });
	return output;
}

/** The 846 message of one part: BIA's report number, date and time (UTC) and its lines. */
function adviceMessage(
	settings: Settings,
	now: Date,
	part: number,
	chunk: InventoryLine[],
	offset: number,
): IDataObject {
	const iso = now.toISOString();
	const base = settings.reportNumber || `INV${iso.slice(0, 19).replace(/\D/g, '')}`;
	return {
		purpose: 'full',
		reportType: settings.reportType,
		reportNumber: part > 1 ? `${base}-${part}` : base,
		reportDate: iso.slice(0, 10),
		reportTime: iso.slice(11, 19),
		lineItems: chunk.map((l, i) => ({ lineNumber: String(offset + i + 1), ...l.line })),
	};
}

/** A failure after some parts were sent says which, so no one sends them twice. */
function withSent(this: IExecuteFunctions, error: Error, sent: string[], itemIndex: number): Error {
	const n8nError =
		error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(this.getNode(), error, { itemIndex });
	if (sent.length)
		n8nError.description = `${n8nError.description ? `${n8nError.description} ` : ''}Already sent before this failure: ${sent.join('; ')}.`;
	return n8nError;
}
