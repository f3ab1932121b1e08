/**
 * Reads the receiver's verdict on a sent transaction (GET …/transactions/{id}/acknowledgment).
 * A 404 is no error here: the receiver has not answered yet, or the service has no such endpoint
 * (then the list's acknowledgmentStatus is all there is); the caller tells which.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ExpectedBody, ServiceClient } from './client';
import { asNodeError } from './errors';

/** One reason the receiver gave, in its own words. */
export interface AcknowledgmentReason {
	message: string;
	path?: string;
	code?: string;
}

export interface Acknowledgment {
	status: string;
	/** When the receiver answered, as the service says. */
	createdAt?: string;
	reasons: AcknowledgmentReason[];
	/** The body as the service sent it. */
	body: IDataObject;
}

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const ACKNOWLEDGMENT: ExpectedBody = {
	what: 'an acknowledgment (an object with a status)',
	matches: (body) => isObject(body) && typeof body.status === 'string',
};

const text = (value: unknown): string | undefined =>
	typeof value === 'string' && value !== ''
		? value
		: typeof value === 'number'
			? String(value)
			: undefined;

/** The reasons of an acknowledgment's `errors`, read tolerantly (a bare string is a message). */
export function reasonsOf(errors: unknown): AcknowledgmentReason[] {
	if (!Array.isArray(errors)) return [];
	return errors.flatMap((entry): AcknowledgmentReason[] => {
		if (typeof entry === 'string') return [{ message: entry }];
		if (!isObject(entry)) return [];
		const reason: AcknowledgmentReason = {
			message: text(entry.message) ?? text(entry.errorMessage) ?? JSON.stringify(entry),
		};
		const path = text(entry.path);
		const code = text(entry.code);
		if (path) reason.path = path;
		if (code) reason.code = code;
		return [reason];
	});
}

/** The acknowledgment, or undefined on a 404 (no answer yet, or no such endpoint). */
export async function fetchAcknowledgment(
	client: ServiceClient,
	transactionId: number | string,
	itemIndex?: number,
	retry = true,
): Promise<Acknowledgment | undefined> {
	try {
		const { body } = await client.send<IDataObject>({
			route: 'getAcknowledgment',
			params: { id: transactionId },
			itemIndex,
			expect: ACKNOWLEDGMENT,
			retry,
		});
		return {
			status: body.status as string,
			createdAt: text(body.createdAt),
			reasons: reasonsOf(body.errors),
			body,
		};
	} catch (error) {
		if (error instanceof NodeApiError && error.httpCode === '404') return undefined;
		throw asNodeError(client.node, error);
	}
}
