import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { splitIntoLines } from './shared/lineOutput';
import { documentationUrl, NODE_DESCRIPTION } from './shared/node';
import { startPoll } from './trigger/budget';
import { triggerProperties } from './trigger/description';
import { sampleInbox } from './trigger/inbox';
import { sampleOutcomes } from './trigger/outcomes';
import { pollActivated } from './trigger/poll';
import { readSettings } from './trigger/settings';
import { sampleTransactions } from './trigger/transactions';

/** Manual mode shows this many of the newest matching documents, reading at most this many pages. */
const SAMPLE_SIZE = 1;
const SAMPLE_PAGES = 5;

export class EdiExchangeTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'EDI Exchange Trigger',
		name: 'ediExchangeTrigger',
		icon: { light: 'file:ediExchange.svg', dark: 'file:ediExchange.dark.svg' },
		group: ['trigger'],
		version: 1,
		// "New Inbound 850", "New Inbox Documents · Live": what starts the workflow.
		// "Outcomes: REJECTED/OVERDUE" for the outcomes source.
		subtitle:
			'={{ ($parameter["source"] === "outcomes" ? "Outcomes: " + ($parameter["outcomeStatuses"] || []).join("/") : ($parameter["source"] === "inbox" ? "New Inbox " : "New Inbound ") + ($parameter["transactionTypes"].length ? $parameter["transactionTypes"].join("/") : $parameter["source"] === "inbox" ? "Documents" : "Transactions")) + ($parameter["stream"] === "live" ? " · Live" : "") }}',
		description: NODE_DESCRIPTION,
		documentationUrl: documentationUrl('edi-exchange-trigger'),
		defaults: { name: 'EDI Exchange Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'ediExchangeApi', required: true }],
		properties: triggerProperties,
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = readSettings.call(this, triggerProperties);
		// The poll's budget and its service client: every request of this poll ends within it.
		const run = startPoll.call(this, settings.encoding);
		if (this.getMode() === 'manual') {
			const sample =
				settings.source === 'inbox'
					? await sampleInbox.call(this, settings, SAMPLE_SIZE, run)
					: settings.source === 'outcomes'
						? await sampleOutcomes.call(this, settings, SAMPLE_SIZE, run)
						: await sampleTransactions.call(this, settings, SAMPLE_SIZE, SAMPLE_PAGES, run);
			if (sample.length) return [settings.splitLines ? splitIntoLines(sample) : sample];
			if (settings.source === 'outcomes')
				throw new NodeOperationError(
					this.getNode(),
					`No document sent on the ${settings.stream} stream has reached ${settings.outcomeStatuses.join(', ')} within the outcome window yet`,
					{
						description:
							'Send a document the receiver rejects to get a test event: with the local sandbox, send the same invoice twice (the demo partner rejects the duplicate), or widen Options → Outcome Window. Then fetch the test event again.',
					},
				);
			const what = settings.types.length ? settings.types.join('/') : 'inbound';
			throw new NodeOperationError(
				this.getNode(),
				`No ${what} transaction on the ${settings.stream} stream yet`,
				{
					description:
						'Send one to get a test event: with the demo trading partner, use "Resend 850" in the portal (Integration Testing); with the local sandbox, POST /_sandbox/partner/send-850. Then fetch the test event again.',
				},
			);
		}
		const items = await pollActivated.call(this, settings, run);
		if (!items) return null;
		return [settings.splitLines ? splitIntoLines(items) : items];
	}
}
