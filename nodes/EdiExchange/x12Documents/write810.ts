/** The 810 (invoice) as X12 004010 segments: BIG, CUR, REF, N1, ITD, DTM, IT1/PID, TDS, SAC, CTT. */
import { type Decimal } from '../documents/decimal';
import { isObject } from '../documents/fieldReader';
import { CHARGES, codeFor, TERMS_BASIS, TERMS_TYPES } from './codes';
import {
	productIdPairs,
	startDocument,
	unitCode,
	writeCurrency,
	writeDates,
	writeParties,
	writeReferences,
} from './common';
import { type SegmentWriter, spec, type WriteOptions } from './elements';
import { quantityOf, writeDescription, writeTotals } from './lines';

const DOCUMENT = 'invoice (810)';

/** The 810 message (as buildInvoice returns it) → its segments, without ST/SE. TDS carries the totals in cents. */
export function write810(invoice: unknown, options: WriteOptions = {}): string[][] {
	const { message, w, dates } = startDocument(invoice, 'invoiceNumber', DOCUMENT, options);
	w.add(
		'BIG',
		w.requiredDate(message.invoiceDate, spec('BIG01'), 'invoiceDate'),
		w.required(message.invoiceNumber, spec('BIG02'), 'invoiceNumber'),
		w.date(dates.purchaseOrderDate, spec('BIG03'), 'dates.purchaseOrderDate'),
		w.text(message.purchaseOrderNumber, spec('BIG04'), 'purchaseOrderNumber'),
		w.text(message.releaseNumber, spec('BIG05'), 'releaseNumber'),
	);
	writeCurrency(w, message);
	writeReferences(w, message.references, 'references');
	writeParties(w, message.parties, 'parties');
	writeTerms(w, message.termsOfSale, message.invoiceTermsDiscount);
	writeDates(w, message.dates, 'dates', ['purchaseOrderDate']);

	const lines = Array.isArray(message.lineItems) ? message.lineItems : [];
	if (lines.length === 0) throw w.error('lineItems', 'is empty: an invoice needs an IT1 line');
	const quantities: Decimal[] = lines.map((entry, i) => {
		const path = `lineItems[${i}]`;
		if (!isObject(entry)) throw w.error(path, 'is not a line item object');
		const quantity = quantityOf(w, entry.quantityInvoiced, `${path}.quantityInvoiced`);
		w.add(
			'IT1',
			w.required(entry.purchaseOrderLineId, spec('IT101'), `${path}.purchaseOrderLineId`),
			w.decimal(quantity, spec('IT102'), `${path}.quantityInvoiced.value`),
			unitCode(
				w,
				isObject(entry.quantityInvoiced) ? entry.quantityInvoiced.unitOfMeasure : undefined,
				`${path}.quantityInvoiced.unitOfMeasure`,
			),
			w.price(w.parse(entry.unitPrice, `${path}.unitPrice`), spec('IT104'), `${path}.unitPrice`),
			undefined,
			...productIdPairs(w, entry, path, 'IT1', 6, 10),
		);
		writeDescription(w, entry.productAttributes, `${path}.productAttributes`);
		return quantity;
	});

	w.add(
		'TDS',
		w.implied2(message.invoiceTotal, spec('TDS01'), 'invoiceTotal'),
		message.invoiceSalesTotal === undefined
			? undefined
			: w.implied2(message.invoiceSalesTotal, spec('TDS02'), 'invoiceSalesTotal'),
	);
	writeCharges(w, message.charges, 'C', 'charges');
	writeCharges(w, message.allowances, 'A', 'allowances');
	writeTotals(w, quantities, spec('CTT02'));
	return w.segments;
}

/** SAC*C (charge) or SAC*A (allowance): its code, the amount in cents (N2) and the description. */
function writeCharges(w: SegmentWriter, list: unknown, indicator: 'A' | 'C', field: string): void {
	if (!Array.isArray(list)) return;
	list.forEach((entry, i) => {
		const path = `${field}[${i}]`;
		if (!isObject(entry)) throw w.error(path, 'is not an object with type and amount');
		const amount = w.implied2(entry.amount, spec('SAC05'), `${path}.amount`);
		w.add(
			'SAC',
			indicator,
			codeFor(CHARGES, entry.type, `${path}.type`, w.documentName),
			undefined,
			undefined,
			amount,
			...new Array<undefined>(9),
			w.text(entry.description, spec('SAC15'), `${path}.description`),
		);
	});
}

/** ITD from `termsOfSale`; the discount the terms offer (invoiceTermsDiscount) goes in ITD08. */
function writeTerms(w: SegmentWriter, terms: unknown, discount: unknown): void {
	if (!isObject(terms)) return;
	w.add(
		'ITD',
		terms.type === undefined
			? undefined
			: codeFor(TERMS_TYPES, terms.type, 'termsOfSale.type', w.documentName),
		terms.basisDate === undefined
			? undefined
			: codeFor(TERMS_BASIS, terms.basisDate, 'termsOfSale.basisDate', w.documentName),
		w.decimalText(terms.discountPercent, spec('ITD03'), 'termsOfSale.discountPercent'),
		w.date(terms.discountDueDate, spec('ITD04'), 'termsOfSale.discountDueDate'),
		w.integer(terms.discountDaysDue, spec('ITD05'), 'termsOfSale.discountDaysDue'),
		w.date(terms.netDueDate, spec('ITD06'), 'termsOfSale.netDueDate'),
		w.integer(terms.netDaysDue, spec('ITD07'), 'termsOfSale.netDaysDue'),
		discount === undefined
			? undefined
			: w.implied2(discount, spec('ITD08'), 'invoiceTermsDiscount'),
		undefined,
		undefined,
		undefined,
		w.text(terms.description, spec('ITD12'), 'termsOfSale.description'),
	);
}
