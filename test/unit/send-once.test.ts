/**
 * Send once, the decision, from a table: the document's key, the outbound transactions the lookup
 * found and Options → If Already Sent in; refuse, send or mark out. No server.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	changesToRead,
	decideSendOnce,
	type EarlierChange,
	type IfAlreadySent,
	keyOf,
	type SendKey,
	type SendOnceDecision,
} from '../../nodes/EdiExchange/actions/sendOnce/decide';

const invoice: SendKey = {
	code: '810',
	receiverId: 'DEMORETAIL',
	stream: 'test',
	businessNumber: 'INV-1',
};

/** An outbound 810 INV-1 to DEMORETAIL on test, delivered and accepted; `over` changes it. */
const sent = (over: IDataObject = {}): IDataObject => ({
	id: 12,
	transactionType: '810',
	direction: 'outbound',
	stream: 'test',
	createdAt: '2026-11-28T10:00:00.000Z',
	businessNumber: 'INV-1',
	senderId: 'YOURCOMPANY',
	receiverId: 'DEMORETAIL',
	status: 'DELIVERED',
	acknowledgmentStatus: 'ACCEPTED',
	...over,
});

const refuse = (id: number, createdAt: string, acknowledgmentStatus?: string) => ({
	action: 'refuse' as const,
	earlier: { id, createdAt, ...(acknowledgmentStatus ? { acknowledgmentStatus } : {}) },
});
const at10 = '2026-11-28T10:00:00.000Z';

const table: Array<[string, IDataObject[], IfAlreadySent, SendOnceDecision]> = [
	['nothing found', [], 'refuse', { action: 'send', why: 'notSent' }],
	['the same 810 sent and accepted', [sent()], 'refuse', refuse(12, at10, 'ACCEPTED')],
	[
		'not yet answered',
		[sent({ acknowledgmentStatus: 'NOT_ACKNOWLEDGED' })],
		'refuse',
		refuse(12, at10, 'NOT_ACKNOWLEDGED'),
	],
	[
		'accepted with errors',
		[sent({ acknowledgmentStatus: 'ACCEPTED_WITH_ERRORS' })],
		'refuse',
		refuse(12, at10, 'ACCEPTED_WITH_ERRORS'),
	],
	['overdue', [sent({ acknowledgmentStatus: 'OVERDUE' })], 'refuse', refuse(12, at10, 'OVERDUE')],
	[
		'a service without acknowledgment statuses',
		[sent({ acknowledgmentStatus: undefined })],
		'refuse',
		refuse(12, at10),
	],
	[
		'rejected by the receiver: a corrected resend goes',
		[sent({ acknowledgmentStatus: 'REJECTED' })],
		'refuse',
		{ action: 'send', why: 'onlyRejected' },
	],
	[
		'a FAILED create never reached the receiver',
		[sent({ status: 'FAILED', acknowledgmentStatus: undefined })],
		'refuse',
		{ action: 'send', why: 'onlyRejected' },
	],
	[
		'rejected, then resent and accepted: the accepted one blocks',
		[
			sent({ id: 12, acknowledgmentStatus: 'REJECTED' }),
			sent({ id: 15, createdAt: '2026-11-28T11:00:00.000Z' }),
		],
		'refuse',
		refuse(15, '2026-11-28T11:00:00.000Z', 'ACCEPTED'),
	],
	[
		'two blocking: the newest is named, whatever the list order',
		[
			sent({ id: 12 }),
			sent({ id: 20, createdAt: '2026-11-28T12:00:00.000Z' }),
			sent({ id: 15, createdAt: '2026-11-28T11:00:00.000Z' }),
		],
		'refuse',
		refuse(20, '2026-11-28T12:00:00.000Z', 'ACCEPTED'),
	],
	[
		'another receiver',
		[sent({ receiverId: 'OTHERRETAIL' })],
		'refuse',
		{ action: 'send', why: 'notSent' },
	],
	['the live stream', [sent({ stream: 'live' })], 'refuse', { action: 'send', why: 'notSent' }],
	[
		'another type with the same number (an 856 "INV-1")',
		[sent({ transactionType: '856' })],
		'refuse',
		{ action: 'send', why: 'notSent' },
	],
	[
		'the service’s long type name is read by its leading digits',
		[sent({ transactionType: '810_INVOICE' })],
		'refuse',
		refuse(12, at10, 'ACCEPTED'),
	],
	[
		'an inbound transaction with the number',
		[sent({ direction: 'inbound' })],
		'refuse',
		{ action: 'send', why: 'notSent' },
	],
	[
		'another business number (the filter is exact)',
		[sent({ businessNumber: 'INV-10' })],
		'refuse',
		{ action: 'send', why: 'notSent' },
	],
	[
		'an item without receiver or stream (extra fields) still matches',
		[sent({ receiverId: undefined, stream: undefined })],
		'refuse',
		refuse(12, at10, 'ACCEPTED'),
	],
	[
		'Mark as Already Sent',
		[sent()],
		'mark',
		{ action: 'mark', earlier: { id: 12, createdAt: at10, acknowledgmentStatus: 'ACCEPTED' } },
	],
	['Mark, nothing found', [], 'mark', { action: 'send', why: 'notSent' }],
	['Send Anyway', [sent()], 'sendAnyway', { action: 'send', why: 'sendAnyway' }],
];

test.each(table)('%s', (_, found, choice, expected) => {
	expect(decideSendOnce(invoice, found, choice)).toEqual(expected);
});

test('a document without a business number is sent unchecked', () => {
	expect(decideSendOnce(undefined, [sent()], 'refuse')).toEqual({
		action: 'send',
		why: 'noBusinessNumber',
	});
});

describe('keyOf: the business number of each type the node sends', () => {
	const party = { receiverId: 'DEMORETAIL', stream: 'test' };
	test.each([
		['855', { purchaseOrderNumber: 'PO-1' }, 'PO-1'],
		['865', { purchaseOrderNumber: 'PO-2' }, 'PO-2'],
		['856', { shipmentId: 'SH-1', orders: [{ purchaseOrderNumber: 'PO-1' }] }, 'SH-1'],
		['810', { invoiceNumber: 'INV-1', purchaseOrderNumber: 'PO-1' }, 'INV-1'],
		['846', { reportNumber: 'INV20261128' }, 'INV20261128'],
		['850', { purchaseOrderNumber: 'PO-3' }, 'PO-3'],
		['860', { purchaseOrderNumber: 'PO-4' }, 'PO-4'],
		['810', { invoiceNumber: 1042 }, '1042'],
	])('%s %j → %s', (code, message, number) => {
		expect(keyOf(code, { ...party, message })).toEqual({ code, ...party, businessNumber: number });
	});

	test.each([
		['810', { invoiceNumber: '' }],
		['810', { invoiceNumber: '  ' }],
		['810', { invoiceNumber: { value: 'INV-1' } }],
		['856', { orders: [] }],
		['999', { purchaseOrderNumber: 'PO-1' }],
	])('%s %j has none', (code, message) => {
		expect(keyOf(code, { ...party, message })).toBeUndefined();
	});
});

describe('an 865 answers one change of its order: only one for the same change blocks', () => {
	const changeAck = (changeNumber?: string): SendKey => ({
		code: '865',
		receiverId: 'DEMORETAIL',
		stream: 'test',
		businessNumber: 'PO-65',
		...(changeNumber === undefined ? {} : { changeNumber }),
	});
	const sent865 = (id: number, createdAt = at10): IDataObject =>
		sent({ id, createdAt, transactionType: '865', businessNumber: 'PO-65' });
	const changes = (...entries: Array<[number, EarlierChange]>) =>
		new Map(entries.map(([id, change]) => [String(id), change]));
	const refused = (change: EarlierChange) => ({
		action: 'refuse' as const,
		earlier: { id: 12, createdAt: at10, acknowledgmentStatus: 'ACCEPTED', change },
	});
	const at11 = '2026-11-28T11:00:00.000Z';

	const rows: Array<
		[string, SendKey, IDataObject[], ReadonlyMap<string, EarlierChange>, SendOnceDecision]
	> = [
		[
			'the 865 for change 2 after the one for change 1: sent',
			changeAck('2'),
			[sent865(12)],
			changes([12, { changeNumber: '1' }]),
			{ action: 'send', why: 'otherChange' },
		],
		[
			'the 865 for change 1 again: refused',
			changeAck('1'),
			[sent865(12)],
			changes([12, { changeNumber: '1' }]),
			refused({ changeNumber: '1' }),
		],
		[
			'the earlier 865 names no change: refused',
			changeAck('2'),
			[sent865(12)],
			changes([12, {}]),
			refused({}),
		],
		[
			'this 865 names no change: refused',
			changeAck(),
			[sent865(12)],
			changes([12, { changeNumber: '1' }]),
			refused({ changeNumber: '1' }),
		],
		[
			'the earlier 865’s message could not be read: refused, the safe side',
			changeAck('2'),
			[sent865(12)],
			changes([12, { unread: 'its message could not be read: 500' }]),
			refused({ unread: 'its message could not be read: 500' }),
		],
		[
			'an earlier 865 not read counts as the same change',
			changeAck('2'),
			[sent865(12)],
			changes(),
			refused({}),
		],
		[
			'changes 1 and 2 sent, change 1 again: the one for change 1 is named, not the newer one',
			changeAck('1'),
			[sent865(15, at11), sent865(12)],
			changes([15, { changeNumber: '2' }], [12, { changeNumber: '1' }]),
			refused({ changeNumber: '1' }),
		],
		[
			'changes 1 and 2 sent, change 3: sent',
			changeAck('3'),
			[sent865(15, at11), sent865(12)],
			changes([15, { changeNumber: '2' }], [12, { changeNumber: '1' }]),
			{ action: 'send', why: 'otherChange' },
		],
	];

	test.each(rows)('%s', (_, key, found, read, expected) => {
		expect(decideSendOnce(key, found, 'refuse', read)).toEqual(expected);
	});

	test('the earlier 865s to read: the blocking ones of the order, newest first', () => {
		const rejected = sent({ ...sent865(9), acknowledgmentStatus: 'REJECTED' });
		const found = [sent865(12), rejected, sent865(15, at11), sent({ id: 20 })];
		expect(changesToRead(changeAck('2'), found).map((t) => t.id)).toEqual([15, 12]);
		expect(changesToRead(invoice, [sent()])).toEqual([]);
	});

	test('keyOf reads its changeSequenceNumber', () => {
		const party = { receiverId: 'DEMORETAIL', stream: 'test' };
		const message = { purchaseOrderNumber: 'PO-65', changeSequenceNumber: 2 };
		expect(keyOf('865', { ...party, message })).toEqual(changeAck('2'));
		expect(keyOf('855', { ...party, message })).not.toHaveProperty('changeNumber');
	});
});
