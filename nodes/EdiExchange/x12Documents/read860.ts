/**
 * An X12 860 transaction set → the purchase order change of the structured path (the contract's
 * "Purchase order changes (860)"), so Apply Change takes it as it takes a structured 860. The
 * header (references, dates, parties, terms) is read as the 850's; BCH and POC are the 860's own.
 * What is not mapped stays under `x12Unmapped`. Never throws: errors name the element.
 */
import { changeCodeOf } from '../documents/changeCodes';
import { isDecimal } from '../documents/decimal';
import type { PlainObject } from '../documents/fieldReader';
import { positionOf } from '../x12/segmentTable';
import { SET_860 } from '../x12/sets';
import type { X12TransactionSet } from '../x12/types';
import type { ReferenceDate } from './century';
import { CHANGE_PURPOSES, CHANGE_REASONS, ORDER_TYPES, UNITS } from './codes';
import { MAPPINGS, type Mapping, named, Reader, setIf } from './read850';
import type { Segment } from './segmentReader';

export interface Read860Result {
	/** The purchase order change, present when the set has no errors. */
	change?: PlainObject;
	errors: string[];
	warnings: string[];
}

const POC_PAIRS = positionOf('POC08');

class ChangeReader extends Reader {
	constructor(reference?: ReferenceDate) {
		super(reference, SET_860, MAPPINGS_860, 'POC');
	}

	protected check(): void {
		if (!this.sawBeg)
			this.errors.push('The 860 has no BCH segment (purpose, purchase order number and date)');
		else if (this.lines.length === 0 && this.order.purpose !== 'cancellation')
			this.warnings.push(
				`The 860 has no POC segment: its ${String(this.order.purpose)} names no line`,
			);
	}

	bch(s: Segment): boolean {
		if (this.sawBeg || this.loop !== 'header') return false;
		this.sawBeg = true;
		const purpose = CHANGE_PURPOSES.word(s.take('BCH01'));
		if (purpose) this.order.purpose = purpose;
		else
			this.errors.push(
				`${named(s, 'BCH01')} is "${s.peek('BCH01')}", not one of ${CHANGE_PURPOSES.entries.map(([c, w]) => `${c} (${w})`).join(', ')}`,
			);
		const type = ORDER_TYPES.word(s.peek('BCH02'));
		if (type) this.order.purchaseOrderType = s.take('BCH02') && type;
		const number = s.take('BCH03').trim();
		if (number === '') this.errors.push(`${named(s, 'BCH03')} is empty`);
		else this.order.purchaseOrderNumber = number;
		setIf(this.order, 'releaseNumber', s.take('BCH04'));
		// Optional in 004010: without it, Apply Change applies the 860s in the order received.
		setIf(this.order, 'changeSequenceNumber', s.take('BCH05'));
		const date = this.dateAt(s, 'BCH06');
		s.take('BCH06');
		if (date) this.order.purchaseOrderDate = date;
		else
			this.errors.push(`${named(s, 'BCH06')} is "${s.peek('BCH06')}", not a date written CCYYMMDD`);
		const changed = this.dateAt(s, 'BCH11');
		if (changed) this.order.purchaseOrderChangeDate = s.take('BCH11') && changed;
		return true;
	}

	poc(s: Segment): boolean {
		if (this.loop !== 'line') return false;
		this.line = {};
		this.lines.push(this.line);
		const id = s.take('POC01').trim();
		if (id === '')
			this.errors.push(`${named(s, 'POC01')} is empty: a change names the line it changes`);
		else this.line.purchaseOrderLineId = id;
		const code = s.take('POC02');
		// A code with no contract word (CT, RS…) is kept as the code: Apply Change takes both. The
		// buyer's own code stays beside its word: QI and QD say which way, and the 865 echoes it.
		const reason = CHANGE_REASONS.word(code) ?? (changeCodeOf(code) ? code : undefined);
		if (reason) {
			this.line.changeReason = reason;
			this.line.x12ChangeCode = code;
		} else this.errors.push(`${named(s, 'POC02')} is "${code}", not a change code of 004010`);
		const quantity = s.take('POC03');
		if (quantity !== '') {
			if (!isDecimal(quantity))
				this.errors.push(`${named(s, 'POC03')} is "${quantity}", not a number`);
			// POC04 (quantity left to receive) said again as the ordered quantity adds nothing.
			if (s.peek('POC04') === quantity) s.take('POC04');
			const unit = s.take('POC05');
			this.line.quantity = { value: quantity, unitOfMeasure: UNITS.word(unit) ?? (unit || 'each') };
		}
		const price = s.take('POC06');
		if (price !== '') {
			if (isDecimal(price)) this.line.unitCostPrice = price;
			else this.errors.push(`${named(s, 'POC06')} is "${price}", not a number`);
		}
		this.line.productIds = this.productIds(s, POC_PAIRS);
		return true;
	}
}

/** The 850's mappings of the header and lines, with BCH and POC in place of BEG and PO1. */
const MAPPINGS_860: ReadonlyMap<string, Mapping> = new Map<string, Mapping>([
	// CTP stays unmapped in a change: its price is not read as the POC's here.
	...[...MAPPINGS].filter(([id]) => !['BEG', 'PO1', 'CTP'].includes(id)),
	['BCH', (r, s) => (r as ChangeReader).bch(s)],
	['POC', (r, s) => (r as ChangeReader).poc(s)],
]);

/** Reads one 860 transaction set (ST…SE as the reader gives it). Never throws. */
export function read860(set: X12TransactionSet, reference?: ReferenceDate): Read860Result {
	const reader = new ChangeReader(reference);
	try {
		reader.read(set);
	} catch (error) {
		reader.errors.push(`The 860 could not be read: ${(error as Error).message}`);
	}
	const { errors, warnings } = reader;
	return errors.length ? { errors, warnings } : { change: reader.order, errors, warnings };
}
