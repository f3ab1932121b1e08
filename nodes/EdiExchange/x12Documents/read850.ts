/**
 * An X12 850 transaction set → the purchase order document of the structured path (the message the
 * trigger emits for a JSON 850), so Build From Purchase Order works on it unchanged. Values are
 * kept as written (no floating point); codes become the structured path's words. Whatever is not
 * mapped — a segment, or elements of a mapped one — is kept under `x12Unmapped`, never dropped.
 * Never throws: a transaction set that cannot be a purchase order gives errors naming the element.
 * One pass over the segments.
 */
import { compareDecimal, isDecimal, parseDecimal } from '../documents/decimal';
import type { PlainObject } from '../documents/fieldReader';
import type { X12TransactionSet } from '../x12/types';
import { LoopTracker } from '../x12/loops';
import { elementOf, positionOf } from '../x12/segmentTable';
import type { TransactionSetDef } from '../x12/grammar';
import { SET_850 } from '../x12/sets';
import {
	CHARGES,
	COMMUNICATIONS,
	CONTACT_FUNCTIONS,
	DATES,
	DESCRIPTION_KINDS,
	ORDER_TYPES,
	PARTIES,
	PARTY_ID_TYPES,
	PAYMENT_METHODS,
	PRICE_IDS,
	PRODUCT_IDS,
	PURPOSES,
	REFERENCES,
	TERMS_BASIS,
	TERMS_TYPES,
	TRANSPORT_METHODS,
	UNITS,
} from './codes';
import type { ReferenceDate } from './century';
import { impliedCents, Segment, x12Date, type X12Unmapped } from './segmentReader';
import { keepShape } from '../x12/shapes';

export type { X12Unmapped } from './segmentReader';

export interface Read850Result {
	/** Present when the set is a purchase order the builders can start from (no errors). */
	purchaseOrder?: PlainObject;
	/** Why it is not (each names the segment, its position and the element). */
	errors: string[];
	/** Read, but worth knowing (a PO1 without a line number, a CTT01 that disagrees). */
	warnings: string[];
}

const objectIn = (parent: PlainObject, key: string): PlainObject =>
	(parent[key] ??= {}) as PlainObject;
const listIn = <T = PlainObject>(parent: PlainObject, key: string): T[] =>
	(parent[key] ??= []) as T[];
export const setIf = (target: PlainObject, key: string, value: string | undefined) => {
	if (value !== undefined && value !== '') target[key] = value;
};

/** Where the segments being read belong. */
export type Loop = 'header' | 'party' | 'line' | 'lineParty' | 'skippedParty' | 'summary';

/** The kind of place a loop path of the 850's table is (`detail/PO1/N1` is a line's party). */
function loopKind(path: string): Loop {
	if (path.startsWith('summary')) return 'summary';
	if (path.startsWith('detail')) return path.endsWith('/N1') ? 'lineParty' : 'line';
	return path.endsWith('/N1') ? 'party' : 'header';
}
const KINDS = new Map<string, Loop>();
const kindOf = (path: string): Loop => {
	let kind = KINDS.get(path);
	if (kind === undefined) KINDS.set(path, (kind = loopKind(path)));
	return kind;
};

/** `BEG03 (segment 2) (purchase order number)`: the element, where it is and what it holds. */
export const named = (s: Segment, ref: string) => `${s.label(ref)} (${elementOf(ref).name})`;

/** Where the qualifier/value pairs of PER and PO1 start. */
const PER_PAIRS = [positionOf('PER03'), positionOf('PER05'), positionOf('PER07')];
const PO1_PAIRS = positionOf('PO106');
/** A CTP with elements after CTP03 (a quantity: a price break) is not a line's unit price. */
const CTP_PRICE = positionOf('CTP03');

/** How a segment maps into the document: false leaves it unmapped. */
export type Mapping = (r: Reader, s: Segment) => boolean;

/** Reads an order-shaped set (the 850; read860.ts extends it for the 860) into `order`. */
export class Reader {
	readonly order: PlainObject = {};
	readonly errors: string[] = [];
	readonly warnings: string[] = [];
	readonly unmapped: X12Unmapped[] = [];
	private readonly loops: LoopTracker;
	protected loop: Loop = 'header';
	/** The N1 being read was not kept (a role with no word, or one the owner already has). */
	private partySkipped = false;
	private party: PlainObject = {};
	protected line: PlainObject = {};
	/** Where the current line's price was read (PO104, or a CTP's CTP03), for the messages: labelled only for one. */
	private priceAt?: { ref: string; position: number };
	protected readonly lines: PlainObject[] = [];
	protected sawBeg = false;

	constructor(
		private readonly interchangeDate?: ReferenceDate,
		protected readonly set: TransactionSetDef = SET_850,
		private readonly mappings: ReadonlyMap<string, Mapping> = MAPPINGS,
		/** The segment that starts a line (messages name it). */
		protected readonly lineSegment = 'PO1',
	) {
		this.loops = new LoopTracker(set);
		keepShape(this);
	}

	/** The date in element `ref`; one without its century is read by the reference date, with a warning. */
	protected dateAt(s: Segment, ref: string): string | undefined {
		const value = s.peek(ref);
		const date = x12Date(value, this.interchangeDate?.year);
		if (date && value.length === 6)
			this.warnings.push(
				`${s.label(ref)} "${value}" has no century (YYMMDD): read as ${date}, in the century nearest the interchange date (${this.interchangeDate?.shown ?? 'unknown: 20YY'})`,
			);
		return date;
	}

	read(set: X12TransactionSet): void {
		const segment = new Segment();
		const segments = set.segments;
		for (let i = 0; i < segments.length; i++) this.segment(segment.at(segments[i], i + 1));
		this.check();
		this.order.lineItems = this.lines;
		this.order.x12Unmapped = this.unmapped;
	}

	/** What the whole set must have held. */
	protected check(): void {
		if (!this.sawBeg)
			this.errors.push('The 850 has no BEG segment (purchase order number and date)');
		if (this.lines.length === 0)
			this.errors.push('The 850 has no PO1 segment: a purchase order needs at least one line');
	}

	private segment(s: Segment): void {
		const id = s.id;
		if (this.loops.next(id)) {
			const kind = kindOf(this.loops.path);
			this.loop = kind === 'party' && this.partySkipped ? 'skippedParty' : kind;
		}
		const read = this.mappings.get(id);
		if (read === undefined || !read(this, s)) {
			this.unmapped.push({ position: s.position, segment: s.elements });
			return;
		}
		const left = s.leftOver();
		if (left) this.unmapped.push({ position: s.position, segment: s.elements, elements: left });
	}

	envelope(s: Segment): boolean {
		if (s.id === 'SE') {
			s.take('SE01');
			s.take('SE02');
			return true;
		}
		if (s.take('ST01') !== this.set.id)
			this.errors.push(
				`${s.label('ST01')} is "${s.peek('ST01')}": this transaction set is not an ${this.set.id}`,
			);
		s.take('ST02');
		s.take('ST03');
		return true;
	}

	beg(s: Segment): boolean {
		if (this.sawBeg || this.loop !== 'header') return false;
		this.sawBeg = true;
		const purpose = PURPOSES.word(s.peek('BEG01'));
		if (purpose) this.order.purpose = s.take('BEG01') && purpose;
		const type = ORDER_TYPES.word(s.peek('BEG02'));
		if (type) this.order.purchaseOrderType = s.take('BEG02') && type;
		const number = s.take('BEG03').trim();
		if (number === '') this.errors.push(`${named(s, 'BEG03')} is empty`);
		else this.order.purchaseOrderNumber = number;
		setIf(this.order, 'releaseNumber', s.take('BEG04'));
		const date = this.dateAt(s, 'BEG05');
		s.take('BEG05');
		if (date) this.order.purchaseOrderDate = date;
		else
			this.errors.push(`${named(s, 'BEG05')} is "${s.peek('BEG05')}", not a date written CCYYMMDD`);
		return true;
	}

	currency(s: Segment): boolean {
		if (this.loop !== 'header' || s.peek('CUR02') === '' || this.order.buyersCurrency !== undefined)
			return false;
		if (s.peek('CUR01') === 'BY') s.take('CUR01');
		this.order.buyersCurrency = { currencyCode: s.take('CUR02') };
		return true;
	}

	/**
	 * The object segments of the current loop go into: the order, the current line, or the party
	 * whose N1 loop holds them (a REF*DP in the ship-to loop is the ship-to's, not the order's).
	 */
	private target(): PlainObject | undefined {
		if (this.loop === 'header') return this.order;
		if (this.loop === 'line') return this.line;
		if (this.loop === 'party' || this.loop === 'lineParty')
			return this.partySkipped ? undefined : this.party;
		return undefined;
	}

	reference(s: Segment): boolean {
		const target = this.target();
		const word = REFERENCES.word(s.peek('REF01'));
		if (!target || !word || (s.peek('REF02') === '' && s.peek('REF03') === '')) return false;
		const references = objectIn(target, 'references');
		if (references[word] !== undefined) return false;
		s.take('REF01');
		const reference: PlainObject = {};
		setIf(reference, 'value', s.take('REF02'));
		setIf(reference, 'description', s.take('REF03'));
		references[word] = reference;
		return true;
	}

	contact(s: Segment): boolean {
		const owner =
			this.loop === 'header' ? this.order : this.loop === 'party' ? this.party : undefined;
		if (!owner) return false;
		const contact: PlainObject = {};
		const role = s.take('PER01');
		contact.function = CONTACT_FUNCTIONS.word(role) ?? role;
		setIf(contact, 'name', s.take('PER02'));
		for (const at of PER_PAIRS) {
			const kind = COMMUNICATIONS.word(s.peekAt(at));
			if (kind && s.peekAt(at + 1) !== '' && contact[kind] === undefined) {
				s.takeAt(at);
				contact[kind] = s.takeAt(at + 1);
			}
		}
		listIn(owner, 'contacts').push(contact);
		return true;
	}

	date(s: Segment): boolean {
		const target = this.target();
		const word = DATES.word(s.peek('DTM01'));
		if (!target || !word || (target.dates as PlainObject | undefined)?.[word] !== undefined)
			return false;
		const date = this.dateAt(s, 'DTM02');
		if (!date) return false;
		const dates = objectIn(target, 'dates');
		s.take('DTM01');
		s.take('DTM02');
		dates[word] = date;
		return true;
	}

	terms(s: Segment): boolean {
		if (this.loop !== 'header' || this.order.termsOfSale !== undefined) return false;
		const terms: PlainObject = {};
		const type = TERMS_TYPES.word(s.peek('ITD01'));
		if (type) terms.type = s.take('ITD01') && type;
		const basis = TERMS_BASIS.word(s.peek('ITD02'));
		if (basis) terms.basisDate = s.take('ITD02') && basis;
		if (isDecimal(s.peek('ITD03'))) terms.discountPercent = s.take('ITD03');
		const discountDue = this.dateAt(s, 'ITD04');
		if (discountDue) terms.discountDueDate = s.take('ITD04') && discountDue;
		if (/^\d{1,4}$/.test(s.peek('ITD05'))) terms.discountDaysDue = Number(s.take('ITD05'));
		const netDue = this.dateAt(s, 'ITD06');
		if (netDue) terms.netDueDate = s.take('ITD06') && netDue;
		if (/^\d{1,4}$/.test(s.peek('ITD07'))) terms.netDaysDue = Number(s.take('ITD07'));
		setIf(terms, 'description', s.take('ITD12'));
		if (Object.keys(terms).length === 0) return false;
		this.order.termsOfSale = terms;
		return true;
	}

	routing(s: Segment): boolean {
		if (this.loop !== 'header') return false;
		const route: PlainObject = {};
		if (s.peek('TD502') === '2' && s.peek('TD503') !== '') {
			s.take('TD502');
			route.carrierScac = s.take('TD503');
		}
		const method = TRANSPORT_METHODS.word(s.peek('TD504'));
		if (method) route.transportationMethod = s.take('TD504') && method;
		setIf(route, 'description', s.take('TD505'));
		if (Object.keys(route).length === 0) return false;
		listIn(objectIn(this.order, 'carrierDetails'), 'routing').push(route);
		return true;
	}

	freeOnBoard(s: Segment): boolean {
		const method = PAYMENT_METHODS.word(s.peek('FOB01'));
		if (this.loop !== 'header' || !method) return false;
		s.take('FOB01');
		listIn(objectIn(this.order, 'carrierDetails'), 'freeOnBoard').push({ methodOfPayment: method });
		return true;
	}

	n1(s: Segment): boolean {
		const inLines = this.loop === 'lineParty';
		if (this.loop === 'summary') return false;
		const role = PARTIES.word(s.peek('N101'));
		const owner = inLines ? objectIn(this.line, 'parties') : objectIn(this.order, 'parties');
		this.party = {};
		// Not kept: its N2/N3/N4/PER follow it into x12Unmapped, they describe a party not kept.
		this.partySkipped = !role || owner[role] !== undefined;
		if (!inLines) this.loop = this.partySkipped ? 'skippedParty' : 'party';
		if (!role || this.partySkipped) return false;
		s.take('N101');
		setIf(this.party, 'name', s.take('N102'));
		const idType = s.peek('N103');
		if (idType !== '' && s.peek('N104') !== '') {
			s.take('N103');
			this.party.identificationCodeType = PARTY_ID_TYPES.word(idType) ?? idType;
			this.party.identificationCode = s.take('N104');
		}
		owner[role] = this.party;
		return true;
	}

	address(s: Segment): boolean {
		if ((this.loop !== 'party' && this.loop !== 'lineParty') || this.partySkipped) return false;
		const p = this.party;
		if (s.id === 'N2') {
			if (p.additionalName !== undefined) return false;
			setIf(p, 'additionalName', [s.take('N201'), s.take('N202')].filter(Boolean).join(' '));
		} else if (s.id === 'N3') {
			const [first, second] =
				p.addressLine1 === undefined
					? ['addressLine1', 'addressLine2']
					: ['addressLine3', 'addressLine4'];
			if (p[first] !== undefined) return false;
			setIf(p, first, s.take('N301'));
			setIf(p, second, s.take('N302'));
		} else {
			if (p.city !== undefined || p.postalCode !== undefined) return false;
			setIf(p, 'city', s.take('N401'));
			setIf(p, 'stateOrProvinceCode', s.take('N402'));
			setIf(p, 'postalCode', s.take('N403'));
			setIf(p, 'countryCode', s.take('N404'));
		}
		return true;
	}

	po1(s: Segment): boolean {
		if (this.loop !== 'line') return false;
		this.partySkipped = false;
		this.line = {};
		this.lines.push(this.line);
		let id = s.take('PO101').trim();
		if (id === '') {
			id = String(this.lines.length);
			this.warnings.push(`${named(s, 'PO101')} is empty: the line is numbered ${id}, its position`);
		}
		this.line.purchaseOrderLineId = id;
		const quantity = s.take('PO102');
		if (!isDecimal(quantity))
			this.errors.push(`${named(s, 'PO102')} is "${quantity}", not a number`);
		const unit = s.take('PO103');
		const ordered: PlainObject = { value: quantity };
		this.line.quantity = ordered;
		// No unit is not "each": the replies state one only when the user sets the partner's default.
		if (unit === '')
			this.warnings.push(
				`${named(s, 'PO103')} is empty: line ${id} has no unit of measure (the replies need Unit When the Order Has None)`,
			);
		else ordered.unitOfMeasure = UNITS.word(unit) ?? unit;
		const price = s.take('PO104');
		this.priceAt = undefined;
		if (price !== '') {
			if (!isDecimal(price)) this.errors.push(`${named(s, 'PO104')} is "${price}", not a number`);
			else {
				this.line.unitCostPrice = price;
				this.priceAt = { ref: 'PO104', position: s.position };
			}
		}
		this.line.productIds = this.productIds(s, PO1_PAIRS);
		return true;
	}

	/**
	 * The qualifier/id pairs from `from` on (PO106/PO107…): each qualifier's first id, under its word
	 * when the reader knows it (`buyerItemNumber`), else under the qualifier as written (`IB`, an
	 * ISBN); and every pair as written, in its order (`x12ProductIds`), so the replies echo them.
	 */
	protected productIds(s: Segment, from: number): PlainObject {
		const productIds: PlainObject = {};
		const asWritten: PlainObject[] = [];
		for (let at = from; at + 1 < s.elements.length; at += 2) {
			const qualifier = s.peekAt(at);
			if (qualifier === '' || s.peekAt(at + 1) === '') continue;
			asWritten.push({ qualifier, id: s.peekAt(at + 1) });
			const key = PRODUCT_IDS.word(qualifier) ?? qualifier;
			if (productIds[key] === undefined) {
				s.takeAt(at);
				productIds[key] = s.takeAt(at + 1);
			}
		}
		if (asWritten.length === 0)
			this.warnings.push(`${s.id} (segment ${s.position}) has no product id (qualifier and id)`);
		else this.line.x12ProductIds = asWritten;
		return productIds;
	}

	/**
	 * CTP in a PO1 loop: CTP02 `UCP` (unit cost price) prices a line whose PO104 is empty, as retail
	 * 850s do. A price already read (PO104 wins) is kept; a CTP disagreeing with it is kept
	 * unmapped, with a warning. A CTP with a quantity or more (CTP04…, a price break) is not the
	 * line's price: kept unmapped.
	 */
	pricing(s: Segment): boolean {
		const price = s.peek('CTP03');
		if (
			// The PO1's own CTP loop: a CTP in an SLN loop prices the subline, not the line.
			this.loops.path !== 'detail/PO1/CTP' ||
			PRICE_IDS.word(s.peek('CTP02')) !== 'unitCostPrice' ||
			!isDecimal(price) ||
			s.elements.slice(CTP_PRICE + 1).some((element) => element !== '')
		)
			return false;
		const stated = this.line.unitCostPrice as string | undefined;
		if (stated !== undefined && compareDecimal(parseDecimal(stated), parseDecimal(price)) !== 0) {
			this.warnings.push(
				`${named(s, 'CTP03')} is ${price} (CTP02 UCP), and ${this.priceAt!.ref} (segment ${this.priceAt!.position}) prices line ${String(this.line.purchaseOrderLineId)} at ${stated}: read as ${stated}`,
			);
			return false;
		}
		s.take('CTP02');
		s.take('CTP03');
		if (stated === undefined) {
			this.line.unitCostPrice = price;
			this.priceAt = { ref: 'CTP03', position: s.position };
		}
		return true;
	}

	description(s: Segment): boolean {
		const value = s.peek('PID05');
		if (this.loop !== 'line' || s.peek('PID01') !== 'F' || value === '') return false;
		const key = DESCRIPTION_KINDS.word(s.peek('PID02'));
		if (!key) return false;
		s.take('PID01');
		s.take('PID02');
		s.take('PID05');
		const attributes = objectIn(this.line, 'productAttributes');
		if (attributes[key] === undefined) attributes[key] = value;
		else
			listIn<string>(attributes, `additional${key[0].toUpperCase()}${key.slice(1)}s`).push(value);
		return true;
	}

	pack(s: Segment): boolean {
		if (this.loop !== 'line') return false;
		if (this.line.outerPack !== undefined || this.line.innerPack !== undefined) return false;
		let mapped = false;
		if (isDecimal(s.peek('PO401'))) {
			this.line.outerPack = { numberOfUnits: s.take('PO401') };
			mapped = true;
		}
		if (isDecimal(s.peek('PO414'))) {
			this.line.innerPack = { numberOfUnits: s.take('PO414') };
			mapped = true;
		}
		return mapped;
	}

	allowanceOrCharge(s: Segment): boolean {
		const target = this.target();
		const indicator = s.peek('SAC01');
		const kind = indicator === 'A' ? 'allowances' : indicator === 'C' ? 'charges' : undefined;
		const amount = impliedCents(s.peek('SAC05'));
		if (!target || !kind || s.peek('SAC02') === '' || amount === undefined) return false;
		s.take('SAC01');
		const code = s.take('SAC02');
		s.take('SAC05');
		const entry: PlainObject = { type: CHARGES.word(code) ?? code, amount };
		setIf(entry, 'description', s.take('SAC15'));
		listIn(target, kind).push(entry);
		return true;
	}

	totals(s: Segment): boolean {
		if (this.loop !== 'summary' || this.order.summary !== undefined) return false;
		const summary = objectIn(this.order, 'summary');
		const count = s.take('CTT01');
		if (/^\d+$/.test(count)) {
			summary.numberOfLineItems = Number(count);
			if (Number(count) !== this.lines.length)
				this.warnings.push(
					`${named(s, 'CTT01')} is ${count}, and the ${this.set.id} has ${this.lines.length} ${this.lineSegment} lines`,
				);
		}
		setIf(summary, 'hashTotal', s.take('CTT02'));
		return true;
	}

	amount(s: Segment): boolean {
		if (this.loop !== 'summary') return false;
		const summary = objectIn(this.order, 'summary');
		if (
			!['1', 'TT'].includes(s.peek('AMT01')) ||
			!isDecimal(s.peek('AMT02')) ||
			summary.totalAmount !== undefined
		)
			return false;
		s.take('AMT01');
		summary.totalAmount = s.take('AMT02');
		return true;
	}
}

/** How each segment of the 850 maps into the purchase order; a segment not listed is unmapped. */
export const MAPPINGS: ReadonlyMap<string, Mapping> = new Map<string, Mapping>(
	Object.entries({
		ST: (r, s) => r.envelope(s),
		SE: (r, s) => r.envelope(s),
		BEG: (r, s) => r.beg(s),
		CUR: (r, s) => r.currency(s),
		REF: (r, s) => r.reference(s),
		PER: (r, s) => r.contact(s),
		DTM: (r, s) => r.date(s),
		ITD: (r, s) => r.terms(s),
		TD5: (r, s) => r.routing(s),
		FOB: (r, s) => r.freeOnBoard(s),
		N1: (r, s) => r.n1(s),
		N2: (r, s) => r.address(s),
		N3: (r, s) => r.address(s),
		N4: (r, s) => r.address(s),
		PO1: (r, s) => r.po1(s),
		CTP: (r, s) => r.pricing(s),
		PID: (r, s) => r.description(s),
		PO4: (r, s) => r.pack(s),
		SAC: (r, s) => r.allowanceOrCharge(s),
		CTT: (r, s) => r.totals(s),
		AMT: (r, s) => r.amount(s),
	} satisfies Record<string, Mapping>),
);

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
