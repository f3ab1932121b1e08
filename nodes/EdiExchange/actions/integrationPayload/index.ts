import { resource } from '../resource';
import { submit } from './submit';

export const integrationPayload = resource(
	{
		name: 'Integration Payload',
		value: 'integrationPayload',
		description: 'X12 passthrough or service JSON',
	},
	'What to do with integration payloads',
	[
		{
			name: 'Submit',
			value: 'submit',
			action: 'Submit an integration payload',
			description:
				'Send X12 (passthrough) or service JSON; the service creates one transaction per transaction set',
			operation: submit,
		},
	],
);
