import type { INodeProperties } from 'n8n-workflow';

import { INBOX_WINDOW, readInbox } from '../../transport/inbox';
import { lineOutputField, splitIntoLines, splitsLines } from '../../shared/lineOutput';
import { withX12Fields } from '../../shared/x12Message';
import { limitField, readLimit } from '../fields';
import { forOperation, fromVersion1_1, inVersion1, type Operation } from '../types';

const simplify: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to leave out each item’s message (the document itself) and keep IDs, type, parties and delivery links. Turn off to process the documents, e.g. with Build From Purchase Order.',
};

export const getMany: Operation = {
	subtitle: '"Get Many Inbox Items"',
	description: forOperation('inbox', 'getMany', [
		limitField(INBOX_WINDOW, {
			description: `Max number of inbox items to return. The inbox shows its oldest items first, at most ${INBOX_WINDOW}.`,
		}),
		// On by default from version 1.1, as n8n's Simplify usually is. Version 1 keeps off: n8n stores
		// only values that differ from the default, so a changed default would change saved workflows.
		{ ...simplify, default: false, displayOptions: { show: inVersion1 } },
		{ ...simplify, displayOptions: { show: fromVersion1_1 } },
		{ ...lineOutputField, displayOptions: { show: { simplify: [false] } } },
	]),

	async execute(itemIndex, client) {
		const limit = readLimit.call(this, itemIndex);
		const simplify = this.getNodeParameter('simplify', itemIndex) as boolean;
		const lines = !simplify && splitsLines(this.getNodeParameter('output', itemIndex, 'document'));
		// The Limit holds even when the service sends more (oldest first: the oldest are kept).
		const items = (await readInbox(client, { limit, itemIndex })).slice(0, limit);
		if (!simplify) {
			const whole = items.map((item) => ({ json: withX12Fields(item) }));
			return lines ? splitIntoLines(whole) : whole;
		}
		return items.map(({ message: _message, ...rest }) => ({ json: rest }));
	},
};
