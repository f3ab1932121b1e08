import { advance, detectOrder, pagesFromNewest, Search } from '../../nodes/EdiExchange/trigger/cursor';
import { readState, watchKey, writeState, type ListState } from '../../nodes/EdiExchange/trigger/state';

const tx = (id: number, second: number) => ({ id, createdAt: new Date(Date.UTC(2026, 10, 22, 10, 0, second)).toISOString() });
const ms = (second: number) => Date.UTC(2026, 10, 22, 10, 0, second);
const state = (over: Partial<ListState> = {}): ListState => ({ v: 1, source: 'transactions', key: 'k', total: 10, cutoff: ms(10), seen: [], ...over });

describe('detectOrder', () => {
	test('reads the order off createdAt, then id', () => {
		expect(detectOrder([tx(3, 30), tx(2, 20)])).toBe('newest');
		expect(detectOrder([tx(2, 20), tx(3, 30)])).toBe('oldest');
		expect(detectOrder([tx(5, 20), tx(4, 20)])).toBe('newest');
		expect(detectOrder([tx(4, 20), tx(5, 20)])).toBe('oldest');
		expect(detectOrder([tx(4, 20)])).toBe('newest');
	});
});

describe('pagesFromNewest', () => {
	test('newest first reads forward from offset 0', () => {
		expect([...pagesFromNewest('newest', 250, 100)]).toEqual([
			{ offset: 0, limit: 100 },
			{ offset: 100, limit: 100 },
			{ offset: 200, limit: 100 },
		]);
	});
	test('oldest first reads backward from the end, the last page exact', () => {
		expect([...pagesFromNewest('oldest', 250, 100)]).toEqual([
			{ offset: 150, limit: 100 },
			{ offset: 50, limit: 100 },
			{ offset: 0, limit: 50 },
		]);
	});
	test('an empty list has no pages', () => {
		expect([...pagesFromNewest('oldest', 0, 100)]).toEqual([]);
	});
});

describe('Search', () => {
	test('finds what is after the cutoff and not seen, once, and notes passing the cutoff', () => {
		const search = new Search(state({ seen: [['12', ms(12)]] }));
		search.read([tx(13, 13), tx(12, 12), tx(11, 11)]);
		search.read([tx(13, 13), tx(11, 11), tx(9, 9)]);
		expect(search.found.map((t) => t.id)).toEqual([13, 11]);
		expect(search.passedCutoff).toBe(true);
	});
	test('string ids and ids as numbers are the same transaction', () => {
		const search = new Search(state({ seen: [['12', ms(12)]] }));
		search.read([{ ...tx(12, 12), id: '12' } as never]);
		expect(search.found).toEqual([]);
	});
});

describe('advance', () => {
	test('counts exactly, remembers what it found and moves the cutoff after a complete search', () => {
		const next = advance(state(), [tx(20, 20), tx(30, 30)], { missing: 0, complete: true }, 5000, 100);
		expect(next.total).toBe(12);
		expect(next.cutoff).toBe(ms(25));
		expect(next.seen).toEqual([['30', ms(30)]]);
	});
	test('holds the cutoff when the search stopped early', () => {
		const next = advance(state(), [tx(30, 30)], { missing: 0, complete: false }, 5000, 100);
		expect(next.cutoff).toBe(ms(10));
		expect(next.seen).toEqual([['30', ms(30)]]);
	});
	test('accounts for transactions given up on', () => {
		expect(advance(state(), [], { missing: 3, complete: true }, 5000, 100).total).toBe(13);
	});
	test('keeps at most maxSeen ids, raising the cutoff to the ones it forgets', () => {
		const found = [tx(20, 20), tx(21, 21), tx(22, 22), tx(23, 23)];
		const next = advance(state(), found, { missing: 0, complete: true }, 60_000, 2);
		expect(next.seen.map(([id]) => id)).toEqual(['22', '23']);
		expect(next.cutoff).toBe(ms(21));
	});
});

describe('state', () => {
	const key = watchKey('transactions', 'test', ['850'], '');
	test('reads back what was written, through JSON, with the seen list as one compact string', () => {
		const stored: Record<string, any> = {};
		const written = state({ key, seen: [['12', ms(12)], ['a:b,c', ms(13)]] });
		writeState(stored, written);
		expect(stored.state.seen).toBe(`12:${ms(12)},a%3Ab%2Cc:${ms(13)}`);
		expect(readState(JSON.parse(JSON.stringify(stored)), 'transactions', key)).toEqual(written);
	});
	test.each([
		['another version', { state: { ...state({ key }), v: 0 } }],
		['other settings', { state: state({ key: watchKey('transactions', 'live', ['850'], '') }) }],
		['a corrupt total', { state: { ...state({ key }), total: 'lots' } }],
		['corrupt seen entries', { state: { ...state({ key }), seen: '12:x' } }],
		['seen as a list', { state: { ...state({ key }), seen: [['12', 5]] } }],
		['no state', {}],
		['garbage', { state: 'garbage' }],
	])('treats %s as no state (a safe reset)', (_name, stored) => {
		expect(readState(stored as never, 'transactions', key)).toBeUndefined();
	});
	test('the types watched are a set: their order does not matter', () => {
		expect(watchKey('transactions', 'test', ['850', '810'], '')).toBe(watchKey('transactions', 'test', ['810', '850'], ''));
	});
});
