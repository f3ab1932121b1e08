/**
 * Fuzzing readX12: real files (the repository's fixtures, and the x12-public corpus when it is
 * beside the checkout) mutated the way files get broken (separators and line breaks inserted,
 * ranges cut, doubled or truncated, two files glued, a BOM or no-break spaces in the middle),
 * 10,000 cases by default (FUZZ_RUNS for more, FUZZ_SEED to replay). readX12 never throws, its
 * answer stays small and located, and Normalise takes whatever it read.
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { MAX_PROBLEMS, normaliseInterchange, readX12 } from '../../../nodes/EdiExchange/x12';
import { fuzz } from '../../fuzz';
import { corpusFiles } from '../../../bench/lib/x12Oracle';
import { mulberry32 as random } from '../../../sandbox/faults';
import { inShared } from '../../shared';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'x12');
const seeds = [
	...readdirSync(FIXTURES).map((name) => readFileSync(join(FIXTURES, name), 'utf8')),
	// The public corpus adds its files where it is present (../shared): the fixtures alone suffice.
	...corpusFiles(inShared('x12-public')).map((file) => file.bytes.toString('utf8')),
];

const PIECES = [
	'*',
	'~',
	'|',
	'\n',
	'\r\n',
	'\t',
	'  ',
	'\u00a0',
	'\ufeff',
	'>',
	':',
	'^',
	"'",
	'\x15',
	'ISA',
	'IEA*1*',
	'SE*',
	'GS*',
	'ST*850*',
	'\u2026',
	'',
];

function mutate(text: string, next: () => number): string {
	const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
	const place = () => Math.floor(next() * (text.length + 1));
	let out = text;
	const edits = 1 + Math.floor(next() * 4);
	for (let i = 0; i < edits; i++) {
		const at = Math.floor(next() * (out.length + 1));
		const to = Math.min(out.length, at + Math.floor(next() * 40));
		switch (Math.floor(next() * 7)) {
			case 0:
				out = out.slice(0, at) + pick(PIECES) + out.slice(at);
				break;
			case 1:
				out = out.slice(0, at) + out.slice(to);
				break;
			case 2:
				out = out.slice(0, to) + out.slice(at, to) + out.slice(to);
				break;
			case 3:
				out = out.slice(0, at);
				break;
			case 4:
				out = out + pick(['', '\n', '\r\n']) + pick(seeds).slice(0, place());
				break;
			case 5:
				out =
					out.slice(0, at) + String.fromCharCode(Math.floor(next() * 0x3000)) + out.slice(at + 1);
				break;
			default:
				out = out.replaceAll(out.charAt(at) || '~', pick(PIECES));
		}
	}
	return out;
}

describe('readX12 fuzzed', () => {
	const { numRuns, seed = 25 } = fuzz(10_000);

	it(`never throws on ${numRuns} mutated files (seed ${seed})`, () => {
		const next = random(seed);
		const started = Date.now();
		let withErrors = 0;
		for (let run = 0; run < numRuns; run++) {
			const text = mutate(seeds[run % seeds.length], next);
			let reading: ReturnType<typeof readX12>;
			try {
				reading = readX12(text);
				for (const interchange of reading.interchanges) normaliseInterchange(interchange);
			} catch (error) {
				throw new Error(
					`run ${run} (seed ${seed}) threw on ${JSON.stringify(text)}: ${String(error)}`,
				);
			}
			expect(reading.errors.length).toBeLessThanOrEqual(MAX_PROBLEMS);
			expect(reading.warnings.length).toBeLessThanOrEqual(MAX_PROBLEMS);
			for (const problem of [...reading.errors, ...reading.warnings]) {
				if (!(problem.position >= 1 && problem.message.length > 0 && problem.message.length < 400))
					throw new Error(`run ${run}: badly placed problem ${JSON.stringify(problem)}`);
				if (problem.interchange !== undefined && problem.interchange > reading.interchanges.length)
					throw new Error(
						`run ${run}: problem in interchange ${problem.interchange} of ${reading.interchanges.length}`,
					);
			}
			if (reading.errors.length) withErrors++;
		}
		console.log(
			`readX12 fuzz: ${numRuns} mutated files from ${seeds.length} seeds (seed ${seed}), ${withErrors} with errors, none threw, ${Date.now() - started} ms`,
		);
	});
});
