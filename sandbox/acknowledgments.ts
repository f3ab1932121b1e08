/**
 * What became of an outbound transaction (contract: "What became of what you sent"): the
 * receiver's answer kept on the transaction, the status the list shows for it at a given time,
 * and the receiver's acknowledgment settings (PUT /_sandbox/config `acknowledgments`).
 */
import type { FieldError, StoredAcknowledgment, Transaction } from './types';
import { fieldError, isObject } from './http';

/** The statuses the list shows; ACCEPTED, ACCEPTED_WITH_ERRORS and REJECTED are answers. */
export const ACKNOWLEDGMENT_STATUSES = [
	'NOT_ACKNOWLEDGED',
	'ACCEPTED',
	'ACCEPTED_WITH_ERRORS',
	'REJECTED',
	'OVERDUE',
] as const;
export type AcknowledgmentStatus = (typeof ACKNOWLEDGMENT_STATUSES)[number];
export interface AcknowledgmentSettings {
	delaySeconds: number;
	/** Transaction types the receiver never answers. */
	silentFor: string[];
	/** Transaction types the receiver accepts with errors. */
	withErrors: string[];
	/** How long the receiver may take before an unanswered transaction is OVERDUE. */
	windowMinutes: number;
}

export const DEFAULT_ACKNOWLEDGMENT_SETTINGS: AcknowledgmentSettings = {
	delaySeconds: 0,
	silentFor: [],
	withErrors: [],
	windowMinutes: 1440,
};

export const WITH_ERRORS_MESSAGE = 'accepted with errors: sandbox setting';

/** Whether the list shows an acknowledgment status for it: delivered outbound transactions but 997s. */
export function isAcknowledged(
	t: Pick<Transaction, 'direction' | 'status' | 'transactionType'>,
): boolean {
	return t.direction === 'outbound' && t.status !== 'FAILED' && t.transactionType !== '997';
}

/** The answer as it stands at `now` (undefined before a delayed answer is due). */
export function answerAt(t: Transaction, now: number): StoredAcknowledgment | undefined {
	const answer = t.acknowledgment;
	return answer && answer.createdAt <= now ? answer : undefined;
}

/** The list's acknowledgmentStatus at `now`, or undefined where it shows none. */
export function acknowledgmentStatusAt(
	t: Transaction,
	now: number,
): AcknowledgmentStatus | undefined {
	if (!isAcknowledged(t)) return undefined;
	const answer = answerAt(t, now);
	if (answer) return answer.status;
	const dueBy =
		t.acknowledgmentDueBy ??
		t.bulk?.acknowledgmentDueBy ??
		t.createdAt + windowMs(DEFAULT_ACKNOWLEDGMENT_SETTINGS);
	return now > dueBy ? 'OVERDUE' : 'NOT_ACKNOWLEDGED';
}

export const windowMs = (settings: AcknowledgmentSettings) =>
	Math.round(settings.windowMinutes * 60_000);

/** When an answer to what arrived at `receivedAt` comes (epoch ms). */
export const answerDueAt = (settings: AcknowledgmentSettings, receivedAt: number) =>
	receivedAt + Math.round(settings.delaySeconds * 1000);

/**
 * The receiver's answer to a document it judged (reasons: [] = accepted), under the settings in
 * force when it arrived; undefined when its type gets no answer.
 */
export function answerFor(
	type: string,
	reasons: string[],
	settings: AcknowledgmentSettings,
	receivedAt: number,
): StoredAcknowledgment | undefined {
	if (settings.silentFor.includes(type)) return undefined;
	const createdAt = answerDueAt(settings, receivedAt);
	if (reasons.length)
		return {
			status: 'REJECTED',
			createdAt,
			errors: reasons.map((message) => ({ code: errorCodeOf(message), message })),
		};
	if (settings.withErrors.includes(type))
		return {
			status: 'ACCEPTED_WITH_ERRORS',
			createdAt,
			errors: [{ message: WITH_ERRORS_MESSAGE }],
		};
	return { status: 'ACCEPTED', createdAt, errors: [] };
}

/** X12 list 647 (application error condition): 006 duplicate, 007 missing data, 011 not matching, 024 other. */
export function errorCodeOf(reason: string): string {
	if (/\bduplicate\b|\balready (accepted|received)\b/i.test(reason)) return '006';
	if (/(^|: )no |\bnames no\b|\bmissing\b|\bis required\b|\bhas no\b/i.test(reason)) return '007';
	if (/\bdo(es)? not match\b|\bdiffers?\b|\bbut\b|\bnot on the\b|\bmismatch/i.test(reason))
		return '011';
	return '024';
}

const TYPE = /^\d{3}$/;
const SETTINGS_FIELDS = Object.keys(DEFAULT_ACKNOWLEDGMENT_SETTINGS);

/** The settings a PUT /_sandbox/config gives (the whole object: what it leaves out takes the default), or its errors. */
export function readAcknowledgmentSettings(
	value: unknown,
): { settings: AcknowledgmentSettings } | { errors: FieldError[] } {
	if (!isObject(value))
		return {
			errors: [
				fieldError(
					'acknowledgments',
					'acknowledgments must be an object { delaySeconds, silentFor, withErrors, windowMinutes }',
				),
			],
		};
	const errors: FieldError[] = Object.keys(value)
		.filter((key) => !SETTINGS_FIELDS.includes(key))
		.map((key) =>
			fieldError(
				`acknowledgments.${key}`,
				`property acknowledgments.${key} should not exist`,
				'unknownProperty',
			),
		);
	const settings = { ...DEFAULT_ACKNOWLEDGMENT_SETTINGS, ...value } as AcknowledgmentSettings;
	const { delaySeconds, windowMinutes } = settings;
	if (typeof delaySeconds !== 'number' || !Number.isFinite(delaySeconds) || delaySeconds < 0)
		errors.push(
			fieldError(
				'acknowledgments.delaySeconds',
				'acknowledgments.delaySeconds must be a number ≥ 0',
			),
		);
	if (typeof windowMinutes !== 'number' || !Number.isFinite(windowMinutes) || windowMinutes <= 0)
		errors.push(
			fieldError(
				'acknowledgments.windowMinutes',
				'acknowledgments.windowMinutes must be a number > 0 (fractions allowed: 0.05 = 3 s)',
			),
		);
	for (const key of ['silentFor', 'withErrors'] as const) {
		const types = settings[key] as unknown;
		if (!Array.isArray(types) || !types.every((t) => typeof t === 'string' && TYPE.test(t)))
			errors.push(
				fieldError(
					`acknowledgments.${key}`,
					`acknowledgments.${key} must be a list of three-digit transaction types, e.g. ["810"]`,
				),
			);
	}
	return errors.length ? { errors } : { settings };
}
