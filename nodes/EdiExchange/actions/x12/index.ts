import { resource } from '../resource';
import { convert } from './convert';

export const x12 = resource(
	{
		name: 'X12',
		value: 'x12',
		description: 'Work with X12 documents locally: nothing is sent',
	},
	'What to do with X12',
	[
		{
			name: 'Convert',
			value: 'convert',
			action: 'Convert X12 to documents',
			description: 'Read an X12 interchange into documents, one item per transaction set',
			operation: convert,
		},
	],
);
