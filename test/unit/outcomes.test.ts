/**
 * The outcomes source's bookkeeping (trigger/outcomePlan.ts), the list filters a service may refuse
 * (transport/listFilters.ts) and where a sent document names its purchase order
 * (shared/sentOrder.ts): pure, from tables, without servers.
 */
import { NodeApiError } from 'n8n-workflow';

import {
	filterQuery,
	passesRefused,
	refusedFilterOf,
} from '../../nodes/EdiExchange/transport/listFilters';
import {
	accountOutcomes,
	newOutcomes,
	outcomeBaseline,
	watchedFloor,
} from '../../nodes/EdiExchange/trigger/outcomePlan';
import { orderNumberOfMessage } from '../../nodes/EdiExchange/shared/sentOrder';
import {
	newOutcomeState,
	readState,
	watchKey,
	writeState,
	type OutcomeState,
} from '../../nodes/EdiExchange/trigger/state';
import { writeInterchange } from '../../sandbox/x12/write';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28, 12);
const sent = (id: number, daysAgo: number, acknowledgmentStatus: string) => ({
	id,
	transactionType: '810',
	direction: 'outbound',
	createdAt: new Date(NOW - daysAgo * DAY).toISOString(),
	acknowledgmentStatus,
});
const CHOSEN = ['REJECTED', 'ACCEPTED_WITH_ERRORS', 'OVERDUE'];
const WINDOW = 7 * DAY;
const ids = (found: Array<{ item: { id?: unknown } }>) => found.map((f) => f.item.id);

describe('outcomes: what is emitted', () => {
	const baseline = outcomeBaseline(
		'k',
		[sent(1, 1, 'REJECTED'), sent(2, 2, 'OVERDUE'), sent(3, 9, 'REJECTED')],
		CHOSEN,
		true,
		NOW,
		WINDOW,
		100,
	);

	test('the baseline accounts for every outcome inside the window, none outside, and emits nothing', () => {
		expect(baseline.seen.map(([id, letter]) => `${id}${letter}`)).toEqual(['1R', '2O']);
		expect(baseline.floor).toBe(NOW - WINDOW);
		expect(
			newOutcomes(baseline, [sent(1, 1, 'REJECTED'), sent(2, 2, 'OVERDUE')], CHOSEN, NOW - WINDOW),
		).toEqual([]);
	});

	test('a new outcome anywhere in the window is emitted once, oldest document first; a document read twice counts once', () => {
		const read = [
			sent(5, 0.1, 'REJECTED'),
			sent(4, 6, 'ACCEPTED_WITH_ERRORS'),
			sent(5, 0.1, 'REJECTED'),
		];
		const found = newOutcomes(baseline, read, CHOSEN, NOW - WINDOW);
		expect(ids(found)).toEqual([4, 5]);
		const next = accountOutcomes(
			baseline,
			found.map((f) => f.item),
			NOW - WINDOW,
			100,
		);
		expect(newOutcomes(next, read, CHOSEN, NOW - WINDOW)).toEqual([]);
	});

	test('OVERDUE then REJECTED is a new outcome, with the previous one named; OVERDUE then ACCEPTED only when ACCEPTED is chosen', () => {
		expect(newOutcomes(baseline, [sent(2, 2, 'REJECTED')], CHOSEN, NOW - WINDOW)).toEqual([
			{ item: sent(2, 2, 'REJECTED'), status: 'REJECTED', previous: 'OVERDUE' },
		]);
		expect(newOutcomes(baseline, [sent(2, 2, 'ACCEPTED')], CHOSEN, NOW - WINDOW)).toEqual([]);
		expect(
			ids(newOutcomes(baseline, [sent(2, 2, 'ACCEPTED')], [...CHOSEN, 'ACCEPTED'], NOW - WINDOW)),
		).toEqual([2]);
	});

	test('an outcome of a document sent before the window is not emitted, and is forgotten when the window passes it', () => {
		expect(newOutcomes(baseline, [sent(3, 9, 'REJECTED')], CHOSEN, NOW - WINDOW)).toEqual([]);
		const later = NOW + 5.5 * DAY;
		const floor = watchedFloor(baseline.floor, later, WINDOW);
		expect(accountOutcomes(baseline, [], floor, 100).seen.map(([id]) => id)).toEqual(['1']);
	});

	test('bounded: beyond maxSeen the oldest are forgotten and the floor rises past them', () => {
		const many = Array.from({ length: 10 }, (_, i) => sent(i + 10, 5 - i * 0.1, 'REJECTED'));
		const next = accountOutcomes(newOutcomeState('k', [], NOW - WINDOW), many, NOW - WINDOW, 4);
		expect(next.seen.map(([id]) => id)).toEqual(['16', '17', '18', '19']);
		expect(next.floor).toBe(Date.parse(many[5].createdAt));
		// The forgotten ones are not watched any more: never emitted again.
		expect(newOutcomes(next, many, CHOSEN, watchedFloor(next.floor, NOW, WINDOW))).toEqual([]);
	});

	test('a baseline cut short watches only from the oldest document it read', () => {
		const cut = outcomeBaseline(
			'k',
			[sent(1, 1, 'REJECTED'), sent(2, 3, 'OVERDUE')],
			CHOSEN,
			false,
			NOW,
			WINDOW,
			100,
		);
		expect(cut.floor).toBe(NOW - 3 * DAY);
		expect(
			newOutcomes(cut, [sent(7, 4, 'REJECTED')], CHOSEN, watchedFloor(cut.floor, NOW, WINDOW)),
		).toEqual([]);
	});

	test('the state is JSON, survives a round trip through static data, and refuses what it cannot read', () => {
		const state: OutcomeState = { ...baseline, refusedAt: NOW - 1000 };
		const stored: Record<string, unknown> = {};
		writeState(stored as never, state);
		const back = readState<OutcomeState>(JSON.parse(JSON.stringify(stored)), 'outcomes', 'k', NOW);
		expect(back.state).toEqual(state);
		expect(
			readState({ state: { ...(stored.state as object), seen: '1:X:5' } }, 'outcomes', 'k', NOW)
				.problem,
		).toMatch(/corrupt/);
		expect(readState(stored as never, 'outcomes', 'other', NOW).problem).toMatch(
			/settings changed/,
		);
	});

	test('the outcomes and their window are part of what is watched', () => {
		const key = (statuses: string[], days: number) =>
			watchKey('outcomes', 'test', [], '', { statuses, windowMs: days * DAY });
		expect(key(['OVERDUE', 'REJECTED'], 7)).toBe(key(['REJECTED', 'OVERDUE'], 7));
		expect(key(['REJECTED'], 7)).not.toBe(key(['REJECTED', 'OVERDUE'], 7));
		expect(key(['REJECTED'], 7)).not.toBe(key(['REJECTED'], 3));
	});
});

describe('list filters a service may refuse', () => {
	const filters = {
		stream: 'test',
		direction: 'outbound',
		acknowledgmentStatus: ['REJECTED', 'OVERDUE'],
		businessNumber: ['INV-1'],
	};
	const refusal = (ref: string) =>
		new NodeApiError(
			{ name: 'n', type: 't', typeVersion: 1, position: [0, 0], parameters: {}, id: '1' },
			{
				type: 'argumentError',
				message: 'bad',
				errors: [{ type: 'argumentError', ref, message: `property ${ref} should not exist` }],
			},
			{ httpCode: '400' },
		);

	test('the query names each filter once, comma-separated, except a refused one', () => {
		expect(filterQuery(filters, new Set())).toEqual({
			stream: 'test',
			direction: 'outbound',
			acknowledgmentStatus: 'REJECTED,OVERDUE',
			businessNumber: 'INV-1',
		});
		expect(filterQuery(filters, new Set(['acknowledgmentStatus']))).toEqual({
			stream: 'test',
			direction: 'outbound',
			businessNumber: 'INV-1',
		});
	});

	test('a 400 naming a filter that was sent is a refusal of that filter; other 400s are not', () => {
		expect(refusedFilterOf(refusal('acknowledgmentStatus'), filters, new Set())).toBe(
			'acknowledgmentStatus',
		);
		expect(refusedFilterOf(refusal('businessNumber'), filters, new Set())).toBe('businessNumber');
		expect(refusedFilterOf(refusal('limit'), filters, new Set())).toBeUndefined();
		expect(
			refusedFilterOf(refusal('businessNumber'), { stream: 'test' }, new Set()),
		).toBeUndefined();
		expect(
			refusedFilterOf(refusal('businessNumber'), filters, new Set(['businessNumber'])),
		).toBeUndefined();
	});

	test('the node keeps only matching items for a refused filter, by exact value', () => {
		const refused = new Set(['acknowledgmentStatus', 'businessNumber']);
		expect(
			passesRefused(
				{ acknowledgmentStatus: 'REJECTED', businessNumber: 'INV-1' },
				filters,
				refused,
			),
		).toBe(true);
		expect(
			passesRefused(
				{ acknowledgmentStatus: 'ACCEPTED', businessNumber: 'INV-1' },
				filters,
				refused,
			),
		).toBe(false);
		expect(
			passesRefused(
				{ acknowledgmentStatus: 'REJECTED', businessNumber: 'INV-10' },
				filters,
				refused,
			),
		).toBe(false);
		expect(passesRefused({ businessNumber: 'INV-1' }, filters, refused)).toBe(false);
		expect(passesRefused({ acknowledgmentStatus: 'ACCEPTED' }, filters, new Set())).toBe(true);
	});
});

describe('the purchase order a sent 856 or 810 names', () => {
	const x12 = (type: string, segment: string[]) =>
		writeInterchange({
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			usage: 'T',
			controlNumber: 7,
			date: new Date('2026-11-22T10:30:00Z'),
			sets: [{ type, segments: [segment] }],
		});

	test.each([
		['810 structured', '810', { invoiceNumber: 'INV-1', purchaseOrderNumber: 'PO-9' }, 'PO-9'],
		[
			'810 service JSON (BIG04)',
			'810_INVOICE',
			{ segments: [['BIG', '20261122', 'INV-1', '', 'PO-9']] },
			'PO-9',
		],
		['810 X12 (BIG04)', '810', x12('810', ['BIG', '20261122', 'INV-1', '', 'PO-9']), 'PO-9'],
		[
			'856 service JSON (PRF01)',
			'856',
			{
				segments: [
					['BSN', '00', 'SHP-1'],
					['PRF', 'PO-7'],
				],
			},
			'PO-7',
		],
		['856 X12 (PRF01)', '856', x12('856', ['PRF', 'PO-7']), 'PO-7'],
		['856 without a PRF', '856', { segments: [['BSN', '00', 'SHP-1']] }, undefined],
		[
			'an 855 (its business number is the order)',
			'855',
			{ purchaseOrderNumber: 'PO-1' },
			undefined,
		],
		['text that is no X12', '810', 'hello', undefined],
	])('%s', (_, type, message, expected) => {
		expect(orderNumberOfMessage(type, message)).toBe(expected);
	});
});
