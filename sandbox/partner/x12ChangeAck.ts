/**
 * An 865 (purchase order change acknowledgment) the partner receives as X12 or service-JSON
 * segments (BCA, POC with its ACK), read its own way and checked against the 860s it sent: the
 * same order and change sequence, every changed line answered, and the changes accepted (the
 * certification scenario expects the supplier to take them).
 */
import { asArray, idText, isObject, type Json } from './read';
import { changeCode } from './x12Change';
import { element } from './x12Elements';

/** BCA02 (587) codes that accept the change. */
const ACCEPTING = ['AC', 'AT', 'AK'];
/** ACK01 (668) codes that take a changed line: accepted (with or without changes), deleted as asked. */
const LINE_ACCEPTING = ['IA', 'IC', 'ID', 'IP', 'IQ', 'IS', 'AC'];

export interface ChangeAcknowledgment {
	purchaseOrderNumber: string;
	changeSequenceNumber: string;
	type: string;
	/** Each POC: its line, its change code (POC02) and its ACK01. */
	lines: Array<{ id: string; code: string; status?: string }>;
}

export function readChangeAcknowledgment(body: string[][]): ChangeAcknowledgment {
	const ack: ChangeAcknowledgment = {
		purchaseOrderNumber: '',
		changeSequenceNumber: '',
		type: '',
		lines: [],
	};
	for (const segment of body) {
		if (segment[0] === 'BCA') {
			ack.type = element(segment, 2);
			ack.purchaseOrderNumber = element(segment, 3);
			ack.changeSequenceNumber = element(segment, 5);
		} else if (segment[0] === 'POC')
			ack.lines.push({ id: element(segment, 1), code: element(segment, 2) });
		else if (segment[0] === 'ACK' && ack.lines.length)
			ack.lines[ack.lines.length - 1].status ??= element(segment, 1);
	}
	return ack;
}

/** Every reason the partner refuses the 865 about its `changes` (the 860s it sent, in sequence). */
export function checkChangeAcknowledgment(ack: ChangeAcknowledgment, changes: Json[]): string[] {
	const last = changes[changes.length - 1];
	if (!last)
		return ['the partner sent no 860 for this purchase order: there is nothing to acknowledge'];
	const reasons: string[] = [];
	const sequence = String(last.changeSequenceNumber);
	if (ack.changeSequenceNumber === '')
		reasons.push(`no change sequence number (BCA05): the partner's 860 is change ${sequence}`);
	else if (ack.changeSequenceNumber.replace(/^0+/, '') !== sequence.replace(/^0+/, ''))
		reasons.push(
			`BCA05 acknowledges change ${ack.changeSequenceNumber} but the partner's latest 860 is change ${sequence}`,
		);
	if (!ACCEPTING.includes(ack.type))
		reasons.push(`BCA02 is "${ack.type}": the 865 does not accept the partner's change`);
	const answered = new Map(ack.lines.map((l) => [l.id, l]));
	for (const line of asArray(last.lineItems).filter(isObject)) {
		const id = String(idText(line.purchaseOrderLineId));
		const answer = answered.get(id);
		if (!answer) reasons.push(`line ${id}: changed by the 860 but not answered (POC)`);
		else {
			if (answer.status && !LINE_ACCEPTING.includes(answer.status))
				reasons.push(`line ${id}: ACK01 "${answer.status}" does not accept the change`);
			// The 865 answers the change the buyer asked for, in the buyer's own code.
			const asked = changeCode(line);
			if (answer.code !== asked)
				reasons.push(
					`line ${id}: POC02 "${answer.code}" is not the change the partner's 860 asked for (${asked})`,
				);
		}
		answered.delete(id);
	}
	for (const id of answered.keys())
		reasons.push(`line ${id}: answered (POC) but the partner's 860 did not change it`);
	return reasons;
}
