/**
 * The transaction list's filters: which the service applies (docs/contract.md: stream, direction,
 * and, as the service's own list offers them, businessNumber and acknowledgmentStatus), and what a
 * client does when the service refuses one of the last two (400 naming the parameter): it asks
 * without it and keeps the matching transactions itself. Pure.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

export interface ListFilters {
	stream?: string;
	direction?: string;
	/** Exact business numbers (at most MAX_BUSINESS_NUMBERS). */
	businessNumber?: string[];
	/** Acknowledgment statuses (docs/contract.md). */
	acknowledgmentStatus?: string[];
}

/** Filters a service may refuse; the client then applies them itself. */
export const REFUSABLE_FILTERS = ['businessNumber', 'acknowledgmentStatus'] as const;
export type RefusableFilter = (typeof REFUSABLE_FILTERS)[number];

/** The service's limit on one businessNumber filter (contract: up to 5). */
export const MAX_BUSINESS_NUMBERS = 5;

/** The query of a list request: the filters given, except those the service refused. */
export function filterQuery(filters: ListFilters, refused: ReadonlySet<string>): IDataObject {
	const qs: IDataObject = {};
	if (filters.stream) qs.stream = filters.stream;
	if (filters.direction) qs.direction = filters.direction;
	for (const name of REFUSABLE_FILTERS) {
		const values = filters[name];
		if (values?.length && !refused.has(name)) qs[name] = values.join(',');
	}
	return qs;
}

/** Whether `item` passes the filters the service refused (so the client applies them). */
export function passesRefused(
	item: IDataObject,
	filters: ListFilters,
	refused: ReadonlySet<string>,
): boolean {
	for (const name of REFUSABLE_FILTERS) {
		const values = filters[name];
		if (!values?.length || !refused.has(name)) continue;
		const value = item[name];
		if (typeof value !== 'string' && typeof value !== 'number') return false;
		if (!values.includes(String(value))) return false;
	}
	return true;
}

/**
 * The filter a failed list request was refused for: a 400 whose error names one that was sent
 * (in `errors[].ref`, or in a message such as "property acknowledgmentStatus should not exist").
 */
export function refusedFilterOf(
	error: unknown,
	filters: ListFilters,
	refused: ReadonlySet<string>,
): RefusableFilter | undefined {
	if (!(error instanceof NodeApiError) || error.httpCode !== '400') return undefined;
	const body = (error.errorResponse ?? {}) as IDataObject;
	const entries = Array.isArray(body.errors) ? (body.errors as IDataObject[]) : [];
	const texts = [
		...entries.map((entry) => `${String(entry.ref ?? '')} ${String(entry.message ?? '')}`),
		String(body.message ?? ''),
	];
	return REFUSABLE_FILTERS.find(
		(name) =>
			Boolean(filters[name]?.length) &&
			!refused.has(name) &&
			texts.some((text) => new RegExp(`\\b${name}\\b`).test(text)),
	);
}
