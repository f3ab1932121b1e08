/** Segments the 855, 856 and 810 share: N1/N3/N4, REF, DTM, CUR and the product id pairs of a line. */
import { DocumentError } from '../documents/errors';
import { isObject, type PlainObject, unwrapMessage } from '../documents/fieldReader';
import { codeFor, DATES, PARTIES, PARTY_ID_TYPES, REFERENCES, UNITS } from './codes';
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

/** The document's unit of measure as an X12 code (355). */
export function unitCode(w: SegmentWriter, value: unknown, field: string): string {
	return codeFor(UNITS, value ?? 'each', field, w.documentName);
}

/**
 * Qualifier/id pairs of a line's `productIds`, flattened for PO106…, IT106…, LIN02…, ACK07…:
 * at most `maxPairs` (the segment's room), in the order the document gives them.
 */
export function productIdPairs(
	w: SegmentWriter,
	productIds: unknown,
	field: string,
	segment: string,
	firstElement: number,
	maxPairs: number,
): string[] {
	const ids = isObject(productIds) ? productIds : {};
	const keys = Object.keys(ids).filter(
		(k) => ids[k] !== undefined && ids[k] !== null && ids[k] !== '',
	);
	if (keys.length > maxPairs)
		throw w.error(
			field,
			`has ${keys.length} product ids: X12 ${segment} holds at most ${maxPairs}`,
		);
	const pairs: string[] = [];
	keys.forEach((key, i) => {
		const n = firstElement + 2 * i;
		const qualifier = codeFor(w.productIdCodes, key, `${field}.${key}`, w.documentName);
		pairs.push(qualifier, w.required(ids[key], spec(ref(segment, n + 1)), `${field}.${key}`));
	});
	return pairs;
}

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

/** The N1 loop (N1, N3, N4) for each party of a `parties` object, in the document's order. */
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
	}
}
