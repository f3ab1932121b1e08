/**
 * npm run bench:x12-read [-- --quick] [-- --documents: the documents row only]
 *
 * Reading X12: (1) the x12-public corpus (`../shared/x12-public`, skipped with a message where it
 * is absent) read by our tolerant reader and by the two JavaScript libraries users reach for,
 * node-x12 1.7.1 (strict and lenient) and x12-parser 1.3.0, each file compared with its oracle:
 * the files each one misreads; (2) one 10 MB interchange (`~` + line break, 850s) read by the
 * tolerant reader, today's strict check, node-x12 and x12-parser: medians of interleaved runs
 * after a warm-up round (ours 11, the libraries 5; `--quick`: 5 and 3); (3) one 10 MB interchange
 * of 5,000 retail 850s read into purchase-order documents by ours (documentsFromX12), into
 * segments by our tolerant reader alone (readX12), and split into segments by node-x12 and
 * x12-parser, with each reader's peak heap, against the split floor (the same text split on `~`,
 * each segment on `*`): documents ÷ floor, target ≤ 2.0, and tolerant reader ÷ floor, target ≤ 1.5
 * (#43). Prints the tables, with the load average, and writes bench/results/x12-read.json.
 */
import { execFileSync } from 'child_process';
import { existsSync, mkdirSync, writeFileSync } from 'fs';
import { X12Parser } from 'node-x12';
import { loadavg } from 'os';
import { join } from 'path';
import { performance } from 'perf_hooks';
import { Readable, type Transform } from 'stream';
import { getHeapStatistics } from 'v8';

import { readInterchange, readX12 } from '../nodes/EdiExchange/x12';
import { documentsFromX12 } from '../nodes/EdiExchange/x12Documents';
import { writeInterchange } from '../sandbox/x12/write';
import { collectGarbage } from './lib/measure';
import { asOracle, CORPUS, corpusFiles, segmentCount, type Oracle } from './lib/x12Oracle';

// x12-parser ships ESM-style types this project's module resolution does not read: typed here.
const { X12parser } = require('x12-parser') as { X12parser: new () => Transform };

interface Outcome {
	/** Read as the oracle says (good file) or refused (broken file). */
	ok: boolean;
	what: string;
}

/** What the oracle says of a good file, in the terms every library can answer: counts and control numbers. */
function expected(oracle: Oracle) {
	return {
		segments: oracle.segmentCount,
		interchanges: oracle.interchanges.map((ic) => ic.ISA13 as string),
		sets: oracle.interchanges.flatMap((ic) => ic.groups.flatMap((g) => g.sets.map((s) => s.ST02))),
	};
}
type Expected = ReturnType<typeof expected>;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** node-x12 gives ISA13 without its leading zeros: control numbers are compared as numbers. */
const numbers = (list: Array<string | undefined>) => list.map((value) => Number(value));

function judge(found: Expected, want: Expected | undefined, note = ''): Outcome {
	if (!want) return { ok: false, what: `read without a complaint, ${found.segments} segments` };
	const wrong = [
		found.segments !== want.segments && `${found.segments} segments, not ${want.segments}`,
		!same(numbers(found.interchanges), numbers(want.interchanges)) &&
			`interchanges ${found.interchanges.join(',')} not ${want.interchanges.join(',')}`,
		!same(found.sets, want.sets) && `${found.sets.length} sets, not ${want.sets.length}`,
	].filter(Boolean);
	return wrong.length
		? { ok: false, what: wrong.join('; ') }
		: { ok: true, what: `ok ${found.segments}${note}` };
}

function ours(text: string, want?: Expected): Outcome {
	const reading = readX12(text);
	if (reading.errors.length)
		return { ok: !want, what: `errors: ${reading.errors[0].message.slice(0, 60)}` };
	const found = {
		segments: reading.interchanges.reduce((n, ic) => n + segmentCount(ic), 0),
		interchanges: reading.interchanges.map((ic) => ic.controlNumber),
		sets: reading.interchanges.flatMap(
			(ic) => asOracle(ic).groups.flatMap((g) => g.sets.map((s) => s.ST02)) as string[],
		),
	};
	return judge(
		found,
		want,
		reading.warnings.length ? ` (${reading.warnings.length} warnings)` : '',
	);
}

interface NodeX12Segment {
	tag: string;
}
interface NodeX12Interchange {
	header: { elements: Array<{ value: string }> };
	functionalGroups: Array<{
		transactions: Array<{ header: NodeX12Interchange['header']; segments: NodeX12Segment[] }>;
	}>;
}

function nodeX12(text: string, strict: boolean, want?: Expected): Outcome {
	try {
		const parsed = new X12Parser(strict).parse(text) as unknown as
			NodeX12Interchange | { interchanges: NodeX12Interchange[] };
		if (!parsed) return { ok: !want, what: 'returns nothing' };
		// A fat interchange is an Array subclass whose map() builds another one: copy it to a plain array.
		const list = 'interchanges' in parsed ? Array.from(parsed.interchanges) : [parsed];
		const found = {
			segments: list.reduce(
				(n, ic) =>
					n +
					2 +
					ic.functionalGroups.reduce(
						(m, g) => m + 2 + g.transactions.reduce((k, t) => k + 2 + t.segments.length, 0),
						0,
					),
				0,
			),
			interchanges: list.map((ic) => ic.header.elements[12]?.value),
			sets: list.flatMap((ic) =>
				ic.functionalGroups.flatMap((g) => g.transactions.map((t) => t.header.elements[1]?.value)),
			),
		};
		return judge(found, want);
	} catch (error) {
		return { ok: !want, what: `throws: ${String((error as Error).message).slice(0, 60)}` };
	}
}

/** x12-parser is a stream: the text goes in as one chunk, each `data` event is a segment. */
async function x12Parser(text: string, want?: Expected): Promise<Outcome> {
	try {
		const segments = await parseStream(text);
		const named = segments.filter((s) => s.name !== '');
		const empty = segments.length - named.length;
		const found = {
			segments: named.length,
			interchanges: named.filter((s) => s.name === 'ISA').map((s) => s['13']),
			sets: named.filter((s) => s.name === 'ST').map((s) => s['2']),
		};
		return judge(found, want, empty ? ` (+${empty} empty)` : '');
	} catch (error) {
		return { ok: !want, what: `throws: ${String((error as Error).message).slice(0, 60)}` };
	}
}

function parseStream(text: string, chunk = text.length): Promise<Array<Record<string, string>>> {
	return new Promise((resolve, reject) => {
		const segments: Array<Record<string, string>> = [];
		const parser = new X12parser();
		parser.on('data', (segment: Record<string, string>) => segments.push(segment));
		parser.on('error', reject);
		parser.on('end', () => resolve(segments));
		const pieces: string[] = [];
		for (let i = 0; i < text.length; i += chunk) pieces.push(text.slice(i, i + chunk));
		Readable.from(pieces).pipe(parser);
	});
}

async function corpusReport() {
	const files = corpusFiles();
	const readers = ['ours (readX12)', 'node-x12 strict', 'node-x12 lenient', 'x12-parser'] as const;
	const rows: Array<{ file: string; outcomes: Outcome[] }> = [];
	for (const file of files) {
		const text = file.bytes.toString('utf8');
		const want = file.oracle && expected(file.oracle);
		rows.push({
			file: file.name,
			outcomes: [
				ours(text, want),
				nodeX12(text, true, want),
				nodeX12(text, false, want),
				await x12Parser(text, want),
			],
		});
	}
	const good = rows.filter((r) => !r.file.startsWith('broken/'));
	const broken = rows.filter((r) => r.file.startsWith('broken/'));
	const summary = readers.map((reader, i) => ({
		reader,
		goodRead: good.filter((r) => r.outcomes[i].ok).length,
		good: good.length,
		brokenFlagged: broken.filter((r) => r.outcomes[i].ok).length,
		broken: broken.length,
		misread: rows.filter((r) => !r.outcomes[i].ok).map((r) => r.file),
	}));
	const lines = [
		`x12-public corpus (${files.length} files): good files read as their oracle (segments, ISA13s, ST02s) / broken files flagged (an error or a throw)`,
		'',
		'| reader | good read | broken flagged | files it gets wrong |',
		'|---|---|---|---|',
		...summary.map(
			(s) =>
				`| ${s.reader} | ${s.goodRead}/${s.good} | ${s.brokenFlagged}/${s.broken} | ${s.misread.join(', ') || '—'} |`,
		),
		'',
		`| file | ${readers.join(' | ')} |`,
		`|---|${readers.map(() => '---').join('|')}|`,
		...rows.map(
			(r) =>
				`| ${r.file} | ${r.outcomes.map((o) => `${o.ok ? '' : '**✗** '}${o.what.replace(/\|/g, '\\|').replace(/\s+/g, ' ')}`).join(' | ')} |`,
		),
	];
	return { summary, rows, table: lines.join('\n') };
}

/** One interchange of about `bytes`, 850s written by the sandbox's writer, `~` + line break. */
function bigInterchange(bytes: number): string {
	const body = [
		['BEG', '00', 'SA', 'PO-1', '', '20261120'],
		['CUR', 'BY', 'USD'],
		['N1', 'ST', 'STORE 12', '92', '0012'],
		['PO1', '1', '10', 'EA', '4.25', '', 'UP', '012345678905', 'VN', 'W-100'],
		['PID', 'F', '', '', '', 'WIDGET SMALL'],
		['PO1', '2', '5', 'EA', '9.50', '', 'UP', '012345678912', 'VN', 'W-200'],
		['PID', 'F', '', '', '', 'WIDGET LARGE'],
		['CTT', '2'],
	];
	const perSet = body.reduce((n, s) => n + s.join('*').length + 2, 0) + 30;
	const count = Math.ceil(bytes / perSet);
	return interchangeOf(
		Array.from({ length: count }, (_, i) =>
			body.map((s) => (s[0] === 'BEG' ? ['BEG', '00', 'SA', `PO-${i}`, '', '20261120'] : s)),
		),
	);
}

/** 850 sets (their segments between ST and SE) in one interchange, `~` + line break. */
function interchangeOf(sets: string[][][]): string {
	return writeInterchange({
		senderId: 'BUYERCO',
		receiverId: 'SELLERCO',
		usage: 'P',
		controlNumber: 1,
		date: new Date('2026-11-20T09:15:00Z'),
		sets: sets.map((segments) => ({ type: '850', segments })),
		lineBreaks: true,
	});
}

/**
 * Medians of `runs` timed runs of each reader after one warm-up round. Rounds interleave the
 * readers, and the heap is collected before each run, so load on the machine and the previous
 * reader's garbage fall on every reader alike. `warm`: each timed run follows an untimed run of
 * the same reader, with no collection between (as a second file read in one execution): a full
 * collection throws away V8's optimized code for objects no longer alive, which a warm run keeps.
 */
async function medians(
	readers: Array<{ reader: string; run: () => unknown }>,
	runs: number,
	warm = false,
): Promise<Array<{ reader: string; ms: number }>> {
	const times = readers.map(() => [] as number[]);
	for (let round = 0; round <= runs; round++) {
		for (const [i, { run }] of readers.entries()) {
			collectGarbage();
			if (warm) await run();
			const started = performance.now();
			await run();
			if (round > 0) times[i].push(performance.now() - started);
		}
	}
	return readers.map(({ reader }, i) => {
		const sorted = times[i].sort((a, b) => a - b);
		return { reader, ms: sorted[Math.floor(sorted.length / 2)] };
	});
}

async function speed(quick: boolean) {
	const text = bigInterchange(10 * 1024 * 1024);
	const runs = quick ? 3 : 5;
	const check = readX12(text);
	if (check.errors.length || readInterchange(text).problems.length)
		throw new Error('the 10 MB interchange must be valid');
	const sets = check.interchanges[0].groups[0].sets.length;
	// Ours: more rounds, the ratio of two close figures being the target; the libraries: `runs`.
	const oursRuns = quick ? 5 : 11;
	const cells = [
		...(await medians(
			[
				{ reader: 'ours, tolerant (readX12)', run: () => readX12(text) },
				{ reader: 'ours, strict (readInterchange)', run: () => readInterchange(text) },
			],
			oursRuns,
		)),
		...(await medians(
			[
				{ reader: 'node-x12 1.7.1 strict', run: () => new X12Parser(true).parse(text) },
				{ reader: 'node-x12 1.7.1 lenient', run: () => new X12Parser(false).parse(text) },
				{ reader: 'x12-parser 1.3.0 (64 KB chunks)', run: () => parseStream(text, 65536) },
			],
			runs,
		)),
	];
	const ratio = cells[0].ms / cells[1].ms;
	const mb = Buffer.byteLength(text) / 1024 / 1024;
	const lines = [
		`One ${mb.toFixed(1)} MB interchange (${sets} 850 sets, "~" + line break), medians of interleaved runs after 1 warm-up round (ours ${oursRuns}, the libraries ${runs}), heap collected before each:`,
		'',
		'| reader | ms | MB/s |',
		'|---|---|---|',
		...cells.map(
			(c) => `| ${c.reader} | ${c.ms.toFixed(0)} | ${(mb / (c.ms / 1000)).toFixed(1)} |`,
		),
		'',
		`tolerant ÷ strict: ${ratio.toFixed(2)} (target ≤ 1.10: ${ratio <= 1.1 ? '✓' : '✗'}); load average ${load()}`,
	];
	return { megabytes: mb, sets, cells, ratio, table: lines.join('\n') };
}

/**
 * One interchange of `sets` retail 850s of about `bytes` in all (header, ship-to and bill-to,
 * then as many PO1/PID/PO4 lines as fill each set's share), `~` + line break.
 */
function orderInterchange(sets: number, bytes: number): string {
	const header = (i: number) => [
		['BEG', '00', 'SA', `PO-${i}`, '', '20261120'],
		['CUR', 'BY', 'USD'],
		['REF', 'DP', '011'],
		['REF', 'IA', '4875905'],
		['PER', 'BD', 'JANE BUYER', 'TE', '555-0100'],
		['ITD', '01', '3', '1', '', '45', '', '46', '', '', '', '', 'NET 46'],
		['DTM', '037', '20261125'],
		['DTM', '038', '20261130'],
		['TD5', 'O', '2', 'UPSN', 'M', 'ROUTING GUIDE 7'],
		['N1', 'ST', 'DEMO STORE 42', 'UL', '0012345000017'],
		['N3', '4055 MAIN ST', 'SUITE 9'],
		['N4', 'NEW YORK', 'NY', '10001', 'US'],
		['N1', 'BT', 'DEMO RETAIL HQ', '92', '5438'],
		['N3', '1 HEADQUARTERS WAY'],
		['N4', 'NEW YORK', 'NY', '10002', 'US'],
	];
	const line = (n: number) => [
		[
			'PO1',
			String(n),
			String(1 + (n % 40)),
			'EA',
			`${10 + (n % 90)}.${String(n % 100).padStart(2, '0')}`,
			'',
			'BP',
			`1000${n}`,
			'UP',
			String(28374658310 + n).padStart(12, '0'),
			'VN',
			`V-${n}`,
		],
		['PID', 'F', '', '', '', `ITEM ${n} GREEN TOOTHPASTE 6 OZ`],
		['PO4', '10', '', '', '', '', '', '', '', '', '', '', '', '', '12'],
	];
	const size = (segments: string[][]) => segments.reduce((n, s) => n + s.join('*').length + 2, 0);
	const share = bytes / sets - 40; // ST and SE
	const lines: string[][] = [];
	let n = 0;
	while (size(header(0)) + size(lines) + 20 < share) lines.push(...line(++n));
	return interchangeOf(
		Array.from({ length: sets }, (_, i) => [...header(i), ...lines, ['CTT', String(n)]]),
	);
}

const ORDERS = 5000;
/**
 * The readers of the documents row: ours maps every 850 into its document, and reads its segments
 * alone (the tolerant reader, no document); the libraries only split segments. In this order
 * (DOCUMENTS…FLOOR index them).
 */
const documentReaders = (text: string): Array<{ reader: string; run: () => unknown }> => [
	{
		reader: 'ours: readX12 + 850 → purchase orders (documentsFromX12)',
		run: () => documentsFromX12(text),
	},
	{ reader: 'ours: readX12 alone (tolerant, segments only)', run: () => readX12(text) },
	{ reader: 'node-x12 1.7.1 strict (segments only)', run: () => new X12Parser(true).parse(text) },
	{ reader: 'x12-parser 1.3.0, 64 KB chunks (segments only)', run: () => parseStream(text, 65536) },
	{
		reader: 'split floor: the text split on "~", each segment on "*"',
		run: () => splitFloor(text),
	},
	{
		reader: "sliced floor: the same arrays, sliced from the text (not a target's measure)",
		run: () => slicedFloor(text),
	},
];

const [DOCUMENTS, TOLERANT, NODE_X12, X12_PARSER, FLOOR, SLICED] = [0, 1, 2, 3, 4, 5];

/** The least any reader does: the text split on its segment terminator, each segment on its element separator. */
const splitFloor = (text: string) => text.split('~').map((segment) => segment.split('*'));

/**
 * The split floor's arrays made as our reader makes its segments (x12/segments.ts): each element
 * sliced from the text, two-character ones from a table, which is faster than `split`. Not a
 * target's measure: it shows where the split floor stands against the work itself.
 */
function slicedFloor(text: string): string[][] {
	const segments: string[][] = [];
	const pieces: string[] = [];
	const pairs = new Map<number, string>();
	const slice = (from: number, to: number) => {
		if (to - from !== 2) return text.slice(from, to);
		const key = text.charCodeAt(from) * 65536 + text.charCodeAt(from + 1);
		let pair = pairs.get(key);
		if (pair === undefined) pairs.set(key, (pair = text.slice(from, to)));
		return pair;
	};
	for (let start = 0; start <= text.length;) {
		let stop = text.indexOf('~', start);
		if (stop < 0) stop = text.length;
		let count = 0;
		let from = start;
		for (let i = start; i < stop; i++)
			if (text.charCodeAt(i) === STAR) {
				pieces[count++] = slice(from, i);
				from = i + 1;
			}
		pieces[count++] = slice(from, stop);
		segments.push(pieces.slice(0, count));
		start = stop + 1;
	}
	return segments;
}
const STAR = 42;

/**
 * Peak heap of one reader in a child process of its own (`--trace-gc`): the used heap only grows
 * between collections, so its peak is the largest size before a collection or the size at the
 * end, with the result still held; minus the heap before the run (the text already built).
 */
function peakHeap(reader: number): number {
	const out = execFileSync(
		process.execPath,
		['--trace-gc', ...process.execArgv, __filename, `--heap=${reader}`],
		{
			maxBuffer: 1 << 26,
		},
	).toString();
	const [, after] = out.split('HEAP-START\n');
	// The result is the last JSON line: a collection may be traced after it.
	const json = after
		.trim()
		.split('\n')
		.filter((line) => line.startsWith('{'))
		.pop()!;
	const result = JSON.parse(json) as { before: number; end: number };
	let peak = result.end;
	for (const match of after.matchAll(
		/: (?:Scavenge|Mark-Compact|Mark-Sweep|Minor Mark-Sweep)[^\d]*?([\d.]+) \(/g,
	))
		peak = Math.max(peak, Number(match[1]));
	return peak - result.before;
}

async function heapChild(reader: number) {
	const text = orderInterchange(ORDERS, 10 * 1024 * 1024);
	collectGarbage();
	const MB = 1024 * 1024;
	const before = getHeapStatistics().used_heap_size / MB;
	process.stdout.write('HEAP-START\n');
	const held = await documentReaders(text)[reader].run();
	const end = getHeapStatistics().used_heap_size / MB;
	process.stdout.write(`${JSON.stringify({ before, end, held: held !== undefined })}\n`);
}

async function documentsRow(quick: boolean) {
	const text = orderInterchange(ORDERS, 10 * 1024 * 1024);
	const check = documentsFromX12(text);
	const read = check.documents.filter((d) => d.document && d.errors.length === 0).length;
	if (check.errors.length || read !== ORDERS)
		throw new Error(
			`the ${ORDERS} 850s must read into purchase orders: ${read} did (${check.errors[0] ?? ''})`,
		);
	const lines = (check.documents[0].document!.lineItems as unknown[]).length;
	if (JSON.stringify(slicedFloor(text)) !== JSON.stringify(splitFloor(text)))
		throw new Error("the sliced floor must give the split floor's arrays");
	const runs = quick ? 3 : 5;
	const readers = documentReaders(text);
	const cells = (await medians(readers, runs)).map((cell, i) => ({ ...cell, heapMB: peakHeap(i) }));
	const [warmDocuments, warmTolerant, warmFloor] = await medians(
		[readers[DOCUMENTS], readers[TOLERANT], readers[FLOOR]],
		runs,
		true,
	);
	const warm = {
		documentsMs: warmDocuments.ms,
		tolerantMs: warmTolerant.ms,
		floorMs: warmFloor.ms,
		floor: warmDocuments.ms / warmFloor.ms,
		tolerantFloor: warmTolerant.ms / warmFloor.ms,
	};
	const mb = Buffer.byteLength(text) / 1024 / 1024;
	const fastest = Math.min(cells[NODE_X12].ms, cells[X12_PARSER].ms);
	const floor = cells[DOCUMENTS].ms / cells[FLOOR].ms;
	const tolerantFloor = cells[TOLERANT].ms / cells[FLOOR].ms;
	const sliced = {
		floorMs: cells[SLICED].ms,
		documents: cells[DOCUMENTS].ms / cells[SLICED].ms,
		tolerant: cells[TOLERANT].ms / cells[SLICED].ms,
	};
	const table = [
		`One ${mb.toFixed(1)} MB interchange of ${ORDERS} 850s (${lines} lines each, "~" + line break) read into purchase-order documents by ours, and into segments by our tolerant reader alone; node-x12 and x12-parser only split it into segments (they map no document). Medians of ${runs} interleaved runs after 1 warm-up round, heap collected before each; peak heap of each reader in a process of its own:`,
		'',
		'| reader | ms | MB/s | peak heap (MB) |',
		'|---|---|---|---|',
		...cells.map(
			(c) =>
				`| ${c.reader} | ${c.ms.toFixed(0)} | ${(mb / (c.ms / 1000)).toFixed(1)} | ${c.heapMB.toFixed(0)} |`,
		),
		'',
		`ours ÷ the faster library: ${(cells[DOCUMENTS].ms / fastest).toFixed(2)} (target ≤ 1.00: ${cells[DOCUMENTS].ms <= fastest ? '✓' : '✗'})`,
		`documents ÷ split floor: ${floor.toFixed(2)} (target ≤ 2.00: ${floor <= 2 ? '✓' : '✗'})`,
		`tolerant reader ÷ split floor: ${tolerantFloor.toFixed(2)} (target ≤ 1.50: ${tolerantFloor <= 1.5 ? '✓' : '✗'}); load average ${load()}`,
		`against the sliced floor (not the targets' measure): documents ${sliced.documents.toFixed(2)}, tolerant reader ${sliced.tolerant.toFixed(2)}`,
		`warm, each run right after an untimed one (no full collection between, as a second file in one execution; not the targets' measure): documents ${warm.documentsMs.toFixed(0)} ms ÷ floor ${warm.floorMs.toFixed(0)} ms = ${warm.floor.toFixed(2)}, tolerant reader ${warm.tolerantMs.toFixed(0)} ms ÷ floor = ${warm.tolerantFloor.toFixed(2)}`,
	].join('\n');
	return {
		megabytes: mb,
		orders: ORDERS,
		linesPerOrder: lines,
		cells,
		floor,
		tolerantFloor,
		sliced,
		warm,
		table,
	};
}

/** The load average over 1, 5 and 15 minutes: the ratios need a machine at rest. */
const load = () =>
	loadavg()
		.map((n) => n.toFixed(2))
		.join(' ');

async function main() {
	const heap = process.argv.find((a) => a.startsWith('--heap='));
	if (heap) return heapChild(Number(heap.slice('--heap='.length)));
	const quick = process.argv.includes('--quick');
	if (process.argv.includes('--documents')) {
		process.stdout.write(`${(await documentsRow(quick)).table}\n`);
		return;
	}
	const corpus = existsSync(CORPUS) ? await corpusReport() : undefined;
	if (!corpus)
		process.stdout.write(
			`corpus report SKIPPED: ${CORPUS} is absent (it lives beside the checkout)\n\n`,
		);
	else process.stdout.write(`${corpus.table}\n\n`);
	const big = await speed(quick);
	process.stdout.write(`${big.table}\n\n`);
	const documents = await documentsRow(quick);
	process.stdout.write(`${documents.table}\n`);
	const dir = join(__dirname, 'results');
	mkdirSync(dir, { recursive: true });
	const file = join(dir, quick ? 'x12-read-quick.json' : 'x12-read.json');
	writeFileSync(
		file,
		`${JSON.stringify({ finishedAt: new Date().toISOString(), node: process.version, corpus: corpus && { summary: corpus.summary, rows: corpus.rows }, speed: big, documents }, null, 2)}\n`,
	);
	process.stderr.write(`wrote ${file}\n`);
}

main().catch((error) => {
	process.stderr.write(`bench failed: ${(error as Error).stack ?? error}\n`);
	process.exit(1);
});
