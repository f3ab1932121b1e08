/**
 * Turns the service's answers and network failures into errors that say what happened and how to
 * fix it. Built from the service's error body only: never from the request, which carries the token.
 */
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { Route } from './routes';

interface ServiceErrorBody {
	type?: string;
	message?: string;
	errors?: Array<{ type?: string; ref?: string; message?: string }>;
}

const HINTS: Record<number, string> = {
	400: 'The service refused the request’s parameters or body. Correct the fields named above.',
	401: 'The service did not accept the API token. Open the EDI Exchange API credential and paste the API Token again (portal: Settings → API Credentials), and check that the Base URL points at the right service.',
	403: 'The API token is valid but not allowed to do this. Check the account’s permissions in the portal.',
	404: 'Nothing exists at this id. Check the transaction id (a number from Transaction → Get Many or the trigger) or the delivery link.',
	409: 'This delivery already has the opposite outcome (accepted or failed); a delivery’s outcome cannot be changed.',
	413: 'The request body is larger than the service accepts (5 MiB). Send smaller documents or split the interchange.',
	429: 'The service’s rate limit was still exceeded after waiting and retrying. Run fewer items at once (e.g. with Loop Over Items and a Wait node) or try again later.',
};

function describeServerError(route: Route, attempts: number): string {
	if (route.idempotent) {
		return `The service failed to answer (retried ${attempts - 1} times). Try again later.`;
	}
	return 'The service failed while handling this request, so it may or may not have been processed. It was NOT sent again, because the service has no idempotency key and a repeat could create a duplicate document: check Transaction → Get Many before sending it again.';
}

export function serviceError(
	node: INode,
	route: Route,
	statusCode: number,
	body: unknown,
	attempts: number,
	itemIndex?: number,
): NodeApiError {
	const error: ServiceErrorBody = body && typeof body === 'object' ? (body as ServiceErrorBody) : {};
	const details = (error.errors ?? [])
		.map((e) => (e.ref ? `${e.ref}: ${e.message ?? e.type ?? 'invalid'}` : e.message ?? ''))
		.filter(Boolean);
	const message = [error.message ?? `The service answered with status ${statusCode}`, ...details].join(' — ');
	const description = statusCode >= 500 ? describeServerError(route, attempts) : HINTS[statusCode];
	return new NodeApiError(node, (typeof body === 'object' && body ? body : { message }) as JsonObject, {
		httpCode: String(statusCode),
		message: error.type ? `${message} [${error.type}]` : message,
		description,
		itemIndex,
	});
}

export function connectionError(node: INode, route: Route, reason: string, attempts: number, itemIndex?: number): NodeApiError {
	return new NodeApiError(
		node,
		{ message: reason },
		{
			message: `The connection to the EDI Exchange service failed: ${reason}`,
			description: route.idempotent
				? `Retried ${attempts - 1} times. Check the credential’s Base URL and that the service is reachable.`
				: describeServerError(route, attempts),
			itemIndex,
		},
	);
}
