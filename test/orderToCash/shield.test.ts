/**
 * The chargeback shield through the engine against the sandbox: Check Document lists the problems
 * of a document built elsewhere; Create with Check Against Purchase Order sends a good one and
 * refuses a bad one before anything reaches the service.
 */
import { runNode } from '../../harness';
import { buildAcknowledgment, buildShipNotice } from '../../nodes/EdiExchange/documents';
import { useSandbox } from '../sandbox/helpers';
import { credentialsOf, requests, reset } from '../trigger/helpers';
import { PO_77 } from './order';

const running = useSandbox({ sendInitialOrder: false, rateLimit: null });

beforeEach(async () => reset(running));

const order = PO_77;
const ack = buildAcknowledgment(order, {
	lines: [{ purchaseOrderLineId: '2', status: 'backordered' }],
});
/** A warehouse system's 856 that ships the backordered line 2 anyway. */
const overShipped = (() => {
	const asn = buildShipNotice(order, { shipDate: '2026-11-22', acknowledgment: ack }) as any;
	asn.orders[0].pallets[0].cartons[0].items.push({
		purchaseOrderLineId: '2',
		productIds: { buyerItemNumber: 'B-2' },
		quantityShipped: { value: '3' },
	});
	return asn;
})();

const posts = async () => (await requests(running)).filter((r) => r.method === 'POST');

test('Check Document lists what a retailer would charge back, and sends nothing', async () => {
	const { items, error } = await runNode({
		credentials: credentialsOf(running),
		input: [{ po: order, ack, asn: overShipped }],
		parameters: {
			resource: 'transaction',
			operation: 'checkDocument',
			checkedType: '856',
			checkedDocument: '={{ $json.asn }}',
			checkOrder: '={{ $json.po }}',
			checkAcknowledgment: '={{ $json.ack }}',
		},
	});
	expect(error).toBeUndefined();
	expect(items[0].json).toEqual({
		documentType: '856',
		ok: false,
		problems: [
			{
				rule: 'quantity',
				field: 'orders[0].pallets[0].cartons[0].items[1].quantityShipped',
				problem: 'line 2: shipped 3 but only 0 accepted',
				partner: 'charges back',
			},
		],
	});
	expect(await posts()).toEqual([]);
});

const createChecked = (document: object) =>
	runNode({
		credentials: credentialsOf(running),
		input: [{ po: order, ack, document }],
		parameters: {
			resource: 'transaction',
			operation: 'create',
			documentType: '856_SHIP_NOTICE_MANIFEST',
			stream: 'test',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			messageSource: 'field',
			messageField: 'document',
			checkAgainstOrder: true,
			checkOrder: '={{ $json.po }}',
			checkAcknowledgment: '={{ $json.ack }}',
		},
	});

test('Create with Check Against Purchase Order refuses the over-shipped 856 before sending, naming the field', async () => {
	const { error } = await createChecked(overShipped);
	expect(error?.message).toMatch(
		/^The 856 does not match its purchase order: orders\[0\]\.pallets\[0\]\.cartons\[0\]\.items\[1\]\.quantityShipped: line 2: shipped 3 but only 0 accepted \(a retailer charges back\)/,
	);
	expect(await posts()).toEqual([]);
});

test('Create with Check Against Purchase Order sends a document that matches', async () => {
	const good = buildShipNotice(order, { shipDate: '2026-11-22', acknowledgment: ack });
	const { error } = await createChecked(good);
	expect(error).toBeUndefined();
	const [sent] = await posts();
	expect(sent.body).toMatchObject({ type: '856_SHIP_NOTICE_MANIFEST', message: good });
});
