/**
 * The trigger's Duplicates option, through n8n's polling code: a resent interchange (same ISA13
 * from the same sender) and a resent purchase order (same PO number under a new ISA13) are
 * flagged, saying which, or skipped. Inbound X12 comes from a small local service until the
 * sandbox serves X12.
 */
import { Poller } from '../../harness';
import { json, raw, startHostileServer, type HostileServer } from '../hostile/server';
import { applyDuplicates, MAX_REMEMBERED } from '../../nodes/EdiExchange/trigger/duplicates';
import { retail850 } from '../unit/x12/fixtures';

let server: HostileServer;
afterEach(async () => await server?.stop());

/** Transactions 7, 8, 9…: each an X12 850; `visible` says how many the list shows now. */
async function serve(messages: string[]) {
	let visible = 0;
	const base = Date.now() - 60_000;
	const items = () =>
		messages.slice(0, visible).map((_, i) => ({
			id: 7 + i,
			transactionType: '850_PURCHASE_ORDER',
			direction: 'inbound',
			stream: 'test',
			createdAt: new Date(base + i * 1000).toISOString(),
		}));
	server = await startHostileServer((request, res, self) => {
		const id = /^\/v3\/transactions\/(\d+)\/message$/.exec(request.path)?.[1];
		const answer = id
			? raw(200, 'application/edi-x12', messages[Number(id) - 7])
			: json(200, { items: items().reverse(), meta: { total: visible } });
		return answer(request, res, self);
	});
	return {
		credentials: { baseUrl: server.url, apiToken: 'secret-token-dup' },
		show: (n: number) => {
			visible = n;
		},
	};
}

const settings = (duplicates: string) => ({
	source: 'transactions',
	stream: 'test',
	transactionTypes: [],
	includeMessage: true,
	options: { duplicates, duplicateWindowDays: 30 },
});

test('Flag: a resent interchange and a resent purchase order are emitted with a duplicate field saying which', async () => {
	const sent = retail850('PO-D1', 42);
	const service = await serve([sent, sent, retail850('PO-D1', 43), retail850('PO-D2', 44)]);
	const poller = new Poller(service.credentials, settings('flag'));
	expect(await poller.poll()).toEqual({ items: null });
	service.show(1);
	const first = await poller.poll();
	expect(first.items?.map((i) => i.json.duplicate)).toEqual([undefined]);
	service.show(4);
	const { items } = await poller.poll();
	expect(
		items?.map((i) => [i.json.id, (i.json.duplicate as any)?.of, (i.json.duplicate as any)?.value]),
	).toEqual([
		[8, 'interchangeControlNumber', '000000042'],
		[9, 'purchaseOrderNumber', 'PO-D1'],
		[10, undefined, undefined],
	]);
	expect((items![0].json.duplicate as any).senderId).toBe('DEMORETAIL');
	expect(Date.parse((items![0].json.duplicate as any).firstEmittedAt)).not.toBeNaN();
});

test('Skip: duplicates are not emitted; the others are', async () => {
	const sent = retail850('PO-S1', 42);
	const service = await serve([sent, sent, retail850('PO-S2', 45)]);
	const poller = new Poller(service.credentials, settings('skip'));
	await poller.poll();
	service.show(1);
	expect((await poller.poll()).items?.map((i) => i.json.id)).toEqual([7]);
	service.show(3);
	expect((await poller.poll()).items?.map((i) => i.json.id)).toEqual([9]);
});

test('Emit (the default): a resend is emitted as any document', async () => {
	const sent = retail850('PO-E1', 42);
	const service = await serve([sent, sent]);
	const poller = new Poller(service.credentials, settings('off'));
	await poller.poll();
	service.show(2);
	const { items } = await poller.poll();
	expect(items?.map((i) => [i.json.id, i.json.duplicate])).toEqual([
		[7, undefined],
		[8, undefined],
	]);
});

test('the memory is bounded: the oldest entries go first', () => {
	const many = Array.from({ length: MAX_REMEMBERED + 5 }, (_, i) => ({
		json: { x12: { senderId: 'S', interchangeControlNumber: String(i).padStart(9, '0') } },
	}));
	const { emitted } = applyDuplicates(many, [], 'flag', 1000);
	expect(emitted).toHaveLength(MAX_REMEMBERED);
});
