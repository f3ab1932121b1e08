/**
 * A body over 5 MiB gets its 413, also while the client is still uploading: the sandbox answers,
 * reads the rest of the upload, and only then closes. Closing at once resets the connection under
 * a client still sending (EPIPE/ECONNRESET instead of the answer), about half the time; so every
 * case here runs many times, with real clients: axios (as n8n uses) and the node through the engine.
 */
import axios from 'axios';
import { Readable } from 'stream';

import { failure, interchange, useNodeSandbox } from './helpers';

const sb = useNodeSandbox();
const MiB = 1024 * 1024;
const CHUNK = 256 * 1024;

/** 6 MiB uploaded the way a slow link does: a chunk, a pause, the next chunk. */
async function* slowUpload(): AsyncGenerator<Buffer> {
	for (let sent = 0; sent < 6 * MiB; sent += CHUNK) {
		await new Promise((resolve) => setTimeout(resolve, 2));
		yield Buffer.alloc(CHUNK, 'x');
	}
}

/** What axios saw: the status and error type, or the connection error it got instead. */
async function outcome(headers: Record<string, string>): Promise<string> {
	try {
		const response = await axios.post(
			`${sb.baseUrl}/v2/integration-payloads`,
			Readable.from(slowUpload()),
			{
				headers: {
					'content-type': 'application/json',
					'service-api-key': sb.credentials.apiToken,
					...headers,
				},
				maxBodyLength: Infinity,
				validateStatus: () => true,
			},
		);
		return `${response.status} ${response.data?.type}`;
	} catch (error) {
		return `connection error ${(error as NodeJS.ErrnoException).code}`;
	}
}

test.each([
	[
		'with Content-Length (refused on the header, before the body)',
		{ 'content-length': String(6 * MiB) },
	],
	['chunked, without Content-Length (refused after 5 MiB were read)', {}],
])('axios uploading 6 MiB %s reads the 413, 50 times out of 50', async (_name, headers) => {
	const seen: string[] = [];
	for (let i = 0; i < 50; i++) seen.push(await outcome(headers));
	expect(seen).toEqual(Array(50).fill('413 payloadTooLargeError'));
	// One request each, refused once: the drained rest of an upload is not read as a new request.
	expect((await sb.requests()).map((r) => r.status)).toEqual(Array(50).fill(413));
});

test('the node submitting a 6 MiB interchange reports the 5 MiB limit, 10 times out of 10', async () => {
	const content = interchange({
		sets: [
			{
				type: '810',
				segments: Array.from({ length: 20_000 }, (_, i) => ['MSG', `${i} ${'note '.repeat(64)}`]),
			},
		],
	});
	expect(content.length).toBeGreaterThan(6 * MiB);
	const messages: string[] = [];
	for (let i = 0; i < 10; i++) {
		const { message } = failure(
			await sb.run({
				resource: 'integrationPayload',
				operation: 'submit',
				format: 'x12',
				x12Content: content,
			}),
		);
		messages.push(message);
	}
	expect(new Set(messages)).toEqual(new Set([expect.stringContaining('5 MiB')]));
	expect((await sb.requests()).map((r) => r.status)).toEqual(Array(10).fill(413));
});
