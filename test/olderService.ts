/**
 * A service without this contract's newer parts, in front of a sandbox: it forwards everything,
 * except that it refuses the list filters it is told to (400 argumentError naming the parameter,
 * as the contract says an older service does) and, if told, has no acknowledgment endpoint (404).
 * For the tests of a client that must still work against such a service.
 */
import { createServer, request, type Server } from 'http';
import type { AddressInfo } from 'net';

export class OlderService {
	/** List query parameters answered with 400 "property … should not exist". */
	refuse: string[] = [];

	/** GET …/acknowledgment answers 404, as on a service without the endpoint. */
	noAcknowledgments = false;

	baseUrl = '';

	private server?: Server;

	/** The sandbox's base URL, where everything else is forwarded. */
	constructor(public target: string) {}

	async start(): Promise<void> {
		const target = new URL(this.target);
		this.server = createServer((req, res) => {
			const url = new URL(req.url ?? '/', 'http://x');
			const refused = this.refuse.find((name) => url.searchParams.has(name));
			const json = (status: number, body: unknown) =>
				res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
			if (refused && url.pathname === '/v3/transactions') {
				json(400, {
					type: 'argumentError',
					message: 'Invalid query',
					errors: [
						{
							type: 'argumentError',
							ref: refused,
							message: `property ${refused} should not exist`,
						},
					],
				});
				return;
			}
			if (this.noAcknowledgments && /\/acknowledgment$/.test(url.pathname)) {
				json(404, { type: 'notFoundError', message: 'Cannot GET ' + url.pathname });
				return;
			}
			const forwarded = request(
				{
					host: target.hostname,
					port: target.port,
					method: req.method,
					path: req.url,
					headers: req.headers,
				},
				(answer) => {
					res.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(res);
				},
			);
			req.pipe(forwarded);
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	async stop(): Promise<void> {
		await new Promise((resolve) => this.server?.close(resolve));
	}
}

/**
 * One older service per test file, in front of the sandbox `target()` names (read once the
 * sandbox runs); reset to forward everything before each test.
 */
export function useOlderService(target: () => string): OlderService {
	const older = new OlderService('');
	beforeAll(async () => {
		older.target = target();
		await older.start();
	});
	afterAll(async () => older.stop());
	beforeEach(() => {
		older.refuse = [];
		older.noAcknowledgments = false;
	});
	return older;
}
