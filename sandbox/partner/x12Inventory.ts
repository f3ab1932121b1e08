/**
 * An 846 (inventory advice) received as X12 or service-JSON segments, read the partner's own way
 * into the shape partner/inventory.ts checks: BIA04 the report date and BIA05 its time (BIA03 is
 * the report number), LIN's qualifier/id pairs, every QTY02 and SCH01, and the N1 that name a
 * location (header: the whole report's; after a LIN: that line's). DTM, REF, PID and CTT are not
 * read: the validator judges their form, the partner has no rule about them.
 */
import type { AdvisedLine, InventoryAdvice } from './inventory';
import { element, productIdsOf } from './x12Elements';

/** N101 (98) codes that name a place stock sits: warehouse, ship from, ship to, store. */
const LOCATION_PARTIES = ['WH', 'SF', 'ST', 'SN'];

export function readInventoryAdvice(body: string[][]): InventoryAdvice {
	const advice: InventoryAdvice = {
		date: { field: 'BIA04', value: '' },
		linesWhere: 'LIN',
		locations: [],
		lines: [],
	};
	let line: AdvisedLine | undefined;
	for (const segment of body) {
		switch (segment[0]) {
			case 'BIA':
				advice.date.value = element(segment, 4);
				if (element(segment, 5)) advice.time = { field: 'BIA05', value: element(segment, 5) };
				break;
			case 'LIN': {
				const label = `line ${element(segment, 1) || advice.lines.length + 1}`;
				line = { label, productIds: productIdsOf(segment, 2), quantities: [], locations: [] };
				advice.lines.push(line);
				break;
			}
			case 'QTY':
				line?.quantities.push({
					what: `QTY02 (QTY01 ${element(segment, 1)})`,
					value: element(segment, 2),
				});
				break;
			case 'SCH':
				line?.quantities.push({ what: 'SCH01', value: element(segment, 1) });
				break;
			case 'N1': {
				const party = element(segment, 1);
				const code = element(segment, 4);
				if (!LOCATION_PARTIES.includes(party) || !code) break;
				const where = line ? `${line.label}: N1*${party}` : `N1*${party}`;
				(line ? line.locations : advice.locations).push({ where, code });
				break;
			}
		}
	}
	return advice;
}
