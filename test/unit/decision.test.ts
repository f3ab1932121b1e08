/**
 * The transport's retry / redirect / 429 / deadline decision, from a table: one pure function of
 * the route, the attempt so far and its outcome, with no server and no clock.
 */
import {
	connectionLoss,
	decide,
	firstAttempt,
	timeLeft,
	type Attempt,
	type CallRules,
	type Decision,
	type Outcome,
} from '../../nodes/EdiExchange/transport/decision';
import { RETRY_POLICY } from '../../nodes/EdiExchange/transport/retryPolicy';
import { ROUTES } from '../../nodes/EdiExchange/transport/routes';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const BASE = 'https://api.example.com';
const LIST_URL = `${BASE}/v3/transactions`;

const read: CallRules = {
	route: ROUTES.listTransactions,
	retry: true,
	origin: BASE,
	deadline: Infinity,
};
const create: CallRules = { ...read, route: ROUTES.createTransaction };
const accept: CallRules = { ...read, route: ROUTES.acceptDelivery };

const answer = (statusCode: number, headers: Record<string, string> = {}, body: unknown = {}) =>
	({ kind: 'answer', statusCode, headers, body }) as const satisfies Outcome;
const lost: Outcome = { kind: 'lost', code: 'ECONNRESET', detail: 'socket hang up' };
const refused: Outcome = {
	kind: 'lost',
	code: 'ECONNREFUSED',
	detail: 'connect ECONNREFUSED 127.0.0.1:1',
};
const wrongVersion: Outcome = {
	kind: 'lost',
	code: 'EPROTO',
	detail: 'error:0A00010B:SSL routines:ssl3_get_record:wrong version number',
};
const at = (extra: Partial<Attempt>): Attempt => ({ ...firstAttempt(LIST_URL), ...extra });

interface Row {
	rules?: CallRules;
	attempt?: Attempt;
	outcome: Outcome;
	decision: Decision;
}

const ROWS: Record<string, Row> = {
	'200 of a read: done': { outcome: answer(200), decision: { action: 'done' } },
	'201 of a create: done': {
		rules: create,
		outcome: answer(201),
		decision: { action: 'done' },
	},
	'200 whose body is not what was expected: fail, naming what was expected': {
		rules: { ...read, expect: { what: 'the transaction list', matches: Array.isArray } },
		outcome: answer(200, {}, '<html>'),
		decision: {
			action: 'fail',
			failure: { kind: 'unexpectedBody', what: 'the transaction list', body: '<html>' },
		},
	},
	'500 of a read: wait 250 ms, then send again': {
		outcome: answer(500),
		decision: { action: 'wait', ms: 250, next: at({ failures: 1 }) },
	},
	'503 of a read after two failures: wait 1 s (backoff doubles)': {
		attempt: at({ failures: 2 }),
		outcome: answer(503),
		decision: { action: 'wait', ms: 1000, next: at({ failures: 3 }) },
	},
	'500 of a read after four failures: fail, counting five attempts': {
		attempt: at({ failures: 4 }),
		outcome: answer(500, {}, { message: 'boom' }),
		decision: {
			action: 'fail',
			failure: { kind: 'service', statusCode: 500, body: { message: 'boom' }, attempts: 5 },
		},
	},
	'500 of a create: fail at once, never sent again': {
		rules: create,
		outcome: answer(500),
		decision: {
			action: 'fail',
			failure: { kind: 'service', statusCode: 500, body: {}, attempts: 1 },
		},
	},
	'500 of an accept the caller retries later itself (retry false): fail at once': {
		rules: { ...accept, retry: false },
		outcome: answer(500),
		decision: {
			action: 'fail',
			failure: { kind: 'service', statusCode: 500, body: {}, attempts: 1 },
		},
	},
	'500 of a read when the backoff would pass the deadline: fail': {
		rules: { ...read, deadline: NOW + 200 },
		outcome: answer(500),
		decision: {
			action: 'fail',
			failure: { kind: 'service', statusCode: 500, body: {}, attempts: 1 },
		},
	},
	'lost connection of a read: wait 250 ms, then send again': {
		outcome: lost,
		decision: { action: 'wait', ms: 250, next: at({ failures: 1 }) },
	},
	'lost connection of a create: fail, not sent again': {
		rules: create,
		outcome: lost,
		decision: {
			action: 'fail',
			failure: { kind: 'connection', code: 'ECONNRESET', detail: 'socket hang up', attempts: 1 },
		},
	},
	'refused connection of a read: wait 250 ms, then send again (the service may be starting)': {
		outcome: refused,
		decision: { action: 'wait', ms: 250, next: at({ failures: 1 }) },
	},
	'https:// on a plain-http port (EPROTO) of a read: fail at once, retrying cannot help': {
		outcome: wrongVersion,
		decision: {
			action: 'fail',
			failure: { kind: 'connection', code: 'EPROTO', detail: wrongVersion.detail, attempts: 1 },
		},
	},
	'a self-signed certificate of a read: fail at once': {
		outcome: {
			kind: 'lost',
			code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
			detail: 'self-signed certificate',
		},
		decision: {
			action: 'fail',
			failure: {
				kind: 'connection',
				code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
				detail: 'self-signed certificate',
				attempts: 1,
			},
		},
	},
	'an unknown host name of a read: fail at once': {
		outcome: { kind: 'lost', code: 'ENOTFOUND', detail: 'getaddrinfo ENOTFOUND api.exampel.com' },
		decision: {
			action: 'fail',
			failure: {
				kind: 'connection',
				code: 'ENOTFOUND',
				detail: 'getaddrinfo ENOTFOUND api.exampel.com',
				attempts: 1,
			},
		},
	},
	'no complete answer in time: fail, never repeated, even for a read': {
		outcome: { kind: 'timedOut', ms: 60_000, limitedBy: 'timeout' },
		decision: { action: 'fail', failure: { kind: 'timeout', ms: 60_000, limitedBy: 'timeout' } },
	},
	'429 with Retry-After 2: wait 2 s': {
		outcome: answer(429, { 'retry-after': '2' }),
		decision: { action: 'wait', ms: 2000, next: at({ rateLimitWaits: 1 }) },
	},
	'429 of a create: waited out too (a 429 was not processed)': {
		rules: create,
		outcome: answer(429, { 'retry-after': '1' }),
		decision: { action: 'wait', ms: 1000, next: at({ rateLimitWaits: 1 }) },
	},
	'429 with a Retry-After date 30 s ahead: wait 30 s': {
		outcome: answer(429, { 'retry-after': new Date(NOW + 30_000).toUTCString() }),
		decision: { action: 'wait', ms: 30_000, next: at({ rateLimitWaits: 1 }) },
	},
	'429 without Retry-After: wait 1 s': {
		outcome: answer(429),
		decision: { action: 'wait', ms: 1000, next: at({ rateLimitWaits: 1 }) },
	},
	'429 asking for more than 60 s: fail at once': {
		outcome: answer(429, { 'retry-after': '61' }),
		decision: {
			action: 'fail',
			failure: { kind: 'service', statusCode: 429, body: {}, attempts: 1, retryAfterMs: 61000 },
		},
	},
	'429 whose wait would pass the deadline: fail at once': {
		rules: { ...read, deadline: NOW + 1500 },
		outcome: answer(429, { 'retry-after': '2' }),
		decision: {
			action: 'fail',
			failure: { kind: 'service', statusCode: 429, body: {}, attempts: 1, retryAfterMs: 2000 },
		},
	},
	'the sixth 429 in a row: fail': {
		attempt: at({ rateLimitWaits: 5 }),
		outcome: answer(429, { 'retry-after': '1' }),
		decision: {
			action: 'fail',
			failure: { kind: 'service', statusCode: 429, body: {}, attempts: 1, retryAfterMs: 1000 },
		},
	},
	'302 of a read within the origin: follow it': {
		outcome: answer(302, { location: '/v3/transactions?offset=0' }),
		decision: {
			action: 'follow',
			next: at({ url: `${BASE}/v3/transactions?offset=0`, redirects: 1 }),
		},
	},
	'302 of a read to another host: fail (the token goes nowhere else)': {
		outcome: answer(302, { location: 'https://elsewhere.example.net/v3/transactions' }),
		decision: {
			action: 'fail',
			failure: {
				kind: 'redirect',
				redirect: { status: 302, location: 'https://elsewhere.example.net/v3/transactions' },
				redirects: 0,
			},
		},
	},
	'302 of a create: fail (it would turn into a GET)': {
		rules: create,
		outcome: answer(302, { location: '/v4/transactions/9' }),
		decision: {
			action: 'fail',
			failure: {
				kind: 'redirect',
				redirect: { status: 302, location: `${BASE}/v4/transactions/9` },
				redirects: 0,
			},
		},
	},
	'307 of an accept (a POST safe to repeat): follow it': {
		rules: accept,
		outcome: answer(307, { location: '/v4/transactions/1/deliveries/d/accept' }),
		decision: {
			action: 'follow',
			next: at({ url: `${BASE}/v4/transactions/1/deliveries/d/accept`, redirects: 1 }),
		},
	},
	'the sixth redirect in a row: fail': {
		attempt: at({ redirects: 5 }),
		outcome: answer(302, { location: '/v3/transactions' }),
		decision: {
			action: 'fail',
			failure: { kind: 'redirect', redirect: { status: 302, location: LIST_URL }, redirects: 5 },
		},
	},
	'3xx without a Location: fail with the status': {
		outcome: answer(304),
		decision: {
			action: 'fail',
			failure: { kind: 'service', statusCode: 304, body: {}, attempts: 1 },
		},
	},
	'404: fail at once, even for a read': {
		outcome: answer(404, {}, { message: 'not found' }),
		decision: {
			action: 'fail',
			failure: { kind: 'service', statusCode: 404, body: { message: 'not found' }, attempts: 1 },
		},
	},
};

test.each(Object.entries(ROWS))('%s', (_name, row) => {
	const decision = decide(
		RETRY_POLICY,
		row.rules ?? read,
		row.attempt ?? firstAttempt(LIST_URL),
		row.outcome,
		NOW,
	);
	expect(decision).toEqual(row.decision);
});

test('the decision reads its numbers from the policy it is given', () => {
	const patient = { ...RETRY_POLICY, maxRetries: 10, backoffMs: 10, maxRetryAfterSeconds: 120 };
	expect(decide(patient, read, at({ failures: 6 }), answer(500), NOW)).toEqual({
		action: 'wait',
		ms: 640,
		next: at({ failures: 7 }),
	});
	expect(
		decide(patient, read, firstAttempt(LIST_URL), answer(429, { 'retry-after': '90' }), NOW),
	).toEqual({ action: 'wait', ms: 90_000, next: at({ rateLimitWaits: 1 }) });
});

test.each([
	['the Timeout when the deadline is far', NOW + 600_000, { ms: 60_000, limitedBy: 'timeout' }],
	['no deadline: the Timeout', Infinity, { ms: 60_000, limitedBy: 'timeout' }],
	['what is left of a nearer deadline', NOW + 5_000, { ms: 5_000, limitedBy: 'deadline' }],
	['nothing once the deadline has passed', NOW - 1, { ms: -1, limitedBy: 'deadline' }],
])('time for the next request: %s', (_name, deadline, expected) => {
	expect(timeLeft(NOW, deadline, 60_000)).toEqual(expected);
});

test.each([
	['EPROTO', { reached: false, retryable: false, tls: true }],
	['ERR_SSL_WRONG_VERSION_NUMBER', { reached: false, retryable: false, tls: true }],
	['DEPTH_ZERO_SELF_SIGNED_CERT', { reached: false, retryable: false, tls: true }],
	['SELF_SIGNED_CERT_IN_CHAIN', { reached: false, retryable: false, tls: true }],
	['ERR_TLS_CERT_ALTNAME_INVALID', { reached: false, retryable: false, tls: true }],
	['CERT_HAS_EXPIRED', { reached: false, retryable: false, tls: true }],
	['UNABLE_TO_VERIFY_LEAF_SIGNATURE', { reached: false, retryable: false, tls: true }],
	['ECONNREFUSED', { reached: false, retryable: true, tls: false }],
	['EAI_AGAIN', { reached: false, retryable: true, tls: false }],
	['ENOTFOUND', { reached: false, retryable: false, tls: false }],
	['ECONNRESET', { reached: true, retryable: true, tls: false }],
	['ERR_BAD_RESPONSE', { reached: true, retryable: true, tls: false }],
	['', { reached: true, retryable: true, tls: false }],
])('a lost connection with code %j: %j', (code, loss) => {
	expect(connectionLoss(code)).toEqual(loss);
});
