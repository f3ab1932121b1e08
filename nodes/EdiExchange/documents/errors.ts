/** Why a document cannot be built: a malformed input document or a bad option. The node turns it into a NodeOperationError. */
export class DocumentError extends Error {
	/** The offending field, e.g. "lineItems[2].quantity.value" or "options.lines[0].quantity". */
	readonly path?: string;

	constructor(message: string, path?: string) {
		super(message);
		this.name = 'DocumentError';
		this.path = path;
	}
}
