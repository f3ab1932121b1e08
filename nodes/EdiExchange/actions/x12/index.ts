import { resource } from '../resource';
import { acknowledge } from './acknowledge';
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
		{
			name: 'Acknowledge With 997',
			value: 'acknowledge',
			action: 'Acknowledge X12 with a 997',
			description:
				'Build the 997 functional acknowledgment of a received interchange and send it to its sender',
			operation: acknowledge,
		},
	],
);
