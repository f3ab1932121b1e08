/**
 * readX12 on real files: the x12-public corpus (`../shared/x12-public`, beside the checkout). Every
 * good file reads into interchanges equal to its oracle (envelope values, set sizes, the body
 * fields it lists) with no error, and Normalise makes each one the strict check accepts; every
 * broken file gives a located error list and never throws. Skipped, saying so, where the corpus is
 * absent (the repository's own fixtures cover each case: x12-read.layouts.test.ts).
 */
import { normaliseInterchange, readInterchange, readX12 } from '../../../nodes/EdiExchange/x12';
import { asOracle, corpusFiles, segmentCount } from '../../../bench/lib/x12Oracle';
import { inShared, needing } from '../../shared';

const CORPUS = inShared('x12-public');

needing(CORPUS).describe('readX12 on the x12-public corpus', () => {
	const files = corpusFiles(CORPUS);
	const good = files.filter((file) => file.oracle);
	const broken = files.filter((file) => !file.oracle);
	const counted = { read: 0, flagged: 0, normalised: 0 };
	const flagged: string[] = [];

	afterAll(() => {
		console.log(
			[
				`x12-public corpus: ${counted.read}/${good.length} good files read as their oracle (${counted.normalised} normalised to a strictly valid interchange), ${counted.flagged}/${broken.length} broken files flagged; the first error of each:`,
				...flagged,
			].join('\n  '),
		);
	});

	it('holds the files its README lists', () => {
		expect(good.length).toBe(38);
		expect(broken.length).toBe(11);
	});

	it.each(good.map((file) => [file.name, file] as const))('%s reads as its oracle', (_, file) => {
		const oracle = file.oracle!;
		const reading = readX12(file.bytes.toString('utf8'));
		expect(reading.errors).toEqual([]);
		const [first] = reading.interchanges;
		expect(first.separators).toMatchObject({
			element: oracle.delimiters.element,
			component: oracle.delimiters.component,
			segment: oracle.delimiters.segment,
			repetition: oracle.delimiters.repetition ?? '',
		});
		expect(reading.interchanges.map(asOracle)).toEqual(oracle.interchanges);
		expect(reading.interchanges.reduce((n, ic) => n + segmentCount(ic), 0)).toBe(
			oracle.segmentCount,
		);
		counted.read++;

		for (const interchange of reading.interchanges) {
			const normalised = normaliseInterchange(interchange);
			expect(readInterchange(normalised).problems).toEqual([]);
			expect(normalised.indexOf(interchange.separators.segment)).toBe(105);
			// Normalising what Normalise wrote changes nothing.
			expect(normaliseInterchange(readX12(normalised).interchanges[0])).toBe(normalised);
		}
		counted.normalised++;
	});

	it.each(broken.map((file) => [file.name, file] as const))('%s is flagged', (_, file) => {
		let reading: ReturnType<typeof readX12> | undefined;
		expect(() => (reading = readX12(file.bytes.toString('utf8')))).not.toThrow();
		const { errors } = reading!;
		expect(errors.length).toBeGreaterThan(0);
		for (const error of errors) {
			expect(error.message).toMatch(/\w{4,}/);
			expect(error.position).toBeGreaterThanOrEqual(1);
		}
		counted.flagged++;
		flagged.push(
			`${file.name}: ${errors[0].segment} (segment ${errors[0].position}): ${errors[0].message}`,
		);
	});
});
