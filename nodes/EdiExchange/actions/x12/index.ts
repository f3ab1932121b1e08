import { resource } from '../resource';
import { acknowledge } from './acknowledge';
import { convert } from './convert';
import { printLabels } from './printLabels';

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
		{
			name: 'Print Carton Labels',
			value: 'printLabels',
			action: 'Print GS1 carton labels for a ship notice',
			description:
				'GS1 logistics labels in ZPL II for the pallets and cartons of an 856, each with the SSCC the 856 carries',
			operation: printLabels,
		},
	],
);
