import { resource } from '../resource';
import { accept, fail } from './delivery';
import { getMany } from './getMany';

export const inbox = resource(
	{
		name: 'Inbox',
		value: 'inbox',
		description: 'Inbound documents awaiting processing, with their deliveries',
	},
	'What to do with the inbox',
	[
		{
			name: 'Get Many',
			value: 'getMany',
			action: 'Get many inbox items',
			description: 'Read inbound documents awaiting processing, oldest first',
			operation: getMany,
		},
		{
			name: 'Accept',
			value: 'accept',
			action: 'Accept a delivery',
			description: 'Mark an inbox item as processed; it leaves the inbox',
			operation: accept,
		},
		{
			name: 'Fail',
			value: 'fail',
			action: 'Fail a delivery',
			description: 'Mark an inbox item as not processable; it leaves the inbox',
			operation: fail,
		},
	],
);
