/** 846 inventory inquiry/advice (004010), as the writer fills it. */
import { area, loop, type TransactionSetDef, use } from '../grammar';
import { nameLoop } from './nameLoop';

export const SET_846: TransactionSetDef = {
	id: '846',
	name: 'inventory inquiry/advice',
	areas: [
		area('header', [
			use('ST', 'M'),
			use('BIA', 'M'),
			use('CUR'),
			use('DTM', 'O', 10),
			use('REF', 'O', 12),
			use('PER', 'O', 3),
			loop(use('N1'), 5, [use('N2', 'O', 2), use('N3', 'O', 2), use('N4'), use('REF', 'O', 12)]),
		]),
		area('detail', [
			loop(use('LIN'), 10000, [
				use('PID', 'O', 200),
				use('DTM', 'O', 10),
				use('REF', 'O', 99999),
				loop(use('QTY'), 99, [use('DTM', 'O', 10)]),
				// The line's location (N1*WH), after its quantities as the 004010 table places it.
				nameLoop(0),
			]),
		]),
		area('summary', [use('CTT'), use('SE', 'M')]),
	],
};
