/**
 * The words of TLS failures that no local server can produce through n8n (its request helper
 * trusts only the system's authorities, so a certificate for another host fails as self-signed
 * first): a host the certificate does not name, an expired certificate. The engine tests in
 * test/hostile/connection-causes.test.ts cover https:// on plain http and a self-signed certificate.
 */
import type { INode } from 'n8n-workflow';

import { connectionError } from '../../nodes/EdiExchange/transport/errors';
import { ROUTES } from '../../nodes/EdiExchange/transport/routes';

const NODE: INode = {
	id: '1',
	name: 'EDI Exchange',
	type: 'ediExchange',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const BASE = 'https://10.0.0.7';

test('a certificate that does not name the Base URL’s host: which names it has, and the fix', () => {
	const error = connectionError(NODE, ROUTES.createTransaction, {
		code: 'ERR_TLS_CERT_ALTNAME_INVALID',
		detail:
			"Hostname/IP does not match certificate's altnames: IP: 10.0.0.7 is not in the cert's altnames: DNS:api.example.com",
		attempts: 1,
		baseUrl: BASE,
	});
	expect(error.message).toBe(
		'The EDI Exchange service’s certificate is not issued for 10.0.0.7, the Base URL’s host (ERR_TLS_CERT_ALTNAME_INVALID)',
	);
	expect(error.description).toBe(
		'The request never reached the service, so nothing was sent: running it again is safe. It names DNS:api.example.com. Set the Base URL to a host name the certificate is issued for: usually the service’s public name, not an IP address or an internal alias. Not retried: trying again cannot help.',
	);
	expect(error.failure).toEqual({ cause: 'configuration-invalid' });
});

test('an expired certificate: only the service can renew it', () => {
	const error = connectionError(NODE, ROUTES.listTransactions, {
		code: 'CERT_HAS_EXPIRED',
		detail: 'certificate has expired',
		attempts: 1,
		baseUrl: BASE,
	});
	expect(error.message).toBe(
		'The EDI Exchange service’s certificate at https://10.0.0.7 has expired (CERT_HAS_EXPIRED)',
	);
	expect(error.description).toBe(
		'Only the service can renew its certificate; if n8n’s clock is wrong, correct it. Not retried: trying again cannot help.',
	);
});
