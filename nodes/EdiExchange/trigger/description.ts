import type { INodeProperties } from 'n8n-workflow';

import { lineOutputField } from '../shared/lineOutput';
import { DEFAULT_DUPLICATE_WINDOW_DAYS } from './duplicates';
import {
	optionsCollection,
	optionsField,
	streamField,
	textEncodingField,
	transactionTypesField,
} from '../shared/fields';
import { MAX_NOTE_LENGTH } from '../transport/inbox';
import {
	DEFAULT_ACCEPT_NOTE,
	DEFAULT_LATE_WINDOW_MINUTES,
	DEFAULT_MAX_ITEMS_PER_POLL,
	DEFAULT_OUTCOME_STATUSES,
	DEFAULT_OUTCOME_WINDOW_DAYS,
	DEFAULT_REDELIVER_AFTER_MINUTES,
} from './settings';
import { acknowledgmentStatusOptions } from '../shared/acknowledgments';

export const triggerProperties: INodeProperties[] = [
	{
		// A notice: n8n's verification rules take a sentence as display name only from notices.
		displayName:
			'Emits each new inbound document once, from publishing on; for older ones, see Options → Start From.',
		name: 'semanticsNotice',
		type: 'notice',
		default: '',
		displayOptions: { hide: { source: ['outcomes'] } },
	},
	{
		displayName:
			'Emits each outcome once, from publishing on: a sent document that reaches a chosen outcome within the window starts the workflow once per outcome.',
		name: 'outcomesNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { source: ['outcomes'] } },
	},
	// n8n lists each option of a field named "Trigger On" as a trigger action in the node creator.
	optionsField(
		{
			displayName: 'Trigger On',
			name: 'source',
			description:
				'Where the trigger looks for new inbound documents. Fetch Test Event shows the newest match and changes nothing.',
		},
		[
			{
				name: 'New Inbound Transaction',
				value: 'transactions',
				action: 'On new inbound transaction',
				description:
					'Watch the transaction list for new inbound transactions (one request per poll when nothing is new)',
			},
			{
				name: 'New Inbox Document',
				value: 'inbox',
				action: 'On new inbox document',
				description:
					'Watch the inbox: inbound documents wait there until accepted or failed, for at-least-once processing',
			},
			{
				name: 'Outcomes of Sent Documents',
				value: 'outcomes',
				action: 'On outcome of a sent document',
				description:
					'Watch what became of the documents you sent: rejected, accepted with errors, overdue (no answer in time) or accepted, with the receiver’s reasons',
			},
		],
	),
	{
		displayName: 'Outcomes',
		name: 'outcomeStatuses',
		type: 'multiOptions',
		default: [...DEFAULT_OUTCOME_STATUSES],
		options: acknowledgmentStatusOptions([
			'REJECTED',
			'ACCEPTED_WITH_ERRORS',
			'OVERDUE',
			'ACCEPTED',
		]),
		description:
			'Which outcomes start the workflow. A document that goes Overdue and is answered later starts it again when the answer is one of these.',
		displayOptions: { show: { source: ['outcomes'] } },
	},
	streamField({
		description:
			'Which documents to watch: test traffic or the live exchange. Changing what is watched (Trigger On, Stream, Transaction Types, Start From) starts from what arrives next.',
	}),
	transactionTypesField('Only these document types; none selected means all types'),
	{
		displayName: 'Include Message',
		name: 'includeMessage',
		type: 'boolean',
		default: true,
		description:
			'Whether to also read each transaction’s message, so the workflow gets the document itself (e.g. the purchase order)',
		displayOptions: { show: { source: ['transactions'] } },
	},
	{ ...lineOutputField, displayOptions: { hide: { source: ['outcomes'] } } },
	optionsField(
		{
			displayName: 'Acceptance',
			name: 'acceptMode',
			description: 'Who accepts each inbox delivery, so that it leaves the inbox',
			displayOptions: { show: { source: ['inbox'] } },
		},
		[
			{
				name: 'Left to the Workflow',
				value: 'workflow',
				description:
					'End the workflow with EDI Exchange → Inbox → Accept: a document whose workflow failed stays in the inbox (at-least-once)',
			},
			{
				name: 'Automatically After Emitting',
				value: 'auto',
				description:
					'Accept each delivery as soon as it is emitted (simpler; a failed workflow does not bring it back)',
			},
		],
	),
	optionsCollection(
		[
			{
				displayName: 'Accept Note',
				name: 'acceptNote',
				type: 'string',
				default: DEFAULT_ACCEPT_NOTE,
				description: `The note recorded with automatic accepts (at most ${MAX_NOTE_LENGTH} characters)`,
				displayOptions: { show: { '/source': ['inbox'], '/acceptMode': ['auto'] } },
			},
			{
				displayName: 'Duplicate Window (Days)',
				name: 'duplicateWindowDays',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 2 },
				default: DEFAULT_DUPLICATE_WINDOW_DAYS,
				description: 'How long an emitted document’s numbers are remembered for Duplicates',
				displayOptions: { show: { '/source': ['transactions'], '/includeMessage': [true] } },
			},
			{
				displayName: 'Duplicates',
				name: 'duplicates',
				type: 'options',
				default: 'off',
				description:
					'Retailers resend: what to do with the same interchange (sender and ISA13) or the same purchase order and purpose already emitted on this stream within the Duplicate Window. A revision (BEG01 05 replace) is emitted and marked revision, never skipped.',
				options: [
					{ name: 'Emit', value: 'off', description: 'Emit every document, resent or not' },
					{
						name: 'Flag',
						value: 'flag',
						description:
							'Emit it with a duplicate field saying which number repeats, and when it was first emitted',
					},
					{ name: 'Skip', value: 'skip', description: 'Do not emit it' },
				],
				displayOptions: { show: { '/source': ['transactions'], '/includeMessage': [true] } },
			},
			{
				displayName: 'Late Arrival Window (Minutes)',
				name: 'lateArrivalWindowMinutes',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_LATE_WINDOW_MINUTES,
				description:
					'How much older than the newest emitted transaction a transaction may be dated and still be caught when it becomes visible late (the service may finish processing a transaction after newer ones)',
				displayOptions: { show: { '/source': ['transactions'] } },
			},
			{
				displayName: 'Max Items per Poll',
				name: 'maxItemsPerPoll',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: DEFAULT_MAX_ITEMS_PER_POLL,
				description:
					'The most transactions one poll emits; the rest follow on the next polls, none skipped',
			},
			{
				displayName: 'Redeliver After (Minutes)',
				name: 'redeliverAfterMinutes',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 2 },
				default: DEFAULT_REDELIVER_AFTER_MINUTES,
				description:
					'Inbox, acceptance left to the workflow: emit a delivery again when it is still neither accepted nor failed this long after it was emitted (like a queue’s visibility timeout), so a workflow that crashed before its Accept gets it back. 0 turns this off.',
				displayOptions: { show: { '/source': ['inbox'], '/acceptMode': ['workflow'] } },
			},
			{
				displayName: 'Start From',
				name: 'startFrom',
				type: 'dateTime',
				default: '',
				description:
					'Backfill: when the workflow is published, also emit the inbound transactions created since this date. Without it, what is already there when the workflow is published is not emitted, only what arrives afterwards.',
				displayOptions: { show: { '/source': ['transactions'] } },
			},
			{
				displayName: 'Outcome Window (Days)',
				name: 'outcomeWindowDays',
				type: 'number',
				typeOptions: { minValue: 0.01, numberPrecision: 2 },
				default: DEFAULT_OUTCOME_WINDOW_DAYS,
				description:
					'How far back sent documents are watched: an outcome reached by a document sent longer ago than this is not emitted. Each poll reads the documents of the chosen outcomes sent within it.',
				displayOptions: { show: { '/source': ['outcomes'] } },
			},
			textEncodingField({
				description: 'How X12 messages’ bytes are read as text',
				displayOptions: { show: { '/source': ['transactions'], '/includeMessage': [true] } },
			}),
		],
		'Limits, backfill, redelivery and the note of automatic accepts',
	),
];
