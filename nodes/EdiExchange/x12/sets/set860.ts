/** 860 purchase order change, buyer initiated (004010): the segments a retail change uses, in the standard's order. */
import { area, loop, MANY, type TransactionSetDef, use } from '../grammar';
import * as order from './orderParts';

export const SET_860: TransactionSetDef = {
	id: '860',
	name: 'purchase order change',
	areas: [
		area('header', [
			use('ST', 'M'),
			use('BCH', 'M'),
			...order.HEADER_TERMS,
			use('CSH', 'O', 5),
			order.sacLoop(),
			use('ITD', 'O', 5),
			...order.HEADER_DETAILS,
			use('TXI', 'O', MANY),
			use('CTB', 'O', 5),
			order.n9Loop(),
			order.changeParty(),
		]),
		area('detail', [
			loop(use('POC'), 100000, [
				use('LIN', 'O', MANY),
				use('SI', 'O', MANY),
				use('CUR'),
				use('PO3', 'O', 25),
				use('CTP', 'O', MANY),
				use('MEA', 'O', 40),
				order.lineDescription(),
				...order.lineTerms(),
				...order.LINE_DETAILS,
				loop(use('SCH'), 104, [use('TD1', 'O', 2), use('TD5', 'O', 12), use('REF', 'O', MANY)]),
				order.n9Loop(),
				order.changeParty(),
			]),
		]),
		area('summary', [loop(use('CTT'), 1, [use('AMT')]), use('SE', 'M')]),
	],
};
