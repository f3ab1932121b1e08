/**
 * ../shared's independent 004010 validator over everything the nodes write, counted: the writers'
 * interchanges for random purchase orders (test/x12Orders.ts: the 855, the 856 in each HL shape,
 * the 810, the 865, the 846, the 997s), and what the nodes put out through n8n's engine: X12 →
 * Convert (document to X12), Acknowledge With 997, and Create over the X12 passthrough as the
 * sandbox received it (Build From Purchase Order, and Build Inventory Advice From Rows).
 * Skipped, saying so, when ../shared is absent. FUZZ_RUNS scales the number of orders.
 */
import { fc } from '@fast-check/jest';
import type { IDataObject } from 'n8n-workflow';

import { fuzz } from '../fuzz';
import { retail850 } from '../unit/x12/fixtures';
import { ourSegments, validateAll, withValidator } from '../x12Interop';
import { buildInvoice } from '../../nodes/EdiExchange/documents';
import { write810 } from '../../nodes/EdiExchange/x12Documents';
import { envelope, ORDER, type Order, purchaseOrder, writeOrder, type Written } from '../x12Orders';
import { useNodeSandbox } from './helpers';

const sb = useNodeSandbox();

const HIERARCHIES = ['shipmentOrderPackItem', 'shipmentOrderItem', 'shipmentOrderTarePackItem'];
/** Create, Build From Purchase Order over the X12 passthrough, the purchase order being the item. */
const BUILD = {
	resource: 'transaction',
	operation: 'create',
	stream: 'test',
	messageSource: 'build',
};
const CREATED = ['855_PURCHASE_ORDER_ACKNOWLEDGMENT', '856_SHIP_NOTICE_MANIFEST', '810_INVOICE'];

/** What the nodes write through the engine for these orders; nothing here is checked but the run. */
async function throughTheEngine(orders: Order[]) {
	const written: Written[] = [];
	const documents = orders.map(writeOrder);
	const convert = async (type: string, messages: unknown[], options = {}) => {
		const result = await sb.run(
			{
				resource: 'x12',
				operation: 'convert',
				conversion: 'toX12',
				documentType: type,
				document: '={{ $json.message }}',
				senderId: 'YOURCOMPANY',
				receiverId: 'DEMORETAIL',
				stream: 'test',
				options,
			},
			{ input: messages.map((message) => ({ message: message as IDataObject })) },
		);
		expect(result.error?.message).toBeUndefined();
		return result.items.map((item) => item.json.x12 as string);
	};
	const of = (kind: string) =>
		documents.flatMap((d) => d.written.filter((w) => w.kind === kind).map((w) => w.document));
	const acks = await convert('855', of('855'));
	written.push(...acks.map((text) => ({ kind: 'engine: Convert 855', text })));
	for (const hierarchy of HIERARCHIES)
		for (const text of await convert('856', of(`856 ${hierarchy}`), { hierarchy }))
			written.push({ kind: `engine: Convert 856 ${hierarchy}`, text });
	for (const text of await convert('810', of('810')))
		written.push({ kind: 'engine: Convert 810', text });
	for (const text of await convert('846', of('846')))
		written.push({ kind: 'engine: Convert 846', text });

	// Acknowledge With 997 of what Convert wrote (built only) and of a retailer's 850 (sent).
	const built = await sb.run(
		{ resource: 'x12', operation: 'acknowledge', x12Content: '={{ $json.x12 }}', send: false },
		{ input: acks.map((x12) => ({ x12 })) },
	);
	expect(built.error?.message).toBeUndefined();
	for (const item of built.items)
		written.push({ kind: 'engine: Acknowledge With 997', text: item.json.x12 as string });
	const sent = await sb.run(
		{ resource: 'x12', operation: 'acknowledge', x12Content: '={{ $json.x12 }}' },
		{ input: [{ x12: retail850('PO-V997', 41) }] },
	);
	expect(sent.error?.message).toBeUndefined();

	// Create over the X12 passthrough: each order built into an 855, 856 and 810 and sent. A
	// document the builders refuse (allowances above the sales) fails its item and sends nothing.
	let first = 1000;
	for (const documentType of CREATED) {
		const result = await sb.run(
			{
				...BUILD,
				purchaseOrder: '={{ $json }}',
				integrationPath: 'x12',
				documentType,
				x12Options: { firstControlNumber: (first += 1000) },
				documentOptions: { ssccCompanyPrefix: '0614141', ssccFirstSerial: String(first) },
			},
			{
				input: orders.map((order) => ({
					senderId: 'DEMORETAIL',
					receiverId: 'YOURCOMPANY',
					message: purchaseOrder(order),
				})),
				continueOnFail: true,
			},
		);
		expect(result.items.filter((i) => i.json.error === undefined).length).toBeGreaterThan(0);
	}
	// Create → Build Inventory Advice From Rows over the X12 passthrough: every order's lines as
	// rows of one feed, three lines per 846.
	const rows = orders.flatMap((order, i) =>
		order.lines.map((line, j) => ({
			vendorItemNumber: `V${i}-${j}`,
			gtin: line.ids.gtin12,
			quantityAvailable: line.quantity,
			quantityOnHand: line.quantity,
			location: j % 2 ? 'WH001' : 'WH002',
			nextAvailableDate: j % 3 ? undefined : '2026-12-01',
		})),
	);
	const feed = await sb.run(
		{
			...BUILD,
			messageSource: 'inventoryRows',
			documentType: '846_INVENTORY_ADVICE',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			integrationPath: 'x12',
			x12Options: { firstControlNumber: 9000 },
			inventoryOptions: { maxLinesPerDocument: 3 },
		},
		{ input: rows },
	);
	expect(feed.error?.message).toBeUndefined();
	for (const request of await sb.requests())
		if (request.method === 'POST' && request.body?.format === 'x12') {
			const type = ourSegments(request.body.content as string)[2][1];
			written.push({ kind: `engine: sent ${type}`, text: request.body.content as string });
		}
	return written;
}

/**
 * The validator multiplies IT102 × IT104 in binary floating point: a line exactly on a half cent
 * (1 × 1.005) can come out just below it (1.00499…) and round down, where exact half-up gives
 * 1.01. Such an 810 is counted apart only when TDS01 is the exact half-up sum and every line on
 * which the two differ is exactly on a half cent.
 */
function floatHalfCent(text: string): boolean {
	const segments = ourSegments(text);
	let exact = 0n;
	let float = 0;
	let onlyTies = true;
	for (const s of segments.filter((x) => x[0] === 'IT1')) {
		const [q, p] = [s[2], s[4]].map((v) => {
			const [whole, fraction = ''] = v.split('.');
			return { units: BigInt(whole + fraction), scale: fraction.length };
		});
		const units = q.units * p.units;
		const below = 10n ** BigInt(Math.max(0, q.scale + p.scale - 2));
		const rest = q.scale + p.scale > 2 ? units % below : 0n;
		const cents =
			q.scale + p.scale > 2
				? units / below + (2n * rest >= below ? 1n : 0n)
				: units * 10n ** BigInt(2 - q.scale - p.scale);
		const theirs = Math.round(Number(s[2]) * Number(s[4]) * 100);
		if (BigInt(theirs) !== cents && 2n * rest !== below) onlyTies = false;
		exact += cents;
		float += theirs;
	}
	const sac = segments
		.filter((x) => x[0] === 'SAC' && x[5])
		.reduce((sum, x) => sum + (x[1] === 'C' ? 1n : -1n) * BigInt(x[5]), 0n);
	const tds = BigInt(segments.find((x) => x[0] === 'TDS')![1]);
	return onlyTies && BigInt(float) !== exact && tds === exact + sac;
}

/**
 * The validator adds QTY02s in binary floating point and allows 1e-9: many quantities with three
 * decimals can drift past that (2386501.0280000013 for an exact 2386501.028). An 846 is counted
 * apart only when its CTT02 is exactly the decimal sum of its QTY02s.
 */
function floatHash(text: string): boolean {
	const segments = ourSegments(text);
	const scaled = (v: string) => {
		const [whole, fraction = ''] = v.split('.');
		return BigInt(whole + fraction.padEnd(15, '0'));
	};
	const exact = segments.filter((x) => x[0] === 'QTY').reduce((sum, x) => sum + scaled(x[2]), 0n);
	const ctt = segments.find((x) => x[0] === 'CTT');
	return ctt?.[2] !== undefined && scaled(ctt[2]) === exact;
}

/** The 856's pack (P) and tare (T) levels, and how many of them carry an SSCC-18 (MAN*GM). */
function labelled(text: string): { levels: number; labelled: number } {
	let levels = 0;
	let labelled = 0;
	let open = false;
	for (const s of ourSegments(text)) {
		if (s[0] === 'HL') {
			open = s[3] === 'P' || s[3] === 'T';
			if (open) levels++;
		} else if (open && s[0] === 'MAN' && s[1] === 'GM') {
			labelled++;
			open = false;
		}
	}
	return { levels, labelled };
}

withValidator.test(
	'the validator finds no error in anything the nodes write (counted)',
	async () => {
		const orders = fc.sample(ORDER, fuzz(200));
		const written: Written[] = orders.flatMap((order) => writeOrder(order).written);
		written.push(...(await throughTheEngine(orders.slice(0, 20))));

		const counts = new Map<string, number>();
		for (const w of written) counts.set(w.kind, (counts.get(w.kind) ?? 0) + 1);
		const summary = [...counts].map(([kind, n]) => `${n} ${kind}`).join(', ');
		const verdicts = validateAll(written.map((w) => w.text));
		let halfCents = 0;
		let floatSums = 0;
		const failures: string[] = [];
		verdicts.forEach(({ errors }, i) => {
			const { kind, text } = written[i];
			if (errors.length === 1 && errors[0].rule === 'tds.total' && floatHalfCent(text)) halfCents++;
			else if (errors.length === 1 && errors[0].rule === 'ctt.hash' && floatHash(text)) floatSums++;
			else if (errors.length > 0) failures.push(`${kind}: ${JSON.stringify(errors)}\n${text}`);
		});
		console.log(
			`validator: ${written.length} interchanges (${summary}), ${failures.length} errors` +
				(halfCents
					? `; ${halfCents} 810s with a line exactly on a half cent, which the validator's floating point rounds down`
					: ''),
		);
		const inventory = written.filter((w) => /846/.test(w.kind));
		const inventoryFailures = failures.filter((f) => /^[^:]*846/.test(f)).length;
		console.log(
			`846 inventory advices validated: ${inventory.length} (${inventory.filter((w) => w.kind === 'engine: sent 846').length} sent by Build Inventory Advice From Rows), ${inventoryFailures} with errors` +
				(floatSums
					? `; ${floatSums} whose CTT02 is the exact sum of QTY02, which the validator's floating point sums inexactly`
					: ''),
		);
		expect(inventory.filter((w) => w.kind === 'engine: sent 846').length).toBeGreaterThan(0);
		const packs = written
			.filter((w) => /856/.test(w.kind))
			.map((w) => labelled(w.text))
			.reduce((a, b) => ({ levels: a.levels + b.levels, labelled: a.labelled + b.labelled }));
		const checkDigits = verdicts
			.flatMap((v) => v.errors)
			.filter((e) => e.rule === 'sscc.check-digit');
		console.log(
			`856 pack and tare levels carrying MAN*GM: ${packs.labelled} of ${packs.levels}; sscc.check-digit errors: ${checkDigits.length}`,
		);
		expect(packs.labelled).toBe(packs.levels);
		expect(packs.levels).toBeGreaterThan(0);
		expect(checkDigits).toEqual([]);
		expect(failures.slice(0, 3)).toEqual([]);
		expect(written.length).toBeGreaterThan(0);
	},
);

test('an 846 is counted apart only when CTT02 is the exact sum of its QTY02s', () => {
	const advice = (hash: string) =>
		envelope(
			'846',
			[
				['BIA', '00', 'SI', 'R1', '20261127'],
				['LIN', '1', 'VN', 'A'],
				['QTY', '33', '0.1', 'EA'],
				['LIN', '2', 'VN', 'B'],
				['QTY', '33', '0.2', 'EA'],
				['CTT', '2', hash],
			],
			5,
		);
	expect(floatHash(advice('0.3'))).toBe(true);
	expect(floatHash(advice('0.30000000000000004'))).toBe(false);
	expect(floatHash(advice('0.4'))).toBe(false);
});

test('an 810 is counted apart only for a line exactly on a half cent with TDS01 rounded half-up', () => {
	const invoice = (price: string, total?: string) => {
		const po = purchaseOrder(fc.sample(ORDER, { numRuns: 1, seed: 7 })[0]);
		const [line] = po.lineItems as IDataObject[];
		const lines = [
			{ ...line, quantity: { value: '1', unitOfMeasure: 'each' }, unitCostPrice: price },
		];
		const message = buildInvoice(
			{ ...po, lineItems: lines, charges: [], allowances: [] },
			{
				invoiceDate: '2026-11-26',
			},
		);
		if (total) message.invoiceTotal = total;
		return envelope('810', write810(message), 5);
	};
	expect(floatHalfCent(invoice('1.005'))).toBe(true); // 1.01 here, 1.00 in floating point
	expect(floatHalfCent(invoice('1.005', '1.00'))).toBe(false); // TDS01 not half-up
	expect(floatHalfCent(invoice('1.125'))).toBe(false); // 112.5 in floats too: no error to excuse
});
