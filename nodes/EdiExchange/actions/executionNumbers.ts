/**
 * Numbers that must never repeat (X12 control numbers, SSCC serial references), numbered from
 * the execution: one mechanism, its guarantee and its limits written once (docs/x12.md#control-numbers).
 *
 * A number is the n8n execution ID's last seven digits followed by a place: the number's place
 * among those the execution has taken of that kind, counted in the execution's own memory (its
 * flow context, which every node of it shares). n8n's database assigns execution IDs, and queue
 * workers share it, so two executions never hold the same ID on one n8n instance: the numbers
 * repeat neither with executions at once nor in queue mode, until the execution ID's last seven
 * digits come round again (after 10,000,000 executions of the instance). The same node run, item
 * and document take the same places again (n8n's Retry On Fail sends the same number, which a
 * partner refuses as a copy); a queue worker running a crashed execution again starts with empty
 * memory and numbers in the same order from place 1, so the same documents get the same numbers.
 * Where it ends: two n8n instances (two databases) count their execution IDs each on its own.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** The execution ID's digits a number keeps: unique over 10,000,000 executions of one instance. */
export const EXECUTION_DIGITS = 7;

/** One kind of number: where its places live and how the refusals word it. */
export interface NumberKind {
	/** The flow-context key of its places: the last place, and each taker's first. */
	placesIn: string;
	/** Digits after the execution's: places 1 to 10^placeDigits − 1 per execution. */
	placeDigits: number;
	/** What the numbers are, e.g. "X12 control numbers". */
	numbers: string;
	/** What takes them, e.g. "X12 interchanges". */
	what: string;
	/** What to do instead, when an execution has used all its places. */
	instead: string;
	/** What to do instead, when the execution has no numeric ID. */
	withoutId: string;
}

/** Which document is numbered: the item, and its place among the item's documents of that kind. */
export interface NumberedAt {
	itemIndex: number;
	index?: number;
}

export const placesPerExecution = (kind: NumberKind) => 10 ** kind.placeDigits - 1;

/**
 * The first of `count` consecutive numbers for the document at `at`: the execution ID's last
 * seven digits, then its place (the same again for the same node run, item and document).
 */
export function numberFromExecution(
	this: IExecuteFunctions,
	kind: NumberKind,
	at: NumberedAt,
	count: number,
): number {
	const base = executionDigits.call(this, kind, at.itemIndex) * 10 ** kind.placeDigits;
	const memory = this.getContext('flow');
	const places = (memory[kind.placesIn] ??= { last: 0, taken: {} }) as {
		last: number;
		taken: Record<string, number>;
	};
	const runIndex = this.getWorkflowDataProxy(at.itemIndex).$runIndex as number;
	const key = `${this.getNode().name}#${runIndex}#${at.itemIndex}#${at.index ?? 0}`;
	if (places.taken[key] === undefined) {
		const limit = placesPerExecution(kind);
		if (places.last + count > limit)
			throw new NodeOperationError(
				this.getNode(),
				`This execution has numbered ${places.last} ${kind.what}${count > 1 ? ` and needs ${count} more` : ''}: numbers from the execution ID allow ${limit} per execution`,
				{ description: `Nothing was sent for this item. ${kind.instead}`, itemIndex: at.itemIndex },
			);
		places.taken[key] = places.last + 1;
		places.last += count;
	}
	return base + places.taken[key];
}

/** The execution ID's last seven digits. */
function executionDigits(this: IExecuteFunctions, kind: NumberKind, itemIndex: number): number {
	const id: unknown = this.getExecutionId();
	if (typeof id !== 'string' || !/^\d+$/.test(id))
		throw new NodeOperationError(
			this.getNode(),
			`n8n gave this execution no numeric ID (${JSON.stringify(id)}): ${kind.numbers} cannot come from it`,
			{ description: kind.withoutId, itemIndex },
		);
	return Number(id.slice(-EXECUTION_DIGITS));
}
