/**
 * Reading what our X12 writers produce with code no one here wrote: node-x12 and x12-parser
 * (devDependencies, tests and bench only), and the independent 004010 validator in ../shared
 * (run in a child Node process: it is an ES module, the tests are CommonJS). Each answers with
 * plain segments (`string[][]`, element 0 the id) so they compare with ours element by element.
 */
import { execFileSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';

import { X12Parser } from 'node-x12';
// x12-parser declares its types only through package "exports", which this tsconfig's resolution
// does not read: its CommonJS entry, typed by hand for the one class used.
const { X12parser } = require('x12-parser') as {
	X12parser: new () => NodeJS.ReadWriteStream;
};

import { readInterchange } from '../nodes/EdiExchange/x12';
import { inShared, needing } from './shared';

export const VALIDATOR = inShared('x12-validate', 'validate.mjs');
/** The tests that run the validator: skipped, saying so, where it is absent; failed under CI=true. */
export const withValidator = needing(VALIDATOR);

export interface ValidatorProblem {
	segment: string;
	position: number;
	element?: string;
	rule: string;
	message: string;
}
export interface ValidatorVerdict {
	errors: ValidatorProblem[];
	warnings: ValidatorProblem[];
}

/** The validator's verdict on each text, in one child process (fast enough for thousands). */
export function validateAll(texts: string[]): ValidatorVerdict[] {
	const script = `import { validate } from ${JSON.stringify(pathToFileURL(VALIDATOR).href)};
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => (input += d)).on('end', () => {
	const verdicts = JSON.parse(input).map((t) => { const r = validate(t); return { errors: r.errors, warnings: r.warnings }; });
	process.stdout.write(JSON.stringify(verdicts));
});`;
	const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
		input: JSON.stringify(texts),
		maxBuffer: 1 << 30,
	});
	return JSON.parse(out.toString('utf8')) as ValidatorVerdict[];
}

/** Our reader's segments, ISA to IEA. Throws with the problems when it finds any. */
export function ourSegments(text: string): string[][] {
	const result = readInterchange(text);
	if (!result.interchange || result.problems.length > 0)
		throw new Error(`our reader: ${JSON.stringify(result.problems)}`);
	const ic = result.interchange;
	const out: string[][] = [ic.isa];
	for (const group of ic.groups) {
		out.push(group.gs);
		for (const set of group.sets) out.push(...set.segments);
		out.push(['GE', String(group.sets.length), group.controlNumber]);
	}
	out.push(['IEA', String(ic.groups.length), ic.controlNumber]);
	return out;
}

type NodeX12Segment = { tag: string; elements: Array<{ value: string }> };
const plain = (s: NodeX12Segment): string[] => [s.tag, ...s.elements.map((e) => e.value)];

/** node-x12's reading (strict parser), ISA to IEA. */
export function nodeX12Segments(text: string): string[][] {
	const ic = new X12Parser(true).parse(text) as unknown as {
		header: NodeX12Segment;
		trailer: NodeX12Segment;
		functionalGroups: Array<{
			header: NodeX12Segment;
			trailer: NodeX12Segment;
			transactions: Array<{
				header: NodeX12Segment;
				trailer: NodeX12Segment;
				segments: NodeX12Segment[];
			}>;
		}>;
	};
	const out: string[][] = [plain(ic.header)];
	for (const group of ic.functionalGroups) {
		out.push(plain(group.header));
		for (const tx of group.transactions)
			out.push(plain(tx.header), ...tx.segments.map(plain), plain(tx.trailer));
		out.push(plain(group.trailer));
	}
	out.push(plain(ic.trailer));
	return out;
}

/** x12-parser's reading (a stream of `{ name, 1: …, 2: … }`), ISA to IEA. */
export async function x12ParserSegments(text: string): Promise<string[][]> {
	const segments: string[][] = [];
	await new Promise<void>((done, fail) => {
		const parser = new X12parser();
		parser.on('error', fail);
		Readable.from([text])
			.pipe(parser)
			.on('data', (data: Record<string, string>) => {
				const { name, ...elements } = data;
				// A line break after the last terminator comes out as a segment with an empty name.
				if (name.trim() === '' && Object.keys(elements).length === 0) return;
				const count = Math.max(0, ...Object.keys(elements).map(Number));
				const segment = [name];
				for (let i = 1; i <= count; i++) segment.push(elements[String(i)] ?? '');
				segments.push(segment);
			})
			.on('end', done)
			.on('error', fail);
	});
	return segments;
}

/**
 * Where two readings differ, as messages (empty when they agree on every element). Values are
 * compared trimmed and numbers as numbers in the envelope's control numbers, which the other
 * readers normalise (node-x12 gives ISA13 000000006 as "6"; x12-parser trims padding).
 */
export function differences(ours: string[][], theirs: string[][], who: string): string[] {
	const found: string[] = [];
	if (ours.length !== theirs.length)
		found.push(`${who}: ${theirs.length} segments, ours ${ours.length}`);
	const same = (a: string, b: string) =>
		a.trim() === b.trim() ||
		(/^\d+$/.test(a.trim()) && /^\d+$/.test(b.trim()) && BigInt(a) === BigInt(b));
	ours.forEach((segment, s) => {
		const other = theirs[s] ?? [];
		const width = Math.max(segment.length, other.length);
		for (let e = 0; e < width; e++) {
			const a = segment[e] ?? '';
			const b = other[e] ?? '';
			const numeric =
				segment[0] === 'ISA' || segment[0] === 'IEA' || segment[0] === 'GE' || segment[0] === 'SE';
			if (numeric ? !same(a, b) : a.trim() !== b.trim())
				found.push(
					`${who}: segment ${s + 1} (${segment[0]}) element ${e}: ours ${JSON.stringify(a)}, theirs ${JSON.stringify(b)}`,
				);
		}
	});
	return found;
}

/**
 * The validator multiplies IT102 × IT104 in binary floating point: a line exactly on a half cent
 * (1 × 1.005) can come out just below it (1.00499…) and round down, where exact half-up gives
 * 1.01. Such an 810 is counted apart only when TDS01 is the exact half-up sum and every line on
 * which the two differ is exactly on a half cent.
 */
export function floatHalfCent(text: string): boolean {
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
