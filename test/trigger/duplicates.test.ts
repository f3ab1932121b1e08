/**
 * The trigger's Duplicates option, through n8n's polling code: a resent interchange (same ISA13
 * from the same sender) and a resent purchase order (same PO number under a new ISA13) are
 * flagged, saying which, or skipped. Inbound X12 comes from a small local service until the
 * sandbox serves X12.
 */
import { type IDataObject, type INodeProperties, NodeHelpers } from 'n8n-workflow';

import { Poller } from '../../harness';
import { triggerProperties } from '../../nodes/EdiExchange/trigger/description';
import { json, raw, startHostileServer, type HostileServer } from '../hostile/server';
import { applyDuplicates, MAX_REMEMBERED } from '../../nodes/EdiExchange/trigger/duplicates';
import { interchangeOf850s as interchangeOf, retail850 } from '../unit/x12/fixtures';

let server: HostileServer;
afterEach(async () => await server?.stop());

/** Transactions 7, 8, 9…: each an X12 850; `visible` says how many the list shows now. */
async function serve(messages: string[]) {
	let visible = 0;
	// Each transaction is created when it becomes visible: after any baseline taken before.
	const createdAt: string[] = [];
	const items = () =>
		messages.slice(0, visible).map((_, i) => ({
			id: 7 + i,
			transactionType: '850',
			direction: 'inbound',
			stream: 'test',
			createdAt: (createdAt[i] ??= new Date(Date.now() + i).toISOString()),
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
			items();
		},
	};
}

const settings = (duplicates: string, extra: object = {}) => ({
	source: 'transactions',
	stream: 'test',
	transactionTypes: [] as string[],
	includeMessage: true,
	options: { duplicates, duplicateWindowDays: 30 },
	...extra,
});

/** The fixture 850 as a replace (BEG01 05): a revision of the order, not a resend. */
const replace850 = (purchaseOrderNumber: string, control: number) =>
	retail850(purchaseOrderNumber, control).replace('BEG*00*', 'BEG*05*');

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

test('Skip: an 850 that replaces the order (BEG01 05) under a new ISA13 is emitted, marked as a revision', async () => {
	const service = await serve([
		retail850('PO-R1', 50),
		replace850('PO-R1', 51),
		replace850('PO-R1', 51),
	]);
	const poller = new Poller(service.credentials, settings('skip'));
	await poller.poll();
	service.show(1);
	await poller.poll();
	service.show(3);
	const { items } = await poller.poll();
	// The revision is emitted; the same revision interchange again is a resend.
	expect(items?.map((i) => i.json.id)).toEqual([8]);
	expect(items![0].json.duplicate).toBeUndefined();
	expect(items![0].json.revision).toMatchObject({
		of: 'purchaseOrderNumber',
		value: 'PO-R1',
		senderId: 'DEMORETAIL',
		purpose: 'replace',
	});
	expect(Date.parse((items![0].json.revision as any).firstEmittedAt)).not.toBeNaN();
});

test('Flag with One Item per Line: every line of a resent order carries the duplicate field', async () => {
	const service = await serve([retail850('PO-L1', 60), retail850('PO-L1', 61)]);
	const poller = new Poller(service.credentials, settings('flag', { output: 'lines' }));
	await poller.poll();
	service.show(1);
	const first = await poller.poll();
	expect(first.items?.map((i) => i.json.duplicate)).toEqual([undefined, undefined]);
	service.show(2);
	const { items } = await poller.poll();
	expect(items?.map((i) => [i.json.purchaseOrderLineId, (i.json.duplicate as any)?.value])).toEqual(
		[
			['1', 'PO-L1'],
			['2', 'PO-L1'],
		],
	);
});

test('Duplicates cannot be chosen without Include Message: n8n drops it, and the panel hides it', () => {
	const options = triggerProperties.find((p) => p.name === 'options')?.options as INodeProperties[];
	for (const name of ['duplicates', 'duplicateWindowDays']) {
		const option = options.find((o) => o.name === name);
		expect(option?.displayOptions?.show).toMatchObject({ '/includeMessage': [true] });
	}
	const resolved = NodeHelpers.getNodeParameters(
		triggerProperties,
		{ source: 'transactions', includeMessage: false, options: { duplicates: 'skip' } },
		false,
		false,
		null,
		null,
	);
	expect((resolved?.options as IDataObject | undefined)?.duplicates).toBeUndefined();
});

test('each set of an interchange is remembered: one of its orders resent alone is flagged', async () => {
	const service = await serve([
		interchangeOf(['PO-A', 'PO-B'], 80),
		retail850('PO-B', 81),
		interchangeOf(['PO-C', 'PO-A'], 82),
	]);
	const poller = new Poller(service.credentials, settings('flag'));
	await poller.poll();
	service.show(1);
	const first = await poller.poll();
	expect(
		(first.items![0].json.documents as any[]).map((d) => d.document.purchaseOrderNumber),
	).toEqual(['PO-A', 'PO-B']);
	service.show(3);
	const { items } = await poller.poll();
	expect(items![0].json.duplicate as any).toMatchObject({
		of: 'purchaseOrderNumber',
		value: 'PO-B',
	});
	// Partly resent: the item stays, its resent set is flagged, the new one is not.
	expect(items![1].json.duplicate).toBeUndefined();
	expect((items![1].json.documents as any[]).map((d) => d.duplicate?.value)).toEqual([
		undefined,
		'PO-A',
	]);
});

test('the memory outlives a change of watched settings (docs/x12.md): a resend after it is still flagged', async () => {
	const service = await serve([retail850('PO-K1', 90), retail850('PO-K1', 91)]);
	const poller = new Poller(service.credentials, settings('flag'));
	await poller.poll();
	service.show(1);
	await poller.poll();
	poller.parameters.transactionTypes = ['850'];
	expect((await poller.poll()).items).toBeNull(); // a new baseline, as for any change of what is watched
	service.show(2);
	const { items } = await poller.poll();
	expect((items![0].json.duplicate as any)?.value).toBe('PO-K1');
});

test('a number on another stream is another document: test traffic never marks a live one', () => {
	const item = (stream: string) => ({
		json: { stream, x12: { senderId: 'S', interchangeControlNumber: '000000001' } },
	});
	const { items } = applyDuplicates([item('test'), item('live'), item('live')], [], 'flag', 1000);
	expect(items.map((i) => (i.json.duplicate as any)?.value)).toEqual([
		undefined,
		undefined,
		'000000001',
	]);
});

test('the memory is bounded: the oldest entries go first', () => {
	const many = Array.from({ length: MAX_REMEMBERED + 5 }, (_, i) => ({
		json: { x12: { senderId: 'S', interchangeControlNumber: String(i).padStart(9, '0') } },
	}));
	const { emitted } = applyDuplicates(many, [], 'flag', 1000);
	expect(emitted).toHaveLength(MAX_REMEMBERED);
});

test('Skip: the sets of one interchange the service delivers one by one are not resends of each other', async () => {
	// Same ISA13 and GS06, each transaction one set of its own (ST02 0001 and 0002), as the service splits them.
	const second = retail850('PO-S2', 50)
		.replace('ST*850*0001~', 'ST*850*0002~')
		.replace('SE*33*0001~', 'SE*33*0002~');
	const service = await serve([retail850('PO-S1', 50), second, retail850('PO-S1', 50)]);
	const poller = new Poller(service.credentials, settings('skip'));
	await poller.poll();
	service.show(3);
	const { items } = await poller.poll();
	expect(items?.map((i) => (i.json.document as any).purchaseOrderNumber)).toEqual([
		'PO-S1',
		'PO-S2',
	]);
});
