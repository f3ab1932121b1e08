/** Request/response plumbing: error replies, body reading with a size cap, query checks. */
import type { IncomingMessage } from 'http';
import type { FieldError, Reply } from './types';

export const MAX_BODY_BYTES = 5 * 1024 * 1024;

export function errorReply(
	status: number,
	type: string,
	message: string,
	errors?: FieldError[],
): Reply {
	return { status, body: errors?.length ? { type, message, errors } : { type, message } };
}

/** `400 argumentError` listing every field error; the message repeats them for humans. */
export function argumentError(errors: FieldError[]): Reply {
	return errorReply(
		400,
		'argumentError',
		`Invalid request: ${errors.map((e) => e.message).join('; ')}`,
		errors,
	);
}

export const fieldError = (ref: string, message: string, type = 'invalidValue'): FieldError => ({
	type,
	ref,
	message,
});

export const notFound = (message: string) => errorReply(404, 'notFoundError', message);

export type BodyResult =
	| { kind: 'none' }
	| { kind: 'json'; value: unknown; bytes: number }
	| { kind: 'error'; reply: Reply };

/**
 * Reads and parses a JSON body. Over 5 MiB: 413 (checked on Content-Length first, so a huge
 * upload is refused without reading it; the server drains the rest after answering).
 * `requireJsonType` enforces the contract's Content-Type.
 */
export async function readJsonBody(
	req: IncomingMessage,
	requireJsonType: boolean,
): Promise<BodyResult> {
	const declared = Number(req.headers['content-length']);
	if (Number.isFinite(declared) && declared > MAX_BODY_BYTES)
		return { kind: 'error', reply: tooLarge() };
	const chunks = await readUpTo(req, MAX_BODY_BYTES);
	if (!chunks) return { kind: 'error', reply: tooLarge() };
	const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
	if (size === 0) return { kind: 'none' };
	const mediaType = String(req.headers['content-type'] ?? '')
		.split(';')[0]
		.trim()
		.toLowerCase();
	if (requireJsonType && mediaType !== 'application/json') {
		return {
			kind: 'error',
			reply: argumentError([
				fieldError(
					'Content-Type',
					`Content-Type must be application/json, found ${JSON.stringify(mediaType || '(none)')}`,
				),
			]),
		};
	}
	try {
		return { kind: 'json', value: JSON.parse(Buffer.concat(chunks).toString('utf8')), bytes: size };
	} catch (error) {
		return {
			kind: 'error',
			reply: argumentError([
				fieldError('body', `malformed JSON body: ${(error as Error).message}`, 'malformedJson'),
			]),
		};
	}
}

function tooLarge(): Reply {
	return {
		...errorReply(
			413,
			'payloadTooLargeError',
			`request body is larger than ${MAX_BODY_BYTES} bytes (5 MiB)`,
		),
		headers: { connection: 'close' },
		drainRequest: true,
	};
}

/**
 * The body's chunks, or undefined once it passes `limit` bytes. The stream is paused then, not
 * destroyed: destroying it would reset the connection before the 413 is even sent.
 */
function readUpTo(req: IncomingMessage, limit: number): Promise<Buffer[] | undefined> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		const done = () => {
			req.off('data', onData).off('end', onEnd).off('error', onError);
		};
		const onData = (chunk: Buffer) => {
			size += chunk.length;
			chunks.push(chunk);
			if (size <= limit) return;
			done();
			req.pause();
			resolve(undefined);
		};
		const onEnd = () => {
			done();
			resolve(chunks);
		};
		const onError = (error: Error) => {
			done();
			reject(error);
		};
		req.on('data', onData).on('end', onEnd).on('error', onError);
	});
}

export type ParamParser = (value: string) => { value: unknown } | { error: string };

/**
 * Checks a query string against the parameters an operation knows. Unknown ones are rejected
 * (`property <name> should not exist`), repeated ones too, and every bad value is reported.
 */
export function parseQuery(
	search: URLSearchParams,
	known: Record<string, ParamParser>,
): { values: Record<string, unknown> } | { reply: Reply } {
	const errors: FieldError[] = [];
	const values: Record<string, unknown> = {};
	const seen = new Set<string>();
	for (const [name, raw] of search) {
		if (!Object.prototype.hasOwnProperty.call(known, name)) {
			if (!seen.has(name))
				errors.push(fieldError(name, `property ${name} should not exist`, 'unknownProperty'));
		} else if (seen.has(name)) {
			errors.push(fieldError(name, `${name} must be given at most once`));
		} else {
			const parsed = known[name](raw);
			if ('error' in parsed) errors.push(fieldError(name, parsed.error));
			else values[name] = parsed.value;
		}
		seen.add(name);
	}
	return errors.length ? { reply: argumentError(errors) } : { values };
}

export const integerParam =
	(name: string, min: number, max: number): ParamParser =>
	(raw) =>
		/^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max
			? { value: Number(raw) }
			: { error: `${name} must be an integer from ${min} to ${max}, found ${JSON.stringify(raw)}` };

export const enumParam =
	(name: string, allowed: string[]): ParamParser =>
	(raw) =>
		allowed.includes(raw)
			? { value: raw }
			: { error: `${name} must be one of ${allowed.join(', ')}, found ${JSON.stringify(raw)}` };

/** A path id must be a positive integer. */
export function parseId(raw: string): number | undefined {
	return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : undefined;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
