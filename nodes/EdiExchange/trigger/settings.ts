/** The trigger's parameters, read once per poll and checked before anything is sent. */
import type { INodeProperties, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { splitsLines } from '../shared/lineOutput';
import { MAX_NOTE_LENGTH } from '../transport/inbox';
import { DEFAULT_DUPLICATE_WINDOW_DAYS, type DuplicateMode } from './duplicates';
import { watchKey } from './state';
import { pollWithDeclaredTypes } from '../shared/parameters';
import { isOneOfTypes } from '../shared/typeCode';

export interface TriggerSettings {
	source: 'transactions' | 'inbox' | 'outcomes';
	stream: string;
	types: string[];
	includeMessage: boolean;
	/** Output → One Item per Line: purchase orders leave as one item per line (not part of the key). */
	splitLines: boolean;
	acceptMode: 'workflow' | 'auto';
	acceptNote: string;
	maxItemsPerPoll: number;
	lateWindowMs: number;
	/** Inbox, acceptance left to the workflow: emit an unaccepted delivery again after this (0: never). */
	redeliverAfterMs: number;
	/** Backfill: emit transactions created from this instant on, at first activation (ms). */
	startFrom?: number;
	/** Options → Duplicates, and how far back they are looked for (ms). */
	duplicates: DuplicateMode;
	duplicateWindowMs: number;
	/** Options → Text Encoding of X12 messages (not part of the key: the cursor stays). */
	encoding: 'utf8' | 'latin1';
	/** Outcomes source: the outcomes that start the workflow, and how far back documents are watched (ms). */
	outcomeStatuses: string[];
	outcomeWindowMs: number;
	key: string;
}

export const DEFAULT_MAX_ITEMS_PER_POLL = 1000;
/** Outcomes source: the outcomes chosen by default, and the window documents are watched in. */
export const DEFAULT_OUTCOME_STATUSES = ['REJECTED', 'ACCEPTED_WITH_ERRORS', 'OVERDUE'];
export const DEFAULT_OUTCOME_WINDOW_DAYS = 7;
export const DEFAULT_LATE_WINDOW_MINUTES = 1440;
export const DEFAULT_REDELIVER_AFTER_MINUTES = 60;
/** Accept Note when left empty. */
export const DEFAULT_ACCEPT_NOTE = 'Received by n8n';
/** Bounded bookkeeping: at most this many transaction ids are remembered. */
export const MAX_SEEN = 20000;
/** Messages fetched at once when Include Message is on, and deliveries accepted at once. */
export const MESSAGE_CONCURRENCY = 4;
export const ACCEPT_CONCURRENCY = 4;

/** `properties`: the trigger's description; every parameter is read with its declared type. */
export function readSettings(this: IPollFunctions, properties: INodeProperties[]): TriggerSettings {
	const typed = pollWithDeclaredTypes(this, properties);
	const source = typed.getNodeParameter('source', 'transactions') as TriggerSettings['source'];
	const stream = typed.getNodeParameter('stream', 'test') as string;
	const types = typed.getNodeParameter('transactionTypes', []) as string[];
	const options = typed.getNodeParameter('options', {}) as {
		maxItemsPerPoll?: number;
		lateArrivalWindowMinutes?: number;
		redeliverAfterMinutes?: number;
		startFrom?: string;
		acceptNote?: string;
		duplicates?: DuplicateMode;
		duplicateWindowDays?: number;
		encoding?: 'utf8' | 'latin1';
		outcomeWindowDays?: number;
	};
	const acceptMode =
		source === 'inbox'
			? (typed.getNodeParameter('acceptMode', 'workflow') as TriggerSettings['acceptMode'])
			: 'workflow';
	const acceptNote = options.acceptNote || DEFAULT_ACCEPT_NOTE;
	if (acceptMode === 'auto' && acceptNote.length > MAX_NOTE_LENGTH) {
		throw new NodeOperationError(
			this.getNode(),
			`Accept Note is ${acceptNote.length} characters long; the service accepts at most ${MAX_NOTE_LENGTH}`,
			{
				description: `Shorten Options → Accept Note to ${MAX_NOTE_LENGTH} characters or fewer. Nothing was accepted: every automatic accept would have been refused, and the inbox would have filled up.`,
			},
		);
	}
	const startFrom = options.startFrom ? Date.parse(options.startFrom) : undefined;
	if (Number.isNaN(startFrom)) {
		throw new NodeOperationError(
			this.getNode(),
			`Start From (${options.startFrom}) is not a date`,
			{
				description:
					'Pick a date with the date picker, or write one such as 2026-11-01T00:00:00Z. Clear it to emit only what arrives from activation on.',
			},
		);
	}
	if (startFrom !== undefined && startFrom > Date.now()) {
		throw new NodeOperationError(
			this.getNode(),
			`Start From (${options.startFrom}) is in the future`,
			{
				description:
					'Start From backfills transactions created since a past date. Clear it to emit only what arrives from activation on, or set a date in the past.',
			},
		);
	}
	const outcomes = source === 'outcomes' ? readOutcomes.call(this, typed, options) : undefined;
	const includeMessage =
		source === 'transactions' && (typed.getNodeParameter('includeMessage', true) as boolean);
	// Duplicates reads the message (ISA13, PO number): the panel offers it only with Include Message.
	const duplicates = includeMessage ? (options.duplicates ?? 'off') : 'off';
	return {
		source,
		stream,
		types,
		includeMessage,
		splitLines: source !== 'outcomes' && splitsLines(typed.getNodeParameter('output', 'document')),
		acceptMode,
		acceptNote,
		maxItemsPerPoll: options.maxItemsPerPoll ?? DEFAULT_MAX_ITEMS_PER_POLL,
		lateWindowMs: (options.lateArrivalWindowMinutes ?? DEFAULT_LATE_WINDOW_MINUTES) * 60_000,
		redeliverAfterMs:
			Math.max(0, options.redeliverAfterMinutes ?? DEFAULT_REDELIVER_AFTER_MINUTES) * 60_000,
		startFrom,
		encoding: options.encoding ?? 'utf8',
		duplicates,
		duplicateWindowMs:
			Math.max(0, options.duplicateWindowDays ?? DEFAULT_DUPLICATE_WINDOW_DAYS) * 86_400_000,
		outcomeStatuses: outcomes?.statuses ?? [],
		outcomeWindowMs: outcomes?.windowMs ?? 0,
		// A backfill date is part of what is watched: setting it starts a new baseline from that date.
		key: watchKey(source, stream, types, options.startFrom ?? '', outcomes),
	};
}

/** Outcomes source: the chosen outcomes (at least one) and the window, checked before anything is sent. */
function readOutcomes(
	this: IPollFunctions,
	typed: IPollFunctions,
	options: { outcomeWindowDays?: number },
): { statuses: string[]; windowMs: number } {
	const statuses = typed.getNodeParameter('outcomeStatuses', DEFAULT_OUTCOME_STATUSES) as string[];
	if (!statuses.length)
		throw new NodeOperationError(this.getNode(), 'Outcomes is empty: choose at least one outcome', {
			description:
				'Choose the outcomes of sent documents that start the workflow, e.g. Rejected, Accepted With Errors and Overdue.',
		});
	const days = options.outcomeWindowDays ?? DEFAULT_OUTCOME_WINDOW_DAYS;
	return { statuses: [...new Set(statuses)], windowMs: days * 86_400_000 };
}

export const matchesTypes = (settings: TriggerSettings, type: unknown): boolean =>
	isOneOfTypes(settings.types, type);
