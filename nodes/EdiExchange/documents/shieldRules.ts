/**
 * The chargeback shield's rules as data: each rule, what a retailer does when it is broken, and what
 * it checks. Check Document's problems name their rule, so docs and tests read the same list.
 */
import { type Decimal, parseDecimal } from './decimal';
import { isValidSscc } from './gs1';
import { idText, isObject, type PlainObject } from './fieldReader';

export type Severity = 'rejects the document' | 'charges back';

const REJECTS: Severity = 'rejects the document';
const CHARGES_BACK: Severity = 'charges back';

export const SHIELD_RULES = {
	document: {
		partner: REJECTS,
		checks: 'the document is a JSON object with lines (or items shipped)',
	},
	purchaseOrderNumber: { partner: REJECTS, checks: 'the purchase order number is the 850’s' },
	releaseNumber: { partner: REJECTS, checks: 'the 850’s release number comes back unchanged' },
	currency: { partner: REJECTS, checks: 'the 850’s currency comes back unchanged' },
	purchaseOrderDate: {
		partner: REJECTS,
		checks: 'the 850’s date comes back unchanged (810 BIG03, 856 PRF04; 855 when given)',
	},
	references: {
		partner: REJECTS,
		checks: 'the 850’s vendor number (REF*IA) and department (REF*DP) come back unchanged',
	},
	unitOfMeasure: {
		partner: REJECTS,
		checks: 'quantities are in the unit of measure the line was ordered in',
	},
	lineSequence: {
		partner: CHARGES_BACK,
		checks: 'an 810 lists its lines in the order’s line sequence',
	},
	status: {
		partner: REJECTS,
		checks:
			'the 855 states its status, and each line action one of accepted, backordered, rejected',
	},
	lineOnOrder: {
		partner: REJECTS,
		checks: 'every line names a line of the 850 (purchaseOrderLineId)',
	},
	lineAnswered: {
		partner: REJECTS,
		checks: 'every 850 line is acknowledged, with at least one action',
	},
	productIds: {
		partner: REJECTS,
		checks:
			'every line names the product ordered (or an accepted substitute): the identifiers it shares with the 850 agree',
	},
	decimal: {
		partner: REJECTS,
		checks: 'quantities, prices and amounts are decimals of zero or more',
	},
	totals: {
		partner: REJECTS,
		checks: 'invoiceSalesTotal and invoiceTotal are the sums, to the cent',
	},
	date: {
		partner: REJECTS,
		checks: 'dates exist on the calendar; the 856’s ship date and the 810’s invoice date are given',
	},
	sscc: {
		partner: REJECTS,
		checks: 'each package’s serialShippingId is an SSCC-18 with a right GS1 check digit',
	},
	quantity: {
		partner: CHARGES_BACK,
		checks: 'no more acknowledged than ordered, shipped than accepted, invoiced than shipped',
	},
	unitPrice: {
		partner: REJECTS,
		checks:
			'each unit price is the agreed one (the 855’s, else the 850’s): neither above nor below',
	},
	lineChanged: {
		partner: REJECTS,
		checks:
			'given the 860s: no line they deleted is shipped or billed, and a line they added is shipped',
	},
	cancelled: {
		partner: REJECTS,
		checks: 'given the 860s: nothing is shipped or billed for an order they cancelled',
	},
} as const satisfies Record<string, { partner: Severity; checks: string }>;

export type ShieldRule = keyof typeof SHIELD_RULES;

export interface DocumentProblem {
	/** The rule broken (SHIELD_RULES). */
	rule: ShieldRule;
	/** Where in the checked document, e.g. `lineItems[2].quantityInvoiced`. */
	field: string;
	problem: string;
	/** What a retailer's system does with it. */
	partner: Severity;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

export class Problems {
	readonly list: DocumentProblem[] = [];

	add(rule: ShieldRule, field: string, problem: string): void {
		this.list.push({ rule, field, problem, partner: SHIELD_RULES[rule].partner });
	}

	/** A decimal field, or undefined after recording why not. */
	decimal(value: unknown, field: string, what: string): Decimal | undefined {
		const text = isObject(value) ? value.value : value;
		try {
			const amount = parseDecimal(text);
			if (amount.units >= 0n) return amount;
		} catch {
			// recorded below
		}
		this.add('decimal', field, `${what} is ${JSON.stringify(text)}, not a decimal of zero or more`);
		return undefined;
	}

	/** A date field that must exist on the calendar when given (2026-02-30 does not). */
	date(value: unknown, field: string, required = false): void {
		if (value === undefined || value === null || value === '') {
			if (required) this.add('date', field, 'is missing');
			return;
		}
		const match = typeof value === 'string' ? DATE.exec(value) : null;
		const day = match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])) : undefined;
		if (!match || !day || day.getUTCDate() !== +match[3] || day.getUTCMonth() !== +match[2] - 1)
			this.add('date', field, `${JSON.stringify(value)} is not a date that exists (YYYY-MM-DD)`);
	}

	/** The 850's value of a header field comes back unchanged (case aside), and is not left out. */
	same(rule: ShieldRule, field: string, given: unknown, ordered: unknown): void {
		const want = idText(ordered);
		if (want === undefined) return;
		const have = idText(given);
		if (have === undefined)
			this.add(rule, field, `is missing, but the purchase order’s is ${want}`);
		else if (have.toUpperCase() !== want.toUpperCase())
			this.add(rule, field, `is ${have}, but the purchase order’s is ${want}`);
	}

	/**
	 * A line's product ids name the product ordered or an accepted substitute: they share an
	 * identifier with one of `allowed`, and every identifier they share agrees.
	 */
	productIds(given: unknown, allowed: PlainObject[], field: string, lineId: string): void {
		if (!isObject(given) || Object.keys(given).length === 0)
			return this.add('productIds', field, `line ${lineId} names no product`);
		if (allowed.some((ids) => sameProduct(given, ids))) return;
		this.add(
			'productIds',
			field,
			`line ${lineId}: ${JSON.stringify(given)} is not the product ordered, ${JSON.stringify(allowed[0])}`,
		);
	}

	/** A quantity's unit, when it states one, is the unit the line was ordered in. */
	unit(quantity: unknown, ordered: string | undefined, field: string, lineId: string): void {
		const given = isObject(quantity) ? idText(quantity.unitOfMeasure) : undefined;
		// An order without a unit leaves it to the supplier: nothing to hold the reply to.
		if (
			given !== undefined &&
			ordered !== undefined &&
			given.toLowerCase() !== ordered.toLowerCase()
		)
			this.add('unitOfMeasure', field, `is ${given}, but line ${lineId} was ordered in ${ordered}`);
	}

	/** A package label given as serialShippingId (MAN*GM): 18 digits (00 before them allowed), right check digit. */
	sscc(value: unknown, field: string): void {
		if (value === undefined) return;
		const text = typeof value === 'string' ? value.trim() : '';
		const code = text.length === 20 && text.startsWith('00') ? text.slice(2) : text;
		if (!isValidSscc(code))
			this.add(
				'sscc',
				field,
				`is ${JSON.stringify(value)}: not an SSCC-18 (18 digits whose last is the GS1 mod-10 check digit of the first 17)`,
			);
	}
}

function sameProduct(given: PlainObject, ordered: PlainObject): boolean {
	let shared = 0;
	for (const [key, value] of Object.entries(given)) {
		if (!(key in ordered)) continue;
		if (idText(value) !== idText(ordered[key])) return false;
		shared++;
	}
	return shared > 0;
}
