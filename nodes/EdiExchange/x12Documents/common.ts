/** What the writers share: N1/N3/N4, REF, DTM, CUR, the product id pairs of a line, and how an answer (855, 865) begins. */
import { DocumentError } from '../documents/errors';
import { isObject, type PlainObject, unwrapMessage } from '../documents/fieldReader';
import {
	type CodeList,
	codeFor,
	DATES,
	PARTIES,
	PARTY_ID_TYPES,
	PRODUCT_IDS,
	PURPOSES,
	REFERENCES,
	UNITS,
} from './codes';
import { SegmentWriter, spec, type WriteOptions } from './elements';

/** The message of a document, or of a whole transaction holding it in `message`. */
export function messageOf(input: unknown, key: string, documentName: string): PlainObject {
	const message = unwrapMessage(input, key);
	if (!isObject(message))
		throw new DocumentError(`The ${documentName} must be a JSON object (its message)`);
	return message;
}

/** How a writer starts: the document's message, a SegmentWriter for it, and its dates. */
export function startDocument(
	input: unknown,
	key: string,
	documentName: string,
	options: WriteOptions,
) {
	const message = messageOf(input, key, documentName);
	const dates = isObject(message.dates) ? message.dates : {};
	return { message, w: new SegmentWriter(documentName, options), dates };
}

/**
 * How an answer to an order (855 BAK, 865 BCA) begins: its purpose, its kind of answer (`types`,
 * from `status`) and the order's number (element 03).
 */
export function answerStart(
	w: SegmentWriter,
	message: PlainObject,
	segment: 'BAK' | 'BCA',
	types: CodeList,
): string[] {
	return [
		codeFor(PURPOSES, message.purpose ?? 'original', 'purpose', w.documentName),
		codeFor(types, message.status, 'status', w.documentName),
		w.required(message.purchaseOrderNumber, spec(`${segment}03`), 'purchaseOrderNumber'),
	];
}

/** The answer's lineItems: at least one, since every line of the order is answered. */
export function answeredLines(message: PlainObject, documentName: string): unknown[] {
	const lines = Array.isArray(message.lineItems) ? message.lineItems : [];
	if (lines.length === 0)
		throw new DocumentError(`The ${documentName} has no "lineItems[0]"`, 'lineItems');
	return lines;
}

/** The document's unit of measure as an X12 code (355). */
export function unitCode(w: SegmentWriter, value: unknown, field: string): string {
	return codeFor(UNITS, value ?? 'each', field, w.documentName);
}

/**
 * Qualifier/id pairs of an item's `productIds`, flattened for PO106…, IT106…, LIN02…, ACK07…:
 * at most `maxPairs` (the segment's room). When the line carries the 850's pairs as written
 * (`x12ProductIds`) and names the same product, those go first, qualifiers and order as the 850
 * wrote them; then any other id, in the document's order. The Product ID Order option moves the
 * qualifiers it lists to the front.
 */
export function productIdPairs(
	w: SegmentWriter,
	item: PlainObject,
	itemPath: string,
	segment: string,
	firstElement: number,
	maxPairs: number,
): string[] {
	const ids = isObject(item.productIds) ? item.productIds : {};
	const field = `${itemPath}.productIds`;
	const pairs: Array<{ qualifier: string; id: unknown; path: string }> = [];
	const echoed = echoedPairs(ids, item.x12ProductIds);
	echoed.forEach(({ qualifier, id }, i) =>
		pairs.push({ qualifier, id, path: `${itemPath}.x12ProductIds[${i}]` }),
	);
	const echoedKeys = new Set(echoed.map((p) => productIdKey(p.qualifier)));
	for (const key of Object.keys(ids)) {
		if (ids[key] === undefined || ids[key] === null || ids[key] === '') continue;
		if (echoedKeys.has(key)) continue;
		const qualifier = codeFor(w.productIdCodes, key, `${field}.${key}`, w.documentName);
		pairs.push({ qualifier, id: ids[key], path: `${field}.${key}` });
	}
	const rank = (q: string) => {
		const at = w.productIdOrder.indexOf(q);
		return at < 0 ? w.productIdOrder.length : at;
	};
	pairs.sort((a, b) => rank(a.qualifier) - rank(b.qualifier));
	if (pairs.length > maxPairs)
		throw w.error(
			field,
			`has ${pairs.length} product ids: X12 ${segment} holds at most ${maxPairs}`,
		);
	return pairs.flatMap(({ qualifier, id, path }, i) => {
		const n = firstElement + 2 * i;
		return [
			w.required(qualifier, spec(ref(segment, n)), `${path}.qualifier`),
			w.required(id, spec(ref(segment, n + 1)), path),
		];
	});
}

/**
 * The 850's pairs as written, when they name the product `ids` names (each id the reader kept
 * from them, under its word or its qualifier, is unchanged); none when the line now names another
 * product (a substitute).
 */
function echoedPairs(
	ids: PlainObject,
	asWritten: unknown,
): Array<{ qualifier: string; id: string }> {
	if (!Array.isArray(asWritten)) return [];
	const pairs = asWritten.filter(
		(p): p is { qualifier: string; id: string } =>
			isObject(p) && typeof p.qualifier === 'string' && typeof p.id === 'string',
	);
	const first = new Map<string, string>();
	for (const { qualifier, id } of pairs) {
		const key = productIdKey(qualifier);
		if (!first.has(key)) first.set(key, id);
	}
	for (const [key, id] of first) if (ids[key] !== id) return [];
	return pairs;
}

/** The productIds key the 850 reader keeps a qualifier's id under: its word, else the qualifier. */
const productIdKey = (qualifier: string) => PRODUCT_IDS.word(qualifier) ?? qualifier;

/** `PO1`, 7 → `PO107`. */
export const ref = (segment: string, n: number) => `${segment}${String(n).padStart(2, '0')}`;

/** REF segments for a `references` object ({ vendorNumber: { value } }). */
export function writeReferences(w: SegmentWriter, references: unknown, field: string): void {
	if (!isObject(references)) return;
	for (const [key, entry] of Object.entries(references)) {
		const path = `${field}.${key}`;
		const value = isObject(entry) ? entry.value : entry;
		if (value === undefined || value === null || value === '') continue;
		w.add(
			'REF',
			codeFor(REFERENCES, key, path, w.documentName),
			w.required(value, spec('REF02'), isObject(entry) ? `${path}.value` : path),
		);
	}
}

/** DTM segments for a `dates` object, skipping the keys another segment already carries. */
export function writeDates(
	w: SegmentWriter,
	dates: unknown,
	field: string,
	carriedElsewhere: readonly string[] = [],
): void {
	if (!isObject(dates)) return;
	for (const [key, value] of Object.entries(dates)) {
		if (carriedElsewhere.includes(key) || value === undefined || value === null || value === '')
			continue;
		const path = `${field}.${key}`;
		w.add('DTM', codeFor(DATES, key, path, w.documentName), w.date(value, spec('DTM02'), path));
	}
}

/** CUR*BY for the purchase order's currency, when the document carries it. */
export function writeCurrency(w: SegmentWriter, message: PlainObject): void {
	const currency = isObject(message.buyersCurrency)
		? message.buyersCurrency.currencyCode
		: undefined;
	if (currency === undefined || currency === null || currency === '') return;
	w.add('CUR', 'BY', w.required(currency, spec('CUR02'), 'buyersCurrency.currencyCode'));
}

/** The N1 loop (N1, N3, N4, REF) for each party of a `parties` object, in the document's order. */
export function writeParties(w: SegmentWriter, parties: unknown, field: string): void {
	if (!isObject(parties)) return;
	for (const [role, entry] of Object.entries(parties)) {
		if (!isObject(entry)) continue;
		const path = `${field}.${role}`;
		const code = w.text(entry.identificationCode, spec('N104'), `${path}.identificationCode`);
		const qualifier =
			code === undefined
				? undefined
				: codeFor(
						PARTY_ID_TYPES,
						entry.identificationCodeType ?? 'mutuallyDefined',
						`${path}.identificationCodeType`,
						w.documentName,
					);
		const name = w.text(entry.name, spec('N102'), `${path}.name`);
		if (name === undefined && code === undefined)
			throw w.error(path, 'has neither a name nor an identificationCode: X12 N1 needs one');
		w.add('N1', codeFor(PARTIES, role, path, w.documentName), name, qualifier, code);
		const line1 = w.text(entry.addressLine1, spec('N301'), `${path}.addressLine1`);
		const line2 = w.text(entry.addressLine2, spec('N302'), `${path}.addressLine2`);
		if (line1 !== undefined) w.add('N3', line1, line2);
		const city = w.text(entry.city, spec('N401'), `${path}.city`);
		const state = w.text(entry.stateOrProvinceCode, spec('N402'), `${path}.stateOrProvinceCode`);
		const postal = w.text(entry.postalCode, spec('N403'), `${path}.postalCode`);
		const country = w.text(entry.countryCode, spec('N404'), `${path}.countryCode`);
		if (city ?? state ?? postal ?? country) w.add('N4', city, state, postal, country);
		// The party's own references (a REF*DP the 850 gave in its ship-to loop) stay in its loop.
		writeReferences(w, entry.references, `${path}.references`);
	}
}
