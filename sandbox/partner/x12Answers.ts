/**
 * The demo partner's answers in X12 to what it received as X12 (passthrough or service JSON),
 * contract: "What became of what you sent", In X12: a 997 per group received (syntax only) and an
 * 824 Application Advice for the 856s and 810s of an interchange it rejected on business rules.
 * Bodies only (no ST/SE); x12/write.ts wraps them, in separators their text does not use.
 */
import { errorCodeOf } from '../acknowledgments';
import type { Separators } from '../x12/types';

/** One set the partner received, as it judged it. */
export interface ReceivedSet {
	type: string;
	/** ST02 (service JSON: as the service assigned it). */
	setControl: string;
	/** Id of its first segment after ST: what an AK3 names. */
	firstSegment: string;
	/** A: read; E: read, with errors noted (withErrors); R: refused unread. */
	syntax: 'A' | 'E' | 'R';
	/** Business-rule reasons (856/810: each one a TED of the 824); [] = accepted. */
	reasons: string[];
	businessNumber?: string;
}

/** One group the partner received. */
export interface ReceivedGroup {
	/** GS01 and GS06. */
	functionalId: string;
	control: string;
	sets: ReceivedSet[];
}

/** The 997 answering one group: AK1, per set AK2 [AK3] AK5, AK9. */
export function functionalAckBody(group: ReceivedGroup): string[][] {
	const body: string[][] = [['AK1', group.functionalId, group.control]];
	for (const set of group.sets) {
		body.push(['AK2', set.type, set.setControl]);
		// The first segment stands for what was wrong: the sandbox's setting or an unread set.
		if (set.syntax === 'E') body.push(['AK3', set.firstSegment, '2', '', '8']);
		if (set.syntax === 'R') body.push(['AK3', set.firstSegment, '2']);
		body.push(set.syntax === 'R' ? ['AK5', 'R', '5'] : ['AK5', set.syntax]);
	}
	const received = group.sets.length;
	const accepted = group.sets.filter((s) => s.syntax !== 'R').length;
	const status =
		accepted === 0
			? 'R'
			: accepted < received
				? 'P'
				: group.sets.some((s) => s.syntax === 'E')
					? 'E'
					: 'A';
	body.push(['AK9', status, String(received), String(received), String(accepted)]);
	return body;
}

/** An 856 or 810 the partner rejected on business rules, where it was in what it received. */
export interface RejectedDocument {
	type: string;
	businessNumber?: string;
	group: string;
	setControl: string;
	reasons: string[];
}

const NUMBER_QUALIFIERS: Record<string, string> = { '810': 'IV', '856': 'SI' };
const TED_TEXT = 60;
const NTE_TEXT = 80;

/** The 824 body: BGN, then per rejected document an OTI loop with a TED (and NTEs) per reason. */
export function applicationAdviceBody(
	reference: string,
	documents: RejectedDocument[],
	date: Date,
): string[][] {
	const iso = date.toISOString();
	const body: string[][] = [
		[
			'BGN',
			'00',
			reference,
			iso.slice(0, 10).replace(/-/g, ''),
			iso.slice(11, 16).replace(':', ''),
		],
	];
	for (const doc of documents) {
		body.push([
			'OTI',
			'TR',
			NUMBER_QUALIFIERS[doc.type],
			(doc.businessNumber ?? `${doc.group}-${doc.setControl}`).slice(0, 30),
			'',
			'',
			'',
			'',
			doc.group,
			doc.setControl,
			doc.type,
		]);
		for (const reason of doc.reasons) {
			body.push(['TED', errorCodeOf(reason), reason.slice(0, TED_TEXT).trimEnd()]);
			if (reason.length > TED_TEXT)
				for (const piece of pieces(reason, NTE_TEXT)) body.push(['NTE', 'GEN', piece]);
		}
	}
	return body;
}

/**
 * The text in pieces of at most `size` characters that join back to it exactly; a piece never
 * ends with a space (X12 drops trailing spaces): they start the next piece instead.
 */
export function pieces(text: string, size: number): string[] {
	const out: string[] = [];
	let rest = text;
	while (rest.length > 0) {
		let piece = rest.slice(0, size);
		if (piece.length < rest.length) {
			const kept = piece.trimEnd();
			if (kept !== '') piece = kept;
		}
		out.push(piece);
		rest = rest.slice(piece.length);
	}
	return out;
}

/** Candidates, in order of preference, for each separator. */
const ELEMENT = [
	'*',
	'|',
	'^',
	'!',
	'`',
	'{',
	'}',
	'@',
	'#',
	'$',
	'%',
	'&',
	'+',
	'=',
	'?',
	'<',
	'[',
	']',
	'\\',
];
const SEGMENT = [
	'~',
	"'",
	'|',
	'^',
	'!',
	'`',
	'{',
	'}',
	'@',
	'#',
	'$',
	'%',
	'&',
	'+',
	'=',
	'?',
	'<',
];
const COMPONENT = ['>', ':', '^', '!', '`', '{', '}', '@', '#', '$', '%', '&', '+', '=', '?', '<'];

/**
 * Separators none of the segments' text uses: the preferred ones (the partner's layout) when free.
 * Throws when the text uses every candidate (never in practice).
 */
export function separatorsFor(
	segments: string[][],
	preferred: { element: string; segment: string },
): Pick<Separators, 'element' | 'segment' | 'component'> {
	const used = new Set(segments.flat().join(''));
	const taken = new Set<string>();
	const pick = (candidates: string[], name: string) => {
		const found = candidates.find((c) => !used.has(c) && !taken.has(c));
		if (!found) throw new Error(`no ${name} separator left that the text does not use`);
		taken.add(found);
		return found;
	};
	const segment = pick(
		[preferred.segment, ...SEGMENT].filter((c) => c !== preferred.element),
		'segment',
	);
	const element = pick([preferred.element, ...ELEMENT], 'element');
	const component = pick(COMPONENT, 'component');
	return { element, segment, component };
}
