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

/** What the service answers to an integration payload (X12 or service JSON), FAILED or not. */
export interface PayloadAnswer extends RefusedAnswer {
	id?: string;
	transactionIds?: Array<number | string>;
	errors?: Array<{ segment?: string; position?: number; message?: string }>;
}

/** A FAILED payload's reasons as a user reads them: "BEG (segment 2): …; …". */
export function payloadReasons(answer: PayloadAnswer): string {
	const reasons = (answer.errors ?? []).map(
		(e) =>
			`${e.segment ?? ''}${e.position ? ` (segment ${e.position})` : ''}: ${e.message ?? 'invalid'}`,
	);
	return reasons.join('; ') || 'no reason given';
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
