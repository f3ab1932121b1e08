/**
 * Connections that fail for a reason retrying cannot fix: an https:// Base URL on a plain-http
 * service, a certificate n8n does not trust. Said in words with the fix, sent once, and a create
 * that never reached the service is not called "may or may not have been processed". Through the
 * engine against the hostile server (plain http) and a TLS server with a self-signed certificate.
 */
import { readFileSync } from 'fs';
import { createServer, type Server } from 'https';
import type { AddressInfo } from 'net';
import { join } from 'path';

import type { IDataObject } from 'n8n-workflow';

import { runNode, type RunResult } from '../../harness';
import { createParameters } from '../node/helpers';
import { json, startHostileServer, type HostileServer } from './server';

const TOKEN = 'secret-token-0b7e';
const TLS = join(__dirname, '..', 'fixtures', 'tls');

let plain: HostileServer;
let selfSigned: Server;
let selfSignedUrl: string;
let tlsRequests = 0;

beforeAll(async () => {
	plain = await startHostileServer(json(200, { items: [], meta: { total: 0 } }));
	selfSigned = createServer(
		{
			key: readFileSync(join(TLS, 'self-signed.key')),
			cert: readFileSync(join(TLS, 'self-signed.crt')),
		},
		(_req, res) => {
			tlsRequests++;
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{"items":[],"meta":{"total":0}}');
		},
	);
	await new Promise<void>((resolve) => selfSigned.listen(0, '127.0.0.1', resolve));
	selfSignedUrl = `https://127.0.0.1:${(selfSigned.address() as AddressInfo).port}`;
});
afterAll(async () => {
	await plain.stop();
	selfSigned.closeAllConnections();
	await new Promise((resolve) => selfSigned.close(resolve));
});
beforeEach(() => {
	plain.requests.length = 0;
	tlsRequests = 0;
});

const getMany = { resource: 'transaction', operation: 'getMany', limit: 5 };
const create = createParameters({
	messageSource: 'json',
	message: '{"purchaseOrderNumber":"PO-1","status":"accepted","lineItems":[]}',
	// The create's own failure: Send Anyway skips the already-sent lookup, which would meet the
	// same server first and fail saying nothing was sent (send-once.test.ts, error-causes.test.ts).
	options: { ifAlreadySent: 'sendAnyway' },
});

const run = (parameters: IDataObject, baseUrl: string) =>
	runNode({ parameters, credentials: { baseUrl, apiToken: TOKEN } });

const seen = (result: RunResult) => {
	expect(result.status).toBe('error');
	const error = result.error as Error & { description?: string; failure?: unknown };
	return {
		message: error.message,
		description: error.description ?? '',
		failure: error.failure,
		serialized: JSON.stringify(error),
	};
};

const httpsOf = (url: string) => url.replace(/^http:/, 'https:');

test('an https:// Base URL on a plain-http service: said in words with the fix, sent once', async () => {
	const error = seen(await run(getMany, httpsOf(plain.url)));
	expect(error.message).toBe(
		`The EDI Exchange service at ${httpsOf(plain.url)} does not speak HTTPS (EPROTO: wrong version number)`,
	);
	expect(error.description).toBe(
		`The Base URL begins with https://, but the service at that port answers in plain HTTP. If it is plain HTTP (as the sandbox is), set the credential’s Base URL to ${plain.url}; otherwise check the port. Not retried: trying again cannot help.`,
	);
	// The handshake is one attempt: the plain server sees one (unreadable) request, not five.
	expect(plain.requests.length).toBeLessThanOrEqual(1);
	expect(error.failure).toEqual({ cause: 'configuration-invalid' });
	expect(error.serialized).not.toContain(TOKEN);
});

test('a create against an https:// Base URL on a plain-http service was not sent: no "may or may not"', async () => {
	const error = seen(await run(create, httpsOf(plain.url)));
	expect(error.message).toBe(
		`The EDI Exchange service at ${httpsOf(plain.url)} does not speak HTTPS (EPROTO: wrong version number)`,
	);
	expect(error.description).toContain(
		'The request never reached the service, so nothing was sent: running it again is safe.',
	);
	expect(error.description).not.toContain('may or may not');
});

test('a self-signed certificate: said in words with the fix, not retried', async () => {
	const error = seen(await run(getMany, selfSignedUrl));
	expect(error.message).toBe(
		`The EDI Exchange service’s certificate at ${selfSignedUrl} is self-signed, so n8n does not trust it (DEPTH_ZERO_SELF_SIGNED_CERT)`,
	);
	expect(error.description).toContain('Not retried: trying again cannot help.');
	expect(error.failure).toEqual({ cause: 'configuration-invalid' });
	expect(tlsRequests).toBe(0);
});

test('a create to an address where nothing answers: nothing reached the service, no "may or may not"', async () => {
	const closed = await startHostileServer(json(200, {}));
	const url = closed.url;
	await closed.stop();
	const error = seen(await run(create, url));
	expect(error.message).toBe(
		'The connection to the EDI Exchange service failed: nothing answers at the Base URL (ECONNREFUSED)',
	);
	expect(error.description).toBe(
		'The request never reached the service, so nothing was sent: running it again is safe. Check the credential’s Base URL and that the service is reachable.',
	);
});
