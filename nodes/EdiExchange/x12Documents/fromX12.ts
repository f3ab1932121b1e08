/**
 * X12 text → the documents of the structured path, one per transaction set, with where each came
 * from (sender, receiver, control numbers). Used where the nodes give an X12 message as its
 * document (Get Message, the trigger, Convert) and where Build From Purchase Order takes X12.
 * Never throws: what cannot be read is said in `errors`.
 */
import { DocumentError } from '../documents/errors';
import type { PlainObject } from '../documents/fieldReader';
import { codesThat } from '../documents/registry';
import { readX12, type X12Problem, type X12TransactionSet } from '../x12';
import { keepShapesOf } from '../x12/shapes';
import { type ReferenceDate, referenceDate } from './century';
import { read850 } from './read850';
import { read860 } from './read860';
import { read824 } from './read824';
import { read997 } from './read997';

/** Transaction set types this package reads into documents (the registry's `read`). */
export const READABLE_TYPES = codesThat('read');

/** A set read into its document (absent when it has errors). */
export interface SetReading {
	document?: PlainObject;
	errors: string[];
	warnings: string[];
}

/** The reader of each readable type; test/unit/registry.test.ts holds it to READABLE_TYPES. */
export const READERS: Readonly<
	Record<string, (set: X12TransactionSet, reference?: ReferenceDate) => SetReading>
> = {
	'850': (set, reference) => {
		const { purchaseOrder: document, errors, warnings } = read850(set, reference);
		return { document, errors, warnings };
	},
	'860': (set, reference) => {
		const { change: document, errors, warnings } = read860(set, reference);
		return { document, errors, warnings };
	},
	// A partner's answers to what we sent: acknowledgments.ts has their one shape.
	'997': (set) => read997(set),
	'824': (set) => read824(set),
};

export interface X12Document {
	/** ST01, e.g. `850`. */
	transactionType: string;
	/** ISA06 and ISA08, trimmed: a reply goes to the sender. */
	senderId: string;
	receiverId: string;
	/** ISA13, GS06 and ST02: what a 997 and a duplicate check refer to. */
	interchangeControlNumber: string;
	groupControlNumber: string;
	transactionSetControlNumber: string;
	/** The document (the purchase order for an 850, the change for an 860, the verdicts of a 997 or 824); absent when it could not be read or has errors. */
	document?: PlainObject;
	/** A set not read into a document: its X12 (ST … SE) as received, with the interchange's separators. */
	content?: string;
	/** What is wrong with the set: it has no document then. */
	errors: string[];
	/** What was worked around: in the set, and in its interchange (a BOM, padding, indentation). */
	warnings: string[];
}

export interface X12Documents {
	documents: X12Document[];
	/** Problems of the interchanges themselves (envelope, counts) outside any set, or why no set could be read. */
	errors: string[];
}

/** True when `text` looks like an X12 interchange (an ISA after optional BOM and blanks). */
export function isX12Text(value: unknown): value is string {
	return typeof value === 'string' && /^[\s\uFEFF]*ISA/.test(value);
}

/**
 * Every transaction set of every interchange in `text`, read tolerantly (readX12: a BOM, padding
 * or layout a partner got wrong is read as meant, and said in the warnings of each of its sets).
 * Problems inside a set are that set's errors, and it has no document; those of the envelope
 * outside any set are `errors`. `today` only places ISA09 in its century, for dates written
 * without one (century.ts).
 */
export function documentsFromX12(text: string, today = new Date()): X12Documents {
	// Each set is read into its document as soon as the reader has it, and its segments let go: a
	// large file's segments are never all in memory at once. One with X12 errors (known only at
	// the end) then keeps no document.
	const read = new Map<X12TransactionSet, SetReading>();
	const reading = readX12(text, (set, group, interchange) => {
		const reader = READABLE_TYPES.includes(set.type) ? READERS[set.type] : undefined;
		if (!reader) return;
		read.set(set, reader(set, referenceDate(interchange, group, today)));
		set.segments = [];
	});
	const where = (p: X12Problem) =>
		`${p.segment} (segment ${p.position}${p.interchange ? ` of interchange ${p.interchange + 1}` : ''})`;
	const said = (p: X12Problem) => `${where(p)}: ${p.message}`;
	const outside = reading.errors.filter((p) => p.set === undefined);
	const errors = outside.map(said);
	if (reading.moreErrors) errors.push(`… and ${reading.moreErrors} more problems`);
	const documents: X12Document[] = [];
	reading.interchanges.forEach((interchange, i) => {
		const ofSet = (g: number, s: number) => (p: X12Problem) =>
			(p.interchange ?? 0) === i && (p.set === undefined || (p.group === g && p.set === s));
		interchange.groups.forEach((group, g) => {
			group.sets.forEach((set, s) => {
				const inSet = reading.errors.filter((p) => p.set !== undefined && ofSet(g, s)(p)).map(said);
				const warnings = reading.warnings.filter(ofSet(g, s)).map(said);
				if (reading.moreWarnings) warnings.push(`… and ${reading.moreWarnings} more warnings`);
				const document: X12Document = {
					transactionType: set.type,
					senderId: interchange.senderId,
					receiverId: interchange.receiverId,
					interchangeControlNumber: interchange.controlNumber,
					groupControlNumber: group.controlNumber,
					transactionSetControlNumber: set.controlNumber,
					errors: inSet,
					warnings,
				};
				const result = read.get(set);
				if (result && inSet.length === 0) {
					if (result.document) document.document = result.document;
					document.errors = result.errors;
					document.warnings.push(...result.warnings);
				} else if (result) {
					document.errors.push(
						`The ${set.type} is not read into a document while its X12 has errors: fix them and read it again`,
					);
				} else {
					const { element, segment } = interchange.separators;
					document.content = set.segments.map((e) => e.join(element) + segment).join('');
					document.errors.push(
						`Transaction set ${set.type} is not read into a document here (only ${READABLE_TYPES.join(', ')}): its X12 is kept as it is, in content`,
					);
				}
				documents.push(document);
			});
		});
	});
	return { documents, errors };
}

/** A purchase order of one line, read once when the module loads: see x12/shapes.ts. */
const SAMPLE_850 = [
	'ISA*00*          *00*          *ZZ*SAMPLE         *ZZ*SAMPLE         *261120*0915*^*00501*000000001*0*T*>',
	'GS*PO*SAMPLE*SAMPLE*20261120*0915*1*X*005010',
	'ST*850*0001',
	'BEG*00*SA*SAMPLE**20261120',
	'N1*ST*SAMPLE*92*1',
	'PO1*1*1*EA*1.00**UP*000000000000',
	'CTT*1',
	'SE*6*0001',
	'GE*1*1',
	'IEA*1*000000001',
]
	.map((segment) => `${segment}~\n`)
	.join('');
keepShapesOf(() => documentsFromX12(SAMPLE_850));

/** The one purchase order an X12 interchange holds, with its sender and receiver (ISA06, ISA08). */
export interface X12PurchaseOrder {
	purchaseOrder: PlainObject;
	senderId: string;
	receiverId: string;
}

/** The X12 sets Build From Purchase Order reads from a field, and what the errors call them. */
const READ_FOR_BUILD = {
	'850': { one: 'purchase order', many: 'purchase orders' },
	'860': { one: 'purchase order change', many: 'purchase order changes' },
} as const;

/**
 * For Build From Purchase Order: the 850 (or, for an 865, the 860) of an interchange holding
 * exactly one. Throws a DocumentError saying why there is none (or several: Convert splits them
 * into items).
 */
export function documentFromX12(text: string, type: keyof typeof READ_FOR_BUILD): X12Document {
	const { one, many } = READ_FOR_BUILD[type];
	const { documents, errors } = documentsFromX12(text);
	const found = documents.filter((d) => d.transactionType === type);
	if (found.length === 0) {
		const why = errors.length
			? errors.slice(0, 3).join('; ')
			: `it holds ${documents.map((d) => d.transactionType).join(', ') || 'no transaction set'}`;
		throw new DocumentError(`The X12 ${one} holds no ${type}: ${why}`);
	}
	if (found.length > 1)
		throw new DocumentError(
			`The X12 interchange holds ${found.length} ${many} (${type}s, ST02 ${found.map((o) => o.transactionSetControlNumber).join(', ')}): build from one at a time (X12 → Convert gives one item each)`,
		);
	const [read] = found;
	if (!read.document)
		throw new DocumentError(
			`The X12 ${type} (ST02 ${read.transactionSetControlNumber}) cannot be read: ${read.errors.join('; ')}`,
		);
	// A broken envelope (a group or interchange not closed, a wrong GE count) is rejected by the
	// 997: no reply is built on it.
	if (errors.length)
		throw new DocumentError(
			`The X12 interchange of the ${type} (ST02 ${read.transactionSetControlNumber}) has errors: ${errors.slice(0, 3).join('; ')}`,
		);
	return read;
}

/** For Build From Purchase Order: the 850 of an interchange holding exactly one. */
export function purchaseOrderFromX12(text: string): X12PurchaseOrder {
	const order = documentFromX12(text, '850');
	return {
		purchaseOrder: order.document!,
		senderId: order.senderId,
		receiverId: order.receiverId,
	};
}

/**
 * For Apply Change and Changes (860): every 860 of an interchange, in order. Throws a
 * DocumentError when it holds none, or one cannot be read.
 */
export function changesFromX12(text: string): PlainObject[] {
	const { documents, errors } = documentsFromX12(text);
	const changes = documents.filter((d) => d.transactionType === '860');
	if (changes.length === 0 || errors.length) return [documentFromX12(text, '860').document!];
	const unread = changes.find((d) => !d.document);
	if (unread)
		throw new DocumentError(
			`The X12 860 (ST02 ${unread.transactionSetControlNumber}) cannot be read: ${unread.errors.join('; ')}`,
		);
	return changes.map((d) => d.document!);
}
