/** The service API routes as docs/contract.md describes them. Auth is checked before these run. */
import type { IncomingMessage } from 'http';
import {
	ACKNOWLEDGMENT_STATUSES,
	acknowledgmentStatusAt,
	answerAt,
	type AcknowledgmentStatus,
} from './acknowledgments';
import { readCreateEnvelope } from './documents';
import {
	argumentError,
	enumParam,
	errorReply,
	fieldError,
	integerParam,
	isObject,
	notFound,
	parseId,
	parseQuery,
	readJsonBody,
	type ParamParser,
} from './http';
import { submitPayload } from './payloads';
import type { SandboxState } from './state';
import type { Direction, Reply, Stream, Transaction } from './types';

export interface ServiceResult {
	reply: Reply;
	/** The parsed request body, for the request log. */
	body?: unknown;
	bodyBytes?: number;
}

const LIST_PARAMS: Record<string, ParamParser> = {
	limit: integerParam('limit', 1, 100),
	offset: integerParam('offset', 0, 1_000_000_000),
	stream: enumParam('stream', ['test', 'live']),
	direction: enumParam('direction', ['inbound', 'outbound']),
	businessNumber: listParam('businessNumber', 5),
	acknowledgmentStatus: listParam('acknowledgmentStatus', undefined, ACKNOWLEDGMENT_STATUSES),
};
const INBOX_PARAMS: Record<string, ParamParser> = { limit: integerParam('limit', 1, 100) };
const NOTE_MAX = 240;

const iso = (ms: number) => new Date(ms).toISOString();

type Handler = (
	state: SandboxState,
	req: IncomingMessage,
	url: URL,
	match: string[],
) => Promise<ServiceResult>;

/** The routing table: the whole service surface in one place. */
const ROUTES: Array<[method: string, path: RegExp, handler: Handler]> = [
	[
		'GET',
		/^\/v3\/transactions$/,
		async (state, req, url) => ({
			reply: withQuery(url, LIST_PARAMS, (q) => list(state, q, baseOf(req))),
		}),
	],
	[
		'GET',
		/^\/v3\/transactions\/([^/]+)\/acknowledgment$/,
		async (state, _req, url, [, id]) => ({
			reply: withQuery(url, {}, () => withTransaction(state, id, (t) => acknowledgmentReply(t))),
		}),
	],
	[
		'GET',
		/^\/v3\/transactions\/([^/]+)\/message$/,
		async (state, _req, url, [, id]) => ({
			reply: withQuery(url, {}, () => withTransaction(state, id, (t) => messageReply(state, t))),
		}),
	],
	[
		'POST',
		/^\/v4\/transactions$/,
		(state, req, url) => withBody(req, url, (body) => create(state, body)),
	],
	[
		'GET',
		/^\/v4\/inbox$/,
		async (state, req, url) => ({
			reply: withQuery(url, INBOX_PARAMS, (q) => inbox(state, q, req)),
		}),
	],
	[
		'POST',
		/^\/v4\/transactions\/([^/]+)\/deliveries\/([^/]+)\/(accept|fail)$/,
		(state, req, url, [, id, deliveryId, action]) =>
			withBody(req, url, (body) =>
				withTransaction(state, id, (t) =>
					settle(
						state,
						t,
						decodeURIComponent(deliveryId),
						action === 'accept' ? 'DELIVERED' : 'FAILED',
						body,
					),
				),
			),
	],
	[
		'POST',
		/^\/v2\/integration-payloads$/,
		(state, req, url) => withBody(req, url, (body) => submitPayload(state, body)),
	],
];

export async function routeService(
	state: SandboxState,
	req: IncomingMessage,
	url: URL,
): Promise<ServiceResult> {
	for (const [method, path, handler] of ROUTES) {
		const match = path.exec(url.pathname);
		if (match && method === req.method) return handler(state, req, url, match);
	}
	return { reply: notFound(`no such operation: ${req.method} ${url.pathname}`) };
}

function withQuery(
	url: URL,
	params: Record<string, ParamParser>,
	run: (values: Record<string, unknown>) => Reply,
): Reply {
	const parsed = parseQuery(url.searchParams, params);
	return 'reply' in parsed ? parsed.reply : run(parsed.values);
}

function withTransaction(
	state: SandboxState,
	rawId: string,
	run: (transaction: Transaction) => Reply,
): Reply {
	const id = parseId(decodeURIComponent(rawId));
	if (id === undefined)
		return argumentError([
			fieldError('id', `id must be a positive integer, found ${JSON.stringify(rawId)}`),
		]);
	const transaction = state.store.get(id);
	return transaction ? run(transaction) : notFound(`transaction ${id} not found`);
}

/** POST routes take no query parameters and a JSON body. */
async function withBody(
	req: IncomingMessage,
	url: URL,
	run: (body: unknown) => Reply,
): Promise<ServiceResult> {
	const query = parseQuery(url.searchParams, {});
	if ('reply' in query) return { reply: query.reply };
	const body = await readJsonBody(req, true);
	if (body.kind === 'error') return { reply: body.reply };
	if (body.kind === 'none') return { reply: run(undefined) };
	return { reply: run(body.value), body: body.value, bodyBytes: body.bytes };
}

/** Comma-separated values, each non-empty and taken as is (no trimming: exact); at most `max`; each one of `allowed` when given. */
function listParam(name: string, max?: number, allowed?: readonly string[]): ParamParser {
	return (raw) => {
		const values = raw.split(',');
		if (values.some((v) => v === ''))
			return {
				error: `${name} must be comma-separated values, none empty, found ${JSON.stringify(raw)}`,
			};
		if (max !== undefined && values.length > max)
			return { error: `${name} takes at most ${max} values, found ${values.length}` };
		const unknown = allowed && values.find((v) => !allowed.includes(v));
		if (unknown)
			return {
				error: `${name} must be one or more of ${allowed.join(', ')}, found ${JSON.stringify(unknown)}`,
			};
		return { value: values };
	};
}

/** The base URL the client used (the links the service gives point back to it). */
const baseOf = (req: IncomingMessage) =>
	`http://${req.headers.host ?? `${req.socket.localAddress}:${req.socket.localPort}`}`;

function listItem(state: SandboxState, t: Transaction, base: string, now: number) {
	const acknowledgmentStatus = acknowledgmentStatusAt(t, now);
	return {
		id: t.id,
		transactionType: t.transactionType,
		direction: t.direction,
		stream: t.stream,
		createdAt: iso(t.createdAt),
		businessNumber: state.businessNumberOf(t),
		senderId: t.senderId,
		receiverId: t.receiverId,
		status: t.status,
		...(acknowledgmentStatus && { acknowledgmentStatus }),
		...(answerAt(t, now) && {
			acknowledgment: { href: `${base}/v3/transactions/${t.id}/acknowledgment` },
		}),
		...(t.controlNumbers && { controlNumbers: t.controlNumbers }),
	};
}

function list(state: SandboxState, query: Record<string, unknown>, base: string): Reply {
	const limit = (query.limit as number | undefined) ?? 25;
	const offset = (query.offset as number | undefined) ?? 0;
	const now = Date.now();
	const numbers = query.businessNumber as string[] | undefined;
	const statuses = query.acknowledgmentStatus as AcknowledgmentStatus[] | undefined;
	const checks: Array<(t: Transaction) => boolean> = [];
	if (numbers) checks.push((t) => numbers.includes(state.businessNumberOf(t) ?? ''));
	if (statuses)
		checks.push((t) => statuses.includes(acknowledgmentStatusAt(t, now) as AcknowledgmentStatus));
	const page = state.store.list(
		{
			stream: query.stream as Stream | undefined,
			// Only outbound transactions have an acknowledgment status.
			direction: (query.direction ?? (statuses && 'outbound')) as Direction | undefined,
			...(checks.length && { match: (t: Transaction) => checks.every((check) => check(t)) }),
		},
		offset,
		limit,
		state.order === 'newest',
	);
	return {
		status: 200,
		body: {
			items: page.items.map((t) => listItem(state, t, base, now)),
			meta: { limit, offset, total: page.total },
		},
	};
}

function acknowledgmentReply(t: Transaction): Reply {
	const answer = answerAt(t, Date.now());
	if (!answer) return notFound(`transaction ${t.id} has no acknowledgment (yet)`);
	return {
		status: 200,
		body: {
			transactionId: t.id,
			status: answer.status,
			createdAt: iso(answer.createdAt),
			errors: answer.errors,
		},
	};
}

function messageReply(state: SandboxState, t: Transaction): Reply {
	const failing = state.faults.messageError(t.id);
	if (failing === 404)
		return errorReply(404, 'notFoundError', `the message of transaction ${t.id} was not found`);
	if (failing === 500)
		return errorReply(500, 'serverError', `the message of transaction ${t.id} cannot be read`);
	const message = state.messageOf(t);
	return typeof message === 'string'
		? { status: 200, text: message, contentType: 'application/edi-x12' }
		: { status: 200, body: message };
}

function create(state: SandboxState, body: unknown): Reply {
	const read = readCreateEnvelope(body);
	if ('errors' in read) return argumentError(read.errors);
	const { transaction, validationErrors } = state.createDocument(read.envelope);
	return {
		status: 202,
		body: validationErrors.length
			? { id: transaction.id, status: 'FAILED', detail: 'Validation failed', validationErrors }
			: { id: transaction.id, status: 'ACCEPTED', detail: '' },
	};
}

function inbox(state: SandboxState, query: Record<string, unknown>, req: IncomingMessage): Reply {
	const base = baseOf(req);
	const items = state.store.inboxPage((query.limit as number | undefined) ?? 30).map((t) => {
		const deliveryId = state.deliveryIdOf(t);
		const href = `${base}/v4/transactions/${t.id}/deliveries/${deliveryId}`;
		return {
			integrationPayloadId: state.integrationPayloadIdOf(t),
			transactionId: t.id,
			transactionType: t.transactionType,
			senderId: t.senderId,
			receiverId: t.receiverId,
			stream: t.stream,
			createdAt: iso(t.createdAt),
			message: state.messageOf(t),
			delivery: {
				deliveryId,
				status: t.status,
				href,
				accept: { href: `${href}/accept` },
				fail: { href: `${href}/fail` },
			},
		};
	});
	return { status: 200, body: items };
}

function settle(
	state: SandboxState,
	t: Transaction,
	deliveryId: string,
	outcome: 'DELIVERED' | 'FAILED',
	body: unknown,
): Reply {
	if (t.direction !== 'inbound' || state.deliveryIdOf(t) !== deliveryId)
		return notFound(`delivery ${deliveryId} not found for transaction ${t.id}`);
	const note = isObject(body) ? body.note : undefined;
	if (note === undefined)
		return argumentError([fieldError('note', 'note is required', 'requiredProperty')]);
	if (typeof note !== 'string' || note.length > NOTE_MAX)
		return argumentError([
			fieldError('note', `note must be a string of at most ${NOTE_MAX} characters`),
		]);
	if (t.status === 'SENT') {
		state.settle(t, outcome, note);
	} else if (t.status !== outcome) {
		const verb = outcome === 'DELIVERED' ? 'accepted' : 'failed';
		return errorReply(
			409,
			'conflictError',
			`delivery ${deliveryId} is already ${t.status}; it cannot be ${verb}`,
		);
	}
	// A repeat is a no-op: it answers what the first call recorded.
	return {
		status: 200,
		body: { deliveryId, transactionId: t.id, status: t.status, note: t.deliveryNote ?? note },
	};
}
