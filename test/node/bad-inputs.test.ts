/**
 * Bad inputs are refused by the node itself, with an exact message, before anything is sent:
 * for each one the sandbox's request log stays empty.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { createParameters, useNodeSandbox, type NodeSandbox } from './helpers';

const sb = useNodeSandbox();

const parseError = (text: string): string => {
	try {
		JSON.parse(text);
	} catch (error) {
		return (error as Error).message;
	}
	throw new Error(`${text} is valid JSON`);
};

const getMessage = (transactionId: string | IDataObject) => ({
	resource: 'transaction',
	operation: 'getMessage',
	transactionId,
});
const create = (extra: IDataObject) =>
	createParameters({
		message: '{"purchaseOrderNumber": "PO-1", "status": "accepted"}',
		...extra,
	});
const byIds = (extra: IDataObject) => ({
	resource: 'inbox',
	operation: 'accept',
	deliverySource: 'ids',
	transactionId: '1',
	deliveryId: 'abc',
	note: 'ok',
	...extra,
});
const submitX12 = (x12Content: string) => ({
	resource: 'integrationPayload',
	operation: 'submit',
	format: 'x12',
	x12Content,
});
const submitJson = (extra: IDataObject) => ({
	resource: 'integrationPayload',
	operation: 'submit',
	format: 'json',
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
	segments: '[["BAK", "00", "AC", "PO-1", "20261122"]]',
	...extra,
});
const transactionGetMany = (extra: IDataObject) => ({
	resource: 'transaction',
	operation: 'getMany',
	returnAll: false,
	...extra,
});
const SEGMENTS_SHAPE = 'Segments must be a non-empty array of segments, each an array of strings';
const NOT_A_NUMBER = (id: string) => `The transaction ID "${id}" is not a positive whole number`;

interface BadInput {
	parameters: IDataObject;
	input?: Array<IDataObject | INodeExecutionData>;
	baseUrl?: (sb: NodeSandbox) => string;
	/** The exact message, or a function of the sandbox's base URL. */
	message: string | ((sb: NodeSandbox) => string);
}

const CASES: Record<string, BadInput> = {
	'transaction id not an integer': { parameters: getMessage('abc'), message: NOT_A_NUMBER('abc') },
	'transaction id 0': { parameters: getMessage('0'), message: NOT_A_NUMBER('0') },
	'transaction id -3': { parameters: getMessage('-3'), message: NOT_A_NUMBER('-3') },
	'transaction id 1.5': { parameters: getMessage('1.5'), message: NOT_A_NUMBER('1.5') },
	'transaction id 1e3': { parameters: getMessage('1e3'), message: NOT_A_NUMBER('1e3') },
	'transaction id empty (mapped from the input item)': {
		parameters: getMessage('={{ $json.id }}'),
		input: [{ id: '' }],
		message: NOT_A_NUMBER(''),
	},
	'transaction id blank': { parameters: getMessage('   '), message: NOT_A_NUMBER('') },
	'transaction id beyond a safe integer': {
		parameters: getMessage('9007199254740993'),
		message:
			'The transaction ID "9007199254740993" is too large: transaction ids go up to 9007199254740991',
	},
	'transaction id from an expression that yields nothing': {
		parameters: getMessage('={{ $json.missing }}'),
		message: NOT_A_NUMBER(''),
	},
	'create: message is invalid JSON': {
		parameters: create({ message: '{"purchaseOrderNumber": ' }),
		message: `Message is not valid JSON: ${parseError('{"purchaseOrderNumber": ')}`,
	},
	'create: message is an array': {
		parameters: create({ message: '[{"purchaseOrderNumber": "PO-1"}]' }),
		message: 'Message must be a JSON object',
	},
	'create: message is a string': {
		parameters: create({ message: '"PO-1"' }),
		message: 'Message must be a JSON object',
	},
	'create: message is null': {
		parameters: create({ message: 'null' }),
		message: 'Message must be a JSON object',
	},
	'create: message is empty': {
		parameters: create({ message: '  ' }),
		message: 'Message is empty',
	},
	'create: sender id empty': {
		parameters: create({ senderId: '' }),
		message: 'Sender ID is empty',
	},
	'create: sender id blank': {
		parameters: create({ senderId: '   ' }),
		message: 'Sender ID is empty',
	},
	'create: receiver id empty': {
		parameters: create({ receiverId: '' }),
		message: 'Receiver ID is empty',
	},
	'create: message field missing on the input item': {
		parameters: create({ messageSource: 'field', messageField: 'document' }),
		input: [{ doc: { purchaseOrderNumber: 'PO-1' } }],
		message: 'The input item has no message object in the field "document"',
	},
	'create: message field is an array': {
		parameters: create({ messageSource: 'field', messageField: 'data.lines' }),
		input: [{ data: { lines: [1, 2] } }],
		message: 'The input item has no message object in the field "data.lines"',
	},
	'create: message field name empty': {
		parameters: create({ messageSource: 'field', messageField: '' }),
		message: 'Message Field is empty',
	},
	'accept: note too long': {
		parameters: byIds({ note: 'x'.repeat(241) }),
		message: 'The note is 241 characters long; the service accepts at most 240',
	},
	'accept: note empty (mapped from the input item)': {
		parameters: byIds({ note: '={{ $json.note }}' }),
		input: [{ note: '' }],
		message: 'Note is empty',
	},
	'fail: note blank': {
		parameters: byIds({ operation: 'fail', note: '  ' }),
		message: 'Note is empty',
	},
	'accept: input item without a delivery href': {
		parameters: { resource: 'inbox', operation: 'accept', note: 'ok' },
		input: [{ transactionId: 1, delivery: { deliveryId: 'abc' } }],
		message: 'The input item has no delivery.accept.href',
	},
	'fail: input item without a delivery': {
		parameters: { resource: 'inbox', operation: 'fail', note: 'no' },
		input: [{ transactionId: 1 }],
		message: 'The input item has no delivery.fail.href',
	},
	'accept: delivery href on another host (the token must not go there)': {
		parameters: { resource: 'inbox', operation: 'accept', note: 'ok' },
		input: [
			{
				delivery: {
					accept: { href: 'https://attacker.example/v4/transactions/1/deliveries/abc/accept' },
				},
			},
		],
		message: (sb) =>
			`The link https://attacker.example/v4/transactions/1/deliveries/abc/accept does not belong to the service in the credential (${sb.baseUrl})`,
	},
	'accept: delivery href on another host, protocol-relative': {
		parameters: { resource: 'inbox', operation: 'accept', note: 'ok' },
		input: [
			{
				delivery: {
					accept: { href: '//attacker.example/v4/transactions/1/deliveries/abc/accept' },
				},
			},
		],
		message: (sb) =>
			`The link //attacker.example/v4/transactions/1/deliveries/abc/accept does not belong to the service in the credential (${sb.baseUrl})`,
	},
	'accept: delivery href that is no web address': {
		parameters: { resource: 'inbox', operation: 'accept', note: 'ok' },
		input: [{ delivery: { accept: { href: 'see the portal' } } }],
		message: 'The link "see the portal" is not a web address',
	},
	'accept by ids: delivery id empty': {
		parameters: byIds({ deliveryId: ' ' }),
		message: 'Delivery ID is empty',
	},
	'accept by ids: transaction id not a number': {
		parameters: byIds({ transactionId: 'PO-1' }),
		message: NOT_A_NUMBER('PO-1'),
	},
	'X12 empty (mapped from the input item)': {
		parameters: submitX12('={{ $json.edi }}'),
		input: [{ edi: '' }],
		message: 'X12 Interchange is empty',
	},
	'X12 blank': { parameters: submitX12(' \n '), message: 'X12 Interchange is empty' },
	'X12 garbage': {
		parameters: submitX12('hello world'),
		message:
			'The X12 interchange is not valid: ISA (segment 1): the interchange must start with an ISA segment, found "hel"',
	},
	'X12 from a binary field the item does not have': {
		parameters: {
			resource: 'integrationPayload',
			operation: 'submit',
			format: 'x12',
			x12Source: 'binary',
			binaryPropertyName: 'edi',
		},
		message:
			"This operation expects the node's input data to contain a binary file 'edi', but none was found [item 0]",
	},
	'JSON segments not an array': {
		parameters: submitJson({ segments: '{"BAK": ["00"]}' }),
		message: SEGMENTS_SHAPE,
	},
	'JSON segments empty': { parameters: submitJson({ segments: '[]' }), message: SEGMENTS_SHAPE },
	'JSON segments with a non-string element': {
		parameters: submitJson({ segments: '[["PO1", "1", 5, "EA"]]' }),
		message: SEGMENTS_SHAPE,
	},
	'JSON segments with a segment that is not an array': {
		parameters: submitJson({ segments: '["BAK*00*AC"]' }),
		message: SEGMENTS_SHAPE,
	},
	'JSON segments invalid JSON': {
		parameters: submitJson({ segments: '[["BAK"' }),
		message: `Segments is not valid JSON: ${parseError('[["BAK"')}`,
	},
	'JSON payload receiver id blank': {
		parameters: submitJson({ receiverId: '  ' }),
		message: 'Receiver ID is empty',
	},
	'JSON payload sender id empty (mapped from the input item)': {
		parameters: submitJson({ senderId: '={{ $json.from }}' }),
		input: [{ from: '' }],
		message: 'Sender ID is empty',
	},
	'transaction get many: Limit as text (an expression or a tool call)': {
		parameters: transactionGetMany({ limit: '={{ "ten" }}' }),
		message: 'Limit must be a whole number 1 or more, not "ten"',
	},
	'transaction get many: Limit as text with a Transaction Types filter': {
		parameters: transactionGetMany({
			limit: '={{ "ten" }}',
			filters: { transactionTypes: ['850'] },
		}),
		message: 'Limit must be a whole number 1 or more, not "ten"',
	},
	'transaction get many: Limit 0': {
		parameters: transactionGetMany({ limit: 0 }),
		message: 'Limit must be a whole number 1 or more, not 0',
	},
	'transaction get many: Limit 2.5': {
		parameters: transactionGetMany({ limit: 2.5 }),
		message: 'Limit must be a whole number 1 or more, not 2.5',
	},
	'print carton labels: an SSCC with a wrong check digit': {
		parameters: {
			resource: 'x12',
			operation: 'printLabels',
			shipNotice: JSON.stringify({
				parties: { shipTo: { name: 'DC', postalCode: '10001' } },
				orders: [{ pallets: [{ serialShippingId: '006141410000000013' }] }],
			}),
			shipFrom: { name: 'Your Company' },
		},
		message:
			'orders[0].pallets[0].serialShippingId is 006141410000000013: its check digit should be 2, not 3',
	},
	'print carton labels: service JSON segments with one that is not a segment': {
		parameters: {
			resource: 'x12',
			operation: 'printLabels',
			shipNotice: JSON.stringify({ segments: [['BSN', '00', 'SHP-1'], 'HL*1**S'] }),
			shipFrom: { name: 'Your Company' },
		},
		message:
			'segments[1] is "HL*1**S": a segment is an array of strings, its id first (["MAN", "GM", "…"])',
	},
	'print carton labels: Ship Notice not JSON': {
		parameters: { resource: 'x12', operation: 'printLabels', shipNotice: '{"orders": [' },
		message: `Ship Notice is not valid JSON: ${parseError('{"orders": [')}`,
	},
	'base URL not http(s)': {
		parameters: getMessage('1'),
		baseUrl: () => 'ftp://files.example.com',
		message: 'The credential’s Base URL "ftp://files.example.com" is not a valid http(s) address',
	},
	'base URL without a scheme': {
		parameters: getMessage('1'),
		baseUrl: (sb) => sb.baseUrl.replace('http://', ''),
		message: (sb) =>
			`The credential’s Base URL "${sb.baseUrl.replace('http://', '')}" is not a valid http(s) address`,
	},
	'base URL with a space in the host': {
		parameters: getMessage('1'),
		baseUrl: () => 'http://api.exa mple.com',
		message: 'The credential’s Base URL "http://api.exa mple.com" is not a valid http(s) address',
	},
	'base URL empty': {
		parameters: { resource: 'transaction', operation: 'getMany', limit: 5 },
		baseUrl: () => '',
		message: 'The credential’s Base URL "" is not a valid http(s) address',
	},
};

test('the table holds at least 20 bad inputs', () => {
	expect(Object.keys(CASES).length).toBeGreaterThanOrEqual(20);
});

test.each(Object.entries(CASES))('%s', async (_name, bad) => {
	const result = await sb.run(bad.parameters, {
		input: bad.input,
		credentials: bad.baseUrl ? { baseUrl: bad.baseUrl(sb) } : undefined,
	});
	expect(result.status).toBe('error');
	expect(result.error?.message).toBe(
		typeof bad.message === 'function' ? bad.message(sb) : bad.message,
	);
	expect(result.error?.name).toBe('NodeOperationError');
	expect(await sb.requests()).toEqual([]);
});

/** A required field left literally empty never gets to the node: n8n refuses to run it, and nothing is sent. */
test.each([
	['Transaction', getMessage({ __rl: true, mode: 'list', value: '' }), 1.1],
	['Transaction ID', getMessage(''), 1],
	['Note', byIds({ note: '' }), 1.1],
	['X12 Interchange', submitX12(''), 1.1],
	['Receiver ID', submitJson({ receiverId: '' }), 1.1],
])(
	'required %s left empty: n8n refuses to run the node',
	async (label, parameters, typeVersion) => {
		await expect(sb.run(parameters, { typeVersion })).rejects.toThrow(
			`Parameter "${label}" is required.`,
		);
		expect(await sb.requests()).toEqual([]);
	},
);
