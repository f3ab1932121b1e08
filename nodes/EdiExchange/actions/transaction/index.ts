/**
 * The Transaction resource: Get Many, Get Message, Create (with Build From Purchase Order: the
 * 855, 856, 810 and the 865; and Build Inventory Advice From Rows: the 846), Check Document (the
 * chargeback shield) and Apply Change (860), each in its own file.
 */
import { resource } from '../resource';
import { applyChangeOperation } from './applyChange';
import { checkDocumentOperation } from './checkDocument';
import { create } from './create/operation';
import { getAcknowledgment } from './getAcknowledgment';
import { getMany } from './getMany';
import { getMessage } from './getMessage';

export const transaction = resource(
	{ name: 'Transaction', value: 'transaction', description: 'EDI documents sent and received' },
	'What to do with transactions',
	[
		{
			name: 'Get Many',
			value: 'getMany',
			action: 'Get many transactions',
			description: 'List transactions, newest first, with filters',
			operation: getMany,
		},
		{
			name: 'Get Message',
			value: 'getMessage',
			action: 'Get a transaction message',
			description: 'Read the document content of a transaction (JSON or X12)',
			operation: getMessage,
		},
		{
			name: 'Get Acknowledgment',
			value: 'getAcknowledgment',
			action: 'Get the receiver’s answer to a sent transaction',
			description:
				'Read what the receiver said about a sent transaction: accepted, accepted with errors or rejected, with its reasons',
			operation: getAcknowledgment,
		},
		{
			name: 'Create',
			value: 'create',
			action: 'Create a transaction',
			description: 'Send a structured document (855, 856, 810, …) to a trading partner',
			operation: create,
		},
		{
			name: 'Check Document',
			value: 'checkDocument',
			action: 'Check a document against its purchase order',
			description:
				'Check an 855, 856 or 810 built elsewhere against its 850 before sending it: every problem a retailer would reject or charge back (sends nothing)',
			operation: checkDocumentOperation,
		},
		{
			name: 'Apply Change (860)',
			value: 'applyChange',
			action: 'Apply purchase order changes',
			description:
				'Apply a purchase order’s changes (860) to it: the effective order and what changed on each line (sends nothing)',
			operation: applyChangeOperation,
		},
	],
);
