/** Build From Purchase Order → 865: the answer to the buyer's 860, a decision per changed line. */
import type { INodeProperties } from 'n8n-workflow';

import {
	buildChangeAcknowledgment,
	type ChangeAcknowledgmentLineOption,
} from '../../../../documents';
import { serviceTypeOf } from '../../../../documents/registry';
import { optionsField } from '../../../../shared/fields';
import {
	buildable,
	dateOf,
	definedLines,
	documentOptions,
	readLines,
	type DocumentBuild,
} from './fields';
import type { SourceField } from './order';

export const CHANGE_ACK = serviceTypeOf('865');

/** Where the 860 comes from (instead of the 850), JSON or X12. */
export const CHANGE_FIELD: SourceField = {
	name: 'purchaseOrderChange',
	label: 'Purchase Order Change (860)',
	x12: '860',
};

export const purchaseOrderChangeField: INodeProperties = {
	displayName: CHANGE_FIELD.label,
	name: CHANGE_FIELD.name,
	type: 'json',
	default: '={{ $json }}',
	description:
		'The 860 this 865 answers: an item as the trigger, Get Message or Inbox → Get Many emit it (its message or document; its senderId and receiverId when it names them, else set Sender ID and Receiver ID), the change message itself, or an X12 interchange holding one 860. Every line it changes is answered. The 865 travels as X12: choose Integration Path X12 Passthrough or Service JSON.',
	hint: "Further down a workflow: {{ $('EDI Exchange Trigger').item.json }}",
	displayOptions: buildable([CHANGE_ACK]),
};

export const changeAcknowledgment: DocumentBuild = {
	lines: [
		...definedLines(
			{
				name: 'changeLines',
				what: 'change decisions',
				example:
					'{ "purchaseOrderLineId": "1", "status": "accepted" | "rejected", "reason"?: "Already shipped" }',
				documentType: CHANGE_ACK,
				placeholder: 'Add Change Decision',
				description: 'Lines of the 860 not listed are accepted as changed',
				lineIdDescription: 'The changed line (its purchaseOrderLineId in the 860)',
			},
			[
				optionsField(
					{ displayName: 'Status', name: 'status', description: 'Your answer to this change' },
					[
						{ name: 'Accepted', value: 'accepted', description: 'You take the change' },
						{ name: 'Rejected', value: 'rejected', description: 'You refuse the change' },
					],
				),
				{
					displayName: 'Reason',
					name: 'reason',
					type: 'string',
					default: '',
					description: 'Why the change is rejected (sent as X12 MSG)',
				},
			],
		),
	],
	options: documentOptions(CHANGE_ACK, 'Dates of the change acknowledgment (865)', [
		{
			displayName: 'Acknowledgment Date',
			name: 'acknowledgmentDate',
			type: 'dateTime',
			default: '',
			description: 'The date of your answer (BCA10)',
		},
	]),
	build(change, options, itemIndex) {
		const lines = readLines.call(this, 'changeLines', 'change decisions', itemIndex);
		return buildChangeAcknowledgment(change, {
			acknowledgmentDate: dateOf(options.acknowledgmentDate),
			lines: lines as unknown as ChangeAcknowledgmentLineOption[],
		});
	},
};
