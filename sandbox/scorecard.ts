/**
 * The demo partner's order-to-cash scorecard: per purchase order it sent, its certification
 * scenario, the 860s it sent, the verdict on the latest 855, 856, 810 and 865 it received (judged
 * against the effective order: the 850 with its 860s applied), and for an 850 it sent as X12 on the
 * 997 that answers it; and each 846 (inventory advice) it received. Checks are the partner's
 * (partner/); this file only routes documents to the right order and remembers verdicts.
 */
import { checkAgainstChanges, purchaseOrderNumbersOf, type TotalsCheck } from './partner';
import { sellerChangeReason } from './partner/acknowledgment';
import { acceptedKey, type AcceptedNumber } from './partner/duplicates';
import { applyChanges } from './partner/changes';
import {
	acceptedStamp,
	carriedBy,
	checkInventory,
	type InventoryAdvice,
	type LastFeed,
	type ReportStamp,
} from './partner/inventory';
import type { Json } from './partner/read';
import { SCENARIOS, type ScenarioName } from './partner/scenarios';
import { checkChangeAcknowledgment, type ChangeAcknowledgment } from './partner/x12ChangeAck';
import { acceptsSet, type FunctionalAck } from './partner/x12FunctionalAck';

export type OrderDocumentType = '855' | '856' | '810';
export const ORDER_DOCUMENT_TYPES: readonly string[] = ['855', '856', '810'];

/** How a document reached the partner: X12 passthrough or service JSON (segments); absent: a structured message. */
export type ArrivalPath = 'x12' | 'serviceJson';

export interface Verdict {
	state: 'missing' | 'accepted' | 'rejected';
	reasons: string[];
	/** The transaction that produced this verdict. */
	transactionId?: number;
	path?: ArrivalPath;
}

/** What the partner knows of a received document besides its structured reading. */
export interface Arrival {
	path?: ArrivalPath;
	/** Found while reading it (X12: the HL tree, an SSCC, an N2 amount), checked before the rest. */
	reasons?: string[];
	/** A reason to refuse it unread (a repeated interchange control number): the only reason given. */
	refusal?: string;
	/** An 856 or 810 whose number the partner already accepted: the only reason, listed beside the first. */
	duplicate?: string;
	/** How its totals are checked, when not as a structured 810 states them (X12: TDS). */
	totals?: TotalsCheck;
}

/** GS06 and ST02 of an 850 the partner sent as X12: what its 997 names in AK1 and AK2. */
export interface X12Control {
	group: string;
	set: string;
	/** GS01 of the 850's group, what AK101 must repeat; absent: PO (the partner's own 850s). */
	functionalId?: string;
}

/** The 860s the partner sent for a purchase order: `pending` until it sends the first. */
export interface ChangeRow {
	state: 'pending' | 'sent';
	sent: Array<{
		transactionId: number;
		changeSequenceNumber: string;
		purpose: string;
		path?: ArrivalPath;
	}>;
}

export interface ScorecardEntry {
	purchaseOrderNumber: string;
	transactionId: number;
	/** Absent in entries kept from before scenarios: `standard`. */
	scenario?: ScenarioName;
	'855': Verdict;
	'856': Verdict;
	'810': Verdict;
	/** Only for an 850 sent as X12: the 997 the organization owes for it. */
	'997'?: Verdict;
	/** Only in a scenario where the partner sends 860s. */
	'860'?: ChangeRow;
	/** Only in a scenario where the partner asks for an 865. */
	'865'?: Verdict;
	/** The 860 messages the partner sent, in sequence: the effective order is the 850 with them applied. */
	changes?: Json[];
	/** The last accepted 855 and 856: what later documents are checked against. */
	accepted: { '855'?: unknown; '856'?: unknown };
	/** Only for an 850 sent as X12. */
	x12Control?: X12Control;
	/** 856s and 810s refused as duplicates: the verdict of the first stays. */
	duplicates?: DuplicateRow[];
}

export interface DuplicateRow {
	type: OrderDocumentType;
	transactionId: number;
	state: 'rejected';
	reasons: string[];
	path?: ArrivalPath;
}

export interface Unmatched {
	transactionId: number;
	type: string;
	reasons: string[];
	path?: ArrivalPath;
}

/** One 846 the partner received: the admin view shows the first four fields (contract). */
export interface InventoryRow {
	transactionId: number;
	state: 'accepted' | 'rejected';
	reasons: string[];
	/** How many item lines (LIN / lineItems) it carried. */
	lines: number;
	senderId: string;
	/** Its report date (and time), when accepted: what a later 846 from the sender must not predate. */
	stamp?: ReportStamp;
	path?: ArrivalPath;
}

export interface ScorecardSnapshot {
	entries: ScorecardEntry[];
	unmatched: Unmatched[];
	/** Absent in snapshots from before the 846. */
	inventory?: InventoryRow[];
	/** The 856, 810 and 846 numbers the partner accepted (absent in snapshots from before). */
	acceptedNumbers?: AcceptedNumber[];
}

/** What one call changed: entries (whole), unmatched documents and 846 rows added. */
export type ScorecardChange = ScorecardSnapshot;

const missing = (): Verdict => ({ state: 'missing', reasons: [] });

export class Scorecard {
	private entries = new Map<string, ScorecardEntry>();
	private unmatched: Unmatched[] = [];
	private inventory: InventoryRow[] = [];
	private acceptedNumbers = new Map<string, AcceptedNumber>();

	/** The transaction that first carried this number accepted, if any. */
	firstAccepted(key: Omit<AcceptedNumber, 'transactionId'>): number | undefined {
		return this.acceptedNumbers.get(acceptedKey(key))?.transactionId;
	}

	/** The partner accepted a document counted once per number. */
	recordAccepted(accepted: AcceptedNumber): ScorecardChange {
		this.acceptedNumbers.set(acceptedKey(accepted), accepted);
		return { entries: [], unmatched: [], acceptedNumbers: [accepted] };
	}

	addOrder(
		purchaseOrderNumber: string,
		transactionId: number,
		x12?: X12Control,
		scenario: ScenarioName = 'standard',
	): ScorecardEntry {
		const { changes, asks865 } = SCENARIOS[scenario];
		const entry: ScorecardEntry = {
			purchaseOrderNumber,
			transactionId,
			scenario,
			'855': missing(),
			'856': missing(),
			'810': missing(),
			...(x12 && { '997': missing(), x12Control: x12 }),
			...(changes.length > 0 && { '860': { state: 'pending', sent: [] } }),
			...(asks865 && { '865': missing() }),
			changes: [],
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
		arrival: Arrival = {},
	): ScorecardChange {
		const changed: ScorecardChange = { entries: [], unmatched: [] };
		const { path } = arrival;
		const unmatched = (reasons: string[]) => {
			const record: Unmatched = { transactionId, type, reasons, ...(path && { path }) };
			this.unmatched.push(record);
			changed.unmatched.push(record);
		};
		let numbers: string[];
		try {
			numbers = [...new Set(purchaseOrderNumbersOf(type, message))];
		} catch {
			numbers = [];
		}
		const first = arrival.refusal ?? arrival.duplicate;
		if (numbers.length === 0) {
			unmatched([...(first ? [first] : []), 'the document names no purchase order number']);
			return changed;
		}
		for (const number of numbers) {
			const entry = this.entries.get(number);
			if (!entry) {
				unmatched([
					...(arrival.duplicate ? [arrival.duplicate] : []),
					`unknown purchase order ${number}: the demo partner never sent it`,
				]);
				continue;
			}
			if (arrival.duplicate && !arrival.refusal) {
				const row: DuplicateRow = {
					type,
					transactionId,
					state: 'rejected',
					reasons: [arrival.duplicate],
					...(path && { path }),
				};
				entry.duplicates = [...(entry.duplicates ?? []), row];
				changed.entries.push(entry);
				continue;
			}
			let reasons: string[];
			try {
				reasons = arrival.refusal
					? [arrival.refusal]
					: [
							...(arrival.reasons ?? []),
							...judge(entry, type, message, orderOf(entry.transactionId), arrival.totals),
						];
			} catch (error) {
				reasons = [`the demo partner could not read the document: ${(error as Error).message}`];
			}
			entry[type] = {
				state: reasons.length ? 'rejected' : 'accepted',
				reasons,
				transactionId,
				...(path && { path }),
			};
			if (!reasons.length && type !== '810') entry.accepted[type] = message;
			changed.entries.push(entry);
		}
		return changed;
	}

	/**
	 * A 997 to the partner: each AK2 answers the 850 it sent as X12 with that group (AK102 = its
	 * GS06) and set control number (AK202 = its ST02); a 997 that lists no sets answers every 850
	 * of the group. Accepted when consistent and accepting; what it answers that the partner never
	 * sent is unmatched.
	 */
	receiveFunctionalAck(
		transactionId: number,
		ack: FunctionalAck,
		arrival: Arrival = {},
	): ScorecardChange {
		const changed: ScorecardChange = { entries: [], unmatched: [] };
		const { path } = arrival;
		const unmatched = (reasons: string[]) => {
			const record: Unmatched = { transactionId, type: '997', reasons, ...(path && { path }) };
			this.unmatched.push(record);
			changed.unmatched.push(record);
		};
		const targets = ack.sets.length ? ack.sets : [undefined];
		for (const set of targets) {
			const answered = [...this.entries.values()].filter(
				(e) =>
					e.x12Control &&
					sameNumber(e.x12Control.group, ack.group) &&
					(!set || sameNumber(e.x12Control.set, set.control)),
			);
			const what = set ? `850 set ${set.control} of group ${ack.group}` : `group ${ack.group}`;
			if (answered.length === 0) {
				unmatched([
					...(arrival.refusal ? [arrival.refusal] : []),
					`the 997 acknowledges ${what}, which the demo partner never sent as X12`,
				]);
				continue;
			}
			// The same group and set numbers sent twice (a replayed file): the latest order still waiting.
			const entry = answered.reverse().find((e) => e['997']?.state === 'missing') ?? answered[0];
			const reasons = arrival.refusal
				? [arrival.refusal]
				: [...(arrival.reasons ?? []), ...ack.reasons];
			if (!arrival.refusal) {
				const sentIn = entry.x12Control?.functionalId ?? 'PO';
				if (ack.functionalId !== sentIn)
					reasons.push(
						`AK101 is "${ack.functionalId}" but the partner's 850 was in a ${sentIn} group (GS01)`,
					);
				if (set && set.type !== '850')
					reasons.push(`AK201 is "${set.type}" but the partner's set was an 850`);
				if (!acceptsSet(ack, set))
					reasons.push(
						`the 997 rejects ${what} (AK5/AK9 "${set?.status || ack.groupStatus}"), which the partner sent well-formed${set?.notes.length ? `: ${set.notes.join('; ')}` : ''}`,
					);
			}
			entry['997'] = {
				state: reasons.length ? 'rejected' : 'accepted',
				reasons,
				transactionId,
				...(path && { path }),
			};
			changed.entries.push(entry);
		}
		return changed;
	}

	/** The partner sent an 860 for a purchase order: replies are judged against the effective order from now on. */
	recordChange(
		purchaseOrderNumber: string,
		transactionId: number,
		change: Json,
		path?: ArrivalPath,
	): ScorecardChange {
		const entry = this.entries.get(purchaseOrderNumber)!;
		entry.changes = [...(entry.changes ?? []), change];
		const row = entry['860'] ?? { state: 'pending', sent: [] };
		entry['860'] = {
			state: 'sent',
			sent: [
				...row.sent,
				{
					transactionId,
					changeSequenceNumber: String(change.changeSequenceNumber),
					purpose: String(change.purpose),
					...(path && { path }),
				},
			],
		};
		return { entries: [entry], unmatched: [] };
	}

	/** An 865 to the partner: judged against the 860s it sent for the order it names. */
	receiveChangeAck(
		transactionId: number,
		ack: ChangeAcknowledgment,
		arrival: Arrival = {},
	): ScorecardChange {
		const { path } = arrival;
		const entry = this.entries.get(ack.purchaseOrderNumber);
		if (!entry) {
			const record: Unmatched = {
				transactionId,
				type: '865',
				reasons: [
					...(arrival.refusal ? [arrival.refusal] : []),
					ack.purchaseOrderNumber
						? `unknown purchase order ${ack.purchaseOrderNumber}: the demo partner never sent it`
						: 'the 865 names no purchase order number (BCA03)',
				],
				...(path && { path }),
			};
			this.unmatched.push(record);
			return { entries: [], unmatched: [record] };
		}
		const reasons = arrival.refusal
			? [arrival.refusal]
			: [...(arrival.reasons ?? []), ...checkChangeAcknowledgment(ack, entry.changes ?? [])];
		entry['865'] = {
			state: reasons.length ? 'rejected' : 'accepted',
			reasons,
			transactionId,
			...(path && { path }),
		};
		return { entries: [entry], unmatched: [] };
	}

	/**
	 * An 846 to the partner: checked against the items and ship-to locations of every purchase
	 * order it sent (with the lines its 860s added) and the last 846 it accepted from the sender.
	 */
	receiveInventory(
		transactionId: number,
		senderId: string,
		advice: InventoryAdvice,
		orderOf: (transactionId: number) => Record<string, unknown>,
		arrival: Arrival = {},
	): ScorecardChange {
		const { path } = arrival;
		let reasons: string[];
		try {
			const orders = [...this.entries.values()].flatMap((e) => [
				orderOf(e.transactionId),
				...(e.changes ?? []),
			]);
			reasons = arrival.refusal
				? [arrival.refusal]
				: [
						...(arrival.reasons ?? []),
						...checkInventory(advice, carriedBy(orders), this.lastFeed(senderId)),
					];
		} catch (error) {
			reasons = [`the demo partner could not read the document: ${(error as Error).message}`];
		}
		const stamp = reasons.length ? undefined : acceptedStamp(advice);
		const row: InventoryRow = {
			transactionId,
			state: reasons.length ? 'rejected' : 'accepted',
			reasons,
			lines: advice.lines.length,
			senderId,
			...(stamp && { stamp }),
			...(path && { path }),
		};
		this.inventory.push(row);
		return { entries: [], unmatched: [], inventory: [row] };
	}

	/** The last 846 accepted from a sender (each accepted one is not older than the one before). */
	private lastFeed(senderId: string): LastFeed | undefined {
		for (let i = this.inventory.length - 1; i >= 0; i--) {
			const { state, stamp, senderId: from, transactionId } = this.inventory[i];
			if (state === 'accepted' && stamp && from === senderId) return { stamp, transactionId };
		}
		return undefined;
	}

	get(purchaseOrderNumber: string): ScorecardEntry | undefined {
		return this.entries.get(purchaseOrderNumber);
	}

	/** The admin view: entries without the bookkeeping of accepted documents, changes and control numbers. */
	view() {
		return {
			purchaseOrders: [...this.entries.values()].map(
				({ accepted: _accepted, x12Control: _control, changes: _changes, ...visible }) => visible,
			),
			unmatched: this.unmatched,
			inventory: this.inventory.map(({ transactionId, state, reasons, lines }) => ({
				transactionId,
				state,
				reasons,
				lines,
			})),
		};
	}

	snapshot(): ScorecardSnapshot {
		return {
			entries: [...this.entries.values()],
			unmatched: this.unmatched,
			inventory: this.inventory,
			acceptedNumbers: [...this.acceptedNumbers.values()],
		};
	}

	restore(snapshot: ScorecardSnapshot | undefined): void {
		this.clear();
		for (const entry of snapshot?.entries ?? []) this.entries.set(entry.purchaseOrderNumber, entry);
		this.unmatched = [...(snapshot?.unmatched ?? [])];
		this.inventory = [...(snapshot?.inventory ?? [])];
		for (const accepted of snapshot?.acceptedNumbers ?? [])
			this.acceptedNumbers.set(acceptedKey(accepted), accepted);
	}

	clear(): void {
		this.entries.clear();
		this.unmatched = [];
		this.inventory = [];
		this.acceptedNumbers.clear();
	}
}

/** Control numbers compare as numbers when both are digits ("000000042" is GS06 42). */
function sameNumber(a: string, b: string): boolean {
	return /^\d+$/.test(a) && /^\d+$/.test(b) ? BigInt(a) === BigInt(b) : a.trim() === b.trim();
}

/**
 * The partner's verdict on an 855, 856 or 810 in its order's scenario: against the effective
 * order; nothing shipped or billed for a cancelled one; in `sellerChanges` an 855 that changes a line.
 */
function judge(
	entry: ScorecardEntry,
	type: OrderDocumentType,
	message: unknown,
	order: Json,
	totals?: TotalsCheck,
): string[] {
	const changes = entry.changes ?? [];
	const reasons = checkAgainstChanges(type, message, order, changes, { ...entry.accepted }, totals);
	if (type === '855' && !reasons.length && SCENARIOS[entry.scenario ?? 'standard'].sellerChanges) {
		const reason = sellerChangeReason(message, applyChanges(order, changes).order);
		if (reason) reasons.push(reason);
	}
	return reasons;
}

const ANSWERED_ROWS = ['855', '856', '810', '865'] as const;

/**
 * The partner's verdict on one document from what judging it changed: every reason it gave (on
 * each order the document names, as unmatched, or as an 846 row); [] = accepted; undefined when
 * the change holds no verdict on it (a 997, or a type the partner does not judge).
 */
export function verdictOf(changed: ScorecardChange, transactionId: number): string[] | undefined {
	let found = false;
	const reasons = new Set<string>();
	const add = (row: { transactionId?: number; reasons: string[] } | undefined) => {
		if (row?.transactionId !== transactionId) return;
		found = true;
		row.reasons.forEach((r) => reasons.add(r));
	};
	for (const entry of changed.entries) {
		for (const type of ANSWERED_ROWS) add(entry[type]);
		for (const row of entry.duplicates ?? []) add(row);
	}
	for (const row of changed.unmatched) if (row.type !== '997') add(row);
	for (const row of changed.inventory ?? []) add(row);
	return found ? [...reasons] : undefined;
}
