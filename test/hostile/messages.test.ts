/**
 * Get Message against a service whose content type does not match the body: the user gets the
 * document, never "[object Object]", and a body that is no message at all is a clear error.
 */
import { Poller, runNode } from '../../harness';
import { failure } from '../node/helpers';
import { json, raw, startHostileServer, type HostileServer } from './server';
import { transactionList } from '../samples';

const DOCUMENT = { purchaseOrderNumber: 'PO-7', lineItems: [{ quantity: 5 }] };
const X12 =
	'ISA*00*          *00*          *ZZ*DEMORETAIL     *ZZ*YOURCOMPANY    *261122*1030*U*00401*000000042*0*T*>~IEA*1*000000042~';
const getMessage = { resource: 'transaction', operation: 'getMessage', transactionId: '7' };
const LIST = transactionList();

let server: HostileServer;
const credentials = () => ({ baseUrl: server.url, apiToken: 'secret-token-0e4b6c2d' });
afterEach(async () => await server.stop());

test('a JSON document served as application/edi-x12 comes out as the JSON document', async () => {
	server = await startHostileServer(raw(200, 'application/edi-x12', JSON.stringify(DOCUMENT)));
	const result = await runNode({ parameters: getMessage, credentials: credentials() });
	expect(result.status).toBe('success');
	expect(result.items.map((item) => item.json)).toEqual([
		{ transactionId: 7, format: 'json', message: DOCUMENT },
	]);
});

test('X12 served as application/json comes out as the X12 text', async () => {
	server = await startHostileServer(raw(200, 'application/json', X12));
	const result = await runNode({ parameters: getMessage, credentials: credentials() });
	expect(result.items.map((item) => item.json)).toEqual([
		{
			transactionId: 7,
			format: 'x12',
			message: X12,
			// An interchange without a group has no document: said, not thrown.
			x12: { errors: ['The interchange holds no transaction set'] },
		},
	]);
});

test('an HTML page is neither: a clear error naming the content type and how it begins', async () => {
	server = await startHostileServer(
		raw(200, 'text/html', '<html><body>Welcome to nginx!</body></html>'),
	);
	const error = failure(await runNode({ parameters: getMessage, credentials: credentials() }));
	expect(error.message).toBe(
		'The service’s answer for transaction 7 is neither a JSON document nor X12 (content type text/html)',
	);
	expect(error.description).toContain('<html><body>Welcome to nginx!');
});

test('an error body is still read as the service’s error', async () => {
	server = await startHostileServer(
		json(404, { type: 'notFoundError', message: 'transaction 7 not found' }),
	);
	const error = failure(await runNode({ parameters: getMessage, credentials: credentials() }));
	expect(error.message).toBe('transaction 7 not found [notFoundError]');
});

test('the trigger with Include Message emits the JSON document served as X12 as JSON', async () => {
	server = await startHostileServer((request, res, self) =>
		(request.path === '/v3/transactions'
			? json(200, self.requests.length > 1 ? LIST : { items: [], meta: { total: 0 } })
			: raw(200, 'application/edi-x12', JSON.stringify(DOCUMENT)))(request, res, self),
	);
	const poller = new Poller(credentials(), {
		source: 'transactions',
		stream: 'test',
		transactionTypes: [],
		includeMessage: true,
		options: {},
	});
	expect(await poller.poll()).toEqual({ items: null });
	const { items } = await poller.poll();
	expect(items?.map((item) => [item.json.id, item.json.messageFormat, item.json.message])).toEqual([
		[7, 'json', DOCUMENT],
	]);
});
