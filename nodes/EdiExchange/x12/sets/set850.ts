/** 850 purchase order (004010), the segments and loops a retail order uses, in the standard's order. */
import { area, loop, MANY, type TransactionSetDef, use } from '../grammar';
import * as order from './orderParts';

export const SET_850: TransactionSetDef = {
	id: '850',
	name: 'purchase order',
	areas: [
		area('header', [
			use('ST', 'M'),
			use('BEG', 'M'),
			...order.HEADER_TERMS,
			use('PAM', 'O', 10),
			use('CSH', 'O', 5),
			use('TC2', 'O', MANY),
			order.sacLoop(),
			use('ITD', 'O', MANY),
			...order.HEADER_DETAILS,
			use('PCT', 'O', MANY),
			use('CTB', 'O', 5),
			use('TXI', 'O', MANY),
			loop(use('AMT'), MANY, [use('REF', 'O', MANY), use('DTM'), use('PCT', 'O', MANY)]),
			order.n9Loop(),
			order.orderParty(),
		]),
		area('detail', [
			loop(
				use('PO1', 'M'),
				100000,
				[
					use('LIN', 'O', MANY),
					use('SI', 'O', MANY),
					use('CUR'),
					use('CN1'),
					use('PO3', 'O', 25),
					// Real retail 850s price a line here too (CTP*…*UCP*34.98), after PO3.
					loop(use('CTP'), MANY, [use('CUR')]),
					use('MEA', 'O', 40),
					order.lineDescription(),
					...order.lineTerms(),
					use('IT3', 'O', 5),
					...order.LINE_DETAILS,
					loop(use('SCH'), 200, [...order.carrier(2), use('REF', 'O', MANY)]),
					order.n9Loop(),
					order.orderParty(),
					loop(use('SLN'), 1000, [
						use('MSG', 'O', MANY),
						use('SI', 'O', MANY),
						use('CUR'),
						use('CTP', 'O', MANY),
						use('PID', 'O', 1000),
						use('PO4', 'O', MANY),
					]),
				],
				'M',
			),
		]),
		area('summary', [loop(use('CTT'), 1, [use('AMT')]), use('SE', 'M')]),
	],
};
