/** The 810 (invoice) as X12 004010 segments: BIG, CUR, REF, N1, ITD, DTM, IT1/PID, TDS, SAC, CTT. */
import { type Decimal } from '../documents/decimal';
import { isObject } from '../documents/fieldReader';
import { CHARGES, codeFor, TERMS_BASIS, TERMS_TYPES } from './codes';
import {
	productIdPairs,
	unitCode,
	writeCurrency,
	writeDates,
	writeParties,
	writeReferences,
} from './common';
import { type ElementSpec, SegmentWriter, type WriteOptions } from './elements';
import { quantityOf, writeDescription, writeTotals } from './lines';
import { messageOf } from './write855';

const DOCUMENT = 'invoice (810)';
const AMOUNT: ElementSpec = ['TDS01', 'N2', 1, 15];

/** The 810 message (as buildInvoice returns it) → its segments, without ST/SE. TDS carries the totals in cents. */
export function write810(invoice: unknown, options: WriteOptions = {}): string[][] {
	const message = messageOf(invoice, 'invoiceNumber', DOCUMENT);
	const w = new SegmentWriter(DOCUMENT, options);
	const dates = isObject(message.dates) ? message.dates : {};
	w.add(
		'BIG',
		w.requiredDate(message.invoiceDate, ['BIG01', 'DT', 8, 8], 'invoiceDate'),
		w.required(message.invoiceNumber, ['BIG02', 'AN', 1, 22], 'invoiceNumber'),
		w.date(dates.purchaseOrderDate, ['BIG03', 'DT', 8, 8], 'dates.purchaseOrderDate'),
		w.text(message.purchaseOrderNumber, ['BIG04', 'AN', 1, 22], 'purchaseOrderNumber'),
		w.text(message.releaseNumber, ['BIG05', 'AN', 1, 30], 'releaseNumber'),
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
			w.required(entry.purchaseOrderLineId, ['IT101', 'AN', 1, 20], `${path}.purchaseOrderLineId`),
			w.decimal(quantity, ['IT102', 'R', 1, 10], `${path}.quantityInvoiced.value`),
			unitCode(
				w,
				isObject(entry.quantityInvoiced) ? entry.quantityInvoiced.unitOfMeasure : undefined,
				`${path}.quantityInvoiced.unitOfMeasure`,
			),
			w.price(
				w.parse(entry.unitPrice, `${path}.unitPrice`),
				['IT104', 'R', 1, 17],
				`${path}.unitPrice`,
			),
			undefined,
			...productIdPairs(w, entry.productIds, `${path}.productIds`, 'IT1', 6, 10),
		);
		writeDescription(w, entry.productAttributes, `${path}.productAttributes`);
		return quantity;
	});

	w.add(
		'TDS',
		w.implied2(message.invoiceTotal, AMOUNT, 'invoiceTotal'),
		message.invoiceSalesTotal === undefined
			? undefined
			: w.implied2(message.invoiceSalesTotal, ['TDS02', 'N2', 1, 15], 'invoiceSalesTotal'),
	);
	writeCharges(w, message.charges, 'C', 'charges');
	writeCharges(w, message.allowances, 'A', 'allowances');
	writeTotals(w, quantities, ['CTT02', 'R', 1, 10]);
	return w.segments;
}

/** SAC*C (charge) or SAC*A (allowance): its code, the amount in cents (N2) and the description. */
function writeCharges(w: SegmentWriter, list: unknown, indicator: 'A' | 'C', field: string): void {
	if (!Array.isArray(list)) return;
	list.forEach((entry, i) => {
		const path = `${field}[${i}]`;
		if (!isObject(entry)) throw w.error(path, 'is not an object with type and amount');
		const amount = w.implied2(entry.amount, ['SAC05', 'N2', 1, 15], `${path}.amount`);
		w.add(
			'SAC',
			indicator,
			codeFor(CHARGES, entry.type, `${path}.type`, w.documentName),
			undefined,
			undefined,
			amount,
			...new Array<undefined>(9),
			w.text(entry.description, ['SAC15', 'AN', 1, 80], `${path}.description`),
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
		w.decimalText(terms.discountPercent, ['ITD03', 'R', 1, 6], 'termsOfSale.discountPercent'),
		w.date(terms.discountDueDate, ['ITD04', 'DT', 8, 8], 'termsOfSale.discountDueDate'),
		w.integer(terms.discountDaysDue, ['ITD05', 'N0', 1, 3], 'termsOfSale.discountDaysDue'),
		w.date(terms.netDueDate, ['ITD06', 'DT', 8, 8], 'termsOfSale.netDueDate'),
		w.integer(terms.netDaysDue, ['ITD07', 'N0', 1, 3], 'termsOfSale.netDaysDue'),
		discount === undefined
			? undefined
			: w.implied2(discount, ['ITD08', 'N2', 1, 10], 'invoiceTermsDiscount'),
		undefined,
		undefined,
		undefined,
		w.text(terms.description, ['ITD12', 'AN', 1, 80], 'termsOfSale.description'),
	);
}
