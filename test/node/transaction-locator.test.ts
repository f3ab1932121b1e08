/**
 * Transaction IDs as resource locators (version 1.1): the values the editor stores (From List, By
 * ID, an expression) and plain values from version 1 nodes and hand-written workflows are all
 * read; "From List" searches recent transactions on the service.
 */
import type { IDataObject } from 'n8n-workflow';

import { listSearch } from '../../harness';
import { failure, useNodeSandbox } from './helpers';

const sb = useNodeSandbox();

const getMessage = (transactionId: unknown) =>
	({ resource: 'transaction', operation: 'getMessage', transactionId }) as IDataObject;
const locator = (mode: string, value: unknown) => ({ __rl: true, mode, value });

/** The transaction ids whose message reached the server. */
async function messagesRead(): Promise<string[]> {
	return (await sb.requests())
		.filter((r) => r.method === 'GET' && r.path.endsWith('/message'))
		.map((r) => r.path.split('/')[3]);
}

describe('Get Message reads the transaction ID', () => {
	beforeEach(async () => {
		await sb.admin('POST', '/partner/send-850'); // transaction 2
		await sb.clearRequests();
	});

	test.each([
		['From List (version 1.1)', locator('list', '2'), 1.1, {}],
		['By ID (version 1.1)', locator('id', ' 2 '), 1.1, {}],
		['By ID holding an expression (version 1.1)', locator('id', '={{ $json.id }}'), 1.1, { id: 2 }],
		['a plain string in a version 1.1 node', '2', 1.1, {}],
		['a plain string (version 1)', '2', 1, {}],
		['a plain number (version 1)', 2, 1, {}],
		['an expression (version 1)', '={{ $json.transactionId }}', 1, { transactionId: 2 }],
	])('%s', async (_name, transactionId, typeVersion, input) => {
		const result = await sb.run(getMessage(transactionId), { typeVersion, input: [input] });
		expect(result.status).toBe('success');
		expect(result.items[0].json).toEqual(
			expect.objectContaining({ transactionId: 2, format: 'json' }),
		);
		expect(await messagesRead()).toEqual(['2']);
	});

	test('By ID holding no valid ID: n8n refuses the workflow with the mode’s message, nothing is sent', async () => {
		await expect(sb.run(getMessage(locator('id', '2x')))).rejects.toThrow(
			/A transaction ID is a positive whole number, e.g. 1042/,
		);
		expect(await sb.requests()).toEqual([]);
	});

	test('an expression giving no valid ID is refused by the node before anything is sent', async () => {
		const { message, description } = failure(
			await sb.run(getMessage(locator('id', '={{ $json.id }}')), { input: [{ id: 'PO-7' }] }),
		);
		expect(message).toBe('The transaction ID "PO-7" is not a positive whole number');
		expect(description).toMatch(/\{\{ \$json\.id \}\}/);
		expect(await sb.requests()).toEqual([]);
	});
});

test('Accept By ID takes the transaction from a locator', async () => {
	const inbox = await sb.run({ resource: 'inbox', operation: 'getMany', limit: 10 });
	const item = inbox.items[0].json as { transactionId: number; delivery: { deliveryId: string } };
	const result = await sb.run({
		resource: 'inbox',
		operation: 'accept',
		deliverySource: 'ids',
		transactionId: locator('list', String(item.transactionId)),
		deliveryId: item.delivery.deliveryId,
		note: 'Booked',
	});
	expect(result.items[0].json).toEqual(
		expect.objectContaining({ transactionId: item.transactionId, status: 'DELIVERED' }),
	);
	const inboxAfter = await sb.run({ resource: 'inbox', operation: 'getMany', limit: 10 });
	expect(inboxAfter.items).toHaveLength(0);
});

describe('From List: recent transactions, searchable', () => {
	const search = (filter?: string, paginationToken?: string) =>
		listSearch({
			method: 'searchTransactions',
			credentials: sb.credentials,
			parameters: getMessage(locator('list', '')),
			filter,
			paginationToken,
		});

	test('lists the newest first, named by ID, type, direction, business number, stream and date', async () => {
		const { transactionId, purchaseOrderNumber } = await sb.admin('POST', '/partner/send-850');
		const { results, paginationToken } = await search();
		expect(results.map((r) => r.value)).toEqual([String(transactionId), '1']);
		expect(results[0].name).toMatch(
			new RegExp(
				`^${transactionId} · 850 Purchase Order · inbound · ${purchaseOrderNumber} · test · \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d$`,
			),
		);
		expect(paginationToken).toBeUndefined();
		// Read with the credential's token, from the list route.
		const requests = await sb.requests();
		expect(requests.map((r) => [r.method, r.path, r.authenticated])).toEqual([
			['GET', '/v3/transactions', true],
		]);
	});

	test('a search keeps the matching ones, reading on past the first page; scrolling asks for more', async () => {
		await sb.admin('POST', '/transactions', {
			count: 150,
			transactionType: '810',
			direction: 'outbound',
			stream: 'live',
		}); // 2…151
		const all = await search();
		expect(all.results).toHaveLength(100);
		expect(all.results[0].value).toBe('151');
		expect(all.paginationToken).toBe('100');
		const rest = await search(undefined, all.paginationToken);
		expect(rest.results.map((r) => r.value)).toEqual([
			...Array.from({ length: 50 }, (_, i) => String(51 - i)),
			'1',
		]);
		expect(rest.paginationToken).toBeUndefined();

		// The only 850 is the start-up order, on the second page; words match in any order and case.
		const found = await search('purchase 850');
		expect(found.results.map((r) => r.value)).toEqual(['1']);
		expect((await search('INVOICE live 15')).results.map((r) => r.value)).toEqual(
			expect.arrayContaining(['150', '151', '115']),
		);
		expect((await search('no such transaction')).results).toEqual([]);
	});
});
