/** Admin calls under /_sandbox (no API key): the contract's table, plus a few read-backs. */
import type { IncomingMessage } from 'http';
import { readAcknowledgmentSettings } from './acknowledgments';
import { validateFaultConfig } from './faults';
import { argumentError, fieldError, isObject, notFound, readJsonBody } from './http';
import { isRateLimitConfig } from './rateLimit';
import { resend850, send860 } from './resend';
import type { RequestLog } from './requestLog';
import type { SandboxState } from './state';
import type { FieldError, RateLimitConfig, Reply } from './types';
import { layoutOf, layoutProblems } from './x12/layout';

const BULK_TYPES = ['850', '855', '856', '810', '846', '860'];
const BULK_FIELDS = ['count', 'transactionType', 'direction', 'stream', 'createdAt'];
const MAX_BULK = 1_000_000;

export async function routeAdmin(
	state: SandboxState,
	log: RequestLog,
	req: IncomingMessage,
	url: URL,
): Promise<Reply> {
	const route = `${req.method} ${url.pathname}`;
	const withBody = async (run: (body: Record<string, unknown>) => Reply): Promise<Reply> => {
		const body = await readJsonBody(req, false);
		if (body.kind === 'error') return body.reply;
		const value = body.kind === 'json' ? body.value : {};
		return isObject(value)
			? run(value)
			: argumentError([fieldError('body', 'body must be a JSON object')]);
	};
	switch (route) {
		case 'POST /_sandbox/partner/send-850':
			return withBody((body) => resend850(state, body));
		case 'POST /_sandbox/partner/send-860':
			return withBody((body) => send860(state, body));
		case 'GET /_sandbox/scorecard':
			return { status: 200, body: state.scorecard.view() };
		case 'POST /_sandbox/transactions':
			return withBody((body) => bulkInsert(state, body));
		case 'GET /_sandbox/faults':
			return { status: 200, body: state.faults.current };
		case 'PUT /_sandbox/faults':
			return withBody((body) => {
				const errors = validateFaultConfig(body);
				if (errors.length) return argumentError(errors.map((e) => fieldError(e.ref, e.message)));
				state.faults.set(body);
				return { status: 200, body: state.faults.current };
			});
		case 'GET /_sandbox/config':
			return { status: 200, body: configOf(state) };
		case 'PUT /_sandbox/config':
			return withBody((body) => configure(state, body));
		case 'GET /_sandbox/requests':
			return { status: 200, body: log.list() };
		case 'DELETE /_sandbox/requests':
			return { status: 200, body: { cleared: log.clear() } };
		case 'POST /_sandbox/reset':
			state.reset();
			log.clear();
			return { status: 200, body: { reset: true } };
		default:
			return notFound(`no such admin call: ${req.method} ${url.pathname}`);
	}
}

function bulkInsert(state: SandboxState, body: Record<string, unknown>): Reply {
	const errors: FieldError[] = Object.keys(body)
		.filter((key) => !BULK_FIELDS.includes(key))
		.map((key) => fieldError(key, `property ${key} should not exist`, 'unknownProperty'));
	const {
		count,
		transactionType = '850',
		direction = 'inbound',
		stream = 'test',
		createdAt,
	} = body;
	if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > MAX_BULK)
		errors.push(fieldError('count', `count must be an integer from 1 to ${MAX_BULK}`));
	if (typeof transactionType !== 'string' || !BULK_TYPES.includes(transactionType))
		errors.push(
			fieldError('transactionType', `transactionType must be one of ${BULK_TYPES.join(', ')}`),
		);
	if (direction !== 'inbound' && direction !== 'outbound')
		errors.push(fieldError('direction', 'direction must be inbound or outbound'));
	if (stream !== 'test' && stream !== 'live')
		errors.push(fieldError('stream', 'stream must be test or live'));
	const created =
		createdAt === undefined
			? undefined
			: typeof createdAt === 'string'
				? Date.parse(createdAt)
				: NaN;
	if (created !== undefined && Number.isNaN(created))
		errors.push(fieldError('createdAt', 'createdAt must be an ISO 8601 timestamp'));
	if (errors.length) return argumentError(errors);
	const result = state.bulkInsert({
		count: count as number,
		transactionType: transactionType as string,
		direction: direction as 'inbound' | 'outbound',
		stream: stream as 'test' | 'live',
		createdAt: created,
	});
	return { status: 201, body: result };
}

const configOf = (state: SandboxState) => ({
	order: state.order,
	rateLimit: state.limiter.current,
	inboundFormat: state.inboundFormat,
	acknowledgments: state.acknowledgments,
	// The layout only shapes X12 the partner writes: shown in the X12 mode (settable in either).
	...(state.inboundFormat === 'x12' && { x12Layout: state.x12Layout }),
});

const CONFIG_FIELDS = ['order', 'rateLimit', 'inboundFormat', 'x12Layout', 'acknowledgments'];

function configure(state: SandboxState, body: Record<string, unknown>): Reply {
	const errors: FieldError[] = [];
	for (const key of Object.keys(body)) {
		if (!CONFIG_FIELDS.includes(key))
			errors.push(fieldError(key, `property ${key} should not exist`, 'unknownProperty'));
	}
	if ('order' in body && body.order !== 'newest' && body.order !== 'oldest')
		errors.push(fieldError('order', 'order must be newest or oldest'));
	if ('inboundFormat' in body && body.inboundFormat !== 'json' && body.inboundFormat !== 'x12')
		errors.push(fieldError('inboundFormat', 'inboundFormat must be json or x12'));
	if ('x12Layout' in body)
		errors.push(
			...layoutProblems(body.x12Layout).map(([ref, message]) => fieldError(ref, message)),
		);
	if ('rateLimit' in body && body.rateLimit !== null && !isRateLimitConfig(body.rateLimit)) {
		errors.push(
			fieldError(
				'rateLimit',
				'rateLimit must be null or { requests: integer ≥ 1, windowSeconds: number > 0 }',
			),
		);
	}
	const acknowledgments =
		'acknowledgments' in body ? readAcknowledgmentSettings(body.acknowledgments) : undefined;
	if (acknowledgments && 'errors' in acknowledgments) errors.push(...acknowledgments.errors);
	if (errors.length) return argumentError(errors);
	if (acknowledgments && 'settings' in acknowledgments)
		state.acknowledgments = acknowledgments.settings;
	if ('order' in body) state.order = body.order as 'newest' | 'oldest';
	if ('rateLimit' in body) state.limiter.configure(body.rateLimit as RateLimitConfig | null);
	if ('inboundFormat' in body) state.inboundFormat = body.inboundFormat as 'json' | 'x12';
	if ('x12Layout' in body) state.x12Layout = layoutOf(body.x12Layout)!;
	return { status: 200, body: configOf(state) };
}
