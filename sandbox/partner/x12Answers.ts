/**
 * The demo partner's answers in X12 to what it received as X12 (passthrough or service JSON),
 * contract: "What became of what you sent", In X12: a 997 per group received (syntax only) and an
 * 824 Application Advice for the 856s and 810s of an interchange it rejected on business rules.
 * Bodies only (no ST/SE); x12/write.ts wraps them, in separators their text does not use.
 */
import { errorCodeOf } from '../acknowledgments';
import type { X12Layout } from '../x12/layout';
import type { Separators } from '../x12/types';
import { writeInterchange } from '../x12/write';

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

/** One answer the partner writes: its type, its set's segments without ST/SE. */
export interface AnswerSet {
	type: '997' | '824';
	body: string[][];
	/** The 824: the first document it names. */
	businessNumber?: string;
}

/** The types an 824 reports a business-rule rejection of. */
const ADVISED_TYPES = ['856', '810'];

/**
 * The partner's answers to what it received in X12: a 997 per group (its 997s and the `silent`
 * types left out), and an 824 for the 856s and 810s it rejected on business rules (not those it
 * refused unread: their 997 says so).
 */
export function answerSets(groups: ReceivedGroup[], silent: string[], date: Date): AnswerSet[] {
	const answered = groups.map((group) => ({
		...group,
		sets: group.sets.filter((set) => set.type !== '997' && !silent.includes(set.type)),
	}));
	const answers: AnswerSet[] = answered
		.filter((group) => group.sets.length > 0)
		.map((group) => ({ type: '997', body: functionalAckBody(group) }));
	const rejected: RejectedDocument[] = answered.flatMap((group) =>
		group.sets
			.filter((set) => ADVISED_TYPES.includes(set.type) && set.syntax !== 'R' && set.reasons.length)
			.map((set) => ({ ...set, group: group.control })),
	);
	if (rejected.length) {
		const [first] = rejected;
		answers.push({
			type: '824',
			body: applicationAdviceBody(`${first.group}-${first.setControl}`, rejected, date),
			...(first.businessNumber !== undefined && { businessNumber: first.businessNumber }),
		});
	}
	return answers;
}

/**
 * One answer as the partner's 004010 interchange to `receiverId` (ISA13 = GS06 = `control`), in its
 * layout with the separators switched to characters the text does not use.
 */
export function answerInterchange(
	answer: AnswerSet,
	to: { receiverId: string; usage: 'T' | 'P'; control: number; date: Date },
	partnerId: string,
	layout: X12Layout,
): string {
	const chosen = separatorsFor(answer.body, {
		element: layout.elementSeparator,
		segment: layout.segmentTerminator[0],
	});
	return writeInterchange({
		senderId: partnerId,
		receiverId: to.receiverId,
		usage: to.usage,
		controlNumber: to.control,
		date: to.date,
		sets: [{ type: answer.type, segments: answer.body }],
		layout: {
			...layout,
			elementSeparator: chosen.element,
			segmentTerminator: chosen.segment + layout.segmentTerminator.slice(1),
		},
		separators: { component: chosen.component, repetition: '' },
		version: '004010',
	});
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

/** Characters any separator may fall back to, after its usual ones. */
const SPARE = [...'|^!`{}@#$%&+=?<[]'];

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
		[preferred.segment, '~', "'", ...SPARE].filter((c) => c !== preferred.element),
		'segment',
	);
	const element = pick([preferred.element, '*', ...SPARE], 'element');
	const component = pick(['>', ':', ...SPARE], 'component');
	return { element, segment, component };
}
