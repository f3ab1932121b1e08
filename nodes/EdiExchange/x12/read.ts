/**
 * Reads a whole interchange (ISA … IEA) and checks its envelope: control numbers that must match,
 * counts that must agree, and every ST/GS/ISA closed by its trailer. It reports every problem it
 * finds instead of stopping at the first, so a user can fix a file in one pass.
 */
import { readIsa } from './isa';
import { splitSegments, type RawSegment } from './segments';
import type { X12Group, X12Interchange, X12Problem, X12TransactionSet } from './types';

export interface X12ReadResult {
	/** Present whenever the ISA could be read; meaningful only when `problems` is empty. */
	interchange?: X12Interchange;
	problems: X12Problem[];
}

interface OpenSet {
	set: X12TransactionSet;
	position: number;
}
interface OpenGroup {
	group: X12Group;
	position: number;
}

const element = (segment: string[], index: number) => segment[index] ?? '';

export function readInterchange(text: string): X12ReadResult {
	const problems: X12Problem[] = [];
	const start = text.length - text.replace(/^[\s\uFEFF]+/, '').length;
	const isa = readIsa(text, start, problems);
	if (!isa) return { problems };

	const header = isa.elements;
	const usage = header[15];
	if (usage !== 'T' && usage !== 'P') {
		problems.push({ segment: 'ISA', position: 1, message: `ISA15 (usage indicator) must be T or P, found ${JSON.stringify(usage)}` });
	}
	if (!/^\d{9}$/.test(header[13])) {
		problems.push({ segment: 'ISA', position: 1, message: `ISA13 (control number) must be 9 digits, found ${JSON.stringify(header[13])}` });
	}

	const interchange: X12Interchange = {
		separators: isa.separators,
		senderQualifier: header[5].trim(),
		senderId: header[6].trim(),
		receiverQualifier: header[7].trim(),
		receiverId: header[8].trim(),
		date: header[9],
		time: header[10],
		version: header[12],
		controlNumber: header[13],
		usage: usage as 'T' | 'P',
		isa: header,
		groups: [],
	};

	const segments = splitSegments(text.slice(isa.end), isa.separators, 2);
	walk(segments, interchange, problems);
	return { interchange, problems };
}

/** The envelope state machine: ISA → (GS → (ST … SE)* → GE)* → IEA. */
function walk(segments: RawSegment[], interchange: X12Interchange, problems: X12Problem[]): void {
	let group: OpenGroup | undefined;
	let set: OpenSet | undefined;
	let closed = false;
	const problem = (segment: string, position: number, message: string) => problems.push({ segment, position, message });

	const closeSetMissing = (at: number, found: string) => {
		if (!set) return;
		problem('SE', at, `transaction set ${set.set.type} (ST02 ${set.set.controlNumber}, position ${set.position}) is not closed by SE; found ${found}`);
		set = undefined;
	};
	const closeGroupMissing = (at: number, found: string) => {
		if (!group) return;
		problem('GE', at, `functional group ${group.group.functionalId} (GS06 ${group.group.controlNumber}, position ${group.position}) is not closed by GE; found ${found}`);
		group = undefined;
	};

	for (const { elements, position, terminated } of segments) {
		const id = elements[0];
		if (closed) {
			problem(id, position, `nothing may follow IEA, found ${JSON.stringify(elements.join(interchange.separators.element).slice(0, 40))}`);
			break;
		}
		if (!terminated) {
			problem(id, position, `segment ${id} is not terminated by ${JSON.stringify(interchange.separators.segment)}`);
		}
		if (!/^[A-Z][A-Z0-9]{1,2}$/.test(id)) {
			problem(id, position, `segment id must be 2 or 3 upper-case letters or digits, found ${JSON.stringify(id)}`);
		}
		switch (id) {
			case 'ISA':
				problem('ISA', position, 'a second ISA inside the interchange: expected IEA before another ISA');
				break;
			case 'GS':
				closeSetMissing(position, 'GS');
				closeGroupMissing(position, 'GS');
				group = { group: openGroup(elements), position };
				interchange.groups.push(group.group);
				break;
			case 'ST':
				closeSetMissing(position, 'ST');
				if (!group) problem('ST', position, 'ST outside a functional group: expected GS before ST');
				set = {
					set: { type: element(elements, 1), controlNumber: element(elements, 2), segments: [elements] },
					position,
				};
				group?.group.sets.push(set.set);
				break;
			case 'SE':
				if (!set) {
					problem('SE', position, 'SE without a matching ST');
					break;
				}
				set.set.segments.push(elements);
				checkSetTrailer(set, elements, position, problem);
				set = undefined;
				break;
			case 'GE':
				closeSetMissing(position, 'GE');
				if (!group) {
					problem('GE', position, 'GE without a matching GS');
					break;
				}
				checkCount('GE', 1, 'number of transaction sets', elements, group.group.sets.length, position, problem);
				checkControl('GE', 2, 'GS06', elements, group.group.controlNumber, position, problem);
				group = undefined;
				break;
			case 'IEA':
				closeSetMissing(position, 'IEA');
				closeGroupMissing(position, 'IEA');
				checkCount('IEA', 1, 'number of functional groups', elements, interchange.groups.length, position, problem);
				checkControl('IEA', 2, 'ISA13', elements, interchange.controlNumber, position, problem);
				closed = true;
				break;
			default:
				if (set) set.set.segments.push(elements);
				else problem(id, position, `segment ${id} is outside a transaction set: expected ST, GE or IEA`);
		}
	}
	if (!closed) {
		const end = (segments.length ? segments[segments.length - 1].position : 1) + 1;
		closeSetMissing(end, 'the end of the text');
		closeGroupMissing(end, 'the end of the text');
		problem('IEA', end, 'the interchange is not closed by IEA; found the end of the text');
	}
}

function openGroup(elements: string[]): X12Group {
	return {
		functionalId: element(elements, 1),
		senderId: element(elements, 2).trim(),
		receiverId: element(elements, 3).trim(),
		date: element(elements, 4),
		time: element(elements, 5),
		controlNumber: element(elements, 6),
		version: element(elements, 8),
		gs: elements,
		sets: [],
	};
}

type Report = (segment: string, position: number, message: string) => void;

function checkSetTrailer(open: OpenSet, se: string[], position: number, problem: Report): void {
	checkCount('SE', 1, 'number of segments ST..SE inclusive', se, open.set.segments.length, position, problem);
	checkControl('SE', 2, 'ST02', se, open.set.controlNumber, position, problem);
}

/** A trailer count (SE01, GE01, IEA01) must equal what was actually counted. */
function checkCount(id: string, index: number, what: string, elements: string[], counted: number, position: number, problem: Report) {
	const found = element(elements, index);
	if (!/^\d+$/.test(found) || Number(found) !== counted) {
		problem(id, position, `${id}0${index} (${what}) expected ${counted}, found ${JSON.stringify(found)}`);
	}
}

/** A trailer control number (SE02, GE02, IEA02) must repeat its header's exactly. */
function checkControl(id: string, index: number, header: string, elements: string[], expected: string, position: number, problem: Report) {
	const found = element(elements, index);
	if (found !== expected) {
		problem(id, position, `${id}0${index} (control number) must equal ${header}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(found)}`);
	}
}
