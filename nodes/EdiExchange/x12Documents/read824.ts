/**
 * A partner's 824 application advice → its verdict on each of our documents it names (an OTI loop:
 * the document's number, type and control numbers, accepted or rejected) with every reason (TED,
 * its NTE notes) in words; acknowledgments.ts has the shape. An 824 that rejects without a reason,
 * or gives a reason outside an OTI loop, is read with a warning saying where; one that names no
 * document (no OTI) is refused. Never throws.
 */
import type { PlainObject } from '../documents/fieldReader';
import type { X12TransactionSet } from '../x12/types';
import {
	accepts,
	AcknowledgmentReader,
	type AcknowledgmentError,
	type AcknowledgmentReading,
	type AnsweredSet,
	applicationMessage,
	overallStatus,
	setName,
} from './acknowledgments';
import {
	APPLICATION_ACKNOWLEDGMENT_NAMES,
	APPLICATION_ACKNOWLEDGMENTS,
	APPLICATION_ERRORS,
	APPLICATION_LEVELS,
	DATES,
	PARTIES,
	PARTY_ID_TYPES,
	PURPOSES,
	REFERENCES,
} from './codes';
import { setIf } from './read850';
import { type Segment, x12Date } from './segmentReader';

class ApplicationAdviceReader extends AcknowledgmentReader {
	private readonly advice: PlainObject = {};
	private readonly answers: AnsweredSet[] = [];
	/** Reasons outside any OTI loop: about the 824's whole subject. */
	private readonly adviceErrors: AcknowledgmentError[] = [];
	/** The OTI loop being read, and where it started. */
	private answer?: { set: AnsweredSet; at: string };
	/** The TED the next NTEs belong to. */
	private reason?: AcknowledgmentError;
	private sawBgn = false;
	/** In the header's N1 loop (its N1 kept), until an OTI. */
	private party?: PlainObject;

	constructor() {
		super('824');
	}

	protected readonly mappings = new Map<string, (s: Segment) => boolean>([
		['BGN', (s) => this.bgn(s)],
		['N1', (s) => this.n1(s)],
		['OTI', (s) => this.oti(s)],
		['REF', (s) => this.reference(s)],
		['DTM', (s) => this.date(s)],
		['TED', (s) => this.ted(s)],
		['NTE', (s) => this.nte(s)],
	]);

	private bgn(s: Segment): boolean {
		if (this.sawBgn) return false;
		this.sawBgn = true;
		const purpose = PURPOSES.word(s.peek('BGN01'));
		if (purpose) this.advice.purpose = s.take('BGN01') && purpose;
		setIf(this.advice, 'referenceNumber', s.take('BGN02'));
		const date = x12Date(s.peek('BGN03'));
		if (date) this.advice.date = s.take('BGN03') && date;
		else this.warnings.push(`${s.label('BGN03')} is "${s.peek('BGN03')}", not a date CCYYMMDD`);
		if (/^\d{4,8}$/.test(s.peek('BGN04'))) this.advice.time = s.take('BGN04');
		return true;
	}

	private n1(s: Segment): boolean {
		const role = PARTIES.word(s.peek('N101'));
		const parties = (this.advice.parties ?? {}) as PlainObject;
		if (this.answer || !role || parties[role] !== undefined) return false;
		this.advice.parties = parties;
		s.take('N101');
		const party: PlainObject = {};
		setIf(party, 'name', s.take('N102'));
		if (s.peek('N103') !== '' && s.peek('N104') !== '') {
			const type = s.take('N103');
			party.identificationCodeType = PARTY_ID_TYPES.word(type) ?? type;
			party.identificationCode = s.take('N104');
		}
		parties[role] = this.party = party;
		return true;
	}

	private oti(s: Segment): boolean {
		this.close();
		this.party = undefined;
		const verdict = this.verdict(
			APPLICATION_ACKNOWLEDGMENTS,
			APPLICATION_ACKNOWLEDGMENT_NAMES,
			s,
			'OTI01',
		);
		const [qualifier, number, group, controlNumber, type] = [
			'OTI02',
			'OTI03',
			'OTI08',
			'OTI09',
			'OTI10',
		].map((ref) => s.take(ref));
		const set: AnsweredSet = {
			...(type && { transactionType: type }),
			controlNumbers: {
				...(group && { group }),
				...(controlNumber && { transactionSet: controlNumber }),
			},
			...(number && { businessNumber: number }),
			...(qualifier && { businessNumberType: REFERENCES.word(qualifier) ?? qualifier }),
			level: APPLICATION_LEVELS.word(verdict.statusCode.charAt(0)) ?? 'unknown',
			...verdict,
			errors: [],
		};
		this.answers.push(set);
		this.answer = { set, at: `OTI (segment ${s.position})` };
		return true;
	}

	/** REF: in an OTI loop, the document's other numbers; in the header's N1 loop, the party's. */
	private reference(s: Segment): boolean {
		const owner = this.answer?.set ?? this.party;
		const qualifier = s.peek('REF01');
		const value = s.peek('REF02');
		if (!owner || qualifier === '' || value === '') return false;
		const references = ((owner as PlainObject).references ??= {}) as PlainObject;
		const word = REFERENCES.word(qualifier) ?? qualifier;
		if (references[word] !== undefined) return false;
		s.take('REF01');
		references[word] = s.take('REF02');
		return true;
	}

	private date(s: Segment): boolean {
		const date = x12Date(s.peek('DTM02'));
		if (!this.answer || !date) return false;
		const dates = (this.answer.set.dates ??= {});
		const word = DATES.word(s.peek('DTM01')) ?? s.peek('DTM01');
		if (dates[word] !== undefined) return false;
		s.take('DTM01');
		s.take('DTM02');
		dates[word] = date;
		return true;
	}

	private ted(s: Segment): boolean {
		const code = s.take('TED01');
		const reason: AcknowledgmentError = {
			code,
			meaning: this.named(APPLICATION_ERRORS, s, 'TED01', code),
			message: '',
		};
		const text = s.take('TED02');
		if (text) reason.text = text;
		const segment = s.take('TED03');
		if (segment) reason.segment = segment;
		const position = this.count(s, 'TED04');
		if (position !== undefined) reason.position = position;
		const element = this.count(s, 'TED05');
		const reference = s.take('TED06');
		const value = s.take('TED07');
		if (element !== undefined || reference || value)
			reason.elements = [
				{
					...(element !== undefined && { position: element }),
					...(reference && { reference }),
					...(value && { value }),
				},
			];
		this.reason = reason;
		if (this.answer) this.answer.set.errors.push(reason);
		else {
			this.warnings.push(
				`TED (segment ${s.position}) comes before any OTI: its reason names no document, read as about the whole 824`,
			);
			this.adviceErrors.push(reason);
		}
		return true;
	}

	private nte(s: Segment): boolean {
		const text = s.take('NTE02');
		s.take('NTE01');
		if (!this.reason) {
			this.warnings.push(
				`NTE (segment ${s.position}) follows no TED: read as a reason of its own, with no code`,
			);
			this.reason = { code: '', meaning: 'Note (no TED)', message: '' };
			(this.answer?.set.errors ?? this.adviceErrors).push(this.reason);
		}
		(this.reason.notes ??= []).push(text);
		return true;
	}

	/** Ends the OTI loop being read: a verdict that does not accept as it is should say why. */
	private close(): void {
		const open = this.answer;
		this.answer = undefined;
		this.reason = undefined;
		if (!open || open.set.status === 'accepted' || open.set.errors.length > 0) return;
		if (open.set.status === 'unknown') return;
		this.warnings.push(
			`${open.at} says ${open.set.statusMeaning.toLowerCase()} ("${open.set.statusCode}") for ${setName(open.set)} and gives no reason (no TED)`,
		);
	}

	protected finish(): PlainObject {
		this.close();
		if (!this.sawBgn)
			this.warnings.push('The 824 has no BGN: its reference number and date are unknown');
		if (this.answers.length === 0)
			this.errors.push(
				'The 824 has no OTI: it names no document it answers, so no verdict in it can be matched',
			);
		for (const error of [...this.adviceErrors, ...this.answers.flatMap((a) => a.errors)])
			error.message = applicationMessage(error);
		const statuses = this.answers.map((a) => a.status);
		const accepted = this.answers.filter((a) => accepts(a.status)).length;
		return {
			...this.advice,
			status: overallStatus(statuses),
			counts: {
				answered: this.answers.length,
				accepted,
				rejected: this.answers.filter((a) => a.status === 'rejected').length,
			},
			transactionSets: this.answers as unknown as PlainObject[],
			errors: this.adviceErrors as unknown as PlainObject[],
		};
	}
}

/** Reads one 824 transaction set (ST…SE as the reader gives it). Never throws. */
export function read824(set: X12TransactionSet): AcknowledgmentReading {
	return new ApplicationAdviceReader().read(set);
}
