/**
 * Output → One Item per Line for X12 850s, through the engine: the partner's X12 850 in the inbox
 * (Inbox → Get Many and the trigger's inbox source, which receive the text only), and an
 * interchange holding several 850s (Get Message and the trigger): one item per line of every
 * order, each with its header fields, and `linesError` for a set that cannot be read.
 */
import type { IDataObject } from 'n8n-workflow';

import { Poller, runNode } from '../../harness';
import { json, raw, startHostileServer, type HostileServer } from '../hostile/server';
import { interchangeOf850s } from '../unit/x12/fixtures';
import { useNodeSandbox } from './helpers';

const sb = useNodeSandbox({ sendInitialOrder: false, inboundFormat: 'x12' });

/** The partner's X12 850 as it is in the inbox: its PO number and line count. */
async function sendOrder() {
	const { purchaseOrderNumber } = await sb.admin('POST', '/partner/send-850');
	const whole = await sb.run({
		resource: 'inbox',
		operation: 'getMany',
		limit: 10,
		simplify: false,
	});
	const text = whole.items.at(-1)!.json.message as string;
	expect(text).toMatch(/^ISA\*/);
	return {
		purchaseOrderNumber,
		lines: text.split(/~\s*/).filter((s) => s.startsWith('PO1*')).length,
	};
}

test('Inbox → Get Many (Simplify off): an X12 850 leaves as its lines, with the header fields', async () => {
	const { purchaseOrderNumber, lines } = await sendOrder();
	const { items } = await sb.run({
		resource: 'inbox',
		operation: 'getMany',
		limit: 10,
		simplify: false,
		output: 'lines',
	});
	expect(items).toHaveLength(lines);
	expect(items.map((i) => i.json.lineNumber)).toEqual(
		Array.from({ length: lines }, (_, i) => i + 1),
	);
	expect(items[0].json).toMatchObject({
		purchaseOrderNumber,
		senderId: 'DEMORETAIL',
		lineCount: lines,
	});
	expect(items[0].json.deliveryId).toEqual(expect.any(String));
	expect(items[0].json.linesError).toBeUndefined();
});

test('the trigger’s inbox source: an X12 850 leaves as its lines', async () => {
	const poller = new Poller(sb.credentials, {
		source: 'inbox',
		stream: 'test',
		transactionTypes: [],
		acceptMode: 'workflow',
		output: 'lines',
		options: {},
	});
	await poller.poll();
	const { purchaseOrderNumber, lines } = await sendOrder();
	const { items } = await poller.poll();
	const rows = items!.filter((i) => i.json.purchaseOrderNumber === purchaseOrderNumber);
	expect(rows).toHaveLength(lines);
	expect(rows[0].json).toMatchObject({ lineNumber: 1, lineCount: lines, senderId: 'DEMORETAIL' });
});

describe('an interchange of several 850s', () => {
	let server: HostileServer;
	afterEach(async () => await server?.stop());

	/** Transaction 7 is `text`; the list shows it once `visible`. */
	async function serve(text: string) {
		let visible = false;
		server = await startHostileServer((request, res, self) => {
			const answer = /^\/v3\/transactions\/7\/message$/.test(request.path)
				? raw(200, 'application/edi-x12', text)
				: json(200, {
						items: visible
							? [
									{
										id: 7,
										transactionType: '850',
										senderId: 'DEMORETAIL',
										receiverId: 'YOURCOMPANY',
										direction: 'inbound',
										stream: 'test',
										createdAt: new Date().toISOString(),
									},
								]
							: [],
						meta: { total: visible ? 1 : 0 },
					});
			return answer(request, res, self);
		});
		return {
			credentials: { baseUrl: server.url, apiToken: 'secret-token-lines' },
			show: () => (visible = true),
		};
	}
	const rowsOf = (items: Array<{ json: IDataObject }>) =>
		items.map((i) => [i.json.purchaseOrderNumber, i.json.purchaseOrderLineId, i.json.linesError]);

	test('Get Message: every line of every order, and linesError for a set that cannot be read', async () => {
		const text = interchangeOf850s(['PO-A', 'PO-B', 'PO-C'], 5).replace(
			/(ST\*850\*0003~\s*BEG\*00\*SA\*PO-C\*)[^~]*/,
			'$1',
		);
		const service = await serve(text);
		const { items, error } = await runNode({
			credentials: service.credentials,
			parameters: {
				resource: 'transaction',
				operation: 'getMessage',
				transactionId: '7',
				output: 'lines',
			},
		});
		expect(error).toBeUndefined();
		expect(rowsOf(items).slice(0, 4)).toEqual([
			['PO-A', '1', undefined],
			['PO-A', '2', undefined],
			['PO-B', '1', undefined],
			['PO-B', '2', undefined],
		]);
		expect(items).toHaveLength(5);
		expect(items[4].json.linesError).toEqual(expect.any(String));
		expect(items.every((i) => i.pairedItem !== undefined)).toBe(true);
	});

	test('the trigger: every line of every order', async () => {
		const service = await serve(interchangeOf850s(['PO-A', 'PO-B'], 6));
		const poller = new Poller(service.credentials, {
			source: 'transactions',
			stream: 'test',
			transactionTypes: [],
			includeMessage: true,
			output: 'lines',
			options: {},
		});
		await poller.poll();
		service.show();
		const { items } = await poller.poll();
		expect(rowsOf(items!)).toEqual([
			['PO-A', '1', undefined],
			['PO-A', '2', undefined],
			['PO-B', '1', undefined],
			['PO-B', '2', undefined],
		]);
		expect(items![0].json).toMatchObject({
			transactionId: '7',
			senderId: 'DEMORETAIL',
			lineCount: 2,
		});
	});
});
