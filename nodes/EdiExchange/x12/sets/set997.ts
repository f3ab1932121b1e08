/** 997 functional acknowledgment (004010): one AK1 group response, an AK2 loop per set, AK9. */
import { area, loop, MANY, type TransactionSetDef, use } from '../grammar';

export const SET_997: TransactionSetDef = {
	id: '997',
	name: 'functional acknowledgment',
	areas: [
		area('header', [use('ST', 'M'), use('AK1', 'M')]),
		area('detail', [
			loop(use('AK2'), MANY, [loop(use('AK3'), MANY, [use('AK4', 'O', 99)]), use('AK5', 'M')]),
		]),
		area('summary', [use('AK9', 'M'), use('SE', 'M')]),
	],
};
