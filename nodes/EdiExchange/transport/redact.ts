/**
 * Takes the API token out of whatever an error is built from: some gateways echo the request's
 * headers in their error bodies, or put a key into a redirect's address.
 */
const REDACTED = '[redacted]';

/** Shorter "tokens" are not real ones, and replacing them would garble ordinary words. */
const MIN_TOKEN_LENGTH = 8;

export type Redact = <T>(value: T) => T;

export function redactor(token: string | undefined): Redact {
	if (!token || token.length < MIN_TOKEN_LENGTH) return (value) => value;
	const forms = [...new Set([token, encodeURIComponent(token)])];
	const text = (value: string) =>
		forms.reduce((result, form) => result.split(form).join(REDACTED), value);
	const walk = (value: unknown): unknown => {
		if (typeof value === 'string') return text(value);
		if (Array.isArray(value)) return value.map(walk);
		if (value && typeof value === 'object')
			return Object.fromEntries(
				Object.entries(value).map(([key, entry]) => [text(key), walk(entry)]),
			);
		return value;
	};
	return <T>(value: T) => walk(value) as T;
}
