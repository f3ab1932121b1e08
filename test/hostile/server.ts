/**
 * Tiny misbehaving servers on 127.0.0.1 (port 0) for tests: they redirect, echo headers, answer
 * bodies that are not what the contract promises, dribble bytes or stall. Each records the
 * requests it received, headers included, so a test can tell which server saw the API token.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';

export interface ReceivedRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

/** Answers one request; `request` is the recorded form (body read in full). */
export type Answer = (
	request: ReceivedRequest,
	res: ServerResponse,
	server: HostileServer,
) => void | Promise<void>;

export interface HostileServer {
	/** `http://127.0.0.1:PORT`, no trailing slash. */
	url: string;
	requests: ReceivedRequest[];
	/** Replaces the answer for the following requests. */
	answer: Answer;
	/** Requests that carried the `service-api-key` header. */
	withToken(): ReceivedRequest[];
	/** Runs `tick` every `ms` while `res` is open and the server runs. */
	repeat(res: ServerResponse, ms: number, tick: () => void): void;
	stop(): Promise<void>;
}

export async function startHostileServer(answer: Answer): Promise<HostileServer> {
	const timers = new Set<NodeJS.Timeout>();
	const server = createServer((req: IncomingMessage, res: ServerResponse) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			const request: ReceivedRequest = {
				method: req.method ?? 'GET',
				path: url.pathname,
				query: Object.fromEntries(url.searchParams),
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			};
			hostile.requests.push(request);
			void Promise.resolve(hostile.answer(request, res, hostile)).catch(() => res.destroy());
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const hostile: HostileServer = {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		requests: [],
		answer,
		withToken: () => hostile.requests.filter((r) => r.headers['service-api-key'] !== undefined),
		repeat: (res, ms, tick) => {
			const timer = setInterval(tick, ms);
			timers.add(timer);
			res.on('close', () => {
				clearInterval(timer);
				timers.delete(timer);
			});
		},
		stop: async () => {
			timers.forEach((timer) => clearInterval(timer));
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
	return hostile;
}

/** A JSON answer (any value, `null` included). */
export const json =
	(status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
	(_request, res) => {
		res.writeHead(status, { 'content-type': 'application/json', ...headers });
		res.end(JSON.stringify(body));
	};

/** A raw answer: the body exactly as given, with the content type given. */
export const raw =
	(
		status: number,
		contentType: string,
		body: string | Buffer,
		headers: Record<string, string> = {},
	): Answer =>
	(_request, res) => {
		res.writeHead(status, { 'content-type': contentType, ...headers });
		res.end(body);
	};

/** Redirects to `target` (a full URL or a function of the request), as a moved service would. */
export const redirect =
	(
		status: 301 | 302 | 303 | 307 | 308,
		target: string | ((request: ReceivedRequest) => string),
	): Answer =>
	(request, res) => {
		res.writeHead(status, {
			location: typeof target === 'string' ? target : target(request),
			'content-type': 'text/html',
		});
		res.end('<html><body>Moved</body></html>');
	};

/** An error that echoes the request's headers back, as some gateways do. */
export const echoHeaders =
	(status: number): Answer =>
	(request, res) => {
		const headers = JSON.stringify(request.headers);
		res.writeHead(status, {
			'content-type': 'application/json',
			'x-echo': String(request.headers['service-api-key'] ?? ''),
		});
		res.end(
			JSON.stringify({
				type: 'gatewayError',
				message: `gateway refused the request with headers ${headers}`,
				errors: [{ ref: 'headers', message: headers }],
				headers: request.headers,
			}),
		);
	};

/** Headers at once, then one byte every `ms` (a JSON array that never ends in time). */
export const dribble =
	(ms: number, status = 200): Answer =>
	(_request, res, server) => {
		res.writeHead(status, { 'content-type': 'application/json' });
		res.write('[');
		server.repeat(res, ms, () => res.write(' '));
	};

/** Headers at once, then nothing: the body never comes. */
export const stallAfterHeaders =
	(status = 200): Answer =>
	(_request, res) => {
		res.writeHead(status, { 'content-type': 'application/json' });
		res.flushHeaders();
	};
