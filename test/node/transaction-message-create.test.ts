/**
 * Transaction → Get Message (JSON and X12 content, X12 as a binary file) and Transaction → Create
 * (ACCEPTED, FAILED with its validation errors, Continue On Fail, the three message sources, and
 * a bad message refused before anything is sent).
 */

import { writeInterchange } from '../../sandbox/x12/write';
import { SAMPLE_855 } from '../samples';
import { createParameters, failure, jsonOf, useNodeSandbox } from './helpers';

const sb = useNodeSandbox();

/** Two content errors the service reports for an 855 line. */
const INVALID_855 = {
	purchaseOrderNumber: 'PO-1',
	status: 'accepted',
	lineItems: [{ quantity: '5' }],
};
const VALIDATION_ERRORS = [
	{
		payloadPaths: ['message.lineItems[0].purchaseOrderLineId'],
		errorMessage: 'purchaseOrderLineId is required',
		outputPath: 'PO101',
	},
	{
		payloadPaths: ['message.lineItems[0].actions'],
		errorMessage: 'At least one action is required',
		outputPath: 'ACK',
	},
];

const create = createParameters;

const X12 = writeInterchange({
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
	usage: 'T',
	controlNumber: 42,
	date: new Date('2026-11-22T10:30:00Z'),
	sets: [
		{
			type: '855',
			segments: [
				['BAK', '00', 'AC', 'PO-1', '20261122'],
				['PO1', '1', '5', 'EA', '101.00'],
			],
		},
		{ type: '855', segments: [['BAK', '00', 'AC', 'PO-2', '20261122']] },
	],
});

describe('Get Message', () => {
	test('JSON content comes out as the message object', async () => {
		const { transactionId, purchaseOrderNumber } = await sb.admin('POST', '/partner/send-850');
		const result = await sb.run({
			resource: 'transaction',
			operation: 'getMessage',
			transactionId: String(transactionId),
		});
		expect(result.status).toBe('success');
		expect(result.items).toHaveLength(1);
		const json = result.items[0].json as any;
		expect(json.transactionId).toBe(transactionId);
		expect(json.format).toBe('json');
		expect(json.message).toEqual(
			expect.objectContaining({ purchaseOrderNumber, lineItems: expect.any(Array) }),
		);
		expect(result.items[0].binary).toBeUndefined();
	});

	test('X12 content comes out as the text of its transaction set in its envelope', async () => {
		const submitted = await sb.run({
			resource: 'integrationPayload',
			operation: 'submit',
			format: 'x12',
			x12Content: X12,
		});
		const [first, second] = submitted.items[0].json.transactionIds as number[];
		const result = await sb.run({
			resource: 'transaction',
			operation: 'getMessage',
			transactionId: String(second),
		});
		expect(result.status).toBe('success');
		const json = result.items[0].json as any;
		expect(json.format).toBe('x12');
		expect(typeof json.message).toBe('string');
		expect(json.message).toMatch(/^ISA\*/);
		expect(json.message).toContain('ST*855*0002~BAK*00*AC*PO-2*20261122~SE*3*0002~');
		expect(json.message).not.toContain('PO-1');
		expect(json.message).toMatch(/IEA\*1\*000000042~$/);
		expect(result.items[0].binary).toBeUndefined();
		expect(first).toBe(second - 1);
	});

	test('X12 content with "Put X12 in Binary Field" is also a .edi file of type application/edi-x12', async () => {
		const submitted = await sb.run({
			resource: 'integrationPayload',
			operation: 'submit',
			format: 'x12',
			x12Content: X12,
		});
		const id = (submitted.items[0].json.transactionIds as number[])[0];
		const result = await sb.run({
			resource: 'transaction',
			operation: 'getMessage',
			transactionId: String(id),
			options: { binaryPropertyName: 'edi' },
		});
		expect(result.status).toBe('success');
		const file = result.items[0].binary?.edi;
		expect(file).toBeDefined();
		expect(file!.mimeType).toBe('application/edi-x12');
		expect(file!.fileName).toBe(`transaction-${id}.edi`);
		expect(file!.fileExtension).toBe('edi');
		expect(Buffer.from(file!.data, 'base64').toString('utf8')).toBe(result.items[0].json.message);
	});

	test('JSON content with the binary option set gets no file', async () => {
		const result = await sb.run({
			resource: 'transaction',
			operation: 'getMessage',
			transactionId: '1',
			options: { binaryPropertyName: 'edi' },
		});
		expect(result.items[0].json.format).toBe('json');
		expect(result.items[0].binary).toBeUndefined();
	});
});

describe('Create', () => {
	test('ACCEPTED: the output has the id and the status, and the request carried the envelope', async () => {
		const result = await sb.run(create({ stream: 'live', message: JSON.stringify(SAMPLE_855) }));
		expect(result.status).toBe('success');
		expect(jsonOf(result)).toEqual([
			{
				id: 2,
				status: 'ACCEPTED',
				// The service's empty detail is left out (n8n's table would show a red "empty").
				type: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
				stream: 'live',
				senderId: 'YOURCOMPANY',
				receiverId: 'DEMORETAIL',
				// The message sent comes along, for the next document of the flow.
				message: SAMPLE_855,
			},
		]);
		// The already-sent lookup (send once), then the create.
		const requests = await sb.requests();
		expect(requests.map((r) => [r.method, r.query.businessNumber])).toEqual([
			['GET', 'PO-1'],
			['POST', undefined],
		]);
		expect(requests[1].body).toEqual({
			type: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
			stream: 'live',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			message: SAMPLE_855,
		});
		// The created transaction is there, with the message sent.
		const read = await sb.run({
			resource: 'transaction',
			operation: 'getMessage',
			transactionId: '2',
		});
		expect(read.items[0].json.message).toEqual(SAMPLE_855);
	});

	test('FAILED: the error lists each validation error path and message', async () => {
		const result = await sb.run(create({ message: JSON.stringify(INVALID_855) }));
		const error = failure(result);
		expect(error.message).toBe(
			'The service refused the document (transaction 2, status FAILED): ' +
				'message.lineItems[0].purchaseOrderLineId: purchaseOrderLineId is required (PO101); ' +
				'message.lineItems[0].actions: At least one action is required (ACK)',
		);
		expect(error.description).toContain(
			'FAILED document is recorded by the service but not delivered',
		);
		expect((await sb.requests()).map((r) => r.method)).toEqual(['GET', 'POST']);
	});

	test('FAILED with Continue On Fail: an output item carrying the validation errors', async () => {
		const result = await sb.run(create({ message: JSON.stringify(INVALID_855) }), {
			continueOnFail: true,
		});
		expect(result.status).toBe('success');
		expect(result.items).toHaveLength(1);
		const json = result.items[0].json as any;
		expect(json.error).toMatch(
			/^The service refused the document \(transaction 2, status FAILED\): message\.lineItems\[0\]\.purchaseOrderLineId/,
		);
		expect(json.details).toEqual({
			id: 2,
			status: 'FAILED',
			detail: 'Validation failed',
			validationErrors: VALIDATION_ERRORS,
		});
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	test('a receiver that is not a trading partner is reported as FAILED', async () => {
		const error = failure(
			await sb.run(create({ receiverId: 'STRANGER', message: JSON.stringify(SAMPLE_855) })),
		);
		expect(error.message).toBe(
			'The service refused the document (transaction 2, status FAILED): receiverId: no relationship with receiver STRANGER (ISA08)',
		);
	});

	test('the message from a field of the input item (dot path), as an object or as JSON text', async () => {
		const result = await sb.run(
			create({ messageSource: 'field', messageField: 'payload.document' }),
			{
				input: [
					{ payload: { document: SAMPLE_855 } },
					{ payload: { document: JSON.stringify({ ...SAMPLE_855, purchaseOrderNumber: 'PO-2' }) } },
				],
			},
		);
		expect(result.status).toBe('success');
		expect(result.items.map((i) => [i.json.status, i.pairedItem])).toEqual([
			['ACCEPTED', { item: 0 }],
			['ACCEPTED', { item: 1 }],
		]);
		// Sent at once (Concurrency): in either order.
		const bodies = (await sb.requests())
			.filter((r) => r.method === 'POST')
			.map((r) => r.body.message);
		expect(bodies).toHaveLength(2);
		expect(bodies).toEqual(
			expect.arrayContaining([SAMPLE_855, { ...SAMPLE_855, purchaseOrderNumber: 'PO-2' }]),
		);
	});

	test('the message from an expression that yields an object', async () => {
		const result = await sb.run(create({ message: '={{ $json.doc }}' }), {
			input: [{ doc: SAMPLE_855 }],
		});
		expect(result.status).toBe('success');
		const [sent] = (await sb.requests()).filter((r) => r.method === 'POST');
		expect(sent.body.message).toEqual(SAMPLE_855);
	});

	test('invalid JSON in the message: a NodeOperationError before any request', async () => {
		const result = await sb.run(create({ message: '{"purchaseOrderNumber": "PO-1",}' }));
		const error = failure(result);
		expect(result.error!.name).toBe('NodeOperationError');
		expect(error.message).toMatch(/^Message is not valid JSON: /);
		expect(error.description).toContain('Check for missing quotes, commas or braces');
		expect(await sb.requests()).toEqual([]);
	});
});
