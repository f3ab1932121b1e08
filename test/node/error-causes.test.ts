/**
 * Errors that name the real cause, through the engine against the sandbox: an expression that
 * fails inside a JSON field, a 404 from a Base URL with a wrong path (for routes without an id),
 * an id too large for the service. Each failed before the change with a hint pointing elsewhere.
 */
import { PO_77 } from '../orderToCash/order';
import { createParameters, failure, useNodeSandbox } from './helpers';

const sb = useNodeSandbox();

/** Create of an 855 whose Message is `text`. */
const message = (text: string) =>
	createParameters({ stream: 'test', messageSource: 'json', message: text });

describe('an expression that fails inside a JSON field', () => {
	test('Acknowledgment (855) naming a node that is not there: the expression failed, and why', async () => {
		const result = await sb.run(
			{
				resource: 'transaction',
				operation: 'create',
				documentType: '856_SHIP_NOTICE_MANIFEST',
				stream: 'test',
				messageSource: 'build',
				purchaseOrder: '={{ $json }}',
				acknowledgment: "={{ $('Create 855').item.json.message }}",
			},
			{ input: [PO_77] },
		);
		const error = failure(result);
		expect(error.message).toBe(
			"The expression in Acknowledgment (855) failed: Referenced node doesn't exist",
		);
		expect(error.description).toBe(
			'It refers to the node "Create 855", which is not in this workflow (renamed or deleted?). Change the expression to the node’s current name.',
		);
		expect(error.message + error.description).not.toMatch(/valid JSON|quotes|commas/);
		expect(await sb.requests()).toEqual([]);
	});

	test('Message whose expression has a syntax error: the expression failed, not "not valid JSON"', async () => {
		const result = await sb.run(message('={{ $json.order. }}'));
		const error = failure(result);
		expect(error.message).toMatch(/^The expression in Message failed: /);
		expect(error.message + error.description).not.toMatch(/valid JSON|quotes|commas/);
		expect(await sb.requests()).toEqual([]);
	});

	test('text that is not JSON is still said to be not JSON', async () => {
		const result = await sb.run(message('{"purchaseOrderNumber": "PO-1",}'));
		expect(failure(result).message).toMatch(/^Message is not valid JSON: /);
	});
});

describe('a 404 from a Base URL with a path the service does not have', () => {
	const onApi = () => ({ credentials: { baseUrl: `${sb.baseUrl}/api` } });
	const hint = () =>
		`The Base URL ends in the path /api, and the service has nothing there: its routes begin at its root. Set the credential’s Base URL to ${sb.baseUrl} (without /api).`;

	test.each([
		['Transaction → Get Many', { resource: 'transaction', operation: 'getMany', limit: 5 }],
		[
			'Transaction → Create',
			message('{"purchaseOrderNumber":"PO-1","status":"accepted","lineItems":[]}'),
		],
		['Inbox → Get Many', { resource: 'inbox', operation: 'getMany', limit: 5 }],
		[
			'Integration Payload → Submit',
			{
				resource: 'integrationPayload',
				operation: 'submit',
				format: 'json',
				transactionType: '855',
				senderId: 'YOURCOMPANY',
				receiverId: 'DEMORETAIL',
				segments: '[["BAK", "00", "AC", "PO-1", "20261122"]]',
			},
		],
	])('%s points at the Base URL’s path, not at a transaction id', async (name, parameters) => {
		const result = await sb.run(parameters, onApi());
		const error = failure(result);
		// Create's first request is its already-sent lookup (send once): it says nothing was sent.
		const before =
			name === 'Transaction → Create'
				? 'Create looks up whether the document was already sent before sending it; the lookup failed, so nothing was sent. '
				: '';
		expect(error.description).toBe(`${before}${hint()}`);
		expect(error.description).not.toContain('transaction id');
	});

	test('Get Message (a route with an id) keeps the id hint', async () => {
		const error = failure(
			await sb.run({ resource: 'transaction', operation: 'getMessage', transactionId: '999' }),
		);
		expect(error.description).toContain('Check the transaction id');
	});
});

test('an id beyond the largest the service’s ids can be is "too large", and nothing is sent', async () => {
	const error = failure(
		await sb.run({
			resource: 'transaction',
			operation: 'getMessage',
			transactionId: '9007199254740993',
		}),
	);
	expect(error.message).toBe(
		'The transaction ID "9007199254740993" is too large: transaction ids go up to 9007199254740991',
	);
	expect(await sb.requests()).toEqual([]);
});
