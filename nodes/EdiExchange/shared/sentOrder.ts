/**
 * The purchase order a sent document answers, read from its message: for an 855 or 865 the
 * business number is the order's number; an 856 or 810 names it inside (a structured message's
 * `purchaseOrderNumber`, an 856's first of `orders`, or in X12 the 810's BIG04 and the 856's first
 * PRF01, whether the message is X12 text or service JSON segments). Tolerant: undefined when it
 * cannot be found.
 */
import type { IDataObject } from 'n8n-workflow';

import { readX12 } from '../x12';
import { typeCodeOf } from './typeCode';

/** Types whose business number is the purchase order's number. */
const ORDER_NUMBERED = ['850', '855', '860', '865'];

/** Where the X12 of a type names its purchase order: segment id and element position. */
const ORDER_ELEMENT: Record<string, [string, number]> = {
	'810': ['BIG', 4],
	'856': ['PRF', 1],
};

const text = (value: unknown) =>
	typeof value === 'string' && value.trim() !== ''
		? value.trim()
		: typeof value === 'number'
			? String(value)
			: undefined;

/** Whether the type's purchase order number is read from its message (else from the list item). */
export const orderNumberInMessage = (type: unknown): boolean => typeCodeOf(type) in ORDER_ELEMENT;

export const orderNumberIsBusinessNumber = (type: unknown): boolean =>
	ORDER_NUMBERED.includes(typeCodeOf(type));

function fromSegments(segments: unknown[], code: string): string | undefined {
	const [id, position] = ORDER_ELEMENT[code];
	for (const segment of segments)
		if (Array.isArray(segment) && segment[0] === id) return text(segment[position]);
	return undefined;
}

/** The order number in a sent 856's or 810's message (JSON document, service JSON or X12 text). */
export function orderNumberOfMessage(type: unknown, message: unknown): string | undefined {
	const code = typeCodeOf(type);
	if (!(code in ORDER_ELEMENT)) return undefined;
	if (typeof message === 'string') {
		const sets = readX12(message).interchanges.flatMap((i) => i.groups.flatMap((g) => g.sets));
		return sets.length ? fromSegments(sets[0].segments, code) : undefined;
	}
	if (typeof message !== 'object' || message === null) return undefined;
	const document = message as IDataObject;
	if (Array.isArray(document.segments)) return fromSegments(document.segments, code);
	const orders = Array.isArray(document.orders) ? (document.orders as unknown[]) : [];
	const first = orders.find((order): order is IDataObject => typeof order === 'object' && !!order);
	return text(document.purchaseOrderNumber) ?? text(first?.purchaseOrderNumber);
}
