/**
 * A transaction type is read by its leading digits: the demo partner lists its 860s under the
 * service's long name `860_PURCHASE_ORDER_CHANGE_REQUEST_BUYER_INITIATED`, and Transaction → Get
 * Many's type filter and the trigger's Transaction Types (both sources) take them as 860s, as they
 * take an 860 listed as `860`.
 */
import { Poller } from '../../harness';
import { idsOf as triggerIdsOf } from '../trigger/helpers';
import { idsOf, useNodeSandbox } from './helpers';

const LONG_NAME = '860_PURCHASE_ORDER_CHANGE_REQUEST_BUYER_INITIATED';
const sb = useNodeSandbox({ sendInitialOrder: false });

/** An 850 in the buyerChanges scenario and its 860, sent at once: the 860's transaction id. */
async function partnerChange(): Promise<number> {
	const { purchaseOrderNumber } = await sb.admin('POST', '/partner/send-850', {
		scenario: 'buyerChanges',
	});
	const sent = await sb.admin('POST', '/partner/send-860', { purchaseOrderNumber });
	return sent.transactionIds[0];
}

describe('Transaction → Get Many: the type filter', () => {
	test('860 returns the 860s listed under the long name and under "860", and not the 850', async () => {
		const change = await partnerChange();
		const short = await sb.admin('POST', '/transactions', { count: 1, transactionType: '860' });
		const result = await sb.run({
			resource: 'transaction',
			operation: 'getMany',
			returnAll: true,
			filters: { transactionTypes: ['860'] },
		});
		expect(result.status).toBe('success');
		expect(idsOf(result)).toEqual([short.firstId, change]);
		expect(result.items.map((item) => item.json.transactionType)).toEqual(['860', LONG_NAME]);
	});
});

describe("the trigger's Transaction Types", () => {
	test.each([['transactions'], ['inbox']])(
		'the %s source emits the 860 listed under its long name when watching 860',
		async (source) => {
			const poller = new Poller(sb.credentials, {
				source,
				stream: 'test',
				transactionTypes: ['860'],
				includeMessage: false,
				options: {},
			});
			await poller.poll(); // first activation: remembers where it starts
			const change = await partnerChange();
			const { items } = await poller.poll();
			expect(triggerIdsOf(items)).toEqual([change]);
		},
	);
});
