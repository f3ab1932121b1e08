/** 855 purchase order acknowledgment (004010), as the writer fills it. */
import { area, loop, MANY, type TransactionSetDef, use } from '../grammar';
import { nameLoop } from './nameLoop';

export const SET_855: TransactionSetDef = {
	id: '855',
	name: 'purchase order acknowledgment',
	areas: [
		area('header', [
			use('ST', 'M'),
			use('BAK', 'M'),
			use('CUR'),
			use('REF', 'O', 12),
			use('PER', 'O', 3),
			use('FOB', 'O', MANY),
			use('ITD', 'O', 5),
			use('DTM', 'O', 10),
			use('TD5', 'O', 12),
			nameLoop(MANY),
		]),
		area('detail', [
			loop(use('PO1'), 100000, [
				use('CUR'),
				loop(use('PID'), 1000, []),
				use('PO4', 'O', MANY),
				use('REF', 'O', MANY),
				use('DTM', 'O', 10),
				loop(use('ACK'), 104, [use('DTM', 'O', 10)]),
				nameLoop(0),
			]),
		]),
		area('summary', [loop(use('CTT'), 1, [use('AMT')]), use('SE', 'M')]),
	],
};
