/**
 * An 810 received as X12 (BIG, CUR, IT1, TDS, SAC) read into the structured invoice the partner
 * checks. Its totals are checked as X12 states them: TDS01 in cents (N2, two implied decimals).
 */
import { say } from './reasons';
import { type Exact, money, readExact, sameValue, toCents } from './amounts';
import type { TotalsCheck } from './invoice';
import type { Json } from './read';
import { element, impliedTwo, productIdsOf, unitOf } from './x12Elements';

export function readInvoice(segments: string[][]): {
	message: Json;
	reasons: string[];
	totals: TotalsCheck;
} {
	const message: Json = {};
	const lineItems: Json[] = [];
	const charges: Json[] = [];
	const allowances: Json[] = [];
	const reasons: string[] = [];
	let tds: string[] | undefined;
	for (const segment of segments) {
		switch (segment[0]) {
			case 'BIG':
				message.invoiceNumber = element(segment, 2);
				message.purchaseOrderNumber = element(segment, 4);
				if (element(segment, 5)) message.releaseNumber = element(segment, 5);
				break;
			case 'CUR':
				message.buyersCurrency = { currencyCode: element(segment, 2) };
				break;
			case 'IT1':
				lineItems.push({
					purchaseOrderLineId: element(segment, 1) || String(lineItems.length + 1),
					quantityInvoiced: {
						value: element(segment, 2),
						unitOfMeasure: unitOf(element(segment, 3)),
					},
					unitPrice: element(segment, 4),
					productIds: productIdsOf(segment, 6),
				});
				break;
			case 'TDS':
				tds = segment;
				break;
			case 'SAC': {
				const amount = element(segment, 5);
				const list = element(segment, 1) === 'A' ? allowances : charges;
				if (!amount) break;
				const value = impliedTwo(amount);
				if (value === undefined) reasons.push(say.sacAmount(amount));
				list.push({ type: element(segment, 2), amount: value ?? amount });
				break;
			}
		}
	}
	Object.assign(message, { lineItems, charges, allowances });
	return { message, reasons, totals: (_message, _sales, total) => tdsReasons(tds, total) };
}

const N2 = say.tdsAmount;

/** TDS01 against the partner's total: Σ IT102 × IT104 (each line to cents) + SAC charges − SAC allowances. */
function tdsReasons(tds: string[] | undefined, total: Exact): string[] {
	if (!tds) return [say.noTds()];
	const reasons: string[] = [];
	const stated = element(tds, 1);
	const value = impliedTwo(stated);
	const cents = toCents(total);
	if (value === undefined) reasons.push(N2('TDS01', stated));
	else if (!sameValue(readExact(value)!, cents))
		reasons.push(say.tdsTotal(stated, value, money(total), String(cents.n)));
	const subject = element(tds, 2);
	if (subject && impliedTwo(subject) === undefined) reasons.push(N2('TDS02', subject));
	return reasons;
}
