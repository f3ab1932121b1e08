/**
 * The remembered steps of the set check (x12/setChecks.ts) give exactly the check's own problems:
 * sets made from each checked table (loops repeated up to 40 times, optional entries left out or
 * over their maximum), some mutated (a segment removed, inserted or repeated), read one after
 * another through one SetChecks, as the tolerant reader does, and each compared with the check
 * reading it alone. Seeded (mulberry32): a failure names the set.
 */
import { isLoop, type LoopDef } from '../../../nodes/EdiExchange/x12/grammar';
import { SetChecks } from '../../../nodes/EdiExchange/x12/setChecks';
import { checkStructure } from '../../../nodes/EdiExchange/x12/setStructure';
import { TRANSACTION_SETS } from '../../../nodes/EdiExchange/x12/sets';
import { mulberry32 as random } from '../../../sandbox/faults';

const SETS_PER_TYPE = 1500;

/** A set's segment ids from its table: mandatory entries once, optional ones sometimes, loops repeated. */
function made(loop: LoopDef, next: () => number, repeat: number, out: string[], depth = 0): void {
	for (const entry of loop.content) {
		let times = entry.requirement === 'M' || next() < 0.3 ? 1 : 0;
		if (next() < 0.15) times += Math.floor(next() * repeat);
		times = Math.min(times, entry.max === Infinity ? repeat : entry.max + (next() < 0.05 ? 1 : 0));
		for (let t = 0; t < times; t++)
			if (!isLoop(entry)) out.push(entry.segment);
			else if (depth < 6) made(entry, next, repeat, out, depth + 1);
	}
}

const idsOf = (loop: LoopDef): string[] =>
	loop.content.flatMap((entry) =>
		isLoop(entry) ? [entry.loop, ...idsOf(entry)] : [entry.segment],
	);

test.each(['850', '860', '997', '824'])(
	'the %s check with its steps remembered finds what the check alone finds',
	(type) => {
		const def = TRANSACTION_SETS.get(type)!;
		const ids = [...def.areas.flatMap(idsOf), 'ZZZ', 'pO1', ''];
		const next = random(Number(type));
		const checks = new SetChecks([type], TRANSACTION_SETS);
		let clean = 0;
		for (let n = 0; n < SETS_PER_TYPE; n++) {
			const seq: string[] = [];
			const repeat = next() < 0.1 ? 40 : 4;
			def.areas.forEach((area) => made(area, next, repeat, seq));
			for (let m = next() < 0.6 ? 0 : Math.floor(next() * 3); m > 0; m--) {
				const at = Math.floor(next() * seq.length);
				const kind = next();
				if (kind < 0.33) seq.splice(at, 1);
				else
					seq.splice(at, 0, kind < 0.66 ? ids[Math.floor(next() * ids.length)] : (seq[at] ?? 'ST'));
			}
			if (seq.length === 0) continue;
			const set = { type, controlNumber: String(n), segments: seq.map((id) => [id]) };
			checks.finish(set, 1);
			const alone = checkStructure(set, def);
			if (alone.length === 0) clean++;
			expect([seq.join(' '), checks.found.get(set)?.problems ?? []]).toEqual([
				seq.join(' '),
				alone,
			]);
		}
		// Both kinds are exercised: sets that pass, and sets with problems.
		expect(clean).toBeGreaterThan(SETS_PER_TYPE / 20);
		expect(clean).toBeLessThan(SETS_PER_TYPE * 0.9);
	},
);
