/** Runs `task` over `inputs` with at most `concurrency` at a time, keeping the input order. */
export async function mapBounded<T, R>(
	inputs: T[],
	concurrency: number,
	task: (input: T) => Promise<R>,
): Promise<R[]> {
	return (await mapUntil(inputs, concurrency, task, () => false)) as R[];
}

/**
 * Runs `task` over `inputs`, at most `width` at a time, keeping the input order. Once `stop()`
 * says so, nothing new starts; what is under way finishes. Inputs never started stay `undefined`.
 */
export async function mapUntil<T, R>(
	inputs: T[],
	width: number,
	task: (input: T) => Promise<R>,
	stop: () => boolean,
): Promise<Array<R | undefined>> {
	const results = new Array<R | undefined>(inputs.length);
	let next = 0;
	const worker = async () => {
		while (next < inputs.length && !stop()) {
			const index = next++;
			results[index] = await task(inputs[index]);
		}
	};
	await Promise.all(Array.from({ length: Math.min(width, inputs.length) }, worker));
	return results;
}
