/**
 * A partner's 997 functional acknowledgment → the verdict on the group and on each of our
 * transaction sets it names, with every reason in words (acknowledgments.ts has the shape). A 997
 * that contradicts itself or lacks a part is read with a warning saying where; one that names no
 * group (no AK1) is refused. Nothing missing is ever read as accepted: a verdict not given is
 * `unknown`. Never throws.
 */
import type { PlainObject } from '../documents/fieldReader';
import type { X12TransactionSet } from '../x12/types';
import {
	accepts,
	AcknowledgmentReader,
	type AcknowledgmentError,
	type AcknowledgmentReading,
	type AnsweredSet,
	type ElementNote,
	setName,
	syntaxMessage,
	type Verdict,
} from './acknowledgments';
import {
	ACKNOWLEDGMENT_CODE_NAMES,
	ELEMENT_ERRORS,
	GROUP_ACKNOWLEDGMENTS,
	GROUP_ERRORS,
	SEGMENT_ERRORS,
	SET_ACKNOWLEDGMENTS,
	SET_ERRORS,
} from './codes';
import type { Segment } from './segmentReader';

const AK5_CODES = ['AK502', 'AK503', 'AK504', 'AK505', 'AK506'];
const AK9_CODES = ['AK905', 'AK906', 'AK907', 'AK908', 'AK909'];

class FunctionalAckReader extends AcknowledgmentReader {
	private group?: { functionalId: string; controlNumber: string };
	private readonly sets: AnsweredSet[] = [];
	/** Reasons not about one set: AK905…, and AK3/AK4 found outside an AK2 loop. */
	private readonly groupErrors: AcknowledgmentError[] = [];
	/** The AK2 loop being read, until its AK5; where it started. */
	private open?: { set: AnsweredSet; at: string };
	/** The AK3 the next AK4s belong to. */
	private note?: AcknowledgmentError;
	private groupVerdict?: Verdict;
	private counts?: { included?: number; received?: number; accepted?: number };
	private countsAt = '';

	constructor() {
		super('997');
	}

	protected readonly mappings = new Map<string, (s: Segment) => boolean>([
		['AK1', (s) => this.ak1(s)],
		['AK2', (s) => this.ak2(s)],
		['AK3', (s) => this.ak3(s)],
		['AK4', (s) => this.ak4(s)],
		['AK5', (s) => this.ak5(s)],
		['AK9', (s) => this.ak9(s)],
	]);

	private ak1(s: Segment): boolean {
		if (this.group) {
			this.warnings.push(
				`AK1 (segment ${s.position}) is the 997's second: a 997 answers one group, this AK1 is not read`,
			);
			return false;
		}
		this.group = { functionalId: s.take('AK101'), controlNumber: s.take('AK102') };
		if (this.group.controlNumber === '')
			this.warnings.push(
				`${s.label('AK102')} (group control number) is empty: the 997 does not say which group it answers`,
			);
		return true;
	}

	private ak2(s: Segment): boolean {
		this.close();
		const set: AnsweredSet = {
			transactionType: s.take('AK201'),
			controlNumbers: { group: this.group?.controlNumber, transactionSet: s.take('AK202') },
			status: 'unknown',
			statusCode: '',
			statusMeaning: 'No AK5: the 997 gives no verdict on this set',
			errors: [],
		};
		if (!this.group)
			this.warnings.push(
				`AK2 (segment ${s.position}) comes before any AK1: the group it belongs to is unknown`,
			);
		this.sets.push(set);
		this.open = { set, at: `AK2 (segment ${s.position})` };
		this.note = undefined;
		return true;
	}

	private ak3(s: Segment): boolean {
		const code = s.take('AK304');
		const note: AcknowledgmentError = {
			code,
			meaning: this.named(SEGMENT_ERRORS, s, 'AK304', code),
			message: '',
			segment: s.take('AK301'),
		};
		const position = this.count(s, 'AK302');
		if (position !== undefined) note.position = position;
		const loop = s.take('AK303');
		if (loop) note.loop = loop;
		this.note = note;
		this.errorsHere(s).push(note);
		return true;
	}

	private ak4(s: Segment): boolean {
		const element: ElementNote = {};
		const [position, component] = s
			.take('AK401')
			.split(/[^0-9]/)
			.map((part) => (/^\d+$/.test(part) ? Number(part) : undefined));
		if (position !== undefined) element.position = position;
		else this.warnings.push(`${s.label('AK401')} is "${s.peek('AK401')}", not an element position`);
		if (component !== undefined) element.component = component;
		const reference = s.take('AK402');
		if (reference) element.reference = reference;
		element.code = s.take('AK403');
		element.meaning = this.named(ELEMENT_ERRORS, s, 'AK403', element.code);
		if (s.peek('AK404') !== '') element.value = s.take('AK404');
		if (!this.note) {
			this.warnings.push(
				`AK4 (segment ${s.position}) follows no AK3: the segment its element is in is not named`,
			);
			this.note = { code: '', meaning: 'Segment not named (AK4 without AK3)', message: '' };
			this.errorsHere(s).push(this.note);
		}
		(this.note.elements ??= []).push(element);
		return true;
	}

	/** The errors an AK3/AK4 goes to: the open set's, else (with a warning) the group's. */
	private errorsHere(s: Segment): AcknowledgmentError[] {
		if (this.open) return this.open.set.errors;
		this.warnings.push(
			`${s.id} (segment ${s.position}) is outside any AK2 loop: it is read as about the whole group`,
		);
		return this.groupErrors;
	}

	private ak5(s: Segment): boolean {
		if (!this.open) {
			this.warnings.push(`AK5 (segment ${s.position}) follows no AK2: it names no set, not read`);
			return false;
		}
		const { set } = this.open;
		Object.assign(set, this.verdict(SET_ACKNOWLEDGMENTS, ACKNOWLEDGMENT_CODE_NAMES, s, 'AK501'));
		for (const ref of AK5_CODES) {
			const code = s.take(ref);
			if (code === '') continue;
			const meaning = this.named(SET_ERRORS, s, ref, code);
			set.errors.push({ code, meaning, message: meaning });
		}
		if (set.status === 'accepted' && set.errors.length > 0)
			this.warnings.push(
				`${s.label('AK501')} accepts ${setName(set)} as it is ("A"), yet the 997 notes errors in it: read as accepted, with its errors`,
			);
		if (!accepts(set.status) && set.status !== 'unknown' && set.errors.length === 0)
			this.warnings.push(
				`${s.label('AK501')} rejects ${setName(set)} ("${set.statusCode}") and gives no reason (no AK3, no AK502)`,
			);
		this.open = undefined;
		this.note = undefined;
		return true;
	}

	private ak9(s: Segment): boolean {
		if (this.groupVerdict) {
			this.warnings.push(`AK9 (segment ${s.position}) is the 997's second: not read`);
			return false;
		}
		this.close();
		this.groupVerdict = this.verdict(GROUP_ACKNOWLEDGMENTS, ACKNOWLEDGMENT_CODE_NAMES, s, 'AK901');
		this.countsAt = `AK9 (segment ${s.position})`;
		this.counts = {
			included: this.count(s, 'AK902'),
			received: this.count(s, 'AK903'),
			accepted: this.count(s, 'AK904'),
		};
		for (const ref of AK9_CODES) {
			const code = s.take(ref);
			if (code === '') continue;
			const meaning = this.named(GROUP_ERRORS, s, ref, code);
			this.groupErrors.push({ code, meaning, message: meaning });
		}
		return true;
	}

	/** Ends the open AK2 loop: one without AK5 has no verdict. */
	private close(): void {
		if (this.open)
			this.warnings.push(
				`${this.open.at} has no AK5: the 997 gives no verdict on ${setName(this.open.set)} (its status is unknown)`,
			);
		this.open = undefined;
		this.note = undefined;
	}

	protected finish(): PlainObject {
		this.close();
		if (!this.group)
			this.errors.push(
				'The 997 has no AK1: it does not say which functional group it answers, so no verdict in it can be matched',
			);
		for (const error of [...this.groupErrors, ...this.sets.flatMap((set) => set.errors)])
			if (error.message === '') error.message = syntaxMessage(error);
		const verdict = this.groupVerdict ?? {
			status: 'unknown' as const,
			statusCode: '',
			statusMeaning: 'No AK9: the 997 gives no verdict on the group',
		};
		if (!this.groupVerdict) this.warnings.push('The 997 has no AK9: the group’s status is unknown');
		else this.checkCounts(verdict);
		return {
			group: this.group ?? {},
			...verdict,
			counts: Object.fromEntries(
				Object.entries(this.counts ?? {}).filter(([, value]) => value !== undefined),
			),
			transactionSets: this.sets as unknown as PlainObject[],
			errors: this.groupErrors as unknown as PlainObject[],
		};
	}

	/** AK9 against the AK2 loops: counts and verdicts that disagree are said, never settled silently. */
	private checkCounts(group: Verdict): void {
		const { included, received, accepted } = this.counts ?? {};
		const at = this.countsAt;
		const listed = this.sets.length;
		const acceptedSets = this.sets.filter((set) => accepts(set.status)).length;
		if (included !== undefined && received !== undefined && included !== received)
			this.warnings.push(
				`${at}: AK902 says the group held ${included} sets, AK903 that ${received} were received`,
			);
		if (received !== undefined && accepted !== undefined && accepted > received)
			this.warnings.push(
				`${at}: AK904 says ${accepted} sets were accepted, more than the ${received} received (AK903)`,
			);
		// A 997 may leave out the AK2 loops (the whole group judged by AK9 alone): counts then stand.
		if (listed > 0 && received !== undefined && listed !== received)
			this.warnings.push(
				`${at}: AK903 says ${received} sets were received, and the 997 answers ${listed} (AK2 loops)`,
			);
		if (listed > 0 && accepted !== undefined && listed === received && accepted !== acceptedSets)
			this.warnings.push(
				`${at}: AK904 says ${accepted} sets were accepted, and the AK5s accept ${acceptedSets}`,
			);
		const rejected = this.sets.filter((set) => !accepts(set.status) && set.status !== 'unknown');
		if (accepts(group.status) && rejected.length > 0)
			this.warnings.push(
				`${at}: AK901 "${group.statusCode}" accepts the group, yet the 997 rejects ${rejected.map(setName).join(', ')}`,
			);
		if (group.status === 'rejected' && listed > 0 && acceptedSets === listed)
			this.warnings.push(
				`${at}: AK901 "${group.statusCode}" rejects the group, yet every AK5 accepts its set`,
			);
	}
}

/** Reads one 997 transaction set (ST…SE as the reader gives it). Never throws. */
export function read997(set: X12TransactionSet): AcknowledgmentReading {
	return new FunctionalAckReader().read(set);
}
