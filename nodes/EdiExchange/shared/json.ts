/**
 * JSON parsing for both nodes: a parameter's text, which must be JSON (an error says why not), and
 * a service's answer, which may or may not be.
 */

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
