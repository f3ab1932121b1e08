/**
 * Orders and changes as retailers really write them (#41), through n8n's engine against the
 * sandbox, with 850s and 860s typed here for the purpose:
 * - product ids under qualifiers the reader has no word for (IB an ISBN, N4 a National Drug Code)
 *   are kept under their qualifier and echoed by every reply on every path, in One Item per Line
 *   and Check Document; a line with no product id at all is still refused, naming it;
 * - an allowance code of X12's list 1300 the writer has no word for goes back as it came;
 * - Apply Change and the 865 on X12 860s: QI/QD against the quantity's way, the buyer's own code
 *   echoed, a reused change number with other content refused, another release refused, a change
 *   of dates that restates an older quantity not taken (warned), an 860 without BCH05 applied in
 *   the order received (warned).
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../harness';
import { readInterchange } from '../../nodes/EdiExchange/x12';
import { useNodeSandbox } from '../node/helpers';
import { validateAll, withValidator } from '../x12Interop';
import { buildParameters, orderPoller } from './order';

const sb = useNodeSandbox({ sendInitialOrder: false, inboundFormat: 'x12', rateLimit: null });

/** An interchange from the retailer (DEMORETAIL) around one set's segments; SE counts them. */
function interchange(functionalId: string, control: number, segments: string[]): string {
	const n = String(control).padStart(9, '0');
	const set = [...segments, `SE*${segments.length + 1}*0001`];
	return [
		`ISA*00*          *00*          *ZZ*DEMORETAIL     *ZZ*YOURCOMPANY    *261127*0815*U*00401*${n}*0*T*>`,
		`GS*${functionalId}*DEMORETAIL*YOURCOMPANY*20261127*0815*${control}*X*004010`,
		...set,
		`GE*1*${control}`,
		`IEA*1*${n}`,
	]
		.map((segment) => `${segment}~`)
		.join('\n');
}

/**
 * A bookshop's and a pharmacy's order in one: line 1 by ISBN (IB) and the vendor's number, line 2
 * by National Drug Code in 5-4-2 form (N4) only; an advertising allowance (SAC02 A260).
 */
const order850 = (number: string, control: number, line2 = 'PO1*2*6*EA*9.99**N4*12345-6789-01') =>
	interchange('PO', control, [
		'ST*850*0001',
		`BEG*00*SA*${number}*R1*20261127`,
		'CUR*BY*USD',
		'SAC*A*A260***1000**********CO-OP ADVERTISING',
		'N1*ST*MAIN STREET BOOKS*92*0042',
		'PO1*1*12*EA*4.50**IB*9780306406157*VN*V-100',
		'PID*F****A TREATISE ON DECIMALS',
		line2,
		'CTT*2*18',
	]);

/** The partner sends `text` as its 850; the trigger emits it. */
async function received(text: string): Promise<IDataObject> {
	const trigger = orderPoller(sb.credentials);
	await trigger.poll();
	await sb.admin('POST', '/partner/send-850', { x12: text });
	const { items, error } = await trigger.poll();
	expect(error).toBeUndefined();
	expect(items).toHaveLength(1);
	return items![0].json as IDataObject;
}

async function entryOf(number: string): Promise<any> {
	const card = await sb.admin('GET', '/scorecard');
	return card.purchaseOrders.find((e: any) => e.purchaseOrderNumber === number);
}

const written: string[] = [];

describe('product ids and codes the writer has no word for', () => {
	test.each(['x12', 'serviceJson', 'structured'])(
		'an 850 naming its items by ISBN and NDC, with an A260 allowance: the 855, 856 and 810 over the %s path echo them and the partner accepts all three',
		async (path) => {
			const number = `PO-BK-${path}`;
			const po = await received(order850(number, 301 + written.length));
			expect((po.document as any).lineItems.map((l: any) => l.productIds)).toEqual([
				{ IB: '9780306406157', vendorItemNumber: 'V-100' },
				{ N4: '12345-6789-01' },
			]);
			expect((po.document as any).allowances).toEqual([
				{ type: 'A260', amount: '10.00', description: 'CO-OP ADVERTISING' },
			]);
			const create = async (documentType: string, extra: IDataObject) => {
				const result = await runNode({
					credentials: sb.credentials,
					input: [{ po, ...extra }],
					parameters: buildParameters(documentType, { integrationPath: path }),
				});
				expect(result.error?.message).toBeUndefined();
				return result.items[0].json as IDataObject;
			};
			const ack = await create('855_PURCHASE_ORDER_ACKNOWLEDGMENT', {});
			const asn = await create('856_SHIP_NOTICE_MANIFEST', { ack: ack.message });
			const inv = await create('810_INVOICE', { ack: ack.message, asn: asn.message });
			expect(await entryOf(number)).toMatchObject({
				'855': { state: 'accepted', reasons: [] },
				'856': { state: 'accepted', reasons: [] },
				'810': { state: 'accepted', reasons: [] },
			});
			// Every reply names each item exactly as the order did.
			const invoice = inv.message as any;
			expect(invoice.lineItems.map((l: any) => l.productIds)).toEqual([
				{ IB: '9780306406157', vendorItemNumber: 'V-100' },
				{ N4: '12345-6789-01' },
			]);
			expect(invoice.allowances).toEqual([expect.objectContaining({ type: 'A260' })]);
			if (path === 'serviceJson') {
				// The segments each reply carried to the service: the ids as the 850 wrote them.
				const sent = (await sb.requests())
					.filter((r) => r.method === 'POST' && r.body?.format === 'json')
					.map((r) => JSON.stringify(r.body.content.segments));
				expect(sent).toHaveLength(3);
				for (const segments of sent)
					expect(segments).toContain('"IB","9780306406157","VN","V-100"');
				expect(sent[2]).toContain('["SAC","A","A260","","","1000"');
			}
			if (path !== 'x12') return;
			const texts = [ack, asn, inv].map((r) => r.x12 as string);
			expect(texts.every((t) => typeof t === 'string')).toBe(true);
			written.push(...texts);
			expect(texts[0]).toContain('PO1*1*12*EA*4.50**IB*9780306406157*VN*V-100~');
			expect(texts[0]).toContain('*N4*12345-6789-01~');
			expect(texts[1]).toMatch(/LIN\*1\*IB\*9780306406157\*VN\*V-100~/);
			expect(texts[2]).toContain('IT1*1*12*EA*4.50**IB*9780306406157*VN*V-100~');
			expect(texts[2]).toContain('SAC*A*A260***1000');
		},
	);

	test('One Item per Line gives each line its ids, an unknown qualifier as its own column', async () => {
		const trigger = orderPoller(sb.credentials, { output: 'lines' });
		await trigger.poll();
		await sb.admin('POST', '/partner/send-850', { x12: order850('PO-BK-LINES', 311) });
		const rows = (await trigger.poll()).items!.map((i) => i.json);
		expect(rows.map((r) => [r.purchaseOrderLineId, r.IB, r.N4, r.vendorItemNumber])).toEqual([
			['1', '9780306406157', null, 'V-100'],
			['2', null, '12345-6789-01', null],
		]);
	});

	test('Check Document passes the replies built from it, and flags one naming another book', async () => {
		const po = await received(order850('PO-BK-CHECK', 312));
		const built = await runNode({
			credentials: sb.credentials,
			input: [{ po }],
			parameters: buildParameters('855_PURCHASE_ORDER_ACKNOWLEDGMENT'),
		});
		const ack = (built.items[0].json.message ?? built.items[0].json) as any;
		const check = (document: unknown) =>
			runNode({
				credentials: sb.credentials,
				input: [{ json: { po, document } as IDataObject }],
				parameters: {
					resource: 'transaction',
					operation: 'checkDocument',
					checkedType: '855',
					checkedDocument: '={{ $json.document }}',
					checkOrder: '={{ $json.po }}',
				},
			});
		const passed = await check(ack);
		expect(passed.error?.message).toBeUndefined();
		expect(passed.items[0].json).toMatchObject({ ok: true, problems: [] });
		const other = JSON.parse(JSON.stringify(ack));
		other.lineItems[0].productIds.IB = '9780000000002';
		delete other.lineItems[0].productIds.vendorItemNumber;
		delete other.lineItems[0].x12ProductIds;
		const flagged = (await check(other)).items[0].json as any;
		expect(flagged.ok).toBe(false);
		expect(flagged.problems).toContainEqual(
			expect.objectContaining({ rule: 'productIds', field: 'lineItems[0].productIds' }),
		);
	});

	test('a line with no product id at all is still refused, naming it, and nothing is sent', async () => {
		const po = await received(order850('PO-BK-NOID', 313, 'PO1*2*6*EA*9.99'));
		await sb.clearRequests();
		const result = await runNode({
			credentials: sb.credentials,
			input: [{ po }],
			parameters: buildParameters('855_PURCHASE_ORDER_ACKNOWLEDGMENT', { integrationPath: 'x12' }),
		});
		expect(result.error?.message).toMatch(/lineItems\[1\]\.productIds/);
		expect((await sb.requests()).filter((r) => r.method === 'POST')).toEqual([]);
	});
});

/** A plain two-line order (line 1: 10 at 2.00, line 2: 4 at 5.00), release R1 of a blanket order. */
const ORDER = interchange('PO', 401, [
	'ST*850*0001',
	'BEG*00*BK*PO-CH1*R1*20261120',
	'PO1*1*10*EA*2.00**BP*A-1',
	'DTM*010*20261201',
	'PO1*2*4*EA*5.00**BP*B-2',
	'CTT*2*14',
]);

/** An 860 to PO-CH1: BCH04 the release, BCH05 the change number ('' leaves it out), its POC lines. */
const change860 = (sequence: string, lines: string[], release = 'R1', control = 402) =>
	interchange('PC', control, [
		'ST*860*0001',
		`BCH*04*BK*PO-CH1*${release}*${sequence}*20261120****20261122`,
		...lines,
		`CTT*${lines.filter((l) => l.startsWith('POC')).length}`,
	]);

async function applyChange(order: unknown, changes: unknown) {
	return sb.run(
		{
			resource: 'transaction',
			operation: 'applyChange',
			changedOrder: '={{ $json.order }}',
			changes: '={{ $json.changes }}',
		},
		{ input: [{ order, changes } as IDataObject] },
	);
}

const applied = async (order: unknown, changes: unknown) => {
	const result = await applyChange(order, changes);
	expect(result.error?.message).toBeUndefined();
	return result.items[0].json as any;
};
const lineOf = (result: any, id: string) =>
	result.effectiveOrder.lineItems.find((l: any) => l.purchaseOrderLineId === id);

/** The 865 Create builds for `change` and sends over X12: its segments (the text kept for the validator). */
async function answered(change: string): Promise<string[][]> {
	const result = await sb.run(
		{
			resource: 'transaction',
			operation: 'create',
			documentType: '865_PURCHASE_ORDER_CHANGE_ACKNOWLEDGMENT',
			stream: 'test',
			messageSource: 'build',
			purchaseOrderChange: '={{ $json.change }}',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			integrationPath: 'x12',
		},
		{ input: [{ change }] },
	);
	expect(result.error?.message).toBeUndefined();
	const text = result.items[0].json.x12 as string;
	written.push(text);
	return readInterchange(text).interchange!.groups[0].sets[0].segments;
}

describe('X12 860s through Apply Change and the 865', () => {
	test('a QD (quantity decrease) that raises the quantity is refused, naming the line; a QI that raises it is applied', async () => {
		const refused = await applyChange(ORDER, change860('001', ['POC*1*QD*15*15*EA']));
		expect(refused.error?.message).toBe(
			'Cannot apply the change: changes[0].lineItems[0] is a quantity decrease, but the quantity goes from 10 to 15',
		);
		const result = await applied(ORDER, change860('001', ['POC*1*QI*15*15*EA']));
		expect(lineOf(result, '1').quantity).toEqual({ value: '15', unitOfMeasure: 'each' });
	});

	test('the 865 answers each line with the buyer’s own change code (QD, not a code outside list 670)', async () => {
		const pocs = (await answered(change860('001', ['POC*1*QD*8*8*EA', 'POC*2*PC****5.50']))).filter(
			(s) => s[0] === 'POC',
		);
		expect(pocs.map((s) => s.slice(0, 3))).toEqual([
			['POC', '1', 'QD'],
			['POC', '2', 'PC'],
		]);
	});

	test('a different 860 under a change number already applied is refused, naming it; the same 860 again changes nothing', async () => {
		const first = change860('001', ['POC*1*QD*8*8*EA']);
		const once = await applied(ORDER, first);
		const again = await applied(once.effectiveOrder, first);
		expect([again.applied, again.alreadyApplied]).toEqual([[], ['001']]);
		const other = change860('001', ['POC*2*PC****4.75']);
		const refused = await applyChange(once.effectiveOrder, other);
		expect(refused.error?.message).toMatch(
			/^Cannot apply the change: changes\[0\] is change 001, but the change 001 already applied to purchase order PO-CH1 changed other things/,
		);
	});

	test('a change to another release of the blanket order (BCH04) is refused, naming both', async () => {
		const refused = await applyChange(ORDER, change860('001', ['POC*1*QI*12*12*EA'], 'R2'));
		expect(refused.error?.message).toBe(
			'Cannot apply the change: changes[0] (change 001) changes release R2 of purchase order PO-CH1, but the order given is release R1: give the 850 of release R2',
		);
	});

	test('a change of dates (CT) restating the quantity the order had before a decrease changes the date only, with a warning', async () => {
		const decrease = change860('001', ['POC*1*QD*8*8*EA']);
		const dates = change860('002', ['POC*1*CT*10*10*EA*2.00', 'DTM*010*20261210'], 'R1', 403);
		// One text holding both interchanges, the later change first: applied in sequence.
		const result = await applied(ORDER, `${dates}\n${decrease}`);
		expect(result.applied).toEqual(['001', '002']);
		expect(lineOf(result, '1')).toMatchObject({
			quantity: { value: '8', unitOfMeasure: 'each' },
			unitCostPrice: '2.00',
			dates: { requestedShipDate: '2026-12-10' },
		});
		expect(result.warnings).toEqual([
			"changes[0].lineItems[0] (line 1, CT: change of dates) restates quantity as 10, but the line's is 8: not taken, a change of dates changes dates only",
		]);
	});

	test('an 860 without BCH05 is applied in the order received, with a warning; the 865 answers it without BCA05', async () => {
		const result = await applied(ORDER, change860('', ['POC*2*PC****5.25']));
		expect(lineOf(result, '2').unitCostPrice).toBe('5.25');
		expect(result.applied).toEqual(['changes[0]']);
		expect(result.warnings).toEqual([
			'changes[0] has no changeSequenceNumber (X12 BCH05): the 860s are applied in the order received, this one 1 of 1',
		]);
		const again = await applied(result.effectiveOrder, change860('', ['POC*2*PC****5.25']));
		expect(again.alreadyApplied).toEqual(['changes[0]']);
		const bca = (await answered(change860('', ['POC*2*PC****5.25']))).find((s) => s[0] === 'BCA');
		expect(bca?.slice(0, 7)).toEqual(['BCA', '00', 'AT', 'PO-CH1', 'R1', '', '20261120']);
	});
});

withValidator.test('every X12 these tests wrote passes the independent validator', () => {
	// The 855, 856 and 810 over X12, and the two 865s.
	expect(written).toHaveLength(5);
	const verdicts = validateAll(written);
	expect(verdicts.flatMap((v) => v.errors)).toEqual([]);
});
