/**
 * Redirects are followed by the node itself, never by the HTTP client, so the API token goes
 * nowhere but the origin of the credential's Base URL and no request silently changes its
 * method (a POST turned into a GET whose answer looks like a created document).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Route } from './routes';

export interface Redirect {
	status: number;
	/** The absolute address the service pointed at. */
	location: string;
}

/** The redirect an answer asks for, if it is one; undefined for a 3xx without a usable Location. */
export function readRedirect(
	statusCode: number,
	headers: IDataObject,
	from: string,
): Redirect | undefined {
	const location = headers.location;
	if (statusCode < 300 || statusCode >= 400 || typeof location !== 'string' || !location)
		return undefined;
	try {
		return { status: statusCode, location: new URL(location, from).href };
	} catch {
		return undefined;
	}
}

/**
 * Whether the node follows a redirect: only within the Base URL's origin, only for a request
 * that is safe to repeat, and only where it stays the same request (any redirect of a GET; a 307
 * or 308 of a POST). Everything else is reported, with where the service pointed.
 */
export function mayFollow(route: Route, redirect: Redirect, origin: string): boolean {
	if (new URL(redirect.location).origin !== origin || !route.idempotent) return false;
	return route.method === 'GET' || redirect.status === 307 || redirect.status === 308;
}
