/**
 * What an order may leave to the supplier, filled only from what the user gives: a unit price
 * (replenishment and VMI orders price from the supplier's price list, PO104 empty) and a unit of
 * measure (PO103 empty). Nothing is guessed: a line still without a unit is refused naming it and
 * the option; one still without a price is refused by the 810, which must bill one.
 */
import { compareDecimal, type Decimal } from './decimal';
import { DocumentError } from './errors';
import { idText, isObject, options as optionFields } from './fieldReader';
import type { OrderLine, PurchaseOrder } from './purchaseOrder';

export interface OrderGapOptions {
	/**
	 * Prices for lines the order leaves unpriced: `{ "<product id>": "4.25" }`, or a list of
	 * `{ productId | purchaseOrderLineId, unitCostPrice }` rows (a price list's rows). A line the
	 * order prices keeps the order's price.
	 */
	pricesForUnpricedLines?: unknown;
	/** The unit (e.g. "each", or an X12 code such as "CA") of lines whose order states none. */
	unitWhenMissing?: string;
}

export const PRICES_OPTION = 'pricesForUnpricedLines';
export const UNIT_OPTION = 'unitWhenMissing';

interface PriceList {
	byLine: Map<string, Decimal>;
	byProduct: Map<string, Decimal>;
}

/** The price list as given: a map of product id → price, or rows naming a product or a line. */
function readPriceList(value: unknown): PriceList {
	const list: PriceList = { byLine: new Map(), byProduct: new Map() };
	if (value === undefined || value === null || value === '') return list;
	if (isObject(value) && !Array.isArray(value)) {
		for (const [id, price] of Object.entries(value))
			list.byProduct.set(
				id,
				optionFields.nonNegative(price, `${PRICES_OPTION}.${id}`, 'a price of zero or more'),
			);
		return list;
	}
	optionFields.array(value, PRICES_OPTION).forEach((row, i) => {
		const path = `${PRICES_OPTION}[${i}]`;
		const entry = optionFields.object(row, path);
		const price = optionFields.nonNegative(
			entry.unitCostPrice,
			`${path}.unitCostPrice`,
			'a price of zero or more',
		);
		const line = idText(entry.purchaseOrderLineId);
		const product = idText(entry.productId);
		if (line === undefined && product === undefined)
			throw optionFields.missing(`${path}.productId`);
		if (line !== undefined) list.byLine.set(line, price);
		if (product !== undefined) list.byProduct.set(product, price);
	});
	return list;
}

/** The line's product ids as written (x12ProductIds keeps the 850's order), else its productIds. */
function productIdsOf(line: OrderLine): string[] {
	const written = line.source.x12ProductIds;
	const ids = Array.isArray(written)
		? written.map((pair) => (isObject(pair) ? idText(pair.id) : undefined))
		: Object.values(line.productIds).map(idText);
	return [...new Set(ids.filter((id): id is string => id !== undefined))];
}

/** The list's price for a line: by its line id, else by one of its product ids (two prices differing are refused). */
function listPrice(line: OrderLine, list: PriceList): Decimal | undefined {
	const byLine = list.byLine.get(line.purchaseOrderLineId);
	if (byLine) return byLine;
	const found = productIdsOf(line)
		.filter((id) => list.byProduct.has(id))
		.map((id) => ({ id, price: list.byProduct.get(id)! }));
	const [first] = found;
	const other = found.find((f) => compareDecimal(f.price, first.price) !== 0);
	if (first && other)
		throw new DocumentError(
			`The option "${PRICES_OPTION}" prices line ${line.purchaseOrderLineId} twice, differently: product ${first.id} and product ${other.id}. Keep one price per line`,
			PRICES_OPTION,
		);
	return first?.price;
}

/** The order with its gaps filled from the options; a line left without a unit is refused. */
export function fillOrderGaps(po: PurchaseOrder, opts: OrderGapOptions): PurchaseOrder {
	const list = readPriceList(opts.pricesForUnpricedLines);
	const unit = optionFields.optionalText(opts.unitWhenMissing, UNIT_OPTION);
	for (const line of po.lines) {
		if (line.unitCostPrice === undefined) line.unitCostPrice = listPrice(line, list);
		if (line.unitOfMeasure === undefined) {
			if (unit === undefined)
				throw new DocumentError(
					`Line ${line.purchaseOrderLineId} has no unit of measure: the purchase order leaves it out ("lineItems[${line.index}].quantity.unitOfMeasure"). Set the option "${UNIT_OPTION}" (Unit When the Order Has None) to the unit your partner means, e.g. "each"`,
					`lineItems[${line.index}].quantity.unitOfMeasure`,
				);
			line.unitOfMeasure = unit;
		}
	}
	return po;
}

/** The unit of a line of an order whose gaps were filled (fillOrderGaps refused those without). */
export function unitOf(line: OrderLine): string {
	if (line.unitOfMeasure === undefined)
		throw new DocumentError(`Line ${line.purchaseOrderLineId} has no unit of measure`);
	return line.unitOfMeasure;
}

/** The refusal of an 810 line that neither the order, the 855 nor the price list prices. */
export function unpricedLine(line: OrderLine): DocumentError {
	const ids = productIdsOf(line);
	return new DocumentError(
		`Line ${line.purchaseOrderLineId} has no unit price: the purchase order leaves it unpriced ("lineItems[${line.index}].unitCostPrice") and the option "${PRICES_OPTION}" (Prices for Unpriced Lines) has none for it. Add its price there, keyed by ${ids.length ? `one of its product ids (${ids.join(', ')})` : 'its line id'}, or send the 855 with its price`,
		`lineItems[${line.index}].unitCostPrice`,
	);
}
