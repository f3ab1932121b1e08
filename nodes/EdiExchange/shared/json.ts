/**
 * JSON parsing for both nodes: a parameter's text, which must be JSON (an error says why not), and
 * a service's answer, which may or may not be.
 */
import { ExpressionError, NodeOperationError, UserError, type INode } from 'n8n-workflow';

/** Text is parsed (blank text is undefined); any other value comes as is. Throws the parser's SyntaxError. */
export function parseJsonText(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	return value.trim() ? (JSON.parse(value) as unknown) : undefined;
}

/** JSON text's value, or undefined when the text is not JSON. */
export function tryParseJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

/**
 * A JSON field whose expression failed, as n8n hands it over: getNodeParameter throws n8n's
 * ExpressionError (e.g. a node it names is not there) or, for a syntax error, a UserError. Said
 * as the expression's failure, naming the field, so it is not mistaken for text that is not
 * JSON. Other errors come back as they are.
 */
export function expressionFailure(
	node: INode,
	error: unknown,
	label: string,
	itemIndex: number,
): Error {
	if (!(error instanceof ExpressionError || error instanceof UserError)) return error as Error;
	const context = error instanceof ExpressionError ? error.context : {};
	const missing = context.descriptionKey === 'nodeNotFound' ? String(context.nodeCause) : '';
	const description = missing
		? `It refers to the node "${missing}", which is not in this workflow (renamed or deleted?). Change the expression to the node’s current name.`
		: `${error.description ? `${error.description} ` : ''}Open the field’s expression in the editor: its preview shows where it fails.`;
	return new NodeOperationError(node, `The expression in ${label} failed: ${error.message}`, {
		description,
		itemIndex,
	});
}
