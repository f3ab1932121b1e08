/**
 * Build From Purchase Order with its line choices from data (Define Lines → Using JSON): the rows a
 * database query returned decide the 855 and the 856, through the engine against the sandbox.
 */
import { runNode } from '../../harness';
import { useSandbox } from '../sandbox/helpers';
import { credentialsOf, requests, reset } from '../trigger/helpers';
import { PO_77 } from './order';

const running = useSandbox({ sendInitialOrder: false, rateLimit: null });

beforeEach(async () => reset(running));

const order = PO_77;

/** What a database step could hand over: one row per decision, with columns of its own beside ours. */
const stockRows = [
	{ purchaseOrderLineId: 1, status: 'accepted', quantity: 2, on_hand: 2 },
	{ purchaseOrderLineId: '1', status: 'backordered', quantity: '2', on_hand: 2 },
	{ purchaseOrderLineId: '2', status: 'accepted', quantity: null, unitCostPrice: null },
];

const build = (documentType: string, extra: Record<string, unknown>) =>
	runNode({
		credentials: credentialsOf(running),
		input: [{ ...order, rows: stockRows }],
		parameters: {
			resource: 'transaction',
			operation: 'create',
			documentType,
			stream: 'test',
			messageSource: 'build',
			purchaseOrder: '={{ $json }}',
			...extra,
		},
	});

const sentBodies = async () =>
	(await requests(running)).filter((r) => r.method === 'POST').map((r) => r.body);

test('855: line decisions from a field of the input item (numbers, nulls and extra columns as a database gives them)', async () => {
	const { error } = await build('855_PURCHASE_ORDER_ACKNOWLEDGMENT', {
		acknowledgmentLinesInput: 'json',
		acknowledgmentLinesJson: '={{ $json.rows }}',
	});
	expect(error).toBeUndefined();
	const [sent] = await sentBodies();
	const actions = sent.message.lineItems.map((l: any) =>
		l.actions.map((a: any) => `${a.status} ${a.quantity.value}`),
	);
	expect(actions).toEqual([['accepted 2', 'backordered 2'], ['accepted 3']]);
	expect(sent.message.status).toBe('acceptedWithChanges');
});

test('856: lines to ship from data', async () => {
	const { error } = await build('856_SHIP_NOTICE_MANIFEST', {
		shipLinesInput: 'json',
		shipLinesJson: '={{ [{ purchaseOrderLineId: "2", quantity: 1 }] }}',
	});
	expect(error).toBeUndefined();
	const [sent] = await sentBodies();
	expect(JSON.stringify(sent.message)).toContain('"B-2"');
	expect(JSON.stringify(sent.message)).not.toContain('"A-1"');
});

test.each([
	[
		'a line the PO lacks',
		[{ purchaseOrderLineId: '9', status: 'accepted' }],
		/line "9".*not on purchase order PO-77/,
	],
	[
		'more than was ordered',
		[{ purchaseOrderLineId: '2', status: 'accepted', quantity: 5 }],
		/Line 2: acknowledged 5 but only 3 ordered/,
	],
	['an entry that is no object', ['1'], /Line Decisions \(JSON\): entry 0 is "1", not an object/],
])('855 from data refuses %s, naming the line, and sends nothing', async (_case, rows, message) => {
	const { error } = await build('855_PURCHASE_ORDER_ACKNOWLEDGMENT', {
		acknowledgmentLinesInput: 'json',
		acknowledgmentLinesJson: JSON.stringify(rows),
	});
	expect(error?.message).toMatch(message);
	expect(await sentBodies()).toEqual([]);
});
