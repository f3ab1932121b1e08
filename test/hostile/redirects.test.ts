/**
 * A service that redirects: the API token never leaves the Base URL's origin (another port is
 * another origin), a create or a payload submission is never redirected into a different request,
 * and the error says where the service pointed. Through both nodes and the credential test.
 */
import type { IDataObject } from 'n8n-workflow';

import { Poller, runNode, testCredential, type EdiCredentials } from '../../harness';
import { createParameters, failure } from '../node/helpers';
import { json, redirect, startHostileServer, type HostileServer } from './server';

const TOKEN = 'secret-token-3b9f1c7a8e';
const LIST = {
	items: [{ id: 7, transactionType: '850_PURCHASE_ORDER', createdAt: '2026-01-01T00:00:00.000Z' }],
	meta: { total: 1 },
};
const CREATED = { id: 99, status: 'ACCEPTED' };

let service: HostileServer;
/** Another origin, which answers whatever it is asked with success. */
let elsewhere: HostileServer;
let credentials: EdiCredentials;

beforeEach(async () => {
	elsewhere = await startHostileServer((request, res) =>
		json(200, request.method === 'GET' ? LIST : CREATED)(request, res, elsewhere),
	);
	service = await startHostileServer(redirect(302, (request) => elsewhere.url + request.path));
	credentials = { baseUrl: service.url, apiToken: TOKEN };
});
afterEach(async () => {
	await service.stop();
	await elsewhere.stop();
});

const getMany = {
	resource: 'transaction',
	operation: 'getMany',
	returnAll: false,
	limit: 5,
	filters: {},
};
const create = createParameters({
	message: JSON.stringify({ purchaseOrderNumber: 'PO-1', status: 'accepted', lineItems: [] }),
	// The create's own failure: Send Anyway skips the already-sent lookup, which would meet the
	// same server first and fail saying nothing was sent (send-once.test.ts, error-causes.test.ts).
	options: { ifAlreadySent: 'sendAnyway' },
});

function expectNothingReachedElsewhere() {
	expect(elsewhere.withToken()).toEqual([]);
	expect(elsewhere.requests).toEqual([]);
}

describe.each([301, 302, 303, 307, 308] as const)('a %i to another origin', (status) => {
	beforeEach(() => {
		service.answer = redirect(status, (request) => elsewhere.url + request.path);
	});

	test('Transaction → Get Many: an error naming where the service pointed; the token stays home', async () => {
		const result = await runNode({ parameters: getMany, credentials });
		const error = failure(result);
		expect(error.message).toContain(`redirected the request to ${elsewhere.url}/v3/transactions`);
		expect(error.description).toContain('Base URL');
		expect(error.serialized).not.toContain(TOKEN);
		expect(service.requests).toHaveLength(1);
		expectNothingReachedElsewhere();
	});

	test('Transaction → Create: an error saying the document may not have been sent; nothing is output', async () => {
		const result = await runNode({ parameters: create, credentials });
		const error = failure(result);
		expect(error.message).toContain(`redirected the request to ${elsewhere.url}/v4/transactions`);
		expect(error.description).toContain('may not have been sent');
		expect(result.items).toEqual([]);
		expect(service.requests.map((r) => r.method)).toEqual(['POST']);
		expectNothingReachedElsewhere();
	});

	test('the credential test fails without sending the token elsewhere', async () => {
		const result = await testCredential(credentials);
		expect(result.status).toBe('error');
		expect(service.requests).toHaveLength(1);
		expectNothingReachedElsewhere();
	});
});

test('Integration Payload → Submit redirected within the same origin: an error, not sent twice', async () => {
	service.answer = redirect(307, (request) => `${service.url}/moved${request.path}`);
	const result = await runNode({
		parameters: {
			resource: 'integrationPayload',
			operation: 'submit',
			format: 'json',
			transactionType: '855',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
		},
		credentials,
	});
	const error = failure(result);
	expect(error.message).toContain(
		`redirected the request to ${service.url}/moved/v2/integration-payloads`,
	);
	expect(error.description).toContain('may not have been sent');
	expect(service.requests.map((r) => r.path)).toEqual(['/v2/integration-payloads']);
});

test('a read redirected within the same origin is followed, with the token', async () => {
	service.answer = (request, res) =>
		request.path === '/v3/transactions'
			? redirect(301, `${service.url}/v3/transactions/?${new URLSearchParams(request.query)}`)(
					request,
					res,
					service,
				)
			: json(200, LIST)(request, res, service);
	const result = await runNode({ parameters: getMany, credentials });
	expect(result.status).toBe('success');
	expect(result.items.map((item) => item.json.id)).toEqual([7]);
	expect(service.requests.map((r) => [r.path, r.query.limit])).toEqual([
		['/v3/transactions', '5'],
		['/v3/transactions/', '5'],
	]);
	expect(service.withToken()).toHaveLength(2);
});

test('a same-origin accept link that redirects elsewhere: an error, the token stays home', async () => {
	service.answer = redirect(307, (request) => elsewhere.url + request.path);
	const delivery = { accept: { href: `${service.url}/v4/transactions/7/deliveries/d-1/accept` } };
	const result = await runNode({
		parameters: { resource: 'inbox', operation: 'accept', deliverySource: 'inputItem', note: 'ok' },
		credentials,
		input: [{ transactionId: 7, delivery }],
	});
	const error = failure(result);
	expect(error.message).toContain(
		`redirected the request to ${elsewhere.url}/v4/transactions/7/deliveries/d-1/accept`,
	);
	expect(service.requests).toHaveLength(1);
	expectNothingReachedElsewhere();
});

describe.each(['transactions', 'inbox'])(
	'the trigger (%s source) redirected elsewhere',
	(source) => {
		const parameters: IDataObject = {
			source,
			stream: 'test',
			transactionTypes: [],
			includeMessage: false,
			options: {},
		};

		test('fails the poll, emits nothing, keeps no state, and the token stays home', async () => {
			const poller = new Poller(credentials, parameters);
			const { items, error } = await poller.poll();
			expect(items).toBeNull();
			expect(error?.message).toContain(`redirected the request to ${elsewhere.url}/`);
			expect(poller.lastPollStaticData).toEqual({});
			expect(service.requests).toHaveLength(1);
			expectNothingReachedElsewhere();
		});
	},
);
