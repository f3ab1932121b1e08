/**
 * POST /v2/integration-payloads: the X12 passthrough path (a whole interchange, envelope checked,
 * one outbound transaction per ST set) and the service-specific JSON path (one set as segments).
 */
import { randomUUID } from 'crypto';
import { businessNumberOfSegments, streamAndPartyErrors } from './documents';
import { argumentError, fieldError, isObject } from './http';
import { PARTNER_ID } from './partner';
import type { SandboxState } from './state';
import type { FieldError, Reply, Stream } from './types';
import { checkEnvelope } from './x12/envelope';
import { extractTransactionSet } from './x12/extract';
import type { EnvelopeProblem } from './x12/types';

/** Segments the service adds itself: a JSON payload must leave them out. */
const ENVELOPE_SEGMENTS = ['ISA', 'GS', 'ST', 'SE', 'GE', 'IEA'];

export function submitPayload(state: SandboxState, body: unknown): Reply {
	if (!isObject(body))
		return argumentError([
			fieldError('body', 'body must be a JSON object with format x12 or json', 'invalidType'),
		]);
	if (body.format === 'x12') return submitX12(state, body);
	if (body.format === 'json') return submitJson(state, body);
	return argumentError([
		fieldError('format', `format must be x12 or json, found ${JSON.stringify(body.format)}`),
	]);
}

const answer = (id: string, transactionIds: number[], errors?: EnvelopeProblem[]): Reply => ({
	status: 202,
	body: errors?.length
		? { id, status: 'FAILED', transactionIds: [], errors }
		: { id, status: 'ACCEPTED', transactionIds },
});

function submitX12(state: SandboxState, body: Record<string, unknown>): Reply {
	if (typeof body.content !== 'string' || body.content.trim() === '') {
		return argumentError([
			fieldError('content', 'content must be the X12 interchange text (ISA … IEA)'),
		]);
	}
	const id = randomUUID();
	const { interchange, problems } = checkEnvelope(body.content);
	if (!interchange || problems.length) return answer(id, [], problems);
	if (!state.isPartner(interchange.receiverId)) {
		return answer(
			id,
			[],
			[
				{
					segment: 'ISA',
					position: 1,
					message: `no relationship with receiver ${interchange.receiverId} (ISA08)`,
				},
			],
		);
	}
	const stream: Stream = interchange.usage === 'P' ? 'live' : 'test';
	const ids: number[] = [];
	interchange.groups.forEach((group, groupIndex) =>
		group.sets.forEach((set, setIndex) => {
			const transaction = state.addOutbound({
				transactionType: set.type,
				stream,
				senderId: interchange.senderId,
				receiverId: interchange.receiverId,
				status: 'DELIVERED',
				businessNumber: businessNumberOfSegments(set.type, set.segments),
				message: { kind: 'x12', text: extractTransactionSet(interchange, groupIndex, setIndex) },
				integrationPayloadId: id,
				controlNumbers: {
					interchange: interchange.isa[13],
					group: group.gs[6] ?? '',
					transactionSet: set.segments[0][2] ?? '',
				},
			});
			ids.push(transaction.id);
		}),
	);
	if (interchange.receiverId === PARTNER_ID) state.partnerReceivesInterchange(interchange, ids);
	return answer(id, ids);
}

function submitJson(state: SandboxState, body: Record<string, unknown>): Reply {
	const errors: FieldError[] = [];
	const { type, stream = 'test', senderId, receiverId, content } = body;
	if (typeof type !== 'string' || !/^\d{3}$/.test(type))
		errors.push(
			fieldError(
				'type',
				`type must be a three-digit transaction set code such as "855", found ${JSON.stringify(type)}`,
			),
		);
	errors.push(...streamAndPartyErrors(body, false));
	const segments = isObject(content) ? content.segments : undefined;
	if (!Array.isArray(segments) || segments.length === 0) {
		errors.push(
			fieldError(
				'content.segments',
				'content.segments must be a non-empty array of segments (arrays of strings)',
			),
		);
	} else {
		segments.forEach((segment, i) => {
			if (
				!Array.isArray(segment) ||
				segment.length === 0 ||
				!segment.every((e) => typeof e === 'string') ||
				!/^[A-Z][A-Z0-9]{1,2}$/.test(segment[0])
			) {
				errors.push(
					fieldError(
						`content.segments[${i}]`,
						'a segment must be an array of strings starting with its segment id',
					),
				);
			}
		});
	}
	if (errors.length) return argumentError(errors);

	const id = randomUUID();
	const rows = segments as string[][];
	const problems: EnvelopeProblem[] = rows.flatMap((segment, i) =>
		ENVELOPE_SEGMENTS.includes(segment[0])
			? [
					{
						segment: segment[0],
						position: i + 1,
						message: `${segment[0]} is added by the service: leave envelope segments (ISA, GS, ST, SE, GE, IEA) out`,
					},
				]
			: [],
	);
	if (!state.isPartner(receiverId as string))
		problems.push({
			segment: 'ISA',
			position: 0,
			message: `no relationship with receiver ${receiverId}`,
		});
	if (problems.length) return answer(id, [], problems);
	// The service wraps the segments in its own envelope: numbered after the transaction it becomes.
	const control = state.store.nextId;
	const transaction = state.addOutbound({
		transactionType: type as string,
		stream: stream as Stream,
		senderId: senderId as string,
		receiverId: receiverId as string,
		status: 'DELIVERED',
		businessNumber: businessNumberOfSegments(type as string, rows),
		message: { kind: 'json', value: content },
		integrationPayloadId: id,
		controlNumbers: {
			interchange: String(control).padStart(9, '0'),
			group: String(control),
			transactionSet: '0001',
		},
	});
	if (receiverId === PARTNER_ID) state.partnerReceivesSegments(transaction, rows);
	return answer(id, [transaction.id]);
}
