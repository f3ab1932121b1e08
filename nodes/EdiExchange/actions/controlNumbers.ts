/**
 * X12 control numbers for what Create sends as X12: one counter per sender → receiver, kept in the
 * workflow's static data of this node. n8n saves static data after a production (activated)
 * execution; where that ends (manual runs, other workflows and nodes, executions running at the
 * same time) is written in docs/x12.md. A user who needs one sequence across workflows gives the
 * number from a store of their own (Control Number, e.g. from a Data Table step before this one).
 */
import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';

/** ISA13 is nine digits. */
export const MAX_CONTROL_NUMBER = 999_999_999;
/** Where the counters live in the node's static data: { "SENDER→RECEIVER": last number used }. */
const COUNTERS = 'x12ControlNumbers';

/**
 * A number the options gave, or undefined for 0 (Control Number's "use the counter") and not given:
 * the parameter reader has already held it to its field's whole-number range.
 */
const givenNumber = (value: unknown): number | undefined =>
	typeof value === 'number' && value > 0 ? value : undefined;

/**
 * The interchange control number for one interchange from `senderId` to `receiverId`: the one
 * given (X12 Options → Control Number), or the next of this node's counter for the pair, never
 * below X12 Options → First Control Number. After 999999999 the counter starts again at the first.
 */
export function nextControlNumber(
	this: IExecuteFunctions,
	senderId: string,
	receiverId: string,
	options: IDataObject,
): number {
	const given = givenNumber(options.controlNumber);
	if (given !== undefined) return given;
	const first = givenNumber(options.firstControlNumber) ?? 1;
	const data = this.getWorkflowStaticData('node');
	const counters = (
		typeof data[COUNTERS] === 'object' && data[COUNTERS] !== null ? data[COUNTERS] : {}
	) as IDataObject;
	const pair = `${senderId}→${receiverId}`;
	const last = typeof counters[pair] === 'number' ? (counters[pair] as number) : 0;
	const next = last >= MAX_CONTROL_NUMBER ? first : Math.max(last + 1, first);
	// Assigned synchronously, before any request: items sent at once each get their own number.
	data[COUNTERS] = { ...counters, [pair]: next };
	return next;
}

/** Control Number and First Control Number, for an options collection of an operation that sends X12. */
export function controlNumberFields(displayOptions?: IDisplayOptions): INodeProperties[] {
	return [
		{
			displayName: 'Control Number',
			name: 'controlNumber',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: MAX_CONTROL_NUMBER, numberPrecision: 0 },
			default: 0,
			description:
				'ISA13, GS06 and ST02 of the interchange, e.g. from a counter your workflow keeps in a Data Table. Leave 0 for this node’s own counter per sender and receiver.',
			displayOptions,
		},
		{
			displayName: 'First Control Number',
			name: 'firstControlNumber',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_CONTROL_NUMBER, numberPrecision: 0 },
			default: 1,
			description:
				'Where this node’s counter starts (or jumps forward to, when set above the last number used). Give each node that sends X12 to the same partner its own range.',
			displayOptions,
		},
	];
}
