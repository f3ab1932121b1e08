/**
 * How a transaction type is read wherever one is compared: by its leading three digits. The list
 * may carry the service's long names (`860_PURCHASE_ORDER_CHANGE_REQUEST_BUYER_INITIATED`), Create
 * uses `860_PURCHASE_ORDER_CHANGE`, filters and X12 say `860`: all are the 860.
 */

/** The X12 code of a type ('860' for '860', 860 or '860_PURCHASE_ORDER_CHANGE…'); the trimmed text when it has none. */
export function typeCodeOf(type: unknown): string {
	const text =
		typeof type === 'number' ? String(type) : typeof type === 'string' ? type.trim() : '';
	return /^(\d{3})(?![0-9])/.exec(text)?.[1] ?? text;
}

/** True when `type` is one of `wanted` (codes or service names); an empty list wants every type. */
export function isOneOfTypes(wanted: readonly unknown[], type: unknown): boolean {
	if (wanted.length === 0) return true;
	const code = typeCodeOf(type);
	return wanted.some((w) => typeCodeOf(w) === code);
}
