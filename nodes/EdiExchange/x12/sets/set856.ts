/**
 * 856 ship notice (004010): one HL loop, repeated, whose level code (HL03: S shipment, O order,
 * T tare, P pack, I item) says which of its segments it carries.
 */
import { area, loop, MANY, type TransactionSetDef, use } from '../grammar';
import { nameLoop } from './nameLoop';

export const SET_856: TransactionSetDef = {
	id: '856',
	name: 'ship notice/manifest',
	areas: [
		area('header', [use('ST', 'M'), use('BSN', 'M'), use('DTM', 'O', 10)]),
		area('detail', [
			loop(
				use('HL', 'M'),
				200000,
				[
					use('LIN'),
					use('SN1'),
					use('PRF'),
					use('PO4'),
					loop(use('PID'), 200, []),
					use('TD1', 'O', 20),
					use('TD5', 'O', 12),
					use('REF', 'O', MANY),
					use('PER', 'O', 3),
					use('DTM', 'O', 10),
					use('FOB'),
					loop(use('MAN'), MANY, []),
					nameLoop(),
				],
				'M',
			),
		]),
		area('summary', [use('CTT'), use('SE', 'M')]),
	],
};
