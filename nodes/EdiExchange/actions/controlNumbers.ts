/**
 * X12 control numbers (ISA13, GS06, ST02) for what the nodes write, chosen per node in its options
 * (where each guarantee ends: docs/x12.md#control-numbers):
 * - **from the execution** (default): n8n's execution ID followed by two digits, the interchange's
 *   place in the execution (01–99): executionNumbers.ts, which SSCC serial references share;
 * - **this node's counter**: the workflow's static data of this node, per sender → receiver; right
 *   only for one n8n process running one execution of the workflow at a time (not queue mode);
 * - **a Control Number the workflow gives** (e.g. the id of a row a Data Table step inserted).
 */
import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';

import {
	type NumberedAt,
	type NumberKind,
	numberFromExecution,
	placesPerExecution,
} from './executionNumbers';

/** ISA13 is nine digits. */
export const MAX_CONTROL_NUMBER = 999_999_999;
/** From the execution (executionNumbers.ts): the ID's last seven digits, then two for the place, 01–99. */
const FROM_EXECUTION: NumberKind = {
	placesIn: 'x12ControlNumberPlaces',
	placeDigits: 2,
	numbers: 'X12 control numbers',
	what: 'X12 interchanges',
	instead:
		'Send the rest from a sub-workflow (each Execute Workflow run is an execution with its own 99), or give Control Number (in the node’s options) from your workflow.',
	withoutId:
		'Choose Numbering → This Node’s Counter (in the node’s options), or give Control Number from your workflow.',
};
export const PLACES_PER_EXECUTION = placesPerExecution(FROM_EXECUTION);
/** Where the counters live in the node's static data: { "SENDER→RECEIVER": last number used }. */
const COUNTERS = 'x12ControlNumbers';

/** ISA13 = GS06, and ST02 of each set: what writeInterchange takes. */
export interface ControlNumbers {
	interchange: number;
	group: number;
	sets: number[];
}

/** Which interchange is numbered: the item, and its place among the item's interchanges. */
export type InterchangeAt = NumberedAt;

/**
 * A number the options gave, or undefined for 0 ("number as Numbering says") and not given: the
 * parameter reader has already held it to its field's whole-number range.
 */
const givenNumber = (value: unknown): number | undefined =>
	typeof value === 'number' && value > 0 ? value : undefined;

/**
 * The control numbers of one interchange of `sets` transaction sets from `senderId` to
 * `receiverId`: ISA13 = GS06 = the first number, ST02 = one number per set. Taken before anything
 * is sent, so that items sent at once each get their own.
 */
export function takeControlNumbers(
	this: IExecuteFunctions,
	at: InterchangeAt,
	envelope: { senderId: string; receiverId: string },
	options: IDataObject,
	sets = 1,
): ControlNumbers {
	const first =
		givenNumber(options.controlNumber) ??
		(options.numbering === 'counter'
			? fromCounter.call(this, `${envelope.senderId}→${envelope.receiverId}`, options, sets)
			: numberFromExecution.call(this, FROM_EXECUTION, at, sets));
	return {
		interchange: first,
		group: first,
		sets: Array.from({ length: sets }, (_, i) => afterWrap(first + i, options)),
	};
}

/** Past 999999999 a set number starts again at First Control Number, as the counter does (ST02 need only differ within the group). */
function afterWrap(number: number, options: IDataObject): number {
	if (number <= MAX_CONTROL_NUMBER) return number;
	return (givenNumber(options.firstControlNumber) ?? 1) + number - MAX_CONTROL_NUMBER - 1;
}

/**
 * The next `count` numbers of this node's counter for the pair, never below First Control
 * Number; after 999999999 it starts again at the first.
 */
function fromCounter(
	this: IExecuteFunctions,
	pair: string,
	options: IDataObject,
	count: number,
): number {
	const first = givenNumber(options.firstControlNumber) ?? 1;
	const data = this.getWorkflowStaticData('node');
	const counters = (
		typeof data[COUNTERS] === 'object' && data[COUNTERS] !== null ? data[COUNTERS] : {}
	) as IDataObject;
	const last = typeof counters[pair] === 'number' ? (counters[pair] as number) : 0;
	let next = Math.max(last + 1, first);
	if (next + count - 1 > MAX_CONTROL_NUMBER) next = first;
	data[COUNTERS] = { ...counters, [pair]: next + count - 1 };
	return next;
}

/** Numbering, Control Number and First Control Number, for the options of an operation writing X12. */
export function controlNumberFields(displayOptions?: IDisplayOptions): INodeProperties[] {
	return [
		{
			displayName: 'Control Number',
			name: 'controlNumber',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: MAX_CONTROL_NUMBER, numberPrecision: 0 },
			default: 0,
			description:
				'ISA13, GS06 and ST02 of the interchange, given by your workflow, e.g. the ID of a row a Data Table step inserted just before. Leave 0 to number as Numbering says.',
			displayOptions,
		},
		{
			displayName: 'First Control Number',
			name: 'firstControlNumber',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_CONTROL_NUMBER, numberPrecision: 0 },
			default: 1,
			description:
				'Only for Numbering → This Node’s Counter: where the counter starts (or jumps forward to, when set above the last number used)',
			displayOptions,
		},
		{
			displayName: 'Numbering',
			name: 'numbering',
			type: 'options',
			options: [
				{
					name: 'From the Execution ID',
					value: 'execution',
					description:
						'For production: the n8n execution ID followed by the interchange’s place in the execution (01–99). Never repeats on one n8n instance, in queue mode and with executions at once.',
				},
				{
					name: 'This Node’s Counter',
					value: 'counter',
					description:
						'A counter per sender and receiver in the workflow’s static data, from First Control Number. Only for one n8n process running one execution of this workflow at a time: not queue mode, not executions at once, not manual runs.',
				},
			],
			default: 'execution',
			description:
				'Where ISA13, GS06 and ST02 come from when Control Number is 0 (docs/x12.md: control numbers)',
			displayOptions,
		},
	];
}
