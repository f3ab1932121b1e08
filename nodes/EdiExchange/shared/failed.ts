/**
 * A 202 with status FAILED: the service recorded the request but refused its content. That is an
 * error for the user (with the service's reasons), although HTTP says accepted.
 */
import type { IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

export interface RefusedAnswer {
	status?: string;
}

export interface Refusal {
	/** What was refused and how, e.g. "the payload (status FAILED)". */
	refused: string;
	/** The service's reasons, as the user should read them. */
	reasons: string;
	/** How to fix it. */
	description: string;
	itemIndex: number;
}

export function refusedError(
	this: IExecuteFunctions,
	answer: RefusedAnswer,
	{ refused, reasons, description, itemIndex }: Refusal,
): NodeApiError {
	return new NodeApiError(this.getNode(), answer as JsonObject, {
		httpCode: '202',
		message: `The service refused ${refused}: ${reasons}`,
		description,
		itemIndex,
	});
}
