/**
 * What the readers of a partner's answers (read997.ts, read824.ts) share: the shape of a verdict on
 * one of our documents and of each reason given, the names of the codes (codes.ts), and the
 * reading of segments into it. One shape for both, so a workflow branches on `status` and reads
 * `errors[].message` whichever of the two answered (docs/x12.md, "Answers: 997 and 824").
 */
import type { PlainObject } from '../documents/fieldReader';
import { type AcknowledgmentStatus, type CodeList } from './codes';
import { Segment, type X12Unmapped } from './segmentReader';
import { elementOf } from '../x12/segmentTable';
import type { X12TransactionSet } from '../x12/types';

/** One element a reason points at: AK4 (with its code) or TED05–TED07. */
export interface ElementNote {
	/** 1-based position in its segment (AK401, TED05). */
	position?: number;
	/** The component's position, when AK401 names one (`2:1`, 005010). */
	component?: number;
	/** Data element reference number (AK402, TED06): `358` is the quantity invoiced. */
	reference?: string;
	/** AK403 as written, and its name in X12 list 723. */
	code?: string;
	meaning?: string;
	/** A copy of the bad value (AK404, TED07). */
	value?: string;
}

/** One reason a partner gives. */
export interface AcknowledgmentError {
	/** The code as written: AK304, AK502…, AK905…, TED01 ('' when the segment gives none). */
	code: string;
	/** The code's name in its X12 list, or that it is not in it. */
	meaning: string;
	/** The whole reason in words: the partner's own text when it gives one, else the code's name and the place. */
	message: string;
	/** The segment in error (AK301, TED03), its position in the set (AK302, TED04), its loop (AK303). */
	segment?: string;
	position?: number;
	loop?: string;
	elements?: ElementNote[];
	/** TED02 as written. */
	text?: string;
	/** NTE02 of each NTE after the TED, as written. */
	notes?: string[];
}

/** A verdict on one of our transaction sets (or, in an 824, a group, batch or item). */
export interface AnsweredSet {
	/** AK201, OTI10: the type of our document (`810`). */
	transactionType?: string;
	/** GS06 and ST02 of our document, as the outbound transaction's `controlNumbers` has them. */
	controlNumbers: { group?: string; transactionSet?: string };
	/** 824 only: the document's own number (OTI03) and what it is (OTI02: `invoiceNumber` for IV). */
	businessNumber?: string;
	businessNumberType?: string;
	/** 824 only: what the verdict is about (OTI01's first letter). */
	level?: string;
	status: AcknowledgmentStatus;
	/** AK501 or OTI01 as written, and its name. */
	statusCode: string;
	statusMeaning: string;
	errors: AcknowledgmentError[];
	/** 824 only: REF and DTM of the OTI loop, by their qualifiers' words. */
	references?: PlainObject;
	dates?: PlainObject;
}

export interface AcknowledgmentReading {
	document?: PlainObject;
	errors: string[];
	warnings: string[];
}

/** `"Q"` of a list that has no such code: what `meaning` says. */
export const unknownCode = (list: CodeList, code: string): string =>
	`Unknown code "${code}" (not in X12 list ${list.element}, ${list.name})`;

/** A verdict code read: its status word and name; one the lists lack is `unknown`, with a warning. */
export interface Verdict {
	status: AcknowledgmentStatus;
	statusCode: string;
	statusMeaning: string;
}

/**
 * Reads a set of acknowledgments segment by segment: a subclass's `mappings` read each segment id;
 * what none takes is kept in `x12Unmapped`, what was left of a taken one too. Never throws.
 */
export abstract class AcknowledgmentReader {
	readonly errors: string[] = [];
	readonly warnings: string[] = [];
	readonly unmapped: X12Unmapped[] = [];

	constructor(protected readonly type: string) {}

	/** How each segment id is read: true when the segment was taken. */
	protected abstract readonly mappings: ReadonlyMap<string, (s: Segment) => boolean>;
	/** What the whole set must have said; gives the document. */
	protected abstract finish(): PlainObject;

	read(set: X12TransactionSet): AcknowledgmentReading {
		let document: PlainObject | undefined;
		try {
			const s = new Segment();
			set.segments.forEach((elements, i) => {
				s.at(elements, i + 1);
				if (s.id === 'ST' || s.id === 'SE') this.envelope(s);
				else if (!this.mappings.get(s.id)?.(s)) {
					this.unmapped.push({ position: s.position, segment: s.elements });
					return;
				}
				const left = s.leftOver();
				if (left) this.unmapped.push({ position: s.position, segment: s.elements, elements: left });
			});
			document = this.finish();
			document.x12Unmapped = this.unmapped;
		} catch (error) {
			this.errors.push(`The ${this.type} could not be read: ${(error as Error).message}`);
		}
		const { errors, warnings } = this;
		return errors.length || !document ? { errors, warnings } : { document, errors, warnings };
	}

	private envelope(s: Segment): void {
		if (s.id === 'ST' && s.take('ST01') !== this.type)
			this.errors.push(
				`${s.label('ST01')} is "${s.peek('ST01')}": this set is not an ${this.type}`,
			);
		for (const ref of s.id === 'ST' ? ['ST02', 'ST03'] : ['SE01', 'SE02']) s.take(ref);
	}

	/**
	 * The name of `code` in `list`; a code the list lacks is named as unknown, with a warning at
	 * `ref`, as is an empty one where the segment table says the element is mandatory.
	 */
	protected named(list: CodeList, s: Segment, ref: string, code = s.take(ref)): string {
		if (code === '') {
			const element = elementOf(ref);
			if (element.requirement === 'M')
				this.warnings.push(`${s.label(ref)} (${element.name}) is empty: the reason has no code`);
			return `No code given (${ref} is empty)`;
		}
		const name = list.word(code);
		if (name !== undefined) return name;
		this.warnings.push(
			`${s.label(ref)} is "${code}", not a code of X12 list ${list.element} (${list.name}): kept as written`,
		);
		return unknownCode(list, code);
	}

	/** The verdict of element `ref`: its word from `words`, its name from `names`; unknown with a warning. */
	protected verdict(words: CodeList, names: CodeList, s: Segment, ref: string): Verdict {
		const statusCode = s.take(ref);
		const status = words.word(statusCode) as AcknowledgmentStatus | undefined;
		if (status && names.word(statusCode))
			return { status, statusCode, statusMeaning: names.word(statusCode)! };
		this.warnings.push(
			`${s.label(ref)} is "${statusCode}", not a code of X12 list ${words.element} (${words.name}): the verdict is unknown, not accepted`,
		);
		return { status: 'unknown', statusCode, statusMeaning: unknownCode(words, statusCode) };
	}

	/** A whole number in `ref` (positions, counts); undefined, with a warning, when it is not one. */
	protected count(s: Segment, ref: string): number | undefined {
		const value = s.take(ref);
		if (value === '') return undefined;
		if (/^\d{1,9}$/.test(value)) return Number(value);
		this.warnings.push(`${s.label(ref)} is "${value}", not a whole number`);
		return undefined;
	}
}

/** `IT102 (element 358)`, `IT1 element 2`: an element note's place, as messages say it. */
function elementPlace(segment: string | undefined, element: ElementNote): string {
	const at =
		element.position === undefined
			? 'an element'
			: segment
				? `${segment}${String(element.position).padStart(2, '0')}`
				: `element ${element.position}`;
	const component = element.component === undefined ? '' : `, component ${element.component}`;
	return element.reference ? `${at} (data element ${element.reference}${component})` : at;
}

/** The message of a reason read from a 997 (AK3 and its AK4s, or a code alone). */
export function syntaxMessage(error: AcknowledgmentError): string {
	const where =
		error.segment || error.position !== undefined
			? `${error.segment || 'a segment'}${error.position === undefined ? '' : ` at position ${error.position}`}${error.loop ? ` in loop ${error.loop}` : ''}: `
			: '';
	const elements = (error.elements ?? []).map(
		(e) =>
			`; ${elementPlace(error.segment, e)}: ${e.meaning ?? 'in error'}${e.value === undefined ? '' : ` (found "${e.value}")`}`,
	);
	return `${where}${error.meaning}${elements.join('')}`;
}

/**
 * NTE texts as one text: a note filling the whole of NTE02 (80 characters) goes on in the next
 * one without a space (a long reason cut into notes); shorter ones are joined with a space.
 */
export function joinNotes(notes: readonly string[]): string {
	return notes.reduce(
		(text, note, i) => (i === 0 ? note : `${text}${notes[i - 1].length >= 80 ? '' : ' '}${note}`),
		'',
	);
}

/** The message of a TED reason: NTE notes (or TED02, when they do not begin with it), else its name. */
export function applicationMessage(error: AcknowledgmentError): string {
	const notes = joinNotes(error.notes ?? []);
	const text = error.text ?? '';
	const said =
		notes && text && notes.startsWith(text) ? notes : [text, notes].filter(Boolean).join(' ');
	const where = error.segment
		? ` (${error.segment}${error.position === undefined ? '' : ` at position ${error.position}`}${(error.elements ?? []).map((e) => `, ${elementPlace(error.segment, e)}${e.value === undefined ? '' : ` "${e.value}"`}`).join('')})`
		: '';
	return `${said || error.meaning}${where}`;
}

const ACCEPTING: readonly AcknowledgmentStatus[] = [
	'accepted',
	'acceptedWithChanges',
	'acceptedWithErrors',
];

/** Whether a verdict lets the document through (accepted, with or without errors or changes). */
export const accepts = (status: AcknowledgmentStatus): boolean => ACCEPTING.includes(status);

/**
 * One word for several verdicts: theirs when they agree; `unknown` when one is; otherwise
 * `partiallyAccepted` when some are not accepted, else the most noted of the accepting words.
 */
export function overallStatus(statuses: readonly AcknowledgmentStatus[]): AcknowledgmentStatus {
	if (statuses.length === 0) return 'unknown';
	if (statuses.every((s) => s === statuses[0])) return statuses[0];
	if (statuses.includes('unknown')) return 'unknown';
	if (!statuses.every(accepts)) return 'partiallyAccepted';
	return statuses.includes('acceptedWithErrors') ? 'acceptedWithErrors' : 'acceptedWithChanges';
}

/** `810 0001` (or `810 INV-7`): a verdict's document, as messages name it. */
export const setName = (set: AnsweredSet): string =>
	[
		set.transactionType,
		set.businessNumber ?? set.controlNumbers.transactionSet ?? set.controlNumbers.group,
	]
		.filter(Boolean)
		.join(' ') || 'a document';
