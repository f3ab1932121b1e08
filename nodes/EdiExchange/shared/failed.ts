/**
 * A 202 with status FAILED: the service recorded the request but refused its content. That is an
 * error for the user (with the service's reasons), although HTTP says accepted.
 */
import type { IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

export interface RefusedAnswer {
	status?: string;
}

/** `refused` names what was refused and how, e.g. "the payload (status FAILED)"; `reasons` come from the answer. */
export function refusedError(
	this: IExecuteFunctions,
	answer: RefusedAnswer,
	refused: string,
	reasons: string,
	description: string,
	itemIndex: number,
): NodeApiError {
	return new NodeApiError(this.getNode(), answer as JsonObject, {
		httpCode: '202',
		message: `The service refused ${refused}: ${reasons}`,
		description,
		itemIndex,
	});
}
