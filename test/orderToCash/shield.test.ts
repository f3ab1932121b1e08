/**
 * The chargeback shield through the engine against the sandbox: Check Document lists the problems
 * of a document built elsewhere; Create with Check Against Purchase Order sends a good one and
 * refuses a bad one before anything reaches the service. Then the demo partner's reasons one by
 * one: for each, a document the partner rejects for it; Check Document flags it first, naming the
 * rule, and Create sends nothing.
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../harness';
import {
	buildAcknowledgment,
	buildInvoice,
	buildShipNotice,
} from '../../nodes/EdiExchange/documents';
import { applyChanges } from '../../nodes/EdiExchange/documents/applyChange';
import { SHIELD_RULES, type ShieldRule } from '../../nodes/EdiExchange/documents/shieldRules';
import { write856 } from '../../nodes/EdiExchange/x12Documents';
import { checkAgainstChanges, checkOrderDocument } from '../../sandbox/partner';
import { makeChange } from '../../sandbox/partner/changes';
import type { Json } from '../../sandbox/partner/read';
import type { ChangeSpec } from '../../sandbox/partner/scenarios';
import { PARTNER_REASONS, type PartnerReasonId } from '../../sandbox/partner/reasons';
import { readX12Reply } from '../../sandbox/partner/x12Replies';
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

/** Create with Check Against Purchase Order: the message from `document`, the 850 and earlier documents from po, ack, asn. */
const createChecked = (documentType: string, input: IDataObject) =>
	runNode({
		credentials: credentialsOf(running),
		input: [input],
		parameters: {
			resource: 'transaction',
			operation: 'create',
			documentType,
			stream: 'test',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			messageSource: 'field',
			messageField: 'document',
			checkAgainstOrder: true,
			checkOrder: '={{ $json.po }}',
			checkAcknowledgment: '={{ $json.ack ?? "" }}',
			checkShipNotice: '={{ $json.asn ?? "" }}',
			checkChanges: '={{ $json.changes ?? "" }}',
		},
	});
const ASN = '856_SHIP_NOTICE_MANIFEST';

test('Create with Check Against Purchase Order refuses the over-shipped 856 before sending, naming the field', async () => {
	const { error } = await createChecked(ASN, { po: order, ack, document: overShipped });
	expect(error?.message).toMatch(
		/^The 856 does not match its purchase order: orders\[0\]\.pallets\[0\]\.cartons\[0\]\.items\[1\]\.quantityShipped: line 2: shipped 3 but only 0 accepted \(a retailer charges back\)/,
	);
	expect(await posts()).toEqual([]);
});

test('Create with Check Against Purchase Order sends a document that matches', async () => {
	const good = buildShipNotice(order, { shipDate: '2026-11-22', acknowledgment: ack });
	const { error } = await createChecked(ASN, { po: order, ack, document: good });
	expect(error).toBeUndefined();
	const [sent] = await posts();
	expect(sent.body).toMatchObject({ type: '856_SHIP_NOTICE_MANIFEST', message: good });
});

// The partner's reasons, one by one.

/** An 850 in EUR with release R7 whose lines name a buyer item number and a GTIN. */
const po = {
	purchaseOrderNumber: 'PO-33',
	purchaseOrderDate: '2026-11-20',
	releaseNumber: 'R7',
	buyersCurrency: { currencyCode: 'EUR' },
	lineItems: [
		{
			purchaseOrderLineId: '1',
			quantity: { value: '4', unitOfMeasure: 'each' },
			unitCostPrice: '2.50',
			productIds: { buyerItemNumber: 'A-1', gtin12: '028374658310' },
		},
		{
			purchaseOrderLineId: '2',
			quantity: { value: '3', unitOfMeasure: 'each' },
			unitCostPrice: '0.10',
			productIds: { buyerItemNumber: 'B-2', gtin12: '028374658327' },
		},
	],
};
/** Line 2 backordered: nothing of it may ship or be billed. */
const ack33 = buildAcknowledgment(po, {
	lines: [{ purchaseOrderLineId: '2', status: 'backordered' }],
});
const asn = buildShipNotice(po, { shipDate: '2026-11-22', acknowledgment: ack33 }) as any;
asn.orders[0].pallets[0].cartons[0].serialShippingId = '000614141000000014';
const invoice = buildInvoice(po, {
	invoiceDate: '2026-11-23',
	acknowledgment: ack33,
	shipNotice: asn,
});

type Checked = '855' | '856' | '810';
const GOOD: Record<Checked, unknown> = { '855': ack33, '856': asn, '810': invoice };
/** The earlier documents each type is checked with, unless a case says otherwise. */
const EARLIER: Record<Checked, { ack?: unknown; asn?: unknown }> = {
	'855': {},
	'856': { ack: ack33 },
	'810': { ack: ack33, asn },
};

interface Case {
	type: Checked;
	/** The partner's reason (sandbox/partner/reasons.ts) this case makes it give. */
	id: PartnerReasonId;
	/** The partner's reason, as it words it. */
	reason: RegExp;
	rule: ShieldRule;
	/** Breaks the good document (mutates it). */
	breaks?: (m: any) => unknown;
	/** Or: what is sent instead of it. */
	instead?: unknown;
	earlier?: { ack?: unknown; asn?: unknown };
	/** The partner's 860s for this order, in sequence: the document then ignores them. */
	changes?: unknown[];
	/** The partner reads this one from the X12 it would receive (MAN*GM), not from JSON. */
	x12?: boolean;
}

const change = (spec: ChangeSpec) => [makeChange(po, spec, 1, new Date('2026-11-21'))];
const DELETE_1 = change({ purpose: 'change', lines: [{ changeReason: 'deleteItem', line: 1 }] });
const CANCEL = change({ purpose: 'cancellation', lines: [] });
const ADD_3 = change({
	purpose: 'change',
	lines: [
		{
			changeReason: 'addItem',
			quantity: '2',
			unitOfMeasure: 'each',
			unitCostPrice: '1.00',
			productIds: { buyerItemNumber: 'C-3' },
			description: 'Added by the 860',
		},
	],
});

const line0 = (m: any) => m.lineItems[0];
const item0 = (m: any) => m.orders[0].pallets[0].cartons[0].items[0];
const action0 = (m: any) => m.lineItems[0].actions[0];

const CASES: Case[] = [
	...(['855', '856', '810'] as const).map((type): Case => ({
		type,
		id: 'notJson',
		reason: new RegExp(`^the ${type} message is not a JSON object$`),
		rule: 'document',
		instead: ['shipped'],
	})),
	// What the 855 and the 810 share (sandbox/partner/read.ts)
	...(['855', '810'] as const).flatMap((type): Case[] => [
		{
			type,
			id: 'noPurchaseOrderNumber',
			reason: /^no purchaseOrderNumber$/,
			rule: 'purchaseOrderNumber',
			breaks: (m) => delete m.purchaseOrderNumber,
		},
		{
			type,
			id: 'purchaseOrderNumber',
			reason: /^purchase order number PO-8 does not match PO-33$/,
			rule: 'purchaseOrderNumber',
			breaks: (m) => (m.purchaseOrderNumber = 'PO-8'),
		},
		{
			type,
			id: 'noLineId',
			reason: /^lineItems\[0\]: no purchaseOrderLineId$/,
			rule: 'lineOnOrder',
			breaks: (m) => delete line0(m).purchaseOrderLineId,
		},
		{
			type,
			id: 'noProductIds',
			reason: /^line 1: no product ids$/,
			rule: 'productIds',
			breaks: (m) => delete line0(m).productIds,
		},
		{
			type,
			id: 'productIds',
			reason: /^line 1: product ids .* do not match/,
			rule: 'productIds',
			breaks: (m) => (line0(m).productIds.gtin12 = '028374658327'),
		},
	]),
	// 855 (sandbox/partner/acknowledgment.ts)
	{
		type: '855',
		id: 'noStatus',
		reason: /^no status$/,
		rule: 'status',
		breaks: (m) => delete m.status,
	},
	{
		type: '855',
		id: 'acknowledgedNotOnOrder',
		reason: /^line 9: not on the purchase order$/,
		rule: 'lineOnOrder',
		breaks: (m) => (line0(m).purchaseOrderLineId = '9'),
	},
	{
		type: '855',
		id: 'notAcknowledged',
		reason: /^line 2: not acknowledged$/,
		rule: 'lineAnswered',
		breaks: (m) => m.lineItems.pop(),
	},
	{
		type: '855',
		id: 'actionNotObject',
		reason: /^line 1: an action is not an object$/,
		rule: 'status',
		breaks: (m) => (line0(m).actions[0] = 'accepted'),
	},
	{
		type: '855',
		id: 'actionStatus',
		reason: /^line 1: action status "shipped" is not one of/,
		rule: 'status',
		breaks: (m) => (action0(m).status = 'shipped'),
	},
	{
		type: '855',
		id: 'actionQuantity',
		reason: /^line 1: action quantity .* is not a decimal quantity$/,
		rule: 'decimal',
		breaks: (m) => (action0(m).quantity.value = 'four'),
	},
	{
		type: '855',
		id: 'actionPrice',
		reason: /^line 1: unitCostPrice "2,50" is not a decimal number$/,
		rule: 'decimal',
		breaks: (m) => (action0(m).unitCostPrice = '2,50'),
	},
	{
		type: '855',
		id: 'noActions',
		reason: /^line 1: no actions$/,
		rule: 'lineAnswered',
		breaks: (m) => (line0(m).actions = []),
	},
	{
		type: '855',
		id: 'overLimit',
		reason: /^line 1: acknowledged 5 but only 4 ordered$/,
		rule: 'quantity',
		breaks: (m) => (action0(m).quantity.value = '5'),
	},
	// 856 (sandbox/partner/shipNotice.ts, x12ShipNotice.ts, sscc.ts)
	{
		type: '856',
		id: 'noShipOrder',
		reason: /^no orders\[\] entry for purchase order PO-33$/,
		rule: 'document',
		breaks: (m) => (m.orders[0].purchaseOrderNumber = 'PO-8'),
	},
	{
		type: '856',
		id: 'noItemsShipped',
		reason: /^no items shipped$/,
		rule: 'document',
		breaks: (m) => (m.orders[0].pallets = []),
	},
	{
		type: '856',
		id: 'itemNoLineId',
		reason: /^item 1: no purchaseOrderLineId$/,
		rule: 'lineOnOrder',
		breaks: (m) => delete item0(m).purchaseOrderLineId,
	},
	{
		type: '856',
		id: 'lineNotOnOrder',
		reason: /^line 9: shipped but not on the purchase order$/,
		rule: 'lineOnOrder',
		breaks: (m) => (item0(m).purchaseOrderLineId = '9'),
	},
	{
		type: '856',
		id: 'noProductIds',
		reason: /^line 1: no product ids$/,
		rule: 'productIds',
		breaks: (m) => delete item0(m).productIds,
	},
	{
		type: '856',
		id: 'productIds',
		reason: /^line 1: product ids .* do not match/,
		rule: 'productIds',
		breaks: (m) => (item0(m).productIds.gtin12 = '028374658327'),
	},
	{
		type: '856',
		id: 'quantityShipped',
		reason: /^line 1: quantityShipped .* is not a decimal quantity$/,
		rule: 'decimal',
		breaks: (m) => (item0(m).quantityShipped.value = '4 cases'),
	},
	{
		type: '856',
		id: 'overLimit',
		reason: /^line 1: shipped 5 but only 4 ordered$/,
		rule: 'quantity',
		breaks: (m) => (item0(m).quantityShipped.value = '5'),
		earlier: {},
	},
	{
		type: '856',
		id: 'overLimit',
		reason: /^line 2: shipped 3 but only 0 accepted$/,
		rule: 'quantity',
		breaks: (m) =>
			m.orders[0].pallets[0].cartons[0].items.push({
				purchaseOrderLineId: '2',
				productIds: { buyerItemNumber: 'B-2' },
				quantityShipped: { value: '3', unitOfMeasure: 'each' },
			}),
	},
	{
		type: '856',
		id: 'ssccCheckDigit',
		reason: /MAN\*GM: SSCC 000614141000000015 has check digit 5, but .* is 4$/,
		rule: 'sscc',
		x12: true,
		breaks: (m) => (m.orders[0].pallets[0].cartons[0].serialShippingId = '000614141000000015'),
	},
	{
		type: '856',
		id: 'ssccDigits',
		reason: /MAN\*GM: SSCC "61414100001" is not 18 digits/,
		rule: 'sscc',
		x12: true,
		breaks: (m) => (m.orders[0].pallets[0].cartons[0].serialShippingId = '61414100001'),
	},
	// Built from the unchanged 850 although the partner sent 860s (sandbox/partner/changes.ts)
	...(['856', '810'] as const).flatMap((type): Case[] => [
		{
			type,
			id: 'lineChanged',
			reason: new RegExp(
				`^line 1: ${type === '856' ? 'shipped' : 'invoiced'} but deleted by the partner's 860 \\(change 001\\)$`,
			),
			rule: 'lineChanged',
			changes: DELETE_1,
			// The 856 before it followed the 860 and shipped nothing of line 1 (none given: the order's limits).
			earlier: type === '810' ? { ack: ack33 } : undefined,
		},
		{
			type,
			id: 'cancelledOrder',
			reason: /^purchase order PO-33 was cancelled by the partner's 860 \(change 001\)/,
			rule: 'cancelled',
			changes: CANCEL,
		},
	]),
	{
		type: '856',
		id: 'addedNotShipped',
		reason: /^line 3: not shipped but added by the partner's 860 \(change 001\)$/,
		rule: 'lineChanged',
		changes: ADD_3,
	},
	// 810 (sandbox/partner/invoice.ts)
	{
		type: '810',
		id: 'noLineItems',
		reason: /^no lineItems$/,
		rule: 'document',
		breaks: (m) => (m.lineItems = []),
	},
	{
		type: '810',
		id: 'lineNotOnOrder',
		reason: /^line 9: invoiced but not on the purchase order$/,
		rule: 'lineOnOrder',
		breaks: (m) => (line0(m).purchaseOrderLineId = '9'),
	},
	{
		type: '810',
		id: 'quantityInvoiced',
		reason: /^line 1: quantityInvoiced .* is not a decimal quantity$/,
		rule: 'decimal',
		breaks: (m) => (line0(m).quantityInvoiced.value = 'four'),
	},
	{
		type: '810',
		id: 'unitPrice',
		reason: /^line 1: unitPrice .* is not a decimal number$/,
		rule: 'decimal',
		breaks: (m) => (line0(m).unitPrice = '€2.50'),
	},
	{
		type: '810',
		id: 'overLimit',
		reason: /^line 1: invoiced 5 but only 4 ordered$/,
		rule: 'quantity',
		breaks: (m) => (line0(m).quantityInvoiced.value = '5'),
		earlier: {},
	},
	{
		type: '810',
		id: 'overLimit',
		reason: /^line 2: invoiced 1 but only 0 shipped$/,
		rule: 'quantity',
		breaks: (m) =>
			m.lineItems.push({
				purchaseOrderLineId: '2',
				productIds: { buyerItemNumber: 'B-2' },
				quantityInvoiced: { value: '1', unitOfMeasure: 'each' },
				unitPrice: '0.10',
			}),
	},
	{
		type: '810',
		id: 'billedPrice',
		reason: /^line 1: billed at 2.60 but the price is 2.50 \(the 855\)$/,
		rule: 'unitPrice',
		breaks: (m) => (line0(m).unitPrice = '2.60'),
	},
	{
		// Below the agreed price: the partner rejects it as it rejects above (#41).
		type: '810',
		id: 'billedPrice',
		reason: /^line 1: billed at 2.40 but the price is 2.50 \(the 855\)$/,
		rule: 'unitPrice',
		breaks: (m) => (line0(m).unitPrice = '2.40'),
	},
	{
		type: '810',
		id: 'missingAsOrdered',
		reason: /^no currency: the purchase order's is EUR$/,
		rule: 'currency',
		breaks: (m) => delete m.buyersCurrency,
	},
	{
		type: '810',
		id: 'notAsOrdered',
		reason: /^currency USD does not match the purchase order's EUR$/,
		rule: 'currency',
		breaks: (m) => (m.buyersCurrency.currencyCode = 'USD'),
	},
	{
		type: '810',
		id: 'missingAsOrdered',
		reason: /^no release number: the purchase order's is R7$/,
		rule: 'releaseNumber',
		breaks: (m) => delete m.releaseNumber,
	},
	{
		type: '810',
		id: 'notAsOrdered',
		reason: /^release number R8 does not match the purchase order's R7$/,
		rule: 'releaseNumber',
		breaks: (m) => (m.releaseNumber = 'R8'),
	},
	{
		type: '810',
		id: 'amount',
		reason: /^charges\[0\]\.amount "free" is not a decimal number$/,
		rule: 'decimal',
		breaks: (m) => (m.charges = [{ type: 'freight', amount: 'free' }]),
	},
	{
		type: '810',
		id: 'amount',
		reason: /^allowances\[0\]\.amount "1,50" is not a decimal number$/,
		rule: 'decimal',
		breaks: (m) => (m.allowances = [{ type: 'discount', amount: '1,50' }]),
	},
	...(['invoiceSalesTotal', 'invoiceTotal'] as const).flatMap((total): Case[] => [
		{
			type: '810',
			id: 'noTotal',
			reason: new RegExp(`^no ${total}$`),
			rule: 'totals',
			breaks: (m) => delete m[total],
		},
		{
			type: '810',
			id: 'totalNotDecimal',
			reason: new RegExp(`^${total} "ten" is not a decimal number$`),
			rule: 'decimal',
			breaks: (m) => (m[total] = 'ten'),
		},
		{
			type: '810',
			id: 'total',
			reason: new RegExp(`^${total} is 1.00 but`),
			rule: 'totals',
			breaks: (m) => (m[total] = '1.00'),
		},
	]),
];

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function broken(c: Case): unknown {
	if (c.instead !== undefined) return c.instead;
	const document = clone(GOOD[c.type]);
	c.breaks?.(document);
	return document;
}

/** What the partner makes of the document: read from the X12 it would receive, or as JSON. */
function partnerReasons(c: Case, document: unknown): string[] {
	const earlier = c.earlier ?? EARLIER[c.type];
	if (c.x12) {
		// Our writer refuses a bad serialShippingId, so the partner's X12 is the good one with the label swapped.
		const label = (document as any).orders[0].pallets[0].cartons[0].serialShippingId;
		const segments = write856(asn).map((s) =>
			s[0] === 'MAN' && s[1] === 'GM' ? ['MAN', 'GM', label] : s,
		);
		return readX12Reply('856', segments)?.reasons ?? [];
	}
	return checkAgainstChanges(c.type, document, po, (c.changes ?? []) as Json[], {
		'855': earlier.ack,
		'856': earlier.asn,
	});
}

const inputOf = (c: Case, document: unknown) => {
	const earlier = c.earlier ?? EARLIER[c.type];
	return [
		{
			json: { po, document, ack: earlier.ack, asn: earlier.asn, changes: c.changes } as IDataObject,
		},
	];
};

/** Check Document on one item: the document, its 850 and the earlier documents and 860s given. */
const checkDocumentOf = (type: Checked, json: IDataObject) =>
	runNode({
		credentials: credentialsOf(running),
		input: [{ json }],
		parameters: {
			resource: 'transaction',
			operation: 'checkDocument',
			checkedType: type,
			checkedDocument: '={{ $json.document }}',
			checkOrder: '={{ $json.po }}',
			checkAcknowledgment: '={{ $json.ack ?? "" }}',
			checkShipNotice: '={{ $json.asn ?? "" }}',
			checkChanges: '={{ $json.changes ?? "" }}',
		},
	});

const SERVICE_TYPES: Record<Checked, string> = {
	'855': '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
	'856': '856_SHIP_NOTICE_MANIFEST',
	'810': '810_INVOICE',
};

test('the good documents pass both the partner and the shield', () => {
	for (const type of ['855', '856', '810'] as const) {
		const earlier = EARLIER[type];
		expect(
			checkOrderDocument(type, GOOD[type], po, { '855': earlier.ack, '856': earlier.asn }),
		).toEqual([]);
	}
	expect(readX12Reply('856', write856(asn))?.reasons).toEqual([]);
});

/**
 * The walk, derived from the partner's table: each reason and document type it can arise for has a
 * case, unless it can only come from raw X12 text our writer never produces (listed apart, with why).
 */
const WALK = Object.entries(PARTNER_REASONS).flatMap(([id, reason]) =>
	reason.types.map((type: Checked) => ({
		key: `${id} (${type})`,
		cases: CASES.filter((c) => c.id === id && c.type === type),
		x12Only: 'x12Only' in reason ? reason.x12Only : undefined,
	})),
);
const X12_ONLY = WALK.filter((w) => w.cases.length === 0 && w.x12Only !== undefined);

test('every reason the partner can reject a document for has a case, or is X12-only', () => {
	expect(WALK.filter((w) => w.cases.length === 0 && !w.x12Only).map((w) => w.key)).toEqual([]);
	expect(
		CASES.filter((c) => !(PARTNER_REASONS[c.id].types as readonly string[]).includes(c.type)),
	).toEqual([]);
});

const covered = new Set<string>();

test.each(CASES.map((c) => [`${c.type} ${c.id} ${c.reason.source}`, c] as const))(
	'%s: the partner rejects it, the shield flags it first, Create sends nothing',
	async (_name, c) => {
		const document = broken(c);
		expect(partnerReasons(c, document)).toContainEqual(expect.stringMatching(c.reason));

		const checked = await checkDocumentOf(c.type, inputOf(c, document)[0].json);
		expect(checked.error).toBeUndefined();
		expect(checked.items[0].json).toMatchObject({ documentType: c.type, ok: false });
		expect(checked.items[0].json.problems).toContainEqual(
			expect.objectContaining({ rule: c.rule, partner: SHIELD_RULES[c.rule].partner }),
		);

		const created = await createChecked(SERVICE_TYPES[c.type], inputOf(c, document)[0].json);
		expect(created.error?.message).toBeDefined();
		expect(await posts()).toEqual([]);
		covered.add(`${c.id} (${c.type})`);
	},
);

afterAll(() => {
	const walked = WALK.filter((w) => covered.has(w.key)).length + X12_ONLY.length;
	console.log(
		`partner rejection reasons covered ${walked}/${WALK.length} (${X12_ONLY.length} X12-only, checked by our writer)`,
	);
	for (const w of X12_ONLY) console.log(`X12-only: ${w.key}: ${w.x12Only}`);
});

describe('given the 850 and its 860s', () => {
	// The 860 takes line 1 from 4 to 3.
	const changes = change({
		purpose: 'change',
		lines: [{ changeReason: 'quantityChange', line: 1, by: '-1' }],
	});
	const effective = applyChanges(po, changes).effectiveOrder;
	const shipNoticeOf = (order: unknown) => {
		const built = buildShipNotice(order, { shipDate: '2026-11-22', acknowledgment: ack33 }) as any;
		built.orders[0].pallets[0].cartons[0].serialShippingId = '000614141000000014';
		return built;
	};
	const asnEffective = shipNoticeOf(effective);
	const built = {
		unchanged: {
			'856': asn,
			'810': invoice,
		},
		effective: {
			'856': asnEffective,
			'810': buildInvoice(effective, {
				invoiceDate: '2026-11-23',
				acknowledgment: ack33,
				shipNotice: asnEffective,
			}),
		},
	};
	const check = (type: '856' | '810', document: unknown, asn: unknown) =>
		checkDocumentOf(type, { po, document, ack: ack33, asn, changes } as IDataObject);

	test.each(['856', '810'] as const)(
		'an %s built from the unchanged 850 is flagged and Create sends nothing; built from the effective order it passes and is sent',
		async (type) => {
			const shipNotice = type === '810' ? asnEffective : undefined;
			const stale = built.unchanged[type];
			const partnerSays = (document: unknown) =>
				checkAgainstChanges(type, document, po, changes as Json[], {
					'855': ack33,
					'856': shipNotice,
				});
			expect(partnerSays(stale)).not.toEqual([]);
			const flagged = await check(type, stale, shipNotice);
			expect(flagged.items[0].json).toMatchObject({ ok: false });
			expect(flagged.items[0].json.problems).toContainEqual(
				expect.objectContaining({
					rule: 'quantity',
					partner: 'charges back',
				}),
			);
			const input = { po, ack: ack33, asn: shipNotice, changes };
			const refused = await createChecked(SERVICE_TYPES[type], { ...input, document: stale });
			expect(refused.error?.message).toMatch(/does not match its purchase order/);
			expect(await posts()).toEqual([]);

			const good = built.effective[type];
			expect(partnerSays(good)).toEqual([]);
			expect((await check(type, good, shipNotice)).items[0].json).toEqual({
				documentType: type,
				ok: true,
				problems: [],
			});
			const sent = await createChecked(SERVICE_TYPES[type], { ...input, document: good });
			expect(sent.error).toBeUndefined();
			expect((await posts()).map((r) => r.body)).toEqual([
				expect.objectContaining({ message: good }),
			]);
		},
	);
});
