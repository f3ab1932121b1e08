/** 865 purchase order change acknowledgment (004010), as the writer fills it. */
import { area, loop, MANY, type TransactionSetDef, use } from '../grammar';
import { nameLoop } from './nameLoop';

export const SET_865: TransactionSetDef = {
	id: '865',
	name: 'purchase order change acknowledgment',
	areas: [
		area('header', [
			use('ST', 'M'),
			use('BCA', 'M'),
			use('CUR'),
			use('REF', 'O', MANY),
			use('PER', 'O', 3),
			use('DTM', 'O', 10),
			nameLoop(),
		]),
		area('detail', [
			loop(use('POC'), MANY, [
				loop(use('PID'), 1000, []),
				loop(use('ACK'), 104, [use('DTM', 'O', 1)]),
				use('MSG', 'O', MANY),
			]),
		]),
		area('summary', [loop(use('CTT'), 1, [use('AMT')]), use('SE', 'M')]),
	],
};
