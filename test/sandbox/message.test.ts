import { readInterchange } from '../../nodes/EdiExchange/x12';
import { writeInterchange } from '../../sandbox/x12/write';
import { useSandbox } from './helpers';

describe('GET /v3/transactions/{id}/message', () => {
	const s = useSandbox();

	it('answers a JSON-origin transaction as application/json with the message document itself', async () => {
		const sent = (await s.raw.post('/_sandbox/partner/send-850')).data;
		const response = await s.api.get(`/v3/transactions/${sent.transactionId}/message`);
		expect(response.status).toBe(200);
		expect(response.headers['content-type']).toMatch(/^application\/json/);
		expect(response.data).toMatchObject({
			purchaseOrderNumber: sent.purchaseOrderNumber,
			lineItems: expect.any(Array),
		});
	});

	it('answers an X12-origin transaction as application/edi-x12: that set in its own envelope', async () => {
		const text = writeInterchange({
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			usage: 'T',
			controlNumber: 7,
			date: new Date(),
			sets: [
				{ type: '855', segments: [['BAK', '00', 'AC', 'PO-1', '20261122']] },
				{ type: '855', segments: [['BAK', '00', 'AC', 'PO-2', '20261122']] },
			],
		});
		const submitted = (
			await s.api.post('/v2/integration-payloads', { format: 'x12', content: text })
		).data;
		expect(submitted.transactionIds).toHaveLength(2);
		const response = await s.api.get(`/v3/transactions/${submitted.transactionIds[1]}/message`, {
			responseType: 'text',
		});
		expect(response.status).toBe(200);
		expect(response.headers['content-type']).toBe('application/edi-x12');
		const { interchange, problems } = readInterchange(response.data);
		expect(problems).toEqual([]);
		expect(interchange!.groups[0].sets).toHaveLength(1);
		expect(interchange!.groups[0].sets[0].segments[1]).toEqual([
			'BAK',
			'00',
			'AC',
			'PO-2',
			'20261122',
		]);
	});

	it('answers a JSON-path integration payload as application/json with its segments', async () => {
		const content = { segments: [['BAK', '00', 'AC', 'PO-9', '20261122']] };
		const submitted = (
			await s.api.post('/v2/integration-payloads', {
				format: 'json',
				type: '855',
				stream: 'test',
				senderId: 'YOURCOMPANY',
				receiverId: 'DEMORETAIL',
				content,
			})
		).data;
		const response = await s.api.get(`/v3/transactions/${submitted.transactionIds[0]}/message`);
		expect(response.headers['content-type']).toMatch(/^application\/json/);
		expect(response.data).toEqual(content);
	});
});
