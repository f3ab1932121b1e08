/**
 * 824 application advice (004010): the receiver's verdict on documents it read (an OTI loop per
 * document: accepted, rejected…) and each reason (a TED loop, its NTE notes), as the standard
 * orders them.
 */
import { area, loop, MANY, type TransactionSetDef, use } from '../grammar';

export const SET_824: TransactionSetDef = {
	id: '824',
	name: 'application advice',
	areas: [
		area('header', [
			use('ST', 'M'),
			use('BGN', 'M'),
			loop(use('N1', 'M'), MANY, [
				use('N2', 'O', 2),
				use('N3', 'O', 2),
				use('N4'),
				use('REF', 'O', 12),
				use('PER', 'O', 3),
			]),
		]),
		area('detail', [
			loop(
				use('OTI', 'M'),
				MANY,
				[
					use('REF', 'O', 12),
					use('DTM', 'O', 2),
					use('PER', 'O', 3),
					use('AMT', 'O', MANY),
					use('QTY', 'O', MANY),
					use('NM1', 'O', 9),
					loop(use('TED'), MANY, [use('NTE', 'O', 100), use('RED', 'O', 100)]),
					loop(use('LM'), MANY, [loop(use('LQ', 'M'), 100, [use('RED', 'O', 100)], 'M')]),
				],
				'M',
			),
		]),
		area('summary', [use('SE', 'M')]),
	],
};
