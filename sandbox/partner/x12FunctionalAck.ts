/**
 * A 997 received by the partner (over the X12 or service-JSON path), read and checked for its own
 * consistency: AK1 names the group it answers, AK2/AK5 each set, AK9 the counts. Which 850 it
 * answers is the scorecard's business (scorecard.ts).
 */
import { element } from './x12Elements';

export interface AcknowledgedSet {
	/** AK201, AK202. */
	type: string;
	control: string;
	/** AK501: A accepted, E accepted with errors, R rejected, … */
	status: string;
	/** What the AK3/AK4 segments and AK502… say was wrong. */
	notes: string[];
}

export interface FunctionalAck {
	/** AK101, AK102. */
	functionalId: string;
	group: string;
	sets: AcknowledgedSet[];
	/** AK901. */
	groupStatus: string;
	/** Where the 997 contradicts itself or misses a segment. */
	reasons: string[];
}

const ACCEPTED = ['A', 'E'];

export function readFunctionalAck(segments: string[][]): FunctionalAck {
	const ack: FunctionalAck = {
		functionalId: '',
		group: '',
		sets: [],
		groupStatus: '',
		reasons: [],
	};
	let set: AcknowledgedSet | undefined;
	let counts: string[] | undefined;
	for (const segment of segments) {
		switch (segment[0]) {
			case 'AK1':
				ack.functionalId = element(segment, 1);
				ack.group = element(segment, 2);
				break;
			case 'AK2':
				set = { type: element(segment, 1), control: element(segment, 2), status: '', notes: [] };
				ack.sets.push(set);
				break;
			case 'AK3':
				set?.notes.push(`AK3 ${segment.slice(1).join(' ').trim()}`);
				break;
			case 'AK4':
				set?.notes.push(`AK4 ${segment.slice(1).join(' ').trim()}`);
				break;
			case 'AK5':
				if (set) {
					set.status = element(segment, 1);
					const codes = segment
						.slice(2)
						.map((c) => c.trim())
						.filter(Boolean);
					if (codes.length) set.notes.push(`AK5 codes ${codes.join(', ')}`);
				}
				break;
			case 'AK9':
				ack.groupStatus = element(segment, 1);
				counts = segment;
				break;
		}
	}
	if (!ack.group) ack.reasons.push('no AK1 (the functional group acknowledged)');
	for (const s of ack.sets)
		if (!s.status) ack.reasons.push(`AK2 ${s.type} ${s.control} has no AK5`);
	if (!counts) ack.reasons.push('no AK9 (the group’s status and counts)');
	else {
		const accepted = ack.sets.filter((s) => ACCEPTED.includes(s.status)).length;
		if (ack.sets.length && element(counts, 3) !== String(ack.sets.length))
			ack.reasons.push(
				`AK903 (sets received) is "${element(counts, 3)}" but the 997 acknowledges ${ack.sets.length}`,
			);
		if (ack.sets.length && element(counts, 4) !== String(accepted))
			ack.reasons.push(
				`AK904 (sets accepted) is "${element(counts, 4)}" but ${accepted} AK5 accept`,
			);
		if (ack.groupStatus === 'A' && accepted < ack.sets.length)
			ack.reasons.push('AK901 is A (accepted) but an AK5 rejects its set');
	}
	return ack;
}

/** Whether this 997 accepts a set (or the whole group, when it lists no sets). */
export function acceptsSet(ack: FunctionalAck, set: AcknowledgedSet | undefined): boolean {
	return ACCEPTED.includes(set ? set.status : ack.groupStatus);
}
