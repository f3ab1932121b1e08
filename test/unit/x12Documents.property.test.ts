/**
 * Property tests of the X12 writers over random purchase orders (the ranges of
 * documents.property.test.ts: quantities to 3 decimals, prices to 4), under random separators
 * (element * | !, component > :, terminator ~ or a line feed): 850 → 855/856 (each HL shape)/810 →
 * X12, a 997 for the 855, and a 997 rejecting one of two 855s whose SE count is wrong. Every interchange must be read in full by our reader,
 * by node-x12 and by x12-parser, agreeing element by element; the fields X12 carries must come
 * back equal from the segments; and ../shared's independent 004010 validator must find no error
 * (skipped, with a message, when ../shared is absent).
 */
import { fc } from '@fast-check/jest';

import {
	buildAcknowledgment,
	buildInvoice,
	buildShipNotice,
	compareDecimal,
	DocumentError,
	type PlainObject,
	parseDecimal,
} from '../../nodes/EdiExchange/documents';
import { readInterchange } from '../../nodes/EdiExchange/x12';
import {
	PRODUCT_ID_CODES,
	SHIP_NOTICE_HIERARCHIES,
	wordFor,
	write810,
	write855,
	write856,
	write997,
	writeInterchange,
	DEFAULT_SEPARATORS,
	type WriteSeparators,
} from '../../nodes/EdiExchange/x12Documents';
import { AMOUNT, PRICE, QUANTITY } from '../arbitraries';
import { fuzz } from '../fuzz';
import {
	differences,
	hasValidator,
	nodeX12Segments,
	ourSegments,
	validateAll,
	VALIDATOR,
	x12ParserSegments,
} from '../x12Interop';

const TEXT = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,&'/-]{0,20}[A-Za-z0-9]$/);
const ID = fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{1,14}$/);
const LINE = fc.record({
	quantity: QUANTITY,
	price: PRICE,
	unit: fc.constantFrom('each', 'case', 'pound', 'CS'),
	ids: fc.record(
		{ buyerItemNumber: ID, vendorItemNumber: ID, gtin12: fc.stringMatching(/^\d{12}$/) },
		{ requiredKeys: ['buyerItemNumber'] },
	),
	description: fc.option(TEXT, { nil: undefined }),
	status: fc.constantFrom('accepted', 'accepted', 'backordered', 'rejected'),
});
const ORDER = fc.record({
	number: fc.stringMatching(/^[A-Z0-9]{1,22}$/),
	release: fc.option(fc.stringMatching(/^[A-Z0-9]{1,30}$/), { nil: undefined }),
	currency: fc.option(fc.constantFrom('USD', 'CAD', 'EUR'), { nil: undefined }),
	shipTo: fc.record({ name: TEXT, code: ID, city: TEXT, state: fc.constantFrom('NY', 'NJ', 'CA') }),
	lines: fc.array(LINE, { minLength: 1, maxLength: 8 }),
	charges: fc.array(AMOUNT, { maxLength: 3 }),
	allowances: fc.array(AMOUNT, { maxLength: 3 }),
	packing: fc.constantFrom('cartonPerLine' as const, 'singleCarton' as const),
	interchange: fc.integer({ min: 1, max: 999_999_999 }),
	separators: fc.record({
		element: fc.constantFrom('*', '|', '!'),
		component: fc.constantFrom('>', ':'),
		segment: fc.constantFrom('~', '\n'),
	}),
});
type Order = typeof ORDER extends fc.Arbitrary<infer O> ? O : never;

function purchaseOrder(order: Order): PlainObject {
	const po: PlainObject = {
		purchaseOrderNumber: order.number,
		purchaseOrderDate: '2026-11-20',
		parties: {
			shipTo: {
				name: order.shipTo.name,
				identificationCode: order.shipTo.code,
				identificationCodeType: 'receiversId',
				city: order.shipTo.city.padEnd(2, 'X'),
				stateOrProvinceCode: order.shipTo.state,
			},
		},
		lineItems: order.lines.map((line, i) => ({
			purchaseOrderLineId: String(i + 1),
			quantity: { value: line.quantity, unitOfMeasure: line.unit },
			unitCostPrice: line.price,
			productIds: line.ids,
			...(line.description ? { productAttributes: { description: line.description } } : {}),
		})),
		charges: order.charges,
		allowances: order.allowances,
	};
	if (order.release) po.releaseNumber = order.release;
	if (order.currency) po.buyersCurrency = { currencyCode: order.currency };
	return po;
}

const equalDecimal = (a: unknown, b: unknown) =>
	compareDecimal(parseDecimal(a), parseDecimal(b)) === 0;
const cents = (amount: unknown) =>
	(parseDecimal(amount).units * 100n) / 10n ** BigInt(parseDecimal(amount).scale);

/** Product ids read back from qualifier/id pairs. */
function idsFrom(elements: string[]): PlainObject {
	const ids: PlainObject = {};
	for (let i = 0; i + 1 < elements.length; i += 2)
		if (elements[i]) ids[wordFor(PRODUCT_ID_CODES, elements[i]) ?? elements[i]] = elements[i + 1];
	return ids;
}
const body = (text: string) => {
	const all = ourSegments(text);
	return all.slice(3, -3);
};
const find = (segments: string[][], id: string) => segments.filter((s) => s[0] === id);

/** The mapped fields of each document, read back from the segments alone. */
function checkRoundTrip855(ack: PlainObject, text: string, po: PlainObject) {
	const segments = body(text);
	const [bak] = find(segments, 'BAK');
	expect(bak[3]).toBe(ack.purchaseOrderNumber);
	expect(bak[4]).toBe(String((ack.dates as PlainObject).purchaseOrderDate).replace(/-/g, ''));
	expect(bak[5] || undefined).toBe(po.releaseNumber);
	expect(find(segments, 'CUR')[0]?.[2]).toBe(
		(po.buyersCurrency as PlainObject | undefined)?.currencyCode,
	);
	const lines = ack.lineItems as PlainObject[];
	const po1 = find(segments, 'PO1');
	expect(po1).toHaveLength(lines.length);
	lines.forEach((line, i) => {
		expect(po1[i][1]).toBe(line.purchaseOrderLineId);
		expect(idsFrom(po1[i].slice(6))).toEqual(line.productIds);
		const actions = line.actions as PlainObject[];
		const price = actions.find((a) => a.unitCostPrice !== undefined)?.unitCostPrice;
		if (price === undefined) expect(po1[i][4] ?? '').toBe('');
		else expect(equalDecimal(po1[i][4], price)).toBe(true);
	});
	const acks = find(segments, 'ACK');
	const actions = lines.flatMap((line) => line.actions as PlainObject[]);
	expect(acks).toHaveLength(actions.length);
	actions.forEach((action, i) => {
		expect(acks[i][1]).toBe(
			{ accepted: 'IA', backordered: 'IB', rejected: 'IR' }[action.status as string],
		);
		expect(equalDecimal(acks[i][2], (action.quantity as PlainObject).value)).toBe(true);
	});
}

function checkRoundTrip856(asn: PlainObject, text: string, hierarchy: string) {
	const segments = body(text);
	const order = (asn.orders as PlainObject[])[0];
	expect(find(segments, 'PRF')[0][1]).toBe(order.purchaseOrderNumber);
	expect(find(segments, 'PRF')[0][2] || undefined).toBe(order.releaseNumber);
	const cartons = (order.pallets as PlainObject[]).flatMap((p) => p.cartons as PlainObject[]);
	const items = cartons.flatMap((c) => c.items as PlainObject[]);
	const lin = find(segments, 'LIN');
	const sn1 = find(segments, 'SN1');
	expect(lin).toHaveLength(items.length);
	items.forEach((item, i) => {
		expect(lin[i][1]).toBe(item.purchaseOrderLineId);
		expect(idsFrom(lin[i].slice(2))).toEqual(item.productIds);
		expect(equalDecimal(sn1[i][2], (item.quantityShipped as PlainObject).value)).toBe(true);
	});
	const levels = find(segments, 'HL')
		.map((s) => s[3])
		.join('');
	const packs = hierarchy === 'shipmentOrderItem' ? 0 : cartons.length;
	expect(levels.split('P').length - 1).toBe(packs);
	expect(levels.split('T').length - 1).toBe(hierarchy === 'shipmentOrderTarePackItem' ? 1 : 0);
	expect(find(segments, 'MAN')).toHaveLength(
		packs + (hierarchy === 'shipmentOrderTarePackItem' ? 1 : 0),
	);
}

function checkRoundTrip810(invoice: PlainObject, text: string) {
	const segments = body(text);
	const [big] = find(segments, 'BIG');
	expect(big[2]).toBe(invoice.invoiceNumber);
	expect(big[4]).toBe(invoice.purchaseOrderNumber);
	expect(big[5] || undefined).toBe(invoice.releaseNumber);
	const it1 = find(segments, 'IT1');
	(invoice.lineItems as PlainObject[]).forEach((line, i) => {
		expect(it1[i][1]).toBe(line.purchaseOrderLineId);
		expect(equalDecimal(it1[i][2], (line.quantityInvoiced as PlainObject).value)).toBe(true);
		expect(equalDecimal(it1[i][4], line.unitPrice)).toBe(true);
	});
	const [tds] = find(segments, 'TDS');
	expect(BigInt(tds[1])).toBe(cents(invoice.invoiceTotal));
	expect(BigInt(tds[2])).toBe(cents(invoice.invoiceSalesTotal));
	const sac = find(segments, 'SAC');
	const amounts = [
		...((invoice.charges as PlainObject[] | undefined) ?? []),
		...((invoice.allowances as PlainObject[] | undefined) ?? []),
	];
	expect(sac.map((s) => BigInt(s[5]))).toEqual(amounts.map((a) => cents(a.amount)));
}

const envelope = (
	type: string,
	segments: string[][],
	n: number,
	separators: WriteSeparators = DEFAULT_SEPARATORS,
) =>
	writeInterchange([{ type, segments }], {
		senderId: 'SELLERISA',
		receiverId: 'BUYERISA',
		controlNumbers: { interchange: n, group: n, sets: [n % 10000] },
		date: '2026-11-24',
		time: '1930',
		separators,
		lineEnding: separators.segment === '\n' ? '' : '\n',
	});

interface Written {
	kind: string;
	text: string;
	/** Some line's quantity × price has digits below the cent (per-line and whole rounding can differ). */
	subCent?: boolean;
}

/** A writer's refusal of what an element cannot carry (e.g. a total past TDS01's 15 digits): counted, and it must name a field and an X12 element. */
let tooBig = 0;
function written<T>(write: () => T): T | undefined {
	try {
		return write();
	} catch (error) {
		if (
			!(error instanceof DocumentError) ||
			!error.path ||
			!/X12 [A-Z0-9]+ holds at most/.test(error.message)
		)
			throw error;
		tooBig++;
		return undefined;
	}
}

test('random purchase orders → 855, 856 (three HL shapes), 810 and 997 as X12: read alike by three readers, fields round-trip, the validator finds no error', async () => {
	const produced: Written[] = [];
	let refused = 0;
	await fc.assert(
		fc.asyncProperty(ORDER, async (order) => {
			const po = purchaseOrder(order);
			const separators = { ...order.separators, repetition: '' };
			const decisions = order.lines.map((line, i) => ({
				purchaseOrderLineId: String(i + 1),
				status: line.status as 'accepted',
			}));
			const ack = buildAcknowledgment(po, { scheduledShipDate: '2026-11-25', lines: decisions });
			const texts: Written[] = [
				{
					kind: '855',
					text: envelope('855', write855(ack, { separators }), order.interchange, separators),
				},
			];
			checkRoundTrip855(ack, texts[0].text, po);
			const read = readInterchange(texts[0].text);
			const acks = write997(read.interchange!, read.problems);
			expect(acks.sets).toHaveLength(1);
			texts.push({
				kind: '997',
				text: writeInterchange(acks.sets, {
					...acks.envelope,
					controlNumbers: { interchange: 1, group: 1, sets: [1] },
					date: '2026-11-24',
				}),
			});
			// Two 855s, the second with a wrong SE count: its 997 rejects that one (AK5 R 4), AK9 P.
			const body = write855(ack);
			const pair = writeInterchange(
				[
					{ type: '855', segments: body },
					{ type: '855', segments: body },
				],
				{
					senderId: 'BUYERISA',
					receiverId: 'SELLERISA',
					controlNumbers: { interchange: order.interchange, group: 9, sets: [1, 2] },
					date: '2026-11-24',
				},
			).replace(`SE*${body.length + 2}*0002~`, `SE*${body.length + 3}*0002~`);
			const broken = readInterchange(pair);
			const rejection = write997(broken.interchange!, broken.problems);
			expect(rejection.sets[0].segments).toEqual([
				['AK1', 'PR', '9'],
				['AK2', '855', '0001'],
				['AK5', 'A'],
				['AK2', '855', '0002'],
				['AK5', 'R', '4'],
				['AK9', 'P', '2', '2', '1'],
			]);
			texts.push({
				kind: '997 rejecting',
				text: writeInterchange(rejection.sets, {
					...rejection.envelope,
					controlNumbers: { interchange: 2, group: 2, sets: [1] },
					date: '2026-11-24',
				}),
			});
			let asn: PlainObject | undefined;
			try {
				asn = buildShipNotice(po, {
					shipDate: '2026-11-25',
					acknowledgment: ack,
					packing: order.packing,
					carrierScac: 'FEDX',
					transportationMethod: 'commonCarrier',
					trackingNumber: '1Z999',
				});
			} catch {
				refused++; // every line rejected: nothing to ship or invoice
			}
			if (asn) {
				for (const hierarchy of SHIP_NOTICE_HIERARCHIES) {
					const text = envelope(
						'856',
						write856(asn, {
							separators,
							hierarchy,
							sscc: { companyPrefix: '0614141', firstSerial: order.interchange % 1000 },
						}),
						order.interchange,
						separators,
					);
					checkRoundTrip856(asn, text, hierarchy);
					texts.push({ kind: `856 ${hierarchy}`, text });
				}
				let invoice: PlainObject | undefined;
				try {
					invoice = buildInvoice(po, {
						invoiceDate: '2026-11-26',
						shipNotice: asn,
						acknowledgment: ack,
					});
				} catch {
					refused++; // allowances above the sales: refused by the builder
				}
				const segments = invoice && written(() => write810(invoice!, { separators }));
				if (invoice && segments) {
					const text = envelope('810', segments, order.interchange, separators);
					checkRoundTrip810(invoice, text);
					const subCent = (invoice.lineItems as PlainObject[]).some((line) => {
						const q = parseDecimal((line.quantityInvoiced as PlainObject).value);
						const p = parseDecimal(line.unitPrice);
						return (
							q.scale + p.scale > 2 &&
							(q.units * p.units) % 10n ** BigInt(q.scale + p.scale - 2) !== 0n
						);
					});
					texts.push({ kind: '810', text, subCent });
				}
			}
			for (const { text } of texts) {
				const ours = ourSegments(text);
				expect(differences(ours, nodeX12Segments(text), 'node-x12')).toEqual([]);
				expect(differences(ours, await x12ParserSegments(text), 'x12-parser')).toEqual([]);
			}
			produced.push(...texts);
		}),
		fuzz(60),
	);

	const all = produced;
	const counts = new Map<string, number>();
	for (const w of all) counts.set(w.kind, (counts.get(w.kind) ?? 0) + 1);
	const summary = [...counts].map(([k, n]) => `${n} ${k}`).join(', ');
	if (!hasValidator) {
		console.log(
			`x12 writers: ${all.length} interchanges (${summary}) read alike by our reader, node-x12 and x12-parser; validator skipped: ${VALIDATOR} is absent`,
		);
		return;
	}
	const verdicts = validateAll(all.map((w) => w.text));
	const failures: string[] = [];
	let perLineRounding = 0;
	verdicts.forEach((verdict, i) => {
		const errors = verdict.errors.filter((e) => {
			// The validator rounds each line to cents before adding; the builder adds exactly and
			// rounds once. They differ only when a line's extension has digits below the cent.
			if (e.rule === 'tds.total' && all[i].subCent) {
				perLineRounding++;
				return false;
			}
			return true;
		});
		if (errors.length > 0)
			failures.push(`${all[i].kind}: ${JSON.stringify(errors)}\n${all[i].text}`);
	});
	console.log(
		`x12 writers: ${all.length} interchanges (${summary}; ${refused} documents refused by the builders, ${tooBig} 810s refused by the writer: a total past TDS01's 15 digits) read alike by our reader, node-x12 and x12-parser; validator: ${all.length - failures.length - perLineRounding} with no error, ${perLineRounding} 810s whose TDS differs only by the validator's per-line rounding of sub-cent extensions, ${failures.length} failing`,
	);
	expect(failures.slice(0, 3)).toEqual([]);
});

test('cent-exact purchase orders (prices to 2 decimals, whole quantities): every 810 passes the validator, TDS included', () => {
	if (!hasValidator) {
		console.log(`skipped: ${VALIDATOR} is absent`);
		return;
	}
	const texts: string[] = [];
	fc.assert(
		fc.property(
			ORDER.map((o) => ({
				...o,
				lines: o.lines.map((l) => ({
					...l,
					quantity: String(Math.max(1, Math.round(Number(l.quantity)) % 100_000)),
					price: String(parseDecimal(l.price).units % 1_000_000n)
						.padStart(3, '0')
						.replace(/(\d\d)$/, '.$1'),
				})),
			})),
			(order) => {
				const po = purchaseOrder(order);
				let invoice: PlainObject;
				try {
					invoice = buildInvoice(po, { invoiceDate: '2026-11-26' });
				} catch {
					return;
				}
				texts.push(envelope('810', write810(invoice), order.interchange));
			},
		),
		fuzz(100),
	);
	const verdicts = validateAll(texts);
	const failing = verdicts
		.map((v, i) => ({ v, text: texts[i] }))
		.filter(({ v }) => v.errors.length > 0);
	console.log(
		`cent-exact 810s: ${texts.length} written, ${texts.length - failing.length} with no validator error`,
	);
	expect(failing.slice(0, 2).map(({ v, text }) => `${JSON.stringify(v.errors)}\n${text}`)).toEqual(
		[],
	);
	expect(texts.length).toBeGreaterThan(0);
});
