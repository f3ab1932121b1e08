/**
 * Builds a valid interchange: fixed-width ISA, one group, ST/SE with correct counts, trailers.
 * Dev-only (tests and fixtures): it does not ship, the node only reads X12.
 */
import { joinSegments } from './join';
import { joinInLayout, type X12Layout } from './layout';
import type { Separators } from './types';

export interface X12WriteSet {
	/** ST01, e.g. `855`. */
	type: string;
	/** The body of the set WITHOUT ST and SE: the writer adds them with correct counts. */
	segments: string[][];
}

export interface X12WriteInput {
	senderId: string;
	receiverId: string;
	usage: 'T' | 'P';
	/** Interchange control number (ISA13/IEA02); also used for the group (GS06/GE02). */
	controlNumber: number;
	date: Date;
	/** GS01; defaults to functionalIdFor(type of the first set). */
	functionalId?: string;
	sets: X12WriteSet[];
	/** ISA05/ISA07; default `ZZ` (mutually defined). */
	senderQualifier?: string;
	receiverQualifier?: string;
	/** Defaults: `*` element, `>` component, `^` repetition, `~` segment. */
	separators?: Partial<Separators>;
	/** Put a line break after every segment terminator (readable; readers tolerate it). */
	lineBreaks?: boolean;
	/** Separators, line breaks, BOM and indentation as a partner lays them out; overrides `separators.element`/`segment` and `lineBreaks`. */
	layout?: X12Layout;
	/** `004010` (ISA12 00401, ISA11 U) or `005010` (default, ISA12 00501 with a repetition separator). */
	version?: '004010' | '005010';
}

export const DEFAULT_SEPARATORS: Separators = {
	element: '*',
	component: '>',
	repetition: '^',
	segment: '~',
};

/** GS01 functional identifier of the common transaction set types. */
const FUNCTIONAL_IDS: Record<string, string> = {
	'810': 'IN',
	'820': 'RA',
	'846': 'IB',
	'850': 'PO',
	'855': 'PR',
	'856': 'SH',
	'860': 'PC',
	'864': 'TX',
	'824': 'AG',
	'865': 'CA',
	'940': 'OW',
	'945': 'SW',
	'997': 'FA',
};

/** The GS01 code for a transaction set type, e.g. `PO` for 850. Throws for a type it does not know. */
export function functionalIdFor(type: string): string {
	const id = FUNCTIONAL_IDS[String(type).trim()];
	if (!id) {
		throw new Error(
			`No functional identifier known for transaction set ${type}; pass functionalId explicitly`,
		);
	}
	return id;
}

const two = (n: number) => String(n).padStart(2, '0');

function fixed(value: string, width: number, name: string): string {
	if (value.length > width)
		throw new Error(`${name} must be at most ${width} characters, got ${JSON.stringify(value)}`);
	return value.padEnd(width, ' ');
}

export function writeInterchange(input: X12WriteInput): string {
	const { layout } = input;
	const separators = {
		...DEFAULT_SEPARATORS,
		...input.separators,
		...(layout && { element: layout.elementSeparator, segment: layout.segmentTerminator[0] }),
	};
	if (
		!Number.isInteger(input.controlNumber) ||
		input.controlNumber < 1 ||
		input.controlNumber > 999999999
	) {
		throw new Error(
			`controlNumber must be an integer from 1 to 999999999, got ${input.controlNumber}`,
		);
	}
	if (input.usage !== 'T' && input.usage !== 'P')
		throw new Error(`usage must be T or P, got ${input.usage}`);
	if (input.sets.length === 0) throw new Error('an interchange needs at least one transaction set');
	const d = input.date;
	const yymmdd = `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;
	const ccyymmdd = `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;
	const hhmm = `${two(d.getUTCHours())}${two(d.getUTCMinutes())}`;
	const control = String(input.controlNumber);
	const functionalId = input.functionalId ?? functionalIdFor(input.sets[0].type);
	const v4010 = input.version === '004010';

	const isa = [
		'ISA',
		'00',
		' '.repeat(10),
		'00',
		' '.repeat(10),
		fixed(input.senderQualifier ?? 'ZZ', 2, 'senderQualifier'),
		fixed(input.senderId, 15, 'senderId'),
		fixed(input.receiverQualifier ?? 'ZZ', 2, 'receiverQualifier'),
		fixed(input.receiverId, 15, 'receiverId'),
		yymmdd,
		hhmm,
		v4010 ? 'U' : separators.repetition || 'U',
		v4010 ? '00401' : '00501',
		control.padStart(9, '0'),
		'0',
		input.usage,
		separators.component,
	];
	const segments: string[][] = [
		[
			'GS',
			functionalId,
			input.senderId,
			input.receiverId,
			ccyymmdd,
			hhmm,
			control,
			'X',
			input.version ?? '005010',
		],
	];
	input.sets.forEach((set, index) => {
		const setControl = String(index + 1).padStart(4, '0');
		const body = set.segments.filter((s) => s[0] !== 'ST' && s[0] !== 'SE');
		if (body.length !== set.segments.length) {
			throw new Error('set segments must not include ST or SE: the writer adds them');
		}
		segments.push(['ST', set.type, setControl], ...body, [
			'SE',
			String(body.length + 2),
			setControl,
		]);
	});
	segments.push(['GE', String(input.sets.length), control], ['IEA', '1', control.padStart(9, '0')]);
	for (const segment of segments) assertClean(segment, separators);
	// Of the ISA, only the id fields come from input (ISA11 and ISA16 ARE separators).
	assertClean(['ISA', isa[5], isa[6], isa[7], isa[8]], separators);
	return layout
		? joinInLayout([isa, ...segments], layout)
		: joinSegments([isa, ...segments], separators, input.lineBreaks);
}

/** An element that contains a separator would silently change the structure: refuse it. */
function assertClean(segment: string[], separators: Separators): void {
	const forbidden = [
		separators.element,
		separators.segment,
		separators.component,
		separators.repetition,
	].filter(Boolean);
	segment.forEach((value, index) => {
		if (typeof value !== 'string')
			throw new Error(`segment ${segment[0]} element ${index} must be a string`);
		const bad = forbidden.find((c) => value.includes(c));
		if (bad)
			throw new Error(
				`segment ${segment[0]} element ${index} contains the separator ${JSON.stringify(bad)}: ${JSON.stringify(value)}`,
			);
	});
}
