/** 810 invoice (004010), as the writer fills it. */
import { area, loop, MANY, type TransactionSetDef, use } from '../grammar';
import { nameLoop } from './nameLoop';

export const SET_810: TransactionSetDef = {
	id: '810',
	name: 'invoice',
	areas: [
		area('header', [
			use('ST', 'M'),
			use('BIG', 'M'),
			use('NTE', 'O', 100),
			use('CUR'),
			use('REF', 'O', 12),
			use('PER', 'O', 3),
			nameLoop(),
			use('ITD', 'O', MANY),
			use('DTM', 'O', 10),
			use('FOB'),
		]),
		area('detail', [
			loop(use('IT1'), 200000, [
				use('CUR'),
				loop(use('PID'), 1000, []),
				use('PO4', 'O', MANY),
				use('REF', 'O', MANY),
				use('DTM', 'O', 10),
				loop(use('SAC'), 25, []),
			]),
		]),
		area('summary', [
			use('TDS', 'M'),
			use('TXI', 'O', 10),
			use('CAD'),
			loop(use('SAC'), 25, [use('TXI', 'O', 10)]),
			loop(use('ISS'), 100, [use('PID')]),
			use('CTT'),
			use('SE', 'M'),
		]),
	],
};
