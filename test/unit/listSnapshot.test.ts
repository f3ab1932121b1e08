/**
 * The chain of the list read from its first item on, from pages read in any order while the list
 * grows anywhere: joining by position at one total and by id across totals, the requests still
 * needed, the list's end, and pages no list that only grows can give.
 */
import type { IDataObject } from 'n8n-workflow';

import { ListSnapshot } from '../../nodes/EdiExchange/transport/listSnapshot';

/** A page of `list` (ids, in list order) as the service would serve it then. */
const page = (list: number[], offset: number, limit: number) => ({
	offset,
	limit,
	total: list.length,
	items: list.slice(offset, offset + limit).map((id): IDataObject => ({ id })),
});
const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);
const ids = (list: ListSnapshot) => list.items.map((item) => item.id);

test('a list standing still: pages start right after the chain, back to back, up to the end', () => {
	const list = range(1, 250).reverse();
	const chain = new ListSnapshot(page(list, 0, 100));
	expect(chain.nextRequests(Infinity, 5, 100)).toEqual([
		{ offset: 100, limit: 100 },
		{ offset: 200, limit: 100 },
	]);
	expect(chain.nextRequests(150, 5, 100)).toEqual([{ offset: 100, limit: 50 }]);
	// Served in any order.
	expect(chain.add([page(list, 200, 100), page(list, 100, 100)])).toBe(true);
	expect(ids(chain)).toEqual(list);
	expect(chain.ended).toBe(true);
});

test('arrivals at both ends and in the middle between pages: joined by id where the last item moved to', () => {
	let list = range(1, 300).reverse();
	const chain = new ListSnapshot(page(list, 0, 100));
	// 10 new at the front, 5 late ones in the middle (after id 150, not read yet), 5 at the back.
	list = [
		...range(301, 310).reverse(),
		...list.slice(0, 150),
		...range(311, 315),
		...list.slice(150),
		...range(316, 320),
	];
	// Served in the wrong order: the later page first.
	expect(chain.add([page(list, 200, 100), page(list, 100, 100)])).toBe(true);
	expect(chain.ended).toBe(false);
	// The chain now follows the list as it is: every one present at the start, once.
	expect(new Set(ids(chain)).size).toBe(chain.items.length);
	expect(ids(chain)).toEqual(list.slice(10, 10 + chain.items.length));
	// Moving: the next page starts where the last item stood, overlapping by the round's growth.
	const [next] = chain.nextRequests(Infinity, 5, 100);
	expect(chain.add([page(list, next.offset, next.limit)])).toBe(true);
	expect(
		chain.add(chain.nextRequests(Infinity, 5, 100).map((r) => page(list, r.offset, r.limit))),
	).toBe(true);
	expect(chain.ended).toBe(true);
	expect(ids(chain)).toEqual(list.slice(10));
});

test('a page that cannot join yet (a gap before it) waits, and joins once the gap is read', () => {
	let list = range(1, 300);
	const chain = new ListSnapshot(page(list, 0, 100));
	list = [...range(301, 340), ...list]; // 40 at the front: everything moves back by 40
	expect(chain.add([page(list, 200, 100)])).toBe(true); // ids 161..260: a gap after id 100
	expect(chain.items).toHaveLength(100);
	expect(chain.add([page(list, 120, 100)])).toBe(true); // ids 81..180: id 100 (now at 139) on
	expect(ids(chain)).toEqual(range(1, 260));
});

test('a list that repeats its first page whatever the offset: the repeated ids', () => {
	const list = range(1, 1000).reverse();
	const chain = new ListSnapshot(page(list, 0, 100));
	expect(chain.add([{ ...page(list, 0, 100), offset: 100 }])).toBe(false);
	expect(chain.inconsistency).toEqual({
		kind: 'repeated',
		offset: 100,
		keys: expect.arrayContaining(['1000', '901']),
	});
});

test('a page served later that covers every place the last item can be, without it: lacked', () => {
	const list = range(1, 1000).reverse();
	const chain = new ListSnapshot(page(list, 0, 100));
	// Total grew by 5, yet positions 99..104 hold other transactions.
	const other = {
		offset: 99,
		limit: 100,
		total: 1005,
		items: range(2000, 2099).map((id) => ({ id })),
	};
	expect(chain.add([other])).toBe(false);
	expect(chain.inconsistency).toEqual({ kind: 'lacked', offset: 99, keys: ['901'] });
});

test('a page shorter than asked while the total says more follow is read on; an empty page ends the list', () => {
	const list = range(1, 500).reverse();
	const chain = new ListSnapshot({ ...page(list, 0, 40), limit: 100 });
	expect(chain.ended).toBe(false);
	expect(chain.nextRequests(200, 5, 100)).toEqual([
		{ offset: 40, limit: 100 },
		{ offset: 140, limit: 60 },
	]);
	// The total overstated: nothing at offset 40.
	chain.add([{ offset: 40, limit: 100, total: 500, items: [] }]);
	expect(chain.ended).toBe(true);
	expect(chain.nextRequests(Infinity, 5, 100)).toEqual([]);
});

test('without a total, a page shorter than asked ends the list', () => {
	const chain = new ListSnapshot({ offset: 0, limit: 100, items: [{ id: 1 }, { id: 2 }] });
	expect(chain.ended).toBe(true);
});

test('the last item read again with its id as a string, after arrivals, is the same transaction', () => {
	let list = range(1, 200).reverse();
	const chain = new ListSnapshot(page(list, 0, 100));
	list = [201, 202, ...list];
	const asStrings = page(list, 99, 100);
	asStrings.items = asStrings.items.map((item) => ({ id: String(item.id) }));
	expect(chain.add([asStrings])).toBe(true);
	expect(chain.items).toHaveLength(100 + 97);
});
