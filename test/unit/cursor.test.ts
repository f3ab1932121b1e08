import {
	advance,
	baselineState,
	detectOrder,
	pagesFromNewest,
	Search,
	UNDATED,
} from '../../nodes/EdiExchange/trigger/cursor';
import {
	newListState,
	readState,
	watchKey,
	writeState,
	type ListState,
} from '../../nodes/EdiExchange/trigger/state';

const tx = (id: number, second: number) => ({
	id,
	createdAt: new Date(Date.UTC(2026, 10, 22, 10, 0, second)).toISOString(),
});
const ms = (second: number) => Date.UTC(2026, 10, 22, 10, 0, second);
const state = (over: Partial<ListState> = {}): ListState => ({
	...newListState('k', 10, ms(10)),
	...over,
});
const NOW = ms(60);

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
		const next = advance(
			state(),
			[tx(20, 20), tx(30, 30)],
			{ missing: 0, complete: true },
			5000,
			100,
			NOW,
		);
		expect(next.total).toBe(12);
		expect(next.cutoff).toBe(ms(25));
		expect(next.seen).toEqual([['30', ms(30)]]);
	});
	test('holds the cutoff when the search stopped early', () => {
		const next = advance(state(), [tx(30, 30)], { missing: 0, complete: false }, 5000, 100, NOW);
		expect(next.cutoff).toBe(ms(10));
		expect(next.seen).toEqual([['30', ms(30)]]);
	});
	test('accounts for transactions given up on', () => {
		expect(advance(state(), [], { missing: 3, complete: true }, 5000, 100, NOW).total).toBe(13);
	});
	test('keeps at most maxSeen ids, raising the cutoff to the ones it forgets', () => {
		const found = [tx(20, 20), tx(21, 21), tx(22, 22), tx(23, 23)];
		const next = advance(state(), found, { missing: 0, complete: true }, 60_000, 2, NOW);
		expect(next.seen.map(([id]) => id)).toEqual(['22', '23']);
		expect(next.cutoff).toBe(ms(21));
	});
});

describe('unreadable dates, missing ids and long backlogs', () => {
	test('a transaction without a readable createdAt never moves the cutoff', () => {
		const next = advance(
			state(),
			[tx(20, 20), { id: 21, createdAt: 'soon' }],
			{ missing: 0, complete: true },
			5000,
			100,
			NOW,
		);
		expect(next.cutoff).toBe(ms(15));
		expect(next.seen).toEqual([
			['20', ms(20)],
			['21', UNDATED],
		]);
		const search = new Search(next);
		search.read([tx(22, 16), { id: 21, createdAt: 'soon' }]);
		expect(search.found.map((t) => t.id)).toEqual([22]);
	});
	test('a transaction without a readable createdAt is remembered after the window has passed everything dated', () => {
		const first = advance(
			state(),
			[{ id: 21, createdAt: 'soon' }],
			{ missing: 0, complete: true },
			5000,
			100,
			NOW,
		);
		const later = advance(first, [tx(50, 50)], { missing: 0, complete: true }, 5000, 100, NOW);
		expect(later.cutoff).toBe(ms(45));
		const search = new Search(later);
		search.read([tx(51, 51), { id: 21, createdAt: 'soon' }, tx(46, 46)]);
		expect(search.found.map((t) => t.id)).toEqual([51, 46]);
	});
	test('undated and future-dated entries are bounded too: the latest maxSeen of them are kept', () => {
		const undated = Array.from({ length: 5 }, (_, i) => ({ id: 100 + i, createdAt: '' }));
		const next = advance(state(), undated, { missing: 0, complete: true }, 5000, 3, NOW);
		expect(next.seen.map(([id]) => id)).toEqual(['102', '103', '104']);
		const baseline = baselineState('k', 5, undated, true, 5000, 3, NOW);
		expect(baseline.seen.map(([id]) => id)).toEqual(['102', '103', '104']);
	});
	test('a transaction without an id is remembered by its content: found once, stored readably', () => {
		const idless = { createdAt: tx(0, 20).createdAt, transactionType: '850' };
		const search = new Search(state());
		search.read([idless, tx(21, 21)]);
		expect(search.found).toHaveLength(2);
		const next = advance(state(), search.found, { missing: 0, complete: true }, 60_000, 100, NOW);
		const stored: Record<string, any> = {};
		writeState(stored, next);
		const reread = readState<ListState>(
			JSON.parse(JSON.stringify(stored)),
			'transactions',
			'k',
			NOW,
		).state!;
		expect(reread).toEqual(next);
		const again = new Search(reread);
		again.read([idless, tx(21, 21)]);
		expect(again.found).toEqual([]);
	});
	test('125,000 found at once: no spread onto the call stack', () => {
		const found = Array.from({ length: 125_000 }, (_, i) => ({
			id: i + 100,
			createdAt: new Date(ms(20) + i).toISOString(),
		}));
		const next = advance(state(), found, { missing: 0, complete: true }, 60_000, 20_000, NOW);
		expect(next.total).toBe(125_010);
		expect(next.seen).toHaveLength(20_000);
		expect(baselineState('k', 125_000, found, true, 60_000, 20_000, NOW).seen).toHaveLength(20_000);
	});
});

describe('baselineState', () => {
	test('remembers what it read inside the late window, so a late arrival dated there is found', () => {
		const read = [tx(5, 50), tx(4, 40), tx(3, 30), tx(2, 5)];
		const base = baselineState('k', 4, read, true, 20_000, 100, NOW);
		expect(base.cutoff).toBe(ms(30));
		expect(base.seen.map(([id]) => id)).toEqual(['5', '4']);
		const search = new Search(base);
		search.read([tx(6, 45), ...read]);
		expect(search.found.map((t) => t.id)).toEqual([6]);
	});
	test('stopped before the window ends (budget), the cutoff stays at the oldest read', () => {
		expect(baselineState('k', 9, [tx(5, 50), tx(4, 40)], false, 60_000, 100, NOW).cutoff).toBe(
			ms(40),
		);
	});
});

describe('state', () => {
	const key = watchKey('transactions', 'test', ['850'], '');
	test('reads back what was written, through JSON, with the seen list as one compact string', () => {
		const stored: Record<string, any> = {};
		const written = state({
			key,
			seen: [
				['12', ms(12)],
				['a:b,c', ms(13)],
			],
		});
		writeState(stored, written);
		expect(stored.state.seen).toBe(`12:${ms(12)},a%3Ab%2Cc:${ms(13)}`);
		expect(readState(JSON.parse(JSON.stringify(stored)), 'transactions', key, NOW)).toEqual({
			state: written,
		});
	});
	test('no state at all is a first activation, not a problem', () => {
		expect(readState({}, 'transactions', key, NOW)).toEqual({});
	});
	test.each([
		['another version', { state: { ...state({ key }), v: 0 } }, /another version/],
		[
			'other settings',
			{ state: state({ key: watchKey('transactions', 'live', ['850'], '') }) },
			/watched settings changed/,
		],
		['a corrupt total', { state: { ...state({ key }), total: 'lots' } }, /corrupt/],
		[
			'corrupt seen entries',
			{ state: { ...state({ key }), seen: '12:x' } },
			/corrupt: the remembered entry "12:x"/,
		],
		[
			'a bad %-escape in the seen list',
			{ state: { ...state({ key }), seen: `%E0%A4%A:${ms(12)}` } },
			/corrupt: the remembered id "%E0%A4%A/,
		],
		['seen as a list', { state: { ...state({ key }), seen: [['12', 5]] } }, /corrupt/],
		[
			'a cutoff in the future',
			{ state: { ...state({ key }), seen: '', cutoff: NOW + 86_400_000 } },
			/cutoff .* is in the future/,
		],
		['garbage', { state: 'garbage' }, /corrupt/],
	])('reports %s as a problem, never throws', (_name, stored, problem) => {
		const reading = readState(stored as never, 'transactions', key, NOW);
		expect(reading.state).toBeUndefined();
		expect(reading.problem).toMatch(problem);
	});
	test('an inbox floor in the future is a problem; version 1 bare ids read as never emitted', () => {
		const inboxKey = watchKey('inbox', 'test', [], '');
		const inbox = (floor: number) => ({
			state: { v: 1, source: 'inbox', key: inboxKey, seen: ['d1'], floor },
		});
		expect(readState(inbox(NOW + 86_400_000) as never, 'inbox', inboxKey, NOW).problem).toMatch(
			/floor .* is in the future/,
		);
		expect(readState(inbox(0) as never, 'inbox', inboxKey, NOW).state?.seen).toEqual([['d1', -1]]);
	});
	test('the types watched are a set: their order does not matter', () => {
		expect(watchKey('transactions', 'test', ['850', '810'], '')).toBe(
			watchKey('transactions', 'test', ['810', '850'], ''),
		);
	});
});
