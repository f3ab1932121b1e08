/**
 * The service's envelope check of an X12 interchange (contract: POST /v2/integration-payloads,
 * format x12). Written apart from the node's reader on purpose: the sandbox is an independent
 * check of the node, so a reader bug must not pass on both sides.
 *
 * Checked: the ISA's fixed layout (106 characters, separators at fixed places), ISA13 = IEA02,
 * GS06 = GE02, ST02 = SE02, SE01 = segments ST..SE, GE01 = sets, IEA01 = groups, trailers that are
 * missing or carry an element too many, segment ids, and anything after the IEA. Every problem found is reported, not just the first.
 */
import type { CheckedInterchange, EnvelopeGroup, EnvelopeProblem, Separators } from './types';

/** Widths of ISA00..ISA16 (ISA00 is the id). With the 16 element separators and the terminator: 106. */
const ISA_WIDTHS = [3, 2, 10, 2, 10, 2, 15, 2, 15, 6, 4, 1, 5, 9, 1, 1, 1];
const ISA_LENGTH = 106;

interface Segment {
	elements: string[];
	position: number;
	/** False for a last segment that has no terminator. */
	terminated: boolean;
}

export interface EnvelopeCheck {
	/** Present only when the ISA could be read; use it only when `problems` is empty. */
	interchange?: CheckedInterchange;
	problems: EnvelopeProblem[];
}

export function checkEnvelope(text: string): EnvelopeCheck {
	const content = text.replace(/^\s+/, '');
	const isa = readIsa(content);
	if ('problem' in isa) return { problems: [isa.problem] };
	const { separators, elements } = isa;
	const problems: EnvelopeProblem[] = [];
	const usage = elements[15];
	if (usage !== 'T' && usage !== 'P')
		problems.push({
			segment: 'ISA',
			position: 1,
			message: `ISA15 must be T (test) or P (production), found "${usage}"`,
		});
	if (!/^\d{9}$/.test(elements[13]))
		problems.push({
			segment: 'ISA',
			position: 1,
			message: `ISA13 must be nine digits, found "${elements[13]}"`,
		});
	const segments = splitBody(content.slice(ISA_LENGTH), separators);
	checkSegmentShapes(segments, problems);
	const groups = walk(segments, elements[13], problems);
	const last = segments[segments.length - 1];
	if (last && !last.terminated) {
		problems.push({
			segment: last.elements[0],
			position: last.position,
			message: `the last segment has no terminator ${JSON.stringify(separators.segment)}`,
		});
	}
	const interchange: CheckedInterchange = {
		separators,
		isa: elements,
		senderId: elements[6].trim(),
		receiverId: elements[8].trim(),
		usage: usage === 'P' ? 'P' : 'T',
		groups,
	};
	return { interchange, problems };
}

/** The ISA by its fixed layout: the separators are read from where the standard puts them. */
function readIsa(
	content: string,
): { separators: Separators; elements: string[] } | { problem: EnvelopeProblem } {
	const at = (message: string) => ({ problem: { segment: 'ISA', position: 1, message } });
	if (!content.startsWith('ISA'))
		return at(`an interchange starts with ISA, found "${content.slice(0, 3)}"`);
	if (content.length < ISA_LENGTH)
		return at(
			`the ISA segment must be ${ISA_LENGTH} characters with its terminator, the text has only ${content.length}`,
		);
	const element = content[3];
	const segment = content[ISA_LENGTH - 1];
	const elements = content.slice(0, ISA_LENGTH - 1).split(element);
	const widths = elements.map((e) => e.length);
	if (elements.length !== ISA_WIDTHS.length || widths.some((w, i) => w !== ISA_WIDTHS[i])) {
		return at(
			`the ISA segment must be ${ISA_LENGTH} characters with fixed-width elements (${ISA_WIDTHS.slice(1).join(', ')}); found widths ${widths.slice(1).join(', ')}`,
		);
	}
	const component = elements[16];
	const repetition = elements[11] === 'U' ? '' : elements[11];
	if (
		/[A-Za-z0-9 ]/.test(element) ||
		/[A-Za-z0-9 ]/.test(segment) ||
		new Set([element, component, segment]).size < 3
	) {
		return at(
			`separators must be distinct and not letters, digits or spaces: element "${element}", component "${component}", segment "${segment}"`,
		);
	}
	return { separators: { element, component, repetition, segment }, elements };
}

/** Segments after the ISA, numbered from 2. Line breaks after terminators are tolerated. */
function splitBody(body: string, separators: Separators): Segment[] {
	const segments: Segment[] = [];
	const pieces = body.split(separators.segment);
	pieces.forEach((piece, index) => {
		const cleaned = piece.replace(/^[\r\n]+/, '').replace(/\r$/, '');
		if (cleaned.trim() === '') return;
		segments.push({
			elements: cleaned.split(separators.element),
			position: segments.length + 2,
			terminated: index < pieces.length - 1,
		});
	});
	return segments;
}

/** Elements after the id of each trailer: a trailing separator would add an empty one (X12 forbids it). */
const TRAILER_ELEMENTS: Record<string, number> = { SE: 2, GE: 2, IEA: 2 };

/** Every segment id is 2–3 upper-case letters or digits; trailers have exactly their two elements. */
function checkSegmentShapes(segments: Segment[], problems: EnvelopeProblem[]): void {
	for (const { elements, position } of segments) {
		const id = elements[0];
		if (!/^[A-Z0-9]{2,3}$/.test(id)) {
			problems.push({
				segment: id || '(no id)',
				position,
				message: `a segment id must be 2–3 upper-case letters or digits, found "${id}"`,
			});
		}
		const wanted = TRAILER_ELEMENTS[id];
		if (wanted !== undefined && elements.length - 1 !== wanted) {
			problems.push({
				segment: id,
				position,
				message: `${id} must have ${wanted} elements, found ${elements.length - 1}`,
			});
		}
	}
}

/** Reads GS..GE groups of ST..SE sets up to the IEA, reporting what does not add up. */
function walk(
	segments: Segment[],
	isaControl: string,
	problems: EnvelopeProblem[],
): EnvelopeGroup[] {
	const groups: EnvelopeGroup[] = [];
	const end = segments.length + 2;
	let i = 0;
	const id = () => segments[i]?.elements[0];
	const report = (segment: string, position: number, message: string) =>
		problems.push({ segment, position, message });

	while (i < segments.length && id() === 'GS') {
		const gs = segments[i++];
		const group: EnvelopeGroup = { gs: gs.elements, sets: [] };
		groups.push(group);
		while (i < segments.length && id() === 'ST') {
			const st = segments[i++];
			const body = [st.elements];
			while (i < segments.length && !['SE', 'ST', 'GE', 'GS', 'IEA', 'ISA'].includes(id()!))
				body.push(segments[i++].elements);
			if (id() !== 'SE') {
				report(
					'SE',
					segments[i]?.position ?? end,
					`transaction set ${st.elements[2]} (ST at ${st.position}) has no SE`,
				);
				group.sets.push({ type: st.elements[1], segments: body });
				continue;
			}
			const se = segments[i++];
			body.push(se.elements);
			group.sets.push({ type: st.elements[1], segments: body });
			if (!/^\d{3}$/.test(st.elements[1] ?? ''))
				report(
					'ST',
					st.position,
					`ST01 must be a three-digit transaction set code, found "${st.elements[1] ?? ''}"`,
				);
			if (se.elements[2] !== st.elements[2])
				report('SE', se.position, `SE02 is "${se.elements[2]}" but ST02 is "${st.elements[2]}"`);
			if (!countIs(se.elements[1], body.length))
				report(
					'SE',
					se.position,
					`SE01 is "${se.elements[1]}" but the set has ${body.length} segments (ST to SE)`,
				);
		}
		if (id() !== 'GE') {
			report(
				'GE',
				segments[i]?.position ?? end,
				`group ${gs.elements[6]} (GS at ${gs.position}) has no GE`,
			);
			continue;
		}
		const ge = segments[i++];
		if (group.sets.length === 0)
			report('GS', gs.position, 'a group must hold at least one transaction set (ST … SE)');
		if (ge.elements[2] !== gs.elements[6])
			report('GE', ge.position, `GE02 is "${ge.elements[2]}" but GS06 is "${gs.elements[6]}"`);
		if (!countIs(ge.elements[1], group.sets.length))
			report(
				'GE',
				ge.position,
				`GE01 is "${ge.elements[1]}" but the group has ${group.sets.length} transaction sets`,
			);
	}
	if (groups.length === 0)
		report(
			'GS',
			segments[i]?.position ?? end,
			'an interchange must hold at least one group (GS … GE)',
		);
	if (id() !== 'IEA') {
		report(
			'IEA',
			segments[i]?.position ?? end,
			`expected IEA${i < segments.length ? `, found ${id()}` : ' at the end'}`,
		);
	} else {
		const iea = segments[i++];
		if (iea.elements[2] !== isaControl)
			report('IEA', iea.position, `IEA02 is "${iea.elements[2]}" but ISA13 is "${isaControl}"`);
		if (!countIs(iea.elements[1], groups.length))
			report(
				'IEA',
				iea.position,
				`IEA01 is "${iea.elements[1]}" but the interchange has ${groups.length} groups`,
			);
	}
	for (; i < segments.length; i++)
		report(
			id()!,
			segments[i].position,
			`${id()} after the end of the interchange: nothing may follow IEA`,
		);
	return groups;
}

/** A count element (SE01, GE01, IEA01) is a number: leading zeros (`000033`), which real senders write, are valid X12. */
function countIs(value: string | undefined, counted: number): boolean {
	return value !== undefined && /^\d{1,10}$/.test(value) && Number(value) === counted;
}
