/**
 * An overall deadline for one request: axios's own `timeout` only measures silence, so a server
 * that dribbles a byte every few seconds, or stalls after its headers, would hold a run for as
 * long as it likes. The deadline counts from sending to the last byte of the answer.
 */

/** Thrown when the time ran out; the request is aborted where n8n lets the signal through. */
export class DeadlineExceeded extends Error {
	constructor(readonly ms: number) {
		super(`no complete answer within ${ms} ms`);
	}
}

/**
 * Runs `request` with a signal that aborts after `ms`, and gives up at that moment whether or
 * not the request honours the signal (n8n replaces a node's signal with the execution's own).
 */
export async function withinDeadline<T>(
	ms: number,
	request: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
	// An unreferenced timer: it never keeps n8n (or a test run) alive.
	const signal = AbortSignal.timeout(ms);
	const pending = request(signal);
	// Once the deadline has won, a late failure of the abandoned request is of no interest.
	pending.catch(() => undefined);
	let onAbort: () => void = () => undefined;
	const expired = new Promise<never>((_, reject) => {
		onAbort = () => reject(new DeadlineExceeded(ms));
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		return await Promise.race([pending, expired]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}
