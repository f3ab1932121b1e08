/**
 * The demo partner's order-to-cash scorecard: per purchase order it sent, the verdict on the
 * latest 855, 856 and 810 it received. Checks are the partner's (partner/); this file only
 * routes documents to the right order and remembers verdicts.
 */
import { checkOrderDocument, purchaseOrderNumbersOf } from './partner';

export type OrderDocumentType = '855' | '856' | '810';
export const ORDER_DOCUMENT_TYPES: readonly string[] = ['855', '856', '810'];

export interface Verdict {
	state: 'missing' | 'accepted' | 'rejected';
	reasons: string[];
	/** The transaction that produced this verdict. */
	transactionId?: number;
}

export interface ScorecardEntry {
	purchaseOrderNumber: string;
	transactionId: number;
	'855': Verdict;
	'856': Verdict;
	'810': Verdict;
	/** The last accepted 855 and 856: what later documents are checked against. */
	accepted: { '855'?: unknown; '856'?: unknown };
}

export interface Unmatched {
	transactionId: number;
	type: string;
	reasons: string[];
}

export interface ScorecardSnapshot {
	entries: ScorecardEntry[];
	unmatched: Unmatched[];
}

/** What one call changed: entries (whole) and unmatched documents added. */
export type ScorecardChange = ScorecardSnapshot;

const missing = (): Verdict => ({ state: 'missing', reasons: [] });

export class Scorecard {
	private entries = new Map<string, ScorecardEntry>();
	private unmatched: Unmatched[] = [];

	addOrder(purchaseOrderNumber: string, transactionId: number): ScorecardEntry {
		const entry: ScorecardEntry = {
			purchaseOrderNumber,
			transactionId,
			'855': missing(),
			'856': missing(),
			'810': missing(),
			accepted: {},
		};
		this.entries.set(purchaseOrderNumber, entry);
		return entry;
	}

	/** Checks a document against each order it names; `orderOf` returns the partner's 850 message. */
	receive(
		type: OrderDocumentType,
		transactionId: number,
		message: unknown,
		orderOf: (transactionId: number) => Record<string, unknown>,
	): ScorecardChange {
		const changed: ScorecardChange = { entries: [], unmatched: [] };
		const unmatched = (reasons: string[]) => {
			const record = { transactionId, type, reasons };
			this.unmatched.push(record);
			changed.unmatched.push(record);
		};
		let numbers: string[];
		try {
			numbers = [...new Set(purchaseOrderNumbersOf(type, message))];
		} catch {
			numbers = [];
		}
		if (numbers.length === 0) {
			unmatched(['the document names no purchase order number']);
			return changed;
		}
		for (const number of numbers) {
			const entry = this.entries.get(number);
			if (!entry) {
				unmatched([`unknown purchase order ${number}: the demo partner never sent it`]);
				continue;
			}
			let reasons: string[];
			try {
				reasons = checkOrderDocument(type, message, orderOf(entry.transactionId), {
					...entry.accepted,
				});
			} catch (error) {
				reasons = [`the demo partner could not read the document: ${(error as Error).message}`];
			}
			entry[type] = { state: reasons.length ? 'rejected' : 'accepted', reasons, transactionId };
			if (!reasons.length && type !== '810') entry.accepted[type] = message;
			changed.entries.push(entry);
		}
		return changed;
	}

	/** The admin view: entries without the bookkeeping of accepted documents. */
	view() {
		return {
			purchaseOrders: [...this.entries.values()].map(
				({ accepted: _accepted, ...visible }) => visible,
			),
			unmatched: this.unmatched,
		};
	}

	snapshot(): ScorecardSnapshot {
		return { entries: [...this.entries.values()], unmatched: this.unmatched };
	}

	restore(snapshot: ScorecardSnapshot | undefined): void {
		this.clear();
		for (const entry of snapshot?.entries ?? []) this.entries.set(entry.purchaseOrderNumber, entry);
		this.unmatched = [...(snapshot?.unmatched ?? [])];
	}

	clear(): void {
		this.entries.clear();
		this.unmatched = [];
	}
}
