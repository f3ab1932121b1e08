/**
 * An X12 850 transaction set → the purchase order document of the structured path (the message the
 * trigger emits for a JSON 850), so Build From Purchase Order works on it unchanged. Values are
 * kept as written (no floating point); codes become the structured path's words. Whatever is not
 * mapped — a segment, or elements of a mapped one — is kept under `x12Unmapped`, never dropped.
 * Never throws: a transaction set that cannot be a purchase order gives errors naming the element.
 * One pass over the segments.
 */
import { isDecimal } from '../documents/decimal';
import type { PlainObject } from '../documents/fieldReader';
import type { X12TransactionSet } from '../x12/types';
import { nearestYear, type ReferenceDate } from './century';
import {
	CHARGES,
	COMMUNICATIONS,
	CONTACT_FUNCTIONS,
	DATES,
	ORDER_TYPES,
	PARTIES,
	PARTY_ID_TYPES,
	PAYMENT_METHODS,
	PRODUCT_IDS,
	PURPOSES,
	REFERENCES,
	TERMS_BASIS,
	TERMS_TYPES,
	TRANSPORT_METHODS,
	UNITS,
	wordOf,
} from './read850Codes';

/** A segment, or some elements of one, that the purchase order has no field for. */
export interface X12Unmapped {
	/** 1-based position in the transaction set (ST is 1). */
	position: number;
	/** The segment as read: element 0 is its id. */
	segment: string[];
	/** The element indexes left out; absent when the whole segment is. */
	elements?: number[];
}

export interface Read850Result {
	/** Present when the set is a purchase order the builders can start from (no errors). */
	purchaseOrder?: PlainObject;
	/** Why it is not (each names the segment, its position and the element). */
	errors: string[];
	/** Read, but worth knowing (a PO1 without a line number, a CTT01 that disagrees). */
	warnings: string[];
}

/** A segment whose elements are marked as they are used: what is left over is unmapped. */
class Segment {
	private readonly used = new Set<number>([0]);
	constructor(
		readonly elements: string[],
		readonly position: number,
	) {}

	get id(): string {
		return this.elements[0] ?? '';
	}

	label(index: number): string {
		return `${this.id}${String(index).padStart(2, '0')} (segment ${this.position})`;
	}

	/** Element `index` (1-based), '' when absent; marks it used. */
	take(index: number): string {
		this.used.add(index);
		return this.elements[index] ?? '';
	}

	/** Element `index` without marking it. */
	peek(index: number): string {
		return this.elements[index] ?? '';
	}

	/** Non-empty elements nobody took. */
	leftOver(): number[] {
		const left: number[] = [];
		for (let i = 1; i < this.elements.length; i++)
			if (!this.used.has(i) && this.elements[i] !== '') left.push(i);
		return left;
	}
}

/**
 * CCYYMMDD (or YYMMDD of older versions, in the century nearest `referenceYear`; 20YY without one)
 * → YYYY-MM-DD, when the day exists.
 */
export function x12Date(value: string, referenceYear?: number): string | undefined {
	const match = /^(\d{2})?(\d{2})(\d{2})(\d{2})$/.exec(value);
	if (!match) return undefined;
	const year =
		match[1] !== undefined || referenceYear === undefined
			? Number(`${match[1] ?? '20'}${match[2]}`)
			: nearestYear(Number(match[2]), referenceYear);
	const month = Number(match[3]);
	const day = Number(match[4]);
	const date = new Date(Date.UTC(year, month - 1, day));
	if (
		date.getUTCFullYear() !== year ||
		date.getUTCMonth() !== month - 1 ||
		date.getUTCDate() !== day
	)
		return undefined;
	return `${String(year).padStart(4, '0')}-${match[3]}-${match[4]}`;
}

/** An N2 amount (two implied decimals, "1500" is 15.00) as decimal text. */
export function impliedCents(value: string): string | undefined {
	const match = /^(-?)(\d+)$/.exec(value);
	if (!match) return undefined;
	const digits = match[2].padStart(3, '0');
	const whole = digits.slice(0, -2).replace(/^0+(?=\d)/, '');
	return `${match[1]}${whole}.${digits.slice(-2)}`;
}

const objectIn = (parent: PlainObject, key: string): PlainObject =>
	(parent[key] ??= {}) as PlainObject;
const listIn = <T = PlainObject>(parent: PlainObject, key: string): T[] =>
	(parent[key] ??= []) as T[];
const setIf = (target: PlainObject, key: string, value: string | undefined) => {
	if (value !== undefined && value !== '') target[key] = value;
};

/** Where the segments being read belong. */
type Loop = 'header' | 'party' | 'line' | 'lineParty' | 'skippedParty' | 'summary';

class Reader {
	readonly order: PlainObject = {};
	readonly errors: string[] = [];
	readonly warnings: string[] = [];
	readonly unmapped: X12Unmapped[] = [];
	private loop: Loop = 'header';
	private party: PlainObject = {};
	private line: PlainObject = {};
	private readonly lines: PlainObject[] = [];
	private sawBeg = false;

	constructor(private readonly interchangeDate?: ReferenceDate) {}

	/** The date in element `index`; one without its century is read by the reference date, with a warning. */
	private dateAt(s: Segment, index: number): string | undefined {
		const value = s.peek(index);
		const date = x12Date(value, this.interchangeDate?.year);
		if (date && value.length === 6)
			this.warnings.push(
				`${s.label(index)} "${value}" has no century (YYMMDD): read as ${date}, in the century nearest the interchange date (${this.interchangeDate?.shown ?? 'unknown: 20YY'})`,
			);
		return date;
	}

	read(set: X12TransactionSet): void {
		set.segments.forEach((elements, i) => this.segment(new Segment(elements, i + 1)));
		if (!this.sawBeg)
			this.errors.push('The 850 has no BEG segment (purchase order number and date)');
		if (this.lines.length === 0)
			this.errors.push('The 850 has no PO1 segment: a purchase order needs at least one line');
		this.order.lineItems = this.lines;
		this.order.x12Unmapped = this.unmapped;
	}

	private segment(s: Segment): void {
		const mapped = this.map(s);
		if (!mapped) {
			this.unmapped.push({ position: s.position, segment: s.elements });
			return;
		}
		const left = s.leftOver();
		if (left.length)
			this.unmapped.push({ position: s.position, segment: s.elements, elements: left });
	}

	/** Maps one segment into the order; false when the purchase order has no field for it. */
	private map(s: Segment): boolean {
		switch (s.id) {
			case 'ST':
				if (s.take(1) !== '850')
					this.errors.push(`${s.label(1)} is "${s.peek(1)}": this transaction set is not an 850`);
				s.take(2);
				s.take(3);
				return true;
			case 'SE':
				s.take(1);
				s.take(2);
				return true;
			case 'BEG':
				return this.beg(s);
			case 'CUR':
				return this.loop === 'header' && this.currency(s);
			case 'REF':
				return this.reference(s);
			case 'PER':
				return this.contact(s);
			case 'DTM':
				return this.date(s);
			case 'ITD':
				return this.loop === 'header' && this.terms(s);
			case 'TD5':
				return this.loop === 'header' && this.routing(s);
			case 'FOB':
				return this.loop === 'header' && this.freeOnBoard(s);
			case 'N1':
				return this.n1(s);
			case 'N2':
			case 'N3':
			case 'N4':
				return this.address(s);
			case 'PO1':
				return this.po1(s);
			case 'PID':
				return this.loop === 'line' && this.description(s);
			case 'PO4':
				return this.loop === 'line' && this.pack(s);
			case 'SAC':
				return this.allowanceOrCharge(s);
			case 'CTT':
				return this.totals(s);
			case 'AMT':
				return this.loop === 'summary' && this.amount(s);
			default:
				return false;
		}
	}

	private beg(s: Segment): boolean {
		if (this.sawBeg || this.loop !== 'header') return false;
		this.sawBeg = true;
		const purpose = wordOf(PURPOSES, s.peek(1));
		if (purpose) this.order.purpose = s.take(1) && purpose;
		const type = wordOf(ORDER_TYPES, s.peek(2));
		if (type) this.order.purchaseOrderType = s.take(2) && type;
		const number = s.take(3).trim();
		if (number === '') this.errors.push(`${s.label(3)} (purchase order number) is empty`);
		else this.order.purchaseOrderNumber = number;
		setIf(this.order, 'releaseNumber', s.take(4));
		const date = this.dateAt(s, 5);
		s.take(5);
		if (date) this.order.purchaseOrderDate = date;
		else
			this.errors.push(
				`${s.label(5)} (purchase order date) is "${s.peek(5)}", not a date written CCYYMMDD`,
			);
		return true;
	}

	private currency(s: Segment): boolean {
		if (s.peek(2) === '' || this.order.buyersCurrency !== undefined) return false;
		if (s.peek(1) === 'BY') s.take(1);
		this.order.buyersCurrency = { currencyCode: s.take(2) };
		return true;
	}

	/** The object segments of the current loop go into: the order, or the current line. */
	private target(): PlainObject | undefined {
		if (this.loop === 'header' || this.loop === 'party') return this.order;
		if (this.loop === 'line' || this.loop === 'lineParty') return this.line;
		return undefined;
	}

	private reference(s: Segment): boolean {
		const target = this.target();
		const word = wordOf(REFERENCES, s.peek(1));
		if (!target || !word || (s.peek(2) === '' && s.peek(3) === '')) return false;
		const references = objectIn(target, 'references');
		if (references[word] !== undefined) return false;
		s.take(1);
		const reference: PlainObject = {};
		setIf(reference, 'value', s.take(2));
		setIf(reference, 'description', s.take(3));
		references[word] = reference;
		return true;
	}

	private contact(s: Segment): boolean {
		const owner =
			this.loop === 'header' ? this.order : this.loop === 'party' ? this.party : undefined;
		if (!owner) return false;
		const contact: PlainObject = {};
		const role = s.take(1);
		contact.function = wordOf(CONTACT_FUNCTIONS, role) ?? role;
		setIf(contact, 'name', s.take(2));
		for (const at of [3, 5, 7]) {
			const kind = wordOf(COMMUNICATIONS, s.peek(at));
			if (kind && s.peek(at + 1) !== '' && contact[kind] === undefined) {
				s.take(at);
				contact[kind] = s.take(at + 1);
			}
		}
		listIn(owner, 'contacts').push(contact);
		return true;
	}

	private date(s: Segment): boolean {
		const target = this.target();
		const word = wordOf(DATES, s.peek(1));
		if (!target || !word || (target.dates as PlainObject | undefined)?.[word] !== undefined)
			return false;
		const date = this.dateAt(s, 2);
		if (!date) return false;
		const dates = objectIn(target, 'dates');
		s.take(1);
		s.take(2);
		dates[word] = date;
		return true;
	}

	private terms(s: Segment): boolean {
		if (this.order.termsOfSale !== undefined) return false;
		const terms: PlainObject = {};
		const type = wordOf(TERMS_TYPES, s.peek(1));
		if (type) terms.type = s.take(1) && type;
		const basis = wordOf(TERMS_BASIS, s.peek(2));
		if (basis) terms.basisDate = s.take(2) && basis;
		if (isDecimal(s.peek(3))) terms.discountPercent = s.take(3);
		const discountDue = this.dateAt(s, 4);
		if (discountDue) terms.discountDueDate = s.take(4) && discountDue;
		if (/^\d{1,4}$/.test(s.peek(5))) terms.discountDaysDue = Number(s.take(5));
		const netDue = this.dateAt(s, 6);
		if (netDue) terms.netDueDate = s.take(6) && netDue;
		if (/^\d{1,4}$/.test(s.peek(7))) terms.netDaysDue = Number(s.take(7));
		setIf(terms, 'description', s.take(12));
		if (Object.keys(terms).length === 0) return false;
		this.order.termsOfSale = terms;
		return true;
	}

	private routing(s: Segment): boolean {
		const route: PlainObject = {};
		if (s.peek(2) === '2' && s.peek(3) !== '') {
			s.take(2);
			route.carrierScac = s.take(3);
		}
		const method = wordOf(TRANSPORT_METHODS, s.peek(4));
		if (method) route.transportationMethod = s.take(4) && method;
		setIf(route, 'description', s.take(5));
		if (Object.keys(route).length === 0) return false;
		listIn(objectIn(this.order, 'carrierDetails'), 'routing').push(route);
		return true;
	}

	private freeOnBoard(s: Segment): boolean {
		const method = wordOf(PAYMENT_METHODS, s.peek(1));
		if (!method) return false;
		s.take(1);
		listIn(objectIn(this.order, 'carrierDetails'), 'freeOnBoard').push({ methodOfPayment: method });
		return true;
	}

	private n1(s: Segment): boolean {
		const inLines = this.loop === 'line' || this.loop === 'lineParty';
		if (this.loop === 'summary') return false;
		const role = wordOf(PARTIES, s.peek(1));
		const owner = inLines ? objectIn(this.line, 'parties') : objectIn(this.order, 'parties');
		if (!role || owner[role] !== undefined) {
			// Its N2/N3/N4/PER follow it into x12Unmapped: they describe a party not kept.
			this.loop = inLines ? 'lineParty' : 'skippedParty';
			this.party = {};
			if (inLines) this.line.skippedParty = true;
			return false;
		}
		s.take(1);
		this.party = {};
		setIf(this.party, 'name', s.take(2));
		const idType = s.peek(3);
		if (idType !== '' && s.peek(4) !== '') {
			s.take(3);
			this.party.identificationCodeType = wordOf(PARTY_ID_TYPES, idType) ?? idType;
			this.party.identificationCode = s.take(4);
		}
		owner[role] = this.party;
		if (inLines) delete this.line.skippedParty;
		this.loop = inLines ? 'lineParty' : 'party';
		return true;
	}

	private address(s: Segment): boolean {
		if (this.loop !== 'party' && !(this.loop === 'lineParty' && !this.line.skippedParty))
			return false;
		const p = this.party;
		if (s.id === 'N2') {
			if (p.additionalName !== undefined) return false;
			setIf(p, 'additionalName', [s.take(1), s.take(2)].filter(Boolean).join(' '));
		} else if (s.id === 'N3') {
			const [first, second] =
				p.addressLine1 === undefined
					? ['addressLine1', 'addressLine2']
					: ['addressLine3', 'addressLine4'];
			if (p[first] !== undefined) return false;
			setIf(p, first, s.take(1));
			setIf(p, second, s.take(2));
		} else {
			if (p.city !== undefined || p.postalCode !== undefined) return false;
			setIf(p, 'city', s.take(1));
			setIf(p, 'stateOrProvinceCode', s.take(2));
			setIf(p, 'postalCode', s.take(3));
			setIf(p, 'countryCode', s.take(4));
		}
		return true;
	}

	private po1(s: Segment): boolean {
		if (this.loop === 'summary') return false;
		if (this.line.skippedParty) delete this.line.skippedParty;
		this.loop = 'line';
		this.line = {};
		this.lines.push(this.line);
		let id = s.take(1).trim();
		if (id === '') {
			id = String(this.lines.length);
			this.warnings.push(
				`${s.label(1)} (line number) is empty: the line is numbered ${id}, its position`,
			);
		}
		this.line.purchaseOrderLineId = id;
		const quantity = s.take(2);
		if (!isDecimal(quantity))
			this.errors.push(`${s.label(2)} (quantity ordered) is "${quantity}", not a number`);
		const unit = s.take(3);
		this.line.quantity = {
			value: quantity,
			unitOfMeasure: wordOf(UNITS, unit) ?? (unit || 'each'),
		};
		const price = s.take(4);
		if (price !== '') {
			if (isDecimal(price)) this.line.unitCostPrice = price;
			else this.errors.push(`${s.label(4)} (unit price) is "${price}", not a number`);
		}
		const productIds: PlainObject = {};
		for (let at = 6; at + 1 < s.elements.length; at += 2) {
			const word = wordOf(PRODUCT_IDS, s.peek(at));
			if (word && s.peek(at + 1) !== '' && productIds[word] === undefined) {
				s.take(at);
				productIds[word] = s.take(at + 1);
			}
		}
		this.line.productIds = productIds;
		if (Object.keys(productIds).length === 0)
			this.warnings.push(
				`PO1 (segment ${s.position}) has no product id this reader knows (BP, VN, UP, EN, UK…)`,
			);
		return true;
	}

	private description(s: Segment): boolean {
		const value = s.peek(5);
		if (s.peek(1) !== 'F' || value === '') return false;
		const attributes = objectIn(this.line, 'productAttributes');
		const code = s.peek(2);
		const key =
			code === '' || code === '08' || code === 'GEN'
				? 'description'
				: code === '73' || code === '75'
					? 'color'
					: code === '74' || code === '91'
						? 'size'
						: undefined;
		if (!key) return false;
		s.take(1);
		s.take(2);
		s.take(5);
		if (attributes[key] === undefined) attributes[key] = value;
		else
			listIn<string>(attributes, `additional${key[0].toUpperCase()}${key.slice(1)}s`).push(value);
		return true;
	}

	private pack(s: Segment): boolean {
		if (this.line.outerPack !== undefined || this.line.innerPack !== undefined) return false;
		let mapped = false;
		if (isDecimal(s.peek(1))) {
			this.line.outerPack = { numberOfUnits: s.take(1) };
			mapped = true;
		}
		if (isDecimal(s.peek(14))) {
			this.line.innerPack = { numberOfUnits: s.take(14) };
			mapped = true;
		}
		return mapped;
	}

	private allowanceOrCharge(s: Segment): boolean {
		const target = this.target();
		const kind = s.peek(1) === 'A' ? 'allowances' : s.peek(1) === 'C' ? 'charges' : undefined;
		const amount = impliedCents(s.peek(5));
		if (!target || !kind || s.peek(2) === '' || amount === undefined) return false;
		s.take(1);
		const code = s.take(2);
		s.take(5);
		const entry: PlainObject = { type: wordOf(CHARGES, code) ?? code, amount };
		setIf(entry, 'description', s.take(15));
		listIn(target, kind).push(entry);
		return true;
	}

	private totals(s: Segment): boolean {
		if (this.loop === 'summary') return false;
		this.loop = 'summary';
		const summary = objectIn(this.order, 'summary');
		const count = s.take(1);
		if (/^\d+$/.test(count)) {
			summary.numberOfLineItems = Number(count);
			if (Number(count) !== this.lines.length)
				this.warnings.push(
					`${s.label(1)} (number of line items) is ${count}, and the 850 has ${this.lines.length} PO1 lines`,
				);
		}
		setIf(summary, 'hashTotal', s.take(2));
		return true;
	}

	private amount(s: Segment): boolean {
		const summary = objectIn(this.order, 'summary');
		if (
			!['1', 'TT'].includes(s.peek(1)) ||
			!isDecimal(s.peek(2)) ||
			summary.totalAmount !== undefined
		)
			return false;
		s.take(1);
		summary.totalAmount = s.take(2);
		return true;
	}
}

/** Reads one 850 transaction set (ST…SE as the reader gives it). Never throws. */
export function read850(set: X12TransactionSet, reference?: ReferenceDate): Read850Result {
	const reader = new Reader(reference);
	try {
		reader.read(set);
	} catch (error) {
		// A shape no branch above foresaw: reported, not thrown, so one bad set never stops a run.
		reader.errors.push(`The 850 could not be read: ${(error as Error).message}`);
	}
	const { errors, warnings } = reader;
	return errors.length ? { errors, warnings } : { purchaseOrder: reader.order, errors, warnings };
}
