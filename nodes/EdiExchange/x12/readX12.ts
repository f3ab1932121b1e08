/**
 * Tolerant reading of X12 as real files are written: every interchange in the text, each with its
 * own separators, indented or pretty-printed segments, an ISA that is not 106 characters, padding
 * with no-break spaces, a BOM. What it works around is a warning, what makes an interchange wrong
 * (counts, control numbers, missing trailers, an unreadable ISA) an error, each with its place.
 * Never throws. Checking what we send stays strict: `readInterchange`.
 */
import { readIsa } from './isa';
import { ProblemList, shown } from './problems';
import { interchangeOf } from './read';
import { SegmentSplitter } from './segments';
import { SetChecks } from './setChecks';
import { TRANSACTION_SETS } from './sets';
import type { X12Interchange, X12Reading } from './types';
import { type SetHook, walk } from './walk';

const BOM = 0xfeff;
const NO_BREAK_SPACE = /\u00a0/;
const LINE_BREAK = /[\r\n]/;

/**
 * `onSet`: told of each set of a group as soon as it is read to its end, before the rest of the
 * text is read (documentsFromX12 reads each into its document then, not all at the end).
 */
export function readX12(text: string, onSet?: SetHook): X12Reading {
	const errors = new ProblemList(true);
	const warnings = new ProblemList(true);
	const interchanges: X12Interchange[] = [];
	let cursor = skipBlank(text, 0);
	if (text.charCodeAt(cursor) === BOM) {
		warnings.add(
			'ISA',
			1,
			'the text starts with a byte order mark (U+FEFF): it is not part of X12',
			{
				interchange: 0,
			},
		);
		cursor = skipBlank(text, cursor + 1);
	}
	if (cursor >= text.length) {
		errors.add('ISA', 1, 'the text is empty: an interchange starts with ISA');
	}
	warnNotUtf8(text, warnings);
	while (cursor < text.length) {
		const index = interchanges.length;
		const firstError = errors.list.length;
		const firstWarning = warnings.list.length;
		const next = readOne(text, cursor, { errors, warnings, onSet }, interchanges);
		placeIn(errors, firstError, index);
		placeIn(warnings, firstWarning, index);
		if (next === undefined) break;
		cursor = skipBlank(text, next);
		if (cursor < text.length && text.slice(cursor, cursor + 3) !== 'ISA') {
			errors.add(
				'ISA',
				1,
				`after interchange ${index + 1} the text goes on with ${shown(text.slice(cursor, cursor + 20))}, not another ISA: it was not read`,
				{ interchange: index + 1 },
			);
			break;
		}
	}
	return {
		interchanges,
		warnings: warnings.list,
		errors: errors.list,
		moreWarnings: warnings.more,
		moreErrors: errors.more,
	};
}

/** What every interchange of one text is read with. */
interface TextReading {
	errors: ProblemList;
	warnings: ProblemList;
	onSet?: SetHook;
}

/** Reads the interchange at `start`; returns where the next one may start, or undefined at the end. */
function readOne(
	text: string,
	start: number,
	{ errors, warnings, onSet }: TextReading,
	interchanges: X12Interchange[],
): number | undefined {
	const isa = readIsa(text, start, errors, warnings);
	if (!isa) return undefined;
	const interchange = interchangeOf(isa.elements, isa.separators);
	interchanges.push(interchange);
	checkHeader(interchange.isa, errors, warnings);
	const segments = new SegmentSplitter(text, isa.end, isa.separators, 2, true);
	const checks = new SetChecks(STRUCTURE_CHECKED, TRANSACTION_SETS);
	const { end, nextIsa } = walk(segments, interchange, { errors, warnings, checks, onSet });
	reportSetStructures(interchange, checks, warnings);
	return nextIsa ?? end;
}

/**
 * The sets read into documents (850, 860), each against its table: AK304's segment problems. The
 * reader reads past them (warnings); Acknowledge With 997 reports them (x12/problems.ts).
 */
const STRUCTURE_CHECKED = ['850', '860', '997', '824'];

/** The structure problems the walk found, after its own problems, each set's at its place. */
function reportSetStructures(
	interchange: X12Interchange,
	checks: SetChecks,
	warnings: ProblemList,
): void {
	if (checks.found.size === 0) return;
	interchange.groups.forEach((group, g) => {
		group.sets.forEach((set, s) => {
			const found = checks.found.get(set);
			if (!found) return;
			for (const problem of found.problems)
				warnings.add(
					problem.segment,
					found.position - 1 + problem.setPosition,
					`${problem.message} (transaction set ${set.controlNumber}, its segment ${problem.setPosition})`,
					{ group: g, set: s, setPosition: problem.setPosition, kind: problem.kind },
				);
		});
	});
}

/** ISA values a tolerant reader takes as they are, with a warning: the strict check refuses them. */
function checkHeader(isa: string[], errors: ProblemList, warnings: ProblemList): void {
	isa.forEach((value, element) => {
		if (LINE_BREAK.test(value))
			errors.add(
				'ISA',
				1,
				`ISA${String(element).padStart(2, '0')} has a line break inside it (${shown(value)}): the ISA was split or wrapped; rejoin its lines`,
				{ element },
			);
		if (NO_BREAK_SPACE.test(value))
			warnings.add(
				'ISA',
				1,
				`ISA${String(element).padStart(2, '0')} is padded with no-break spaces (U+00A0): X12 pads with spaces; the value read is ${shown(value.trim())}`,
				{ element },
			);
	});
	if (isa[15] !== 'T' && isa[15] !== 'P')
		warnings.add('ISA', 1, `ISA15 (usage indicator) should be T or P, found ${shown(isa[15])}`, {
			element: 15,
		});
	if (!/^\d{9}$/.test(isa[13]))
		warnings.add('ISA', 1, `ISA13 (control number) should be 9 digits, found ${shown(isa[13])}`, {
			element: 13,
		});
}

/**
 * Text that was not valid UTF-8 where it was decoded holds U+FFFD replacement characters, and the
 * characters they replaced are lost: said once, with the byte offset of the first (every byte
 * before it was valid UTF-8, so its offset in the text encoded again is its offset in the file).
 */
function warnNotUtf8(text: string, warnings: ProblemList): void {
	const first = text.indexOf(REPLACEMENT);
	if (first < 0) return;
	let count = 0;
	for (let at = first; at >= 0; at = text.indexOf(REPLACEMENT, at + 1)) count++;
	warnings.add(
		'ISA',
		1,
		`the text is not valid UTF-8: ${count} character${count === 1 ? ' was' : 's were'} replaced by U+FFFD where it was decoded, the first at byte ${utf8Length(text, first)}; those characters are lost. A partner writing Latin-1 (ISO 8859-1) or Windows-1252: decode its files as that before reading`,
	);
}

const REPLACEMENT = '\uFFFD';

/** How many bytes the first `end` UTF-16 code units of `text` take in UTF-8. */
function utf8Length(text: string, end: number): number {
	let bytes = 0;
	for (let i = 0; i < end; i++) {
		const code = text.charCodeAt(i);
		bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code < 0xdc00 ? 4 : 3;
		if (code >= 0xd800 && code < 0xdc00) i++;
	}
	return bytes;
}

/** Gives the problems added since `from` the interchange they belong to. */
function placeIn(problems: ProblemList, from: number, interchange: number): void {
	for (let i = from; i < problems.list.length; i++) problems.list[i].interchange ??= interchange;
}

/** The index of the first character from `from` on that is not white space (line breaks included). */
function skipBlank(text: string, from: number): number {
	let i = from;
	while (i < text.length && /\s/.test(text.charAt(i)) && text.charCodeAt(i) !== BOM) i++;
	return i;
}
