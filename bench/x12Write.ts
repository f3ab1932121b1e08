/**
 * npm run bench:x12-write — writing 1,000 810s as one interchange: ours (write810 per invoice, then
 * writeInterchange) against node-x12's generator (JSEDINotation → X12Generator) on the same
 * segments. x12-parser is a parser only (a Transform stream of segments): it has no writer, so it
 * has no row. Each approach runs in a child process of its own, so its peak RSS is its own: the
 * median of 5 timed runs after 1 warm-up, and the child's maximum resident set size (beside that of
 * a child that only builds the invoices, the floor).
 */
import { execFileSync } from 'node:child_process';

import { JSEDINotation, X12Generator } from 'node-x12';

import { buildInvoice, type PlainObject } from '../nodes/EdiExchange/documents';
import { write810, writeInterchange } from '../nodes/EdiExchange/x12Documents';
import { TERMS_1_10_NET_30 } from '../sandbox/partner/orders';

const INVOICES = 1000;

function invoices(): PlainObject[] {
	return Array.from({ length: INVOICES }, (_, n) =>
		buildInvoice(
			{
				purchaseOrderNumber: `PO-${n + 1}`,
				purchaseOrderDate: '2026-11-20',
				parties: {
					shipTo: {
						name: 'Store 12',
						identificationCode: '0012',
						identificationCodeType: 'receiversId',
						addressLine1: '1 Main St',
						city: 'New York',
						stateOrProvinceCode: 'NY',
						postalCode: '10001',
					},
				},
				termsOfSale: { ...TERMS_1_10_NET_30 },
				lineItems: Array.from({ length: 5 }, (_, i) => ({
					purchaseOrderLineId: String(i + 1),
					quantity: { value: String(1 + ((n + i) % 40)), unitOfMeasure: 'each' },
					unitCostPrice: `${10 + i}.${String((n * 7 + i) % 100).padStart(2, '0')}`,
					productIds: {
						buyerItemNumber: `SKU-${n}-${i}`,
						gtin12: String(12345678900 + i).padStart(12, '0'),
					},
					productAttributes: { description: `Item ${i} of order ${n}` },
				})),
				charges: [{ type: 'freight', amount: '12.50' }],
			},
			{ invoiceDate: '2026-11-24' },
		),
	);
}

const ENVELOPE = {
	senderId: 'SELLERISA',
	receiverId: 'BUYERISA',
	date: '2026-11-24',
	time: '0915',
	controlNumbers: {
		interchange: 1,
		group: 1,
		sets: Array.from({ length: INVOICES }, (_, i) => i + 1),
	},
};

function ours(docs: PlainObject[]): string {
	return writeInterchange(
		docs.map((d) => ({ type: '810', segments: write810(d) })),
		ENVELOPE,
	);
}

/** node-x12 from the same segments (ours, without envelope): its generator builds and counts the envelope. */
function nodeX12(docs: PlainObject[], bodies: string[][][]): string {
	void docs;
	const isa = [
		'00',
		'          ',
		'00',
		'          ',
		'ZZ',
		'SELLERISA      ',
		'ZZ',
		'BUYERISA       ',
		'261124',
		'0915',
		'U',
		'00401',
		'000000001',
		'0',
		'T',
		'>',
	];
	const notation = new JSEDINotation(isa);
	const group = notation.addFunctionalGroup([
		'IN',
		'SELLERISA',
		'BUYERISA',
		'20261124',
		'0915',
		'1',
		'X',
		'004010',
	]);
	bodies.forEach((segments, i) => {
		const tx = group.addTransaction(['810', String(i + 1).padStart(4, '0')]);
		for (const [tag, ...elements] of segments) tx.addSegment(tag, elements);
	});
	return new X12Generator(notation, { segmentTerminator: '~', elementDelimiter: '*' }).toString();
}

function timed(run: () => string): { ms: number; bytes: number } {
	const times: number[] = [];
	let bytes = 0;
	for (let i = 0; i < 6; i++) {
		const start = process.hrtime.bigint();
		bytes = run().length;
		if (i > 0) times.push(Number(process.hrtime.bigint() - start) / 1e6);
	}
	times.sort((a, b) => a - b);
	return { ms: times[2], bytes };
}

const mode = process.argv[2];
if (mode === 'ours' || mode === 'node-x12' || mode === 'baseline') {
	const docs = invoices();
	const bodies = mode === 'node-x12' ? docs.map((d) => write810(d)) : [];
	const result =
		mode === 'baseline'
			? { ms: 0, bytes: 0 }
			: timed(() => (mode === 'ours' ? ours(docs) : nodeX12(docs, bodies)));
	process.stdout.write(
		JSON.stringify({ ...result, maxRssMb: process.resourceUsage().maxRSS / 1024 }),
	);
} else {
	const row = (name: string) =>
		JSON.parse(
			execFileSync(process.execPath, [...process.execArgv, __filename, name]).toString(),
		) as { ms: number; bytes: number; maxRssMb: number };
	const results = { ours: row('ours'), 'node-x12': row('node-x12') };
	const floor = row('baseline').maxRssMb;
	const docs = invoices();
	const same =
		ours(docs) ===
		nodeX12(
			docs,
			docs.map((d) => write810(d)),
		);
	console.log(
		`Writing ${INVOICES} 810s (5 lines each) as one interchange: median of 5 runs after 1 warm-up`,
	);
	console.log(
		`| approach | ms | MB written | peak RSS of its process (MB; ${floor.toFixed(0)} for the same process that only builds the invoices) |`,
	);
	console.log('|---|---|---|---|');
	for (const [name, r] of Object.entries(results))
		console.log(
			`| ${name} | ${r.ms.toFixed(1)} | ${(r.bytes / 1e6).toFixed(2)} | ${r.maxRssMb.toFixed(0)} |`,
		);
	console.log('| x12-parser | — (a parser only: no writer) | | |');
	console.log(
		`Both write the same bytes: ${same ? 'yes' : 'NO'}. Ours includes write810 (mapping and checking every element); node-x12 is given the segments ready.`,
	);
}
