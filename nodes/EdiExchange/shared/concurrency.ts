/** Runs `task` over `inputs` with at most `concurrency` at a time, keeping the input order. */
export async function mapBounded<T, R>(inputs: T[], concurrency: number, task: (input: T) => Promise<R>): Promise<R[]> {
	const results = new Array<R>(inputs.length);
	let next = 0;
	const worker = async () => {
		while (next < inputs.length) {
			const index = next++;
			results[index] = await task(inputs[index]);
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, inputs.length) }, worker));
	return results;
}
