/** The one JSON-parameter parser: a JSON field arrives as text (typed by hand) or as a value (from an expression). */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Text is parsed (blank text is undefined); any other value comes as is. Throws the parser's SyntaxError. */
export function parseJsonText(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	return value.trim() ? (JSON.parse(value) as unknown) : undefined;
}

/** A JSON parameter, parsed; text that is not JSON is an error naming the parameter. */
export function readJsonParameter(
	this: IExecuteFunctions,
	name: string,
	label: string,
	itemIndex: number,
): unknown {
	try {
		return parseJsonText(this.getNodeParameter(name, itemIndex, '') as unknown);
	} catch (error) {
		throw new NodeOperationError(
			this.getNode(),
			`${label} is not valid JSON: ${(error as Error).message}`,
			{
				description:
					'Check for missing quotes, commas or braces; an expression such as {{ $json.message }} also works.',
				itemIndex,
			},
		);
	}
}
