/**
 * The envelope: ISA/GS/ST…SE/GE/IEA around transaction sets, with the counts computed and the
 * control numbers as given (their storage is the caller's: the writer never invents one). The ISA
 * is fixed-width (106 characters with its terminator), ISA13 nine digits. Every element of every
 * set is checked once more against the separators chosen here, so nothing can split a segment.
 */
import { DocumentError } from '../documents/errors';
import { FUNCTIONAL_IDS } from '../documents/registry';
import { DEFAULT_SEPARATORS, type WriteSeparators } from './elements';

/** One transaction set to wrap: its type (ST01) and its segments without ST/SE. */
export interface EnvelopeSet {
	type: string;
	segments: string[][];
}

export interface EnvelopeOptions {
	/** ISA06 / GS02 (GS02 may differ: `groupSenderId`). */
	senderId: string;
	/** ISA08 / GS03. */
	receiverId: string;
	/** ISA05 / ISA07, default "ZZ" (mutually defined). */
	qualifiers?: { sender?: string; receiver?: string };
	groupSenderId?: string;
	groupReceiverId?: string;
	/** ISA15: T (test, the default) or P (production). */
	usage?: 'T' | 'P';
	/** ISA13/IEA02 (1–999999999), GS06/GE02 (1–999999999), ST02/SE02 per set (4–9 characters; numbers are padded to 4). */
	controlNumbers: {
		interchange: number | string;
		group: number | string;
		sets: Array<number | string>;
	};
	/** The interchange's date and time: a Date (taken in UTC), or "YYYY-MM-DD" with `time` "HHMM". */
	date: Date | string;
	time?: string;
	/** Separators; default `*`, `>`, `~` (the terminator may be a line feed). */
	separators?: Partial<WriteSeparators>;
	/** Written after each segment terminator, e.g. "\n" for readable files. Default none. */
	lineEnding?: '' | '\n' | '\r\n';
	/** ISA14: ask for a TA1 interchange acknowledgment. Default false. */
	acknowledgmentRequested?: boolean;
	/** GS01, when not the one of the sets' type (855 PR, 856 SH, 810 IN, 997 FA, 850 PO). */
	functionalId?: string;
}

/** GS01 (functional identifier) of each transaction set type, from the registry of document types. */
export { FUNCTIONAL_IDS };

const VERSION = '004010';
const ISA_VERSION = '00401';

/** The interchange text for `sets`, one functional group. Throws DocumentError naming the option or segment at fault. */
export function writeInterchange(sets: EnvelopeSet[], options: EnvelopeOptions): string {
	if (sets.length === 0)
		throw optionError('sets', 'an interchange needs at least one transaction set');
	const separators = { ...DEFAULT_SEPARATORS, ...(options.separators ?? {}) };
	checkSeparators(separators);
	const functionalId = options.functionalId ?? functionalIdOf(sets);
	const numbers = options.controlNumbers ?? ({} as EnvelopeOptions['controlNumbers']);
	const interchange = controlNumber(numbers.interchange, 'controlNumbers.interchange');
	const group = controlNumber(numbers.group, 'controlNumbers.group');
	const setNumbers = setControlNumbers(numbers.sets, sets.length);
	const { ccyymmdd, hhmm } = stamp(options.date, options.time);
	const usage = options.usage ?? 'T';
	if (usage !== 'T' && usage !== 'P') throw optionError('usage', 'is T (test) or P (production)');

	const qualifier = (value: string | undefined, name: string) => {
		const q = value ?? 'ZZ';
		if (!/^[A-Z0-9]{2}$/.test(q))
			throw optionError(name, `is ${JSON.stringify(q)}: two letters or digits, e.g. ZZ, 01, 12`);
		return q;
	};
	const isaId = (value: string, name: string) => {
		const id = String(value ?? '');
		if (id.trim() === '' || id.length > 15)
			throw optionError(name, `is ${JSON.stringify(id)}: the ISA holds 1 to 15 characters`);
		return id.padEnd(15, ' ');
	};
	const gsId = (value: string, name: string) => {
		const id = String(value ?? '').trim();
		if (id.length < 2 || id.length > 15)
			throw optionError(name, `is ${JSON.stringify(id)}: GS02/GS03 hold 2 to 15 characters`);
		return id;
	};

	const segments: string[][] = [
		[
			'ISA',
			'00',
			' '.repeat(10),
			'00',
			' '.repeat(10),
			qualifier(options.qualifiers?.sender, 'qualifiers.sender'),
			isaId(options.senderId, 'senderId'),
			qualifier(options.qualifiers?.receiver, 'qualifiers.receiver'),
			isaId(options.receiverId, 'receiverId'),
			ccyymmdd.slice(2),
			hhmm,
			separators.repetition || 'U',
			ISA_VERSION,
			interchange.padStart(9, '0'),
			options.acknowledgmentRequested ? '1' : '0',
			usage,
			separators.component,
		],
		[
			'GS',
			functionalId,
			gsId(options.groupSenderId ?? options.senderId, 'groupSenderId'),
			gsId(options.groupReceiverId ?? options.receiverId, 'groupReceiverId'),
			ccyymmdd,
			hhmm,
			group,
			'X',
			VERSION,
		],
	];
	sets.forEach((set, i) => {
		segments.push(['ST', set.type, setNumbers[i]]);
		set.segments.forEach((segment, s) => {
			checkSegment(segment, separators, i, s);
			segments.push(segment);
		});
		segments.push(['SE', String(set.segments.length + 2), setNumbers[i]]);
	});
	segments.push(['GE', String(sets.length), group], ['IEA', '1', interchange.padStart(9, '0')]);
	if (separators.segment === '\n' && options.lineEnding)
		throw optionError('lineEnding', 'must be empty when the segment terminator is a line feed');
	const terminator = separators.segment + (options.lineEnding ?? '');
	return segments.map((segment) => segment.join(separators.element)).join(terminator) + terminator;
}

function functionalIdOf(sets: EnvelopeSet[]): string {
	const ids = new Set(sets.map((set) => FUNCTIONAL_IDS[set.type]));
	if (ids.has(undefined as unknown as string) || ids.size !== 1)
		throw optionError(
			'sets',
			`hold transaction sets ${[...new Set(sets.map((s) => s.type))].join(', ')}: one functional group holds one kind (give "functionalId" for a type not in ${Object.keys(FUNCTIONAL_IDS).join(', ')})`,
		);
	return [...ids][0];
}

function controlNumber(value: unknown, name: string): string {
	const text =
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (!/^\d{1,9}$/.test(text) || BigInt(text) === 0n)
		throw optionError(
			name,
			`is ${JSON.stringify(value)}: a control number is a whole number from 1 to 999999999`,
		);
	return String(BigInt(text));
}

function setControlNumbers(values: unknown, count: number): string[] {
	if (!Array.isArray(values) || values.length !== count)
		throw optionError(
			'controlNumbers.sets',
			`needs one control number per transaction set (${count})`,
		);
	const seen = new Set<string>();
	return values.map((value, i) => {
		const text =
			typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
		if (!/^\d{1,9}$/.test(text))
			throw optionError(
				`controlNumbers.sets[${i}]`,
				`is ${JSON.stringify(value)}: ST02 is a number of up to 9 digits`,
			);
		const padded = text.padStart(4, '0');
		if (seen.has(padded))
			throw optionError(
				`controlNumbers.sets[${i}]`,
				`repeats ${padded}: ST02 is unique in its group`,
			);
		seen.add(padded);
		return padded;
	});
}

function stamp(date: Date | string, time: string | undefined): { ccyymmdd: string; hhmm: string } {
	if (date instanceof Date && !Number.isNaN(date.getTime())) {
		const iso = date.toISOString();
		return {
			ccyymmdd: iso.slice(0, 10).replace(/-/g, ''),
			hhmm: iso.slice(11, 16).replace(':', ''),
		};
	}
	const match = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
	if (!match) throw optionError('date', `is ${JSON.stringify(date)}: a Date or "YYYY-MM-DD"`);
	const hhmm = (time ?? '0000').replace(':', '');
	if (!/^([01]\d|2[0-3])[0-5]\d$/.test(hhmm))
		throw optionError('time', `is ${JSON.stringify(time)}: HHMM`);
	return { ccyymmdd: match[1] + match[2] + match[3], hhmm };
}

function checkSeparators(s: WriteSeparators): void {
	const chosen = [s.element, s.component, s.segment, ...(s.repetition ? [s.repetition] : [])];
	for (const c of chosen)
		// A line feed is a common segment terminator; nothing else may be a letter, digit or space.
		if (c.length !== 1 || (/[A-Za-z0-9\s]/.test(c) && !(c === '\n' && c === s.segment)))
			throw optionError(
				'separators',
				`${JSON.stringify(c)} cannot be a separator: one punctuation character each`,
			);
	if (new Set(chosen).size !== chosen.length)
		throw optionError('separators', 'must differ from each other');
}

/** The last guard: no element may hold a separator (the writers already refused it, naming the field). */
function checkSegment(segment: string[], s: WriteSeparators, set: number, index: number): void {
	const reserved = [
		s.element,
		s.component,
		s.segment,
		...(s.repetition ? [s.repetition] : []),
		'\r',
		'\n',
	];
	segment.forEach((element, e) => {
		if (typeof element !== 'string' || (e === 0 && !/^[A-Z][A-Z0-9]{1,2}$/.test(element)))
			throw optionError(
				`sets[${set}].segments[${index}]`,
				`is not a segment (id, then text elements)`,
			);
		for (const c of reserved)
			if (element.includes(c))
				throw optionError(
					`sets[${set}].segments[${index}]`,
					`(${segment[0]}${String(e).padStart(2, '0')}) contains ${JSON.stringify(c)}, a separator of this interchange`,
				);
	});
}

function optionError(name: string, message: string): DocumentError {
	return new DocumentError(`The envelope's "${name}" ${message}`, name);
}
