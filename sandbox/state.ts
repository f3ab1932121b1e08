/**
 * The sandbox's domain: transactions, the demo partner's orders and scorecard, and the runtime
 * settings (order, rate limit, faults). No HTTP here: routes call these methods.
 */
import { randomUUID } from 'crypto';
import {
	answerDueAt,
	answerFor,
	DEFAULT_ACKNOWLEDGMENT_SETTINGS,
	isAcknowledged,
	windowMs,
	type AcknowledgmentSettings,
} from './acknowledgments';
import {
	businessNumberOf,
	checkDocument,
	type CreateEnvelope,
	type ValidationError,
} from './documents';
import { AnswerQueue, type PendingAnswer } from './answerQueue';
import { Faults } from './faults';
import { generatedBusinessNumber, generatedMessage } from './generate';
import { makePurchaseOrder, ORGANIZATION_ID, PARTNER_ID, withCurrencyAndRelease } from './partner';
import { applyChanges, CHANGE_TRANSACTION_TYPE, makeChange } from './partner/changes';
import { readStructuredInventory } from './partner/inventory';
import { SCENARIOS, type ScenarioName } from './partner/scenarios';
import { countedOnce, duplicateReason } from './partner/duplicates';
import {
	answerInterchange,
	answerSets,
	type ReceivedGroup,
	type ReceivedSet,
} from './partner/x12Answers';
import { changeSegments } from './partner/x12Change';
import { readX12Reply } from './partner/x12Replies';
import { purchaseOrderSegments } from './partner/x12Order';
import { RateLimiter } from './rateLimit';
import {
	ORDER_DOCUMENT_TYPES,
	Scorecard,
	type Arrival,
	type ArrivalPath,
	type OrderDocumentType,
	type ScorecardChange,
	type ScorecardSnapshot,
	type X12Control,
	verdictOf,
} from './scorecard';
import { Store, type NewTransaction } from './store';
import type { X12Layout } from './x12/layout';
import type { CheckedInterchange } from './x12/types';
import { functionalIdFor, writeInterchange } from './x12/write';
import type {
	BulkBatch,
	Direction,
	InboundFormat,
	ListOrder,
	RateLimitConfig,
	StoredMessage,
	Stream,
	Transaction,
} from './types';

/** What "Resend 850" answers for each purchase order it sent. */
export interface SentOrder {
	transactionId: number;
	purchaseOrderNumber: string;
}

/** One 850 of an interchange a caller gave: its structured reading, the text to deliver, its GS06/ST02. */
export interface GivenX12Order {
	order: Record<string, unknown>;
	text: string;
	control: X12Control;
}

export interface StateOptions {
	partners: string[];
	seed: number;
	sendInitialOrder: boolean;
	order: ListOrder;
	rateLimit: RateLimitConfig | null;
	faultSeed: number;
	inboundFormat: InboundFormat;
	x12Layout: X12Layout;
}

export interface BulkRequest {
	count: number;
	transactionType: string;
	direction: Direction;
	stream: Stream;
	createdAt?: number;
}

/** What a data file holds. */
export interface StateSnapshot {
	version: 1;
	/** The last journal record it includes (persistence.ts). */
	serial?: number;
	nextId: number;
	sequence: number;
	transactions: Transaction[];
	scorecard: ScorecardSnapshot;
	/** Absent in snapshots from before the partner answered in X12. */
	pendingAnswers?: PendingAnswer[];
}

/**
 * What one operation changed, for the journal: replaying the changes in order rebuilds the state.
 * Transactions are whole (added or updated); a bulk insert is its count and first transaction.
 */
export interface StateChange {
	/** Everything before is gone: POST /_sandbox/reset. */
	reset?: true;
	transactions?: Transaction[];
	bulk?: { count: number; first: Transaction };
	sequence?: number;
	scorecard?: ScorecardChange;
	/** The partner's X12 answers not yet due, all of them. */
	pendingAnswers?: PendingAnswer[];
}

export class SandboxState {
	readonly store = new Store();
	readonly scorecard = new Scorecard();
	readonly faults: Faults;
	readonly limiter: RateLimiter;
	order: ListOrder;
	/** How the partner's 850s reach the organization (PUT /_sandbox/config, --inbound-format). */
	inboundFormat: InboundFormat;
	/** How the partner lays out the X12 it writes (PUT /_sandbox/config, --x12-layout). */
	x12Layout: X12Layout;
	/** How the receiver answers what the organization sends it (PUT /_sandbox/config). */
	acknowledgments: AcknowledgmentSettings = DEFAULT_ACKNOWLEDGMENT_SETTINGS;
	/** Interchanges the partner received (ISA05:ISA06 and ISA13) → the first transaction of each: a repeat is refused. */
	private readonly interchangesReceived = new Map<string, number>();
	/** Last purchase-order sequence used (partner orders and bulk messages share it, so numbers stay unique). */
	private sequence = 0;
	/** The partner's X12 answers not yet due. */
	private readonly answers = new AnswerQueue();
	/** Called with every change of persisted state, before anyone is told of it. */
	onChange: (change: StateChange) => void = () => undefined;

	constructor(readonly options: StateOptions) {
		this.order = options.order;
		this.inboundFormat = options.inboundFormat;
		this.x12Layout = options.x12Layout;
		this.limiter = new RateLimiter(options.rateLimit);
		this.faults = new Faults(options.faultSeed);
	}

	/** The start-up state: seeded transactions, then the partner's first order. */
	startUp(): void {
		if (this.options.seed > 0) {
			this.bulkInsert({
				count: this.options.seed,
				transactionType: '850',
				direction: 'inbound',
				stream: 'test',
			});
		}
		if (this.options.sendInitialOrder) this.sendPartnerOrder();
	}

	/** Back to the start-up state, runtime settings included. */
	reset(): void {
		this.store.clear();
		this.scorecard.clear();
		this.sequence = 0;
		this.order = this.options.order;
		this.inboundFormat = this.options.inboundFormat;
		this.x12Layout = this.options.x12Layout;
		this.acknowledgments = DEFAULT_ACKNOWLEDGMENT_SETTINGS;
		this.interchangesReceived.clear();
		this.answers.load([]);
		this.limiter.configure(this.options.rateLimit);
		this.faults.set({});
		this.onChange({ reset: true });
		this.startUp();
	}

	/**
	 * The portal's "Resend 850": the partner sends a new purchase order now, or the one given (a
	 * user replaying a real order, or the same PO again as a retailer resends it), scored like its
	 * own. In the X12 inbound mode it is written as an interchange in the partner's layout (this
	 * throws when a value of a given order holds one of its separators).
	 */
	sendPartnerOrder(
		now = new Date(),
		given?: Record<string, unknown>,
		scenario: ScenarioName = 'standard',
	): SentOrder {
		let order = given;
		if (!order) {
			order = makePurchaseOrder(++this.sequence, now);
			if (this.inboundFormat === 'x12') order = withCurrencyAndRelease(order, this.sequence);
		}
		if (this.inboundFormat !== 'x12')
			return this.deliverOrder(order, { kind: 'json', value: order }, now, undefined, scenario);
		// ISA13 and GS06 are the transaction's id: unique per sender, and what its 997 names.
		const control = this.store.nextId;
		const text = this.asInterchange('850', purchaseOrderSegments(order), control, now);
		return this.deliverOrder(
			order,
			{ kind: 'x12', text, order },
			now,
			{ group: String(control), set: '0001' },
			scenario,
		);
	}

	/**
	 * The partner sends the 860s its scenario holds for a purchase order and has not sent yet, in
	 * the organization's inbound format, each written against the order as the earlier ones left it.
	 * Returns the transactions sent (none when the scenario has no 860, or all were sent).
	 */
	sendChanges(purchaseOrderNumber: string, now = new Date()): number[] {
		const entry = this.scorecard.get(purchaseOrderNumber);
		if (!entry) return [];
		const order = this.orderOf(entry.transactionId);
		const sent: number[] = [];
		const specs = SCENARIOS[entry.scenario ?? 'standard'].changes;
		for (const spec of specs.slice(entry.changes?.length ?? 0)) {
			const earlier = applyChanges(order, entry.changes ?? []).order;
			const change = makeChange(earlier, spec, (entry.changes?.length ?? 0) + 1, now);
			const x12 = this.inboundFormat === 'x12';
			const control = this.store.nextId;
			const transaction = this.store.add({
				...this.inboundFields(CHANGE_TRANSACTION_TYPE, 'test', now.getTime()),
				businessNumber: purchaseOrderNumber,
				message: x12
					? { kind: 'x12', text: this.asInterchange('860', changeSegments(change), control, now) }
					: { kind: 'json', value: change },
			});
			const changed = this.scorecard.recordChange(
				purchaseOrderNumber,
				transaction.id,
				change,
				x12 ? 'x12' : undefined,
			);
			this.onChange({ transactions: [transaction], scorecard: changed });
			sent.push(transaction.id);
		}
		return sent;
	}

	/** In a scenario with 860s the partner sends them once the 855 has arrived. */
	private afterReply(changed: ScorecardChange): void {
		for (const entry of changed.entries) {
			if (entry['860']?.state === 'pending' && entry['855'].state !== 'missing')
				this.sendChanges(entry.purchaseOrderNumber);
		}
	}

	/** "Resend 850" with an interchange: each 850 in it, as given in the X12 mode, as read in the JSON mode. */
	sendGivenInterchange(
		orders: GivenX12Order[],
		scenario: ScenarioName = 'standard',
		now = new Date(),
	): SentOrder[] {
		return orders.map(({ order, text, control }) =>
			this.inboundFormat === 'x12'
				? this.deliverOrder(order, { kind: 'x12', text, order }, now, control, scenario)
				: this.deliverOrder(order, { kind: 'json', value: order }, now, undefined, scenario),
		);
	}

	private deliverOrder(
		order: Record<string, unknown>,
		message: StoredMessage,
		now: Date,
		x12?: X12Control,
		scenario?: ScenarioName,
	): SentOrder {
		const purchaseOrderNumber = String(order.purchaseOrderNumber);
		const transaction = this.store.add({
			...this.inboundFields('850', 'test', now.getTime()),
			businessNumber: purchaseOrderNumber,
			message,
		});
		const entry = this.scorecard.addOrder(purchaseOrderNumber, transaction.id, x12, scenario);
		this.onChange({
			transactions: [transaction],
			sequence: this.sequence,
			scorecard: { entries: [entry], unmatched: [] },
		});
		return { transactionId: transaction.id, purchaseOrderNumber };
	}

	/**
	 * The partner reads an interchange sent to it over the X12 passthrough path (its transactions
	 * already recorded, in order): a repeated ISA13 from the same sender is refused whole, as real
	 * receivers refuse a duplicate interchange; otherwise each 855, 856, 810, 846, 865 and 997 is checked.
	 */
	partnerReceivesInterchange(interchange: CheckedInterchange, transactionIds: number[]): void {
		const receivedAt = this.store.get(transactionIds[0])!.createdAt;
		const control = interchange.isa[13];
		const key = `${interchange.isa[5]}:${interchange.senderId}:${control}`;
		const first = this.interchangesReceived.get(key);
		const refusal =
			first === undefined
				? undefined
				: `a repeated interchange control number: ISA13 ${control} from ${interchange.senderId} was already received (transaction ${first}); the partner refuses the duplicate interchange unread (number every interchange anew)`;
		if (first === undefined) this.interchangesReceived.set(key, transactionIds[0]);
		let index = 0;
		const received: ReceivedGroup[] = interchange.groups.map((group) => ({
			functionalId: group.gs[1] ?? '',
			control: group.gs[6] ?? '',
			sets: group.sets.map((set) => {
				const transaction = this.store.get(transactionIds[index++])!;
				const reasons = this.partnerReceives(
					set.type,
					set.segments,
					transaction.id,
					'x12',
					refusal,
				);
				return this.receivedSet(transaction, set.segments.slice(1), reasons ?? [], refusal);
			}),
		}));
		const stream = interchange.usage === 'P' ? 'live' : 'test';
		this.answerInX12(received, interchange.senderId, stream, receivedAt);
	}

	/** The service-JSON path: the partner reads the set the service wrapped, and answers it in X12 too. */
	partnerReceivesSegments(transaction: Transaction, segments: string[][]): void {
		const { transactionType: type, controlNumbers } = transaction;
		const reasons = this.partnerReceives(type, segments, transaction.id, 'serviceJson');
		let functionalId: string;
		try {
			functionalId = functionalIdFor(type);
		} catch {
			return; // a type without a functional group code: the service wrote no group to acknowledge
		}
		const group = {
			functionalId,
			control: controlNumbers!.group,
			sets: [this.receivedSet(transaction, segments, reasons ?? [])],
		};
		this.answerInX12([group], transaction.senderId, transaction.stream, transaction.createdAt);
	}

	private receivedSet(
		transaction: Transaction,
		body: string[][],
		reasons: string[],
		refusal?: string,
	): ReceivedSet {
		const type = transaction.transactionType;
		return {
			type,
			setControl: transaction.controlNumbers?.transactionSet ?? '',
			firstSegment: body[0]?.[0] ?? 'SE',
			syntax: refusal ? 'R' : this.acknowledgments.withErrors.includes(type) ? 'E' : 'A',
			reasons,
			businessNumber: this.businessNumberOf(transaction) ?? undefined,
		};
	}

	/**
	 * The partner's X12 answers to what it received as X12: a 997 per group (the sets it answers),
	 * an 824 for the 856s and 810s it rejected on business rules; due after delaySeconds.
	 */
	private answerInX12(
		groups: ReceivedGroup[],
		organization: string,
		stream: Stream,
		receivedAt: number,
	): void {
		const dueAt = answerDueAt(this.acknowledgments, receivedAt);
		const answers = answerSets(groups, this.acknowledgments.silentFor, new Date(dueAt));
		if (!answers.length) return;
		this.answers.add(answers.map((a) => ({ ...a, dueAt, receiverId: organization, stream })));
		this.onChange({ pendingAnswers: this.answers.all });
		this.releaseAnswers();
	}

	/** The X12 answers due by now become inbound transactions (each with its inbox delivery). */
	releaseAnswers(now = Date.now()): void {
		const due = this.answers.takeDue(now);
		if (!due.length) return;
		const transactions = due.map((answer) => {
			const to = {
				receiverId: answer.receiverId,
				usage: answer.stream === 'live' ? ('P' as const) : ('T' as const),
				control: this.store.nextId,
				date: new Date(answer.dueAt),
			};
			return this.store.add({
				...this.inboundFields(answer.type, answer.stream, now),
				receiverId: answer.receiverId,
				...(answer.businessNumber !== undefined && { businessNumber: answer.businessNumber }),
				message: {
					kind: 'x12',
					text: answerInterchange(answer, to, PARTNER_ID, this.x12Layout),
				},
			});
		});
		this.onChange({ transactions, pendingAnswers: this.answers.all });
	}

	/**
	 * The partner reads one transaction set (ST/SE or not) that reached it over `path`; types it
	 * does not score are left alone. Its verdict: the reasons (undefined: not judged).
	 */
	private partnerReceives(
		type: string,
		segments: string[][],
		transactionId: number,
		path: ArrivalPath,
		refusal?: string,
	): string[] | undefined {
		const reply = readX12Reply(type, segments);
		if (!reply) return undefined;
		const orderOf = (id: number) => this.orderOf(id);
		const senderId = this.store.get(transactionId)?.senderId ?? '';
		return this.judge(
			transactionId,
			{ path, refusal, reasons: reply.reasons, totals: reply.totals },
			(arrival) =>
				reply.kind === 'inventory'
					? this.scorecard.receiveInventory(transactionId, senderId, reply.advice, orderOf, arrival)
					: reply.kind === 'functionalAck'
						? this.scorecard.receiveFunctionalAck(transactionId, reply.ack, arrival)
						: reply.kind === 'changeAck'
							? this.scorecard.receiveChangeAck(transactionId, reply.ack, arrival)
							: this.scorecard.receive(reply.type, transactionId, reply.message, orderOf, arrival),
		);
	}

	/**
	 * The partner judges one document: an 856, 810 or 846 repeating a number it accepted from the
	 * sender is refused as a duplicate; the verdict is recorded, a number accepted is remembered, the
	 * sender gets the answer, and the partner sends the 860s a reply lets it send.
	 */
	private judge(
		transactionId: number,
		arrival: Arrival,
		run: (arrival: Arrival) => ScorecardChange,
	): string[] | undefined {
		const transaction = this.store.get(transactionId)!;
		const type = transaction.transactionType;
		const businessNumber = this.businessNumberOf(transaction);
		const numbered =
			countedOnce(type) && businessNumber !== null
				? { senderId: transaction.senderId, type, businessNumber }
				: undefined;
		const first = numbered && this.scorecard.firstAccepted(numbered);
		const duplicate =
			first === undefined ? undefined : duplicateReason(type, businessNumber!, first);
		const changed = run(
			!duplicate
				? arrival
				: type === '846'
					? { ...arrival, refusal: arrival.refusal ?? duplicate }
					: { ...arrival, duplicate },
		);
		this.onChange({ scorecard: changed });
		const reasons = verdictOf(changed, transactionId);
		if (numbered && reasons?.length === 0)
			this.onChange({ scorecard: this.scorecard.recordAccepted({ ...numbered, transactionId }) });
		if (reasons) this.answer(transaction, reasons);
		this.afterReply(changed);
		return reasons;
	}

	private orderOf(transactionId: number): Record<string, unknown> {
		return this.partnerOrderOf(this.store.get(transactionId)!) as Record<string, unknown>;
	}

	bulkInsert(request: BulkRequest): { inserted: number; firstId: number; lastId: number } {
		const createdAt = request.createdAt ?? Date.now();
		const firstSequence = this.sequence + 1;
		this.sequence += request.count;
		const firstId = this.store.nextId;
		const { transactionType, stream, direction } = request;
		const inbound = direction === 'inbound';
		const acknowledged = isAcknowledged({ direction, status: 'DELIVERED', transactionType });
		const bulk: BulkBatch = {
			firstId,
			firstSequence,
			payloadBase: randomUUID(),
			deliveryBase: randomUUID(),
			...(acknowledged && { acknowledgmentDueBy: createdAt + windowMs(this.acknowledgments) }),
		};
		const batch = this.store.addMany(request.count, (id) => ({
			id,
			transactionType,
			direction,
			stream,
			createdAt,
			senderId: inbound ? PARTNER_ID : ORGANIZATION_ID,
			receiverId: inbound ? ORGANIZATION_ID : PARTNER_ID,
			status: inbound ? 'SENT' : 'DELIVERED',
			bulk,
		}));
		if (batch.length)
			this.onChange({ bulk: { count: batch.length, first: batch[0] }, sequence: this.sequence });
		return {
			inserted: batch.length,
			firstId: batch[0]?.id ?? 0,
			lastId: batch[batch.length - 1]?.id ?? 0,
		};
	}

	/** The structured-message path: records the document (FAILED ones too) and delivers it. */
	createDocument(envelope: CreateEnvelope): {
		transaction: Transaction;
		validationErrors: ValidationError[];
	} {
		const validationErrors = checkDocument(envelope, this.options.partners);
		const transaction = this.addOutbound({
			transactionType: envelope.transactionType,
			stream: envelope.stream,
			senderId: envelope.senderId,
			receiverId: envelope.receiverId,
			status: validationErrors.length ? 'FAILED' : 'DELIVERED',
			businessNumber: businessNumberOf(envelope.transactionType, envelope.message),
			message: { kind: 'json', value: envelope.message },
		});
		if (!validationErrors.length && envelope.receiverId === PARTNER_ID)
			this.partnerReceivesDocument(envelope, transaction.id);
		return { transaction, validationErrors };
	}

	/** The partner reads a structured document sent to it: an 855, 856 or 810 for its order, or an 846. */
	private partnerReceivesDocument(envelope: CreateEnvelope, transactionId: number): void {
		const orderOf = (id: number) => this.orderOf(id);
		const { transactionType: type, message, senderId } = envelope;
		if (type === '846') {
			const advice = readStructuredInventory(message);
			this.judge(transactionId, {}, (arrival) =>
				this.scorecard.receiveInventory(transactionId, senderId, advice, orderOf, arrival),
			);
		} else if (ORDER_DOCUMENT_TYPES.includes(type)) {
			this.judge(transactionId, {}, (arrival) =>
				this.scorecard.receive(type as OrderDocumentType, transactionId, message, orderOf, arrival),
			);
		}
	}

	/** The partner answers a document it judged (reasons: [] = accepted), as the settings in force say. */
	private answer(transaction: Transaction, reasons: string[]): void {
		if (!isAcknowledged(transaction)) return;
		const answer = answerFor(
			transaction.transactionType,
			reasons,
			this.acknowledgments,
			transaction.createdAt,
		);
		if (!answer) return;
		transaction.acknowledgment = answer;
		this.onChange({ transactions: [transaction] });
	}

	addOutbound(
		fields: Omit<NewTransaction, 'direction' | 'createdAt' | 'integrationPayloadId'> & {
			integrationPayloadId?: string;
		},
	): Transaction {
		const createdAt = Date.now();
		const transaction = this.store.add({
			integrationPayloadId: randomUUID(),
			...fields,
			direction: 'outbound',
			createdAt,
			...(isAcknowledged({ ...fields, direction: 'outbound' }) && {
				acknowledgmentDueBy: createdAt + windowMs(this.acknowledgments),
			}),
		});
		this.onChange({ transactions: [transaction] });
		return transaction;
	}

	/** Closes an inbound transaction's delivery (accept or fail). */
	settle(transaction: Transaction, status: 'DELIVERED' | 'FAILED', note: string): void {
		this.store.settle(transaction, status, note);
		this.onChange({ transactions: [transaction] });
	}

	isPartner(id: string): boolean {
		return this.options.partners.includes(id);
	}

	/** A transaction's message: a JSON document, or X12 text. */
	/** The structured order the partner checks replies against (its X12 850 keeps it beside the text). */
	partnerOrderOf(transaction: Transaction): unknown {
		const { message } = transaction;
		return message?.kind === 'x12' && message.order !== undefined
			? message.order
			: this.messageOf(transaction);
	}

	/** One set the partner sends (its 850 or 860) as an X12 004010 interchange in its layout. */
	private asInterchange(type: string, segments: string[][], control: number, now: Date): string {
		return writeInterchange({
			senderId: PARTNER_ID,
			receiverId: ORGANIZATION_ID,
			usage: 'T',
			controlNumber: control,
			date: now,
			sets: [{ type, segments }],
			layout: this.x12Layout,
			version: '004010',
		});
	}

	messageOf(transaction: Transaction): unknown {
		const { message } = transaction;
		if (message?.kind === 'json') return message.value;
		if (message?.kind === 'x12') return message.text;
		return generatedMessage(
			transaction.transactionType,
			this.bulkSequenceOf(transaction),
			transaction.createdAt,
		);
	}

	businessNumberOf(transaction: Transaction): string | null {
		if (transaction.businessNumber !== undefined) return transaction.businessNumber;
		if (!transaction.bulk) return null;
		return generatedBusinessNumber(transaction.transactionType, this.bulkSequenceOf(transaction));
	}

	private bulkSequenceOf({ bulk, id }: Transaction): number {
		return (bulk?.firstSequence ?? 0) + id - (bulk?.firstId ?? 0);
	}

	integrationPayloadIdOf(transaction: Transaction): string {
		return (
			transaction.integrationPayloadId ?? derivedUuid(transaction.bulk!.payloadBase, transaction.id)
		);
	}

	/** Inbound transactions only. */
	deliveryIdOf(transaction: Transaction): string {
		return transaction.deliveryId ?? derivedUuid(transaction.bulk!.deliveryBase, transaction.id);
	}

	snapshot(): StateSnapshot {
		return {
			version: 1,
			nextId: this.store.nextId,
			sequence: this.sequence,
			transactions: [...this.store.all()],
			scorecard: this.scorecard.snapshot(),
			pendingAnswers: this.answers.all,
		};
	}

	restore(snapshot: StateSnapshot): void {
		this.store.load(snapshot.transactions, snapshot.nextId);
		this.sequence = snapshot.sequence;
		this.scorecard.restore(snapshot.scorecard);
		this.answers.load(snapshot.pendingAnswers);
		// Interchanges the partner received are its outbound X12 transactions: read their ISA again.
		this.interchangesReceived.clear();
		for (const t of snapshot.transactions) {
			if (t.direction !== 'outbound' || t.receiverId !== PARTNER_ID || t.message?.kind !== 'x12')
				continue;
			const isa = t.message.text.trimStart().slice(0, 105).split(t.message.text.trimStart()[3]);
			const key = `${isa[5]}:${(isa[6] ?? '').trim()}:${isa[13]}`;
			if (!this.interchangesReceived.has(key)) this.interchangesReceived.set(key, t.id);
		}
	}

	private inboundFields(
		transactionType: string,
		stream: Stream,
		createdAt: number,
	): Omit<NewTransaction, 'message'> {
		return {
			transactionType,
			direction: 'inbound',
			stream,
			createdAt,
			senderId: PARTNER_ID,
			receiverId: ORGANIZATION_ID,
			status: 'SENT',
			integrationPayloadId: randomUUID(),
			deliveryId: randomUUID(),
		};
	}
}

/** A uuid unique per id within a batch: the batch's random uuid with its last 12 hex digits replaced by the id. */
function derivedUuid(base: string, id: number): string {
	return base.slice(0, 24) + id.toString(16).padStart(12, '0');
}
