/**
 * The four certification scenarios the demo partner runs, one per purchase order (contract: "Purchase
 * order changes (860) and the four certification scenarios"). Data, not code: a fifth scenario is
 * one more entry. A change names an order line by its position, so it fits any order the partner
 * sends (its own or one a caller gives).
 */

/** Which line of the 850 a change is about: by position (1 = first), or the last. */
export type LinePick = number | 'last';

export type LineChangeSpec =
	/** The line's quantity moves by `by` (a decrease that would leave nothing becomes an increase). */
	| { changeReason: 'quantityChange'; line: LinePick; by: string }
	| { changeReason: 'priceChange'; line: LinePick; unitCostPrice: string }
	| { changeReason: 'deleteItem'; line: LinePick }
	/** A new line, numbered after the order's last. */
	| {
			changeReason: 'addItem';
			quantity: string;
			unitOfMeasure: string;
			unitCostPrice: string;
			productIds: Record<string, string>;
			description: string;
	  };

export interface ChangeSpec {
	purpose: 'change' | 'cancellation' | 'replace';
	lines: LineChangeSpec[];
}

export interface Scenario {
	/** The 860s the partner sends, in sequence, once the 855 has arrived (or on send-860). */
	changes: ChangeSpec[];
	/** The partner asks for an 865 answering its 860s (acknowledgmentType withDetail). */
	asks865: boolean;
	/** The 855 must change at least one line (backorder, price change or rejection). */
	sellerChanges: boolean;
}

export const SCENARIOS = {
	standard: { changes: [], asks865: false, sellerChanges: false },
	sellerChanges: { changes: [], asks865: false, sellerChanges: true },
	buyerChanges: {
		changes: [
			{
				purpose: 'change',
				lines: [
					{ changeReason: 'quantityChange', line: 2, by: '-1' },
					{ changeReason: 'priceChange', line: 1, unitCostPrice: '9.95' },
					{ changeReason: 'deleteItem', line: 'last' },
					{
						changeReason: 'addItem',
						quantity: '6',
						unitOfMeasure: 'each',
						unitCostPrice: '4.50',
						productIds: { buyerItemNumber: '10000099', gtin12: '028374658990' },
						description: 'Tongue cleaner',
					},
				],
			},
		],
		asks865: true,
		sellerChanges: false,
	},
	cancellation: {
		changes: [{ purpose: 'cancellation', lines: [] }],
		asks865: false,
		sellerChanges: false,
	},
} satisfies Record<string, Scenario>;

export type ScenarioName = keyof typeof SCENARIOS;
export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[];

export const isScenarioName = (value: unknown): value is ScenarioName =>
	typeof value === 'string' && Object.prototype.hasOwnProperty.call(SCENARIOS, value);
