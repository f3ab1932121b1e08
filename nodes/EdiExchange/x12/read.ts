/**
 * Reads a whole interchange (ISA … IEA) and checks its envelope: control numbers that must match,
 * counts that must agree, and every ST/GS/ISA closed by its trailer. It reports the problems it
 * finds instead of stopping at the first, so a user can fix a file in one pass: the first
 * MAX_PROBLEMS of them, and how many more there are. One pass over the text, linear in its length.
 */
import { readIsa } from './isa';
import { ProblemList, shown } from './problems';
import { SegmentSplitter } from './segments';
import type { X12Interchange, X12Problem, X12Separators } from './types';
import { walk } from './walk';

export interface X12ReadResult {
	/** Present whenever the ISA could be read; meaningful only when `problems` is empty. */
	interchange?: X12Interchange;
	/** The first problems found (at most MAX_PROBLEMS). */
	problems: X12Problem[];
	/** How many more problems were found and not listed. */
	moreProblems: number;
	/** The interchange itself, ISA to IEA's terminator: without a BOM or blank lines around it. Set when IEA was read. */
	text?: string;
}

export function readInterchange(text: string): X12ReadResult {
	const problems = new ProblemList();
	const start = /^[\s\uFEFF]*/.exec(text)![0].length;
	const isa = readIsa(text, start, problems);
	if (!isa) return { problems: problems.list, moreProblems: problems.more };

	const header = isa.elements;
	const usage = header[15];
	if (usage !== 'T' && usage !== 'P')
		problems.add('ISA', 1, `ISA15 (usage indicator) must be T or P, found ${shown(usage)}`);
	if (!/^\d{9}$/.test(header[13]))
		problems.add('ISA', 1, `ISA13 (control number) must be 9 digits, found ${shown(header[13])}`);

	const interchange = interchangeOf(header, isa.separators);

	const { end } = walk(new SegmentSplitter(text, isa.end, isa.separators, 2), interchange, {
		errors: problems,
	});
	return {
		interchange,
		problems: problems.list,
		moreProblems: problems.more,
		text: end === undefined ? undefined : text.slice(start, end),
	};
}

/** The interchange an ISA opens, its groups still to read. */
export function interchangeOf(header: string[], separators: X12Separators): X12Interchange {
	return {
		separators,
		senderQualifier: header[5].trim(),
		senderId: header[6].trim(),
		receiverQualifier: header[7].trim(),
		receiverId: header[8].trim(),
		date: header[9],
		time: header[10],
		version: header[12],
		controlNumber: header[13],
		usage: header[15] as 'T' | 'P',
		isa: header,
		groups: [],
	};
}
