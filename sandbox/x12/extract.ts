/**
 * One transaction set in its own envelope: how a single transaction's message looks when it
 * arrived inside a larger interchange. Original ISA/GS headers are kept; trailer counts become 1.
 */
import { joinSegments } from './join';
import type { CheckedInterchange } from './types';

export function extractTransactionSet(
	interchange: CheckedInterchange,
	groupIndex: number,
	setIndex: number,
): string {
	const group = interchange.groups[groupIndex];
	const set = group?.sets[setIndex];
	if (!set) throw new Error(`no transaction set at group ${groupIndex}, set ${setIndex}`);
	return joinSegments(
		[
			interchange.isa,
			group.gs,
			...set.segments,
			['GE', '1', group.gs[6]],
			['IEA', '1', interchange.isa[13]],
		],
		interchange.separators,
	);
}
