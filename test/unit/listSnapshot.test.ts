/**
 * The list as it was at the first page, rebuilt from pages read in any order while it grows:
 * placement by the growth of meta.total, the requests still needed, and misfits.
 */
import type { IDataObject } from 'n8n-workflow';

import { ListSnapshot } from '../../nodes/EdiExchange/transport/listSnapshot';

/** A newest-first list of ids total..1, as the service would serve a page of it. */
const page = (total: number, offset: number, limit: number) => ({
	offset,
	limit,
	total,
	items: Array.from(
		{ length: Math.max(0, Math.min(limit, total - offset)) },
		(_, i): IDataObject => ({ id: total - offset - i }),
	),
});
/** An oldest-first list of ids 1..total. */
const oldestPage = (total: number, offset: number, limit: number) => ({
	offset,
	limit,
	total,
	items: Array.from(
		{ length: Math.max(0, Math.min(limit, total - offset)) },
		(_, i): IDataObject => ({ id: offset + i + 1 }),
	),
});
const ids = (list: ListSnapshot, upTo: number) =>
	[...list.itemsBetween(0, upTo)].map((item) => item.id);

test('pages read out of order after arrivals at the front land where their items stood at the start', () => {
	const list = new ListSnapshot(250);
	expect(list.add(page(250, 0, 100))).toBe(true);
	// 30 arrivals, then the last page is read before the middle one; 10 more arrive in between.
	expect(list.add(page(280, 200, 100))).toBe(true); // start positions 170..249
	expect(list.add(page(290, 100, 100))).toBe(true); // start positions 60..159
	expect(list.prefix).toBe(160);
	// The gap 160..169 is asked for at its offset now (+40), with room for twice the growth seen (40).
	expect(list.nextRequests(250, 5, 100)).toEqual([{ offset: 200, limit: 90 }]);
	expect(list.add(page(290, 200, 90))).toBe(true);
	expect(ids(list, list.prefix)).toEqual(Array.from({ length: 250 }, (_, i) => 250 - i));
});

test('an oldest-first list growing at its end: a misfit under front growth, then read as growing at the back', () => {
	const list = new ListSnapshot(200);
	expect(list.add(oldestPage(200, 0, 100))).toBe(true);
	expect(list.add(oldestPage(205, 100, 100))).toBe(false);
	expect(list.tryOtherGrowth()).toBe(true);
	expect(list.prefix).toBe(200);
	expect(ids(list, 200)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
});

test('a list that repeats its first page whatever the offset fits neither way of growing', () => {
	const list = new ListSnapshot(1000);
	list.add(page(1000, 0, 100));
	expect(list.add({ ...page(1000, 0, 100), offset: 100 })).toBe(false);
	expect(list.tryOtherGrowth()).toBe(false);
	expect(list.inconsistency).toEqual({
		offset: 100,
		keys: expect.arrayContaining(['1000', '901']),
	});
});

test('a page shorter than asked while the total says more follow is read on; an empty page ends the list', () => {
	const list = new ListSnapshot(500);
	list.add({ offset: 0, limit: 100, total: 500, items: page(500, 0, 40).items });
	expect(list.end).toBe(500);
	expect(list.nextRequests(200, 5, 100)).toEqual([
		{ offset: 40, limit: 100 },
		{ offset: 140, limit: 60 },
	]);
	// The total overstated: nothing at offset 40.
	list.add({ offset: 40, limit: 100, total: 500, items: [] });
	expect(list.end).toBe(40);
	expect(list.nextRequests(Infinity, 5, 100)).toEqual([]);
});

test('without a total, a page shorter than asked ends the list', () => {
	const list = new ListSnapshot(undefined);
	list.add({ offset: 0, limit: 100, items: page(500, 0, 40).items });
	expect(list.end).toBe(40);
});

test('a position read twice, once with a numeric id and once with the same id as a string, is the same transaction', () => {
	const list = new ListSnapshot(200);
	expect(list.add(page(200, 0, 100))).toBe(true);
	const asStrings = page(200, 50, 100);
	asStrings.items = asStrings.items.map((item) => ({ id: String(item.id) }));
	expect(list.add(asStrings)).toBe(true);
	expect(list.prefix).toBe(150);
});

test('a service repeating its first page with string ids is caught as well', () => {
	const list = new ListSnapshot(1000);
	const first = page(1000, 0, 100);
	first.items = first.items.map((item) => ({ id: `T-${item.id}` }));
	list.add(first);
	expect(list.add({ ...first, offset: 100 })).toBe(false);
	expect(list.inconsistency).toEqual({
		offset: 100,
		keys: expect.arrayContaining(['T-1000', 'T-901']),
	});
});
