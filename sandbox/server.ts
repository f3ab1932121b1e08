/**
 * The HTTP server: admin calls go straight to their routes; service calls pass, in order, the
 * rate limiter, fault injection, authentication, the route, then latency and (maybe) a drop.
 * Every service response carries the rate-limit headers.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { Socket } from 'net';
import { routeAdmin } from './admin';
import { errorReply } from './http';
import { queryObject, RequestLog } from './requestLog';
import { routeService, type ServiceResult } from './service';
import type { SandboxState } from './state';
import type { Reply } from './types';

export interface ServerOptions {
	apiKey: string;
	/** Base latency of every service response; fault injection's latencyMs replaces it. */
	latencyMs: number;
	/** Resolves once every change made so far is on disk (the data file's journal). */
	durable: () => Promise<void>;
}

export class SandboxServer {
	readonly server: Server;
	readonly log = new RequestLog();
	private sockets = new Set<Socket>();
	private timers = new Set<NodeJS.Timeout>();

	constructor(
		private readonly state: SandboxState,
		private readonly options: ServerOptions,
	) {
		this.server = createServer((req, res) => {
			this.handle(req, res).catch((error) => {
				if (!res.headersSent)
					send(
						res,
						errorReply(500, 'serverError', `sandbox failure: ${(error as Error).message}`),
						{},
					);
				else res.destroy();
			});
		});
		this.server.on('connection', (socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
		});
	}

	/** Closes the server now: open keep-alive sockets and pending delayed responses included. */
	async close(): Promise<void> {
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
		for (const socket of this.sockets) socket.destroy();
		this.server.closeAllConnections();
		await closed;
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
		// The partner's delayed X12 answers arrive before anything is read.
		this.state.releaseAnswers();
		if (url.pathname === '/_sandbox' || url.pathname.startsWith('/_sandbox/')) {
			send(res, await this.persisted(await routeAdmin(this.state, this.log, req, url)), {});
			return;
		}
		await this.handleService(req, res, url);
	}

	private async handleService(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
		// Drawn at arrival, before any await, so the fault sequence follows the request order.
		const fault = this.state.faults.draw();
		const presented = req.headers['service-api-key'];
		const key = typeof presented === 'string' ? presented : '';
		const headers: Record<string, string> = {};
		const limit = this.state.limiter.consume(key);
		if (limit) {
			headers['x-ratelimit-limit'] = String(limit.limit);
			headers['x-ratelimit-remaining'] = String(limit.remaining);
			headers['x-ratelimit-reset'] = String(limit.reset);
		}

		let result: ServiceResult;
		let faultName: 'error' | 'rateLimited' | 'drop' | undefined;
		const authenticated = key !== '' && key === this.options.apiKey;
		if (limit && !limit.allowed) {
			result = {
				reply: {
					...errorReply(
						429,
						'rateLimitError',
						`rate limit of ${limit.limit} requests exceeded; retry in ${limit.reset} s`,
					),
					headers: { 'retry-after': String(limit.reset) },
				},
			};
		} else if (fault.error) {
			faultName = 'error';
			result = {
				reply:
					fault.error === 500
						? errorReply(500, 'serverError', 'internal server error (injected fault)')
						: errorReply(503, 'serverError', 'service temporarily unavailable (injected fault)'),
			};
		} else if (fault.rateLimited) {
			faultName = 'rateLimited';
			const retryAfter = this.state.faults.current.retryAfterSeconds ?? 1;
			result = {
				reply: {
					...errorReply(
						429,
						'rateLimitError',
						`rate limit exceeded (injected fault); retry in ${retryAfter} s`,
					),
					headers: { 'retry-after': String(retryAfter) },
				},
			};
		} else if (!authenticated) {
			// The message never repeats what was sent: a key must not end up in a client's logs.
			const message =
				key === ''
					? 'missing service-api-key header'
					: 'invalid API key in the service-api-key header';
			result = { reply: errorReply(401, 'authenticationError', message) };
		} else {
			result = await routeService(this.state, req, url);
			if (fault.drop) faultName = 'drop';
		}

		this.log.add({
			method: req.method ?? 'GET',
			path: url.pathname,
			query: queryObject(url.searchParams),
			status: result.reply.status,
			authenticated,
			body: result.body,
			bodyBytes: result.bodyBytes,
			...(faultName ? { fault: faultName } : {}),
		});

		const reply = await this.persisted(result.reply);
		const latency = this.state.faults.latencyMs ?? this.options.latencyMs;
		if (latency > 0) await this.sleep(latency);
		if (res.destroyed) return;
		if (faultName === 'drop') drop(res, reply, headers);
		else send(res, reply, headers);
	}

	/** Acknowledged means persisted: the reply waits until what it reports is on disk. */
	private async persisted(reply: Reply): Promise<Reply> {
		try {
			await this.options.durable();
			return reply;
		} catch (error) {
			return errorReply(500, 'serverError', `sandbox failure: ${(error as Error).message}`);
		}
	}

	private sleep(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				resolve();
			}, ms);
			this.timers.add(timer);
		});
	}
}

function encode(reply: Reply): { payload: Buffer; contentType: string } {
	if (reply.text !== undefined)
		return {
			payload: Buffer.from(reply.text, 'utf8'),
			contentType: reply.contentType ?? 'text/plain; charset=utf-8',
		};
	return {
		payload: Buffer.from(JSON.stringify(reply.body ?? null), 'utf8'),
		contentType: reply.contentType ?? 'application/json; charset=utf-8',
	};
}

/** Writes the reply's status and headers; the payload, for the caller to send. */
function writeHead(res: ServerResponse, reply: Reply, headers: Record<string, string>): Buffer {
	const { payload, contentType } = encode(reply);
	res.writeHead(reply.status, {
		...headers,
		...reply.headers,
		'content-type': contentType,
		'content-length': String(payload.length),
	});
	return payload;
}

function send(res: ServerResponse, reply: Reply, headers: Record<string, string>): void {
	const payload = writeHead(res, reply, headers);
	if (reply.drainRequest) answerThenDrain(res, payload);
	else res.end(payload);
}

/** Past this much of an upload after a 413, the connection is cut: a bound on what a refused client may make us read. */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * A client still uploading when it is refused must read the answer, not a reset: closing the
 * connection with its data unread makes the client's next write fail (EPIPE/ECONNRESET) and lose
 * the 413. So the answer goes out first, the rest of the upload is read and dropped (up to
 * DRAIN_LIMIT_BYTES), and only then does the response end and the connection close.
 */
function answerThenDrain(res: ServerResponse, payload: Buffer): void {
	const req = res.req;
	res.write(payload);
	if (req.complete) {
		res.end();
		return;
	}
	let drained = 0;
	const stop = (cut: boolean) => {
		req.off('data', onData).off('end', onEnd).off('close', onEnd);
		res.end(() => cut && res.socket?.destroy());
	};
	const onData = (chunk: Buffer) => {
		drained += chunk.length;
		if (drained > DRAIN_LIMIT_BYTES) stop(true);
	};
	const onEnd = () => stop(false);
	req.on('data', onData).on('end', onEnd).on('close', onEnd);
	req.resume();
}

/** A processed request whose answer never fully arrives: headers and half the body, then a cut. */
function drop(res: ServerResponse, reply: Reply, headers: Record<string, string>): void {
	const payload = writeHead(res, reply, headers);
	res.flushHeaders();
	res.write(payload.subarray(0, Math.floor(payload.length / 2)), () => res.socket?.destroy());
}
