/**
 * X12 → Acknowledge (997): the functional acknowledgment of a received interchange, one 997 per
 * functional group (never for a group of 997s), addressed back to its sender, accepted or rejected
 * with AK3/AK4 for what the envelope reader finds wrong; sent as X12 passthrough, or only built.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { refusedError } from '../../shared/failed';
import { optionsCollection } from '../../shared/fields';
import type { ServiceClient } from '../../transport/client';
import { readX12, type X12Interchange, type X12Problem } from '../../x12';
import { isX12Text, write997, writeInterchange } from '../../x12Documents';
import { controlNumberFields, MAX_CONTROL_NUMBER, nextControlNumber } from '../controlNumbers';
import { readRequiredText } from '../fields';
import { forOperation, type Operation } from '../types';

export const acknowledge: Operation = {
	subtitle: '"Acknowledge With 997"',
	description: forOperation('x12', 'acknowledge', [
		{
			displayName: 'Received X12 Interchange',
			name: 'x12Content',
			type: 'string',
			typeOptions: { rows: 6 },
			default: '={{ $json.message }}',
			required: true,
			description:
				'The interchange to acknowledge, e.g. the X12 message the trigger or Get Message gives',
		},
		{
			displayName: 'Send',
			name: 'send',
			type: 'boolean',
			default: true,
			description:
				'Whether to send the 997 to the interchange’s sender (X12 passthrough); off only builds it',
		},
		optionsCollection(controlNumberFields(), 'How the 997 interchange is numbered'),
	]),
	concurrent: true,

	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		client: ServiceClient,
	): Promise<INodeExecutionData[]> {
		const text: unknown = readRequiredText.call(
			this,
			'x12Content',
			'Received X12 Interchange',
			itemIndex,
			'Map the received X12, e.g. {{ $json.message }} after the trigger or Get Message.',
		);
		if (!isX12Text(text))
			throw new NodeOperationError(
				this.getNode(),
				'Received X12 Interchange does not begin with ISA',
				{
					description: `It begins: ${JSON.stringify(String(text).slice(0, 40))}. Map the X12 text itself, e.g. {{ $json.message }}.`,
					itemIndex,
				},
			);
		// Read as partners send it (a BOM, padding or layout worked around); one 997 interchange per
		// received interchange, from that interchange's errors (not the layout warnings).
		const reading = readX12(text);
		if (reading.interchanges.length === 0)
			throw new NodeOperationError(
				this.getNode(),
				'The received X12 has no readable ISA: no 997 can answer it',
				{ description: reading.errors.map((p) => p.message).join('; '), itemIndex },
			);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const send = this.getNodeParameter('send', itemIndex, true) as boolean;
		const out: INodeExecutionData[] = [];
		for (const [i, interchange] of reading.interchanges.entries()) {
			const errors = reading.errors.filter((p) => (p.interchange ?? 0) === i);
			out.push({
				json: await acknowledgeOne.call(
					this,
					client,
					itemIndex,
					interchange,
					errors,
					options,
					send,
				),
			});
		}
		return out;
	},
};

/** The 997 interchange for one received interchange: built, and sent unless Send is off. */
async function acknowledgeOne(
	this: IExecuteFunctions,
	client: ServiceClient,
	itemIndex: number,
	interchange: X12Interchange,
	errors: X12Problem[],
	options: IDataObject,
	send: boolean,
): Promise<IDataObject> {
	if (interchange.groups.length === 0)
		throw new NodeOperationError(
			this.getNode(),
			`The interchange ${interchange.controlNumber} from ${interchange.senderId} holds no functional group (GS … GE): a 997 acknowledges functional groups, so there is nothing to answer`,
			{
				description:
					'Check that the whole interchange was given: after the ISA come GS, the transaction sets (ST … SE), GE, then IEA.',
				itemIndex,
			},
		);
	const { sets, envelope, groups } = write997(interchange, errors);
	const acknowledged = {
		interchangeControlNumber: interchange.controlNumber,
		groups: groups.map((g) => interchange.groups[g].controlNumber),
		accepted: sets.map((set) => set.segments.find((s) => s[0] === 'AK9')?.[1] === 'A'),
	};
	if (sets.length === 0)
		return {
			sent: false,
			reason: 'The interchange holds only 997s: a 997 is never acknowledged',
			acknowledged,
		};
	const control = nextControlNumber.call(this, envelope.senderId, envelope.receiverId, options);
	const content = writeInterchange(sets, {
		...envelope,
		controlNumbers: {
			interchange: control,
			group: control,
			sets: following(control, sets.length, options),
		},
		date: new Date(),
		lineEnding: '\n',
	});
	const result: IDataObject = {
		sent: false,
		senderId: envelope.senderId,
		receiverId: envelope.receiverId,
		interchangeControlNumber: String(control).padStart(9, '0'),
		acknowledged,
		x12: content,
	};
	if (!send) return result;
	const { body: answer } = (await client.send({
		route: 'submitIntegrationPayload',
		body: { format: 'x12', content },
		itemIndex,
	})) as { body: IDataObject & { status?: string } };
	if (answer.status === 'FAILED')
		throw refusedError.call(this, answer, {
			refused: 'the 997 (status FAILED)',
			reasons: JSON.stringify(answer.errors ?? 'no reason given'),
			description:
				'The service did not take the 997; check its envelope against the received interchange.',
			itemIndex,
		});
	return { ...answer, ...result, sent: true };
}

/**
 * ST02s of the 997s in one group: `count` numbers from `control` on, back to First Control Number
 * after 999999999 as the counter goes (they need only differ within the group).
 */
function following(control: number, count: number, options: IDataObject): number[] {
	const first = typeof options.firstControlNumber === 'number' ? options.firstControlNumber : 1;
	const numbers = [control];
	while (numbers.length < count) {
		const last = numbers[numbers.length - 1];
		numbers.push(last >= MAX_CONTROL_NUMBER ? Math.max(first, 1) : last + 1);
	}
	return numbers;
}
