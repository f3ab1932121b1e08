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
import { readX12, STRUCTURE_KINDS, type X12Interchange, type X12Problem } from '../../x12';
import { write997, writeInterchange } from '../../x12Documents';
import { controlNumberFields, type InterchangeAt, takeControlNumbers } from '../controlNumbers';
import { readX12Content, x12ContentField } from '../fields';
import { forOperation, type Operation } from '../types';

export const acknowledge: Operation = {
	subtitle: '"Acknowledge With 997"',
	description: forOperation('x12', 'acknowledge', [
		x12ContentField({
			displayName: 'Received X12 Interchange',
			description:
				'The interchange to acknowledge, e.g. the X12 message the trigger or Get Message gives',
		}),
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

	async execute(itemIndex, client) {
		const text = readX12Content.call(this, 'Received X12 Interchange', itemIndex, {
			empty: 'Map the received X12, e.g. {{ $json.message }} after the trigger or Get Message.',
			notX12: 'Map the X12 text itself, e.g. {{ $json.message }}.',
		});
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
			// Its errors, and the set check's segment problems the reader read past (AK304 2–7).
			const errors = [
				...reading.errors,
				...reading.warnings.filter((p) => p.kind && STRUCTURE_KINDS.has(p.kind)),
			].filter((p) => (p.interchange ?? 0) === i);
			out.push({
				json: await acknowledgeOne.call(
					this,
					client,
					{ itemIndex, index: i },
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
	at: InterchangeAt,
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
				itemIndex: at.itemIndex,
			},
		);
	const { sets, envelope, groups } = write997(interchange, errors);
	const acknowledged = {
		interchangeControlNumber: interchange.controlNumber,
		groups: groups.map((g) => interchange.groups[g].controlNumber),
		accepted: sets.map((set) =>
			['A', 'E'].includes(set.segments.find((s) => s[0] === 'AK9')?.[1] ?? ''),
		),
	};
	if (sets.length === 0)
		return {
			sent: false,
			reason: 'The interchange holds only 997s: a 997 is never acknowledged',
			acknowledged,
		};
	const controlNumbers = takeControlNumbers.call(this, at, envelope, options, sets.length);
	const content = writeInterchange(sets, {
		...envelope,
		controlNumbers,
		date: new Date(),
		lineEnding: '\n',
	});
	const result: IDataObject = {
		sent: false,
		senderId: envelope.senderId,
		receiverId: envelope.receiverId,
		interchangeControlNumber: String(controlNumbers.interchange).padStart(9, '0'),
		acknowledged,
		x12: content,
	};
	if (!send) return result;
	const { body: answer } = (await client.send({
		route: 'submitIntegrationPayload',
		body: { format: 'x12', content },
		itemIndex: at.itemIndex,
	})) as { body: IDataObject & { status?: string } };
	if (answer.status === 'FAILED')
		throw refusedError.call(this, answer, {
			refused: 'the 997 (status FAILED)',
			reasons: JSON.stringify(answer.errors ?? 'no reason given'),
			description:
				'The service did not take the 997; check its envelope against the received interchange.',
			itemIndex: at.itemIndex,
		});
	return { ...answer, ...result, sent: true };
}
