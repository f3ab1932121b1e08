/**
 * The x12-public corpus (`../shared/x12-public`, beside the checkout; never copied here) and its
 * oracles' shape, built from what `readX12` read: envelope values, set sizes and the body fields the
 * oracle lists (its README), taken from the raw segment elements. Shared by the corpus test and the
 * bench's library report.
 */
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import type { X12Interchange } from '../../nodes/EdiExchange/x12';

export const CORPUS = join(__dirname, '..', '..', '..', 'shared', 'x12-public');
export const CORPUS_TYPES = ['850', '855', '856', '810', '997'];

export interface CorpusFile {
	/** e.g. `850/bots-pipe-elem.edi`. */
	name: string;
	bytes: Buffer;
	/** The oracle (`*.expect.json`); absent for broken files. */
	oracle?: Oracle;
}

export interface Oracle {
	delimiters: { element: string; component: string; segment: string; repetition: string | null };
	segmentCount: number;
	interchanges: OracleInterchange[];
}
type Value = string | null | undefined;
export interface OracleInterchange {
	[field: string]: unknown;
	groups: Array<{ [field: string]: unknown; sets: Array<Record<string, unknown>> }>;
}

export function corpusFiles(corpus = CORPUS): CorpusFile[] {
	const files: CorpusFile[] = [];
	for (const dir of [...CORPUS_TYPES, 'broken']) {
		const path = join(corpus, dir);
		if (!existsSync(path)) continue;
		for (const file of readdirSync(path).sort()) {
			if (!file.endsWith('.edi')) continue;
			const oracle = join(path, file.replace(/\.edi$/, '.expect.json'));
			files.push({
				name: `${dir}/${file}`,
				bytes: readFileSync(join(path, file)),
				oracle: existsSync(oracle)
					? (JSON.parse(readFileSync(oracle, 'utf8')) as Oracle)
					: undefined,
			});
		}
	}
	return files;
}

const at = (segment: string[] | undefined, index: number): Value =>
	segment && segment[index] !== undefined ? segment[index] : null;

/** Product ids from `from` on as [qualifier, value] pairs, empty pairs left out. */
function pairs(segment: string[], from: number): string[][] {
	const out: string[][] = [];
	for (let i = from; i < segment.length; i += 2) {
		const pair = [segment[i] ?? '', segment[i + 1] ?? ''];
		if (pair[0] !== '' || pair[1] !== '') out.push(pair);
	}
	return out;
}

/** The oracle's view of an interchange read by `readX12`. */
export function asOracle(interchange: X12Interchange): OracleInterchange {
	const isa = interchange.isa;
	return {
		ISA05: isa[5].trim(),
		ISA06: isa[6].trim(),
		ISA07: isa[7].trim(),
		ISA08: isa[8].trim(),
		ISA11: isa[11],
		ISA12: isa[12],
		ISA13: isa[13],
		ISA15: isa[15],
		ISA16: isa[16],
		groups: interchange.groups.map((group) => ({
			GS01: at(group.gs, 1),
			GS02: at(group.gs, 2),
			GS03: at(group.gs, 3),
			GS06: at(group.gs, 6),
			GS08: at(group.gs, 8),
			sets: group.sets.map((set) => {
				const se = set.segments[set.segments.length - 1];
				const body = BODIES[set.type];
				return {
					ST01: at(set.segments[0], 1),
					ST02: at(set.segments[0], 2),
					SE01: at(se, 1),
					SE02: at(se, 2),
					segmentsCounted: set.segments.length,
					...(body ? { body: body(set.segments) } : {}),
				};
			}),
			GE01: at(group.ge, 1),
			GE02: at(group.ge, 2),
		})),
		IEA01: at(interchange.iea, 1),
		IEA02: at(interchange.iea, 2),
	};
}

/** Segments of an interchange as a file counts them: ISA, GS, the sets, GE, IEA. */
export const segmentCount = (interchange: X12Interchange): number =>
	2 +
	interchange.groups.reduce(
		(sum, group) => sum + 2 + group.sets.reduce((n, set) => n + set.segments.length, 0),
		0,
	);

type Body = Record<string, unknown>;
type Line = Record<string, unknown>;

/** A PO1 line as the 850 and 855 oracles keep it, with what each adds from later segments. */
const po1Line = (s: string[], more: Line): Line => ({
	PO101: at(s, 1),
	PO102: at(s, 2),
	PO103: at(s, 3),
	PO104: at(s, 4),
	productIds: pairs(s, 6),
	...more,
});

const BODIES: Record<string, (segments: string[][]) => Body> = {
	'850': (segments) => {
		const body: Body = { BEG01: null, BEG02: null, BEG03: null, BEG05: null, CUR02: null };
		const n1: Line[] = [];
		const po1: Line[] = [];
		let line: Line | undefined;
		for (const s of segments) {
			if (s[0] === 'BEG')
				Object.assign(body, { BEG01: at(s, 1), BEG02: at(s, 2), BEG03: at(s, 3), BEG05: at(s, 5) });
			else if (s[0] === 'CUR' && !line) body.CUR02 = at(s, 2);
			else if (s[0] === 'N1') {
				const party = { N101: at(s, 1), N102: at(s, 2), N104: at(s, 4) };
				if (line) ((line.N1 as Line[] | undefined) ?? (line.N1 = [])).push(party);
				else n1.push(party);
			} else if (s[0] === 'PO1') {
				line = po1Line(s, { PID05: [] });
				po1.push(line);
			} else if (s[0] === 'PID' && line) (line.PID05 as Value[]).push(at(s, 5));
			else if (s[0] === 'CTT') {
				body.CTT01 = at(s, 1);
				line = undefined;
			}
		}
		return { ...body, N1: n1, PO1: po1, CTT01: body.CTT01 ?? null };
	},
	'855': (segments) => {
		const body: Body = { BAK01: null, BAK02: null, BAK03: null, BAK04: null, PO1: [], CTT01: null };
		let line: Line | undefined;
		for (const s of segments) {
			if (s[0] === 'BAK')
				Object.assign(body, { BAK01: at(s, 1), BAK02: at(s, 2), BAK03: at(s, 3), BAK04: at(s, 4) });
			else if (s[0] === 'PO1') {
				line = po1Line(s, { ACK: [] });
				(body.PO1 as Line[]).push(line);
			} else if (s[0] === 'ACK' && line)
				(line.ACK as Line[]).push({ ACK01: at(s, 1), ACK02: at(s, 2), ACK03: at(s, 3) });
			else if (s[0] === 'CTT') {
				body.CTT01 = at(s, 1);
				line = undefined;
			}
		}
		return body;
	},
	'856': (segments) => {
		const body: Body = { BSN02: null, BSN03: null, HL: [], MAN: [], LIN: [], SN1: [], CTT01: null };
		let hl: Value = null;
		const push = (key: string, value: Line) => (body[key] as Line[]).push(value);
		for (const s of segments) {
			if (s[0] === 'BSN') Object.assign(body, { BSN02: at(s, 2), BSN03: at(s, 3) });
			else if (s[0] === 'HL') {
				hl = at(s, 1);
				push('HL', { HL01: at(s, 1), HL02: at(s, 2), HL03: at(s, 3) });
			} else if (s[0] === 'MAN') push('MAN', { hl, MAN01: at(s, 1), MAN02: at(s, 2) });
			else if (s[0] === 'LIN') push('LIN', { hl, LIN01: at(s, 1), productIds: pairs(s, 2) });
			else if (s[0] === 'SN1') push('SN1', { hl, SN102: at(s, 2), SN103: at(s, 3) });
			else if (s[0] === 'CTT') body.CTT01 = at(s, 1);
		}
		return body;
	},
	'810': (segments) => {
		const body: Body = {
			BIG01: null,
			BIG02: null,
			BIG04: null,
			IT1: [],
			TDS01: null,
			SAC: [],
			CTT01: null,
		};
		const lines = body.IT1 as Line[];
		let inLine = false;
		for (const s of segments) {
			if (s[0] === 'BIG')
				Object.assign(body, { BIG01: at(s, 1), BIG02: at(s, 2), BIG04: at(s, 4) });
			else if (s[0] === 'IT1') {
				lines.push({
					IT101: at(s, 1),
					IT102: at(s, 2),
					IT103: at(s, 3),
					IT104: at(s, 4),
					productIds: pairs(s, 6),
				});
				inLine = true;
			} else if (s[0] === 'TDS') {
				body.TDS01 = at(s, 1);
				inLine = false;
			} else if (s[0] === 'SAC')
				(body.SAC as Line[]).push({
					level: inLine ? 'line' : 'summary',
					line: inLine ? lines.length : null,
					SAC01: at(s, 1),
					SAC02: at(s, 2),
					SAC05: at(s, 5),
				});
			else if (s[0] === 'CTT') body.CTT01 = at(s, 1);
		}
		return body;
	},
	'997': (segments) => {
		const body: Body = { AK1: null, AK2: [], AK9: null };
		let ak2: Line | undefined;
		for (const s of segments) {
			if (s[0] === 'AK1') body.AK1 = { AK101: at(s, 1), AK102: at(s, 2) };
			else if (s[0] === 'AK2') {
				ak2 = { AK201: at(s, 1), AK202: at(s, 2), AK3: [], AK4: [], AK5: null };
				(body.AK2 as Line[]).push(ak2);
			} else if ((s[0] === 'AK3' || s[0] === 'AK4') && ak2)
				(ak2[s[0]] as string[][]).push(s.slice(1));
			else if (s[0] === 'AK5' && ak2) ak2.AK5 = s.slice(1);
			else if (s[0] === 'AK9')
				body.AK9 = { AK901: at(s, 1), AK902: at(s, 2), AK903: at(s, 3), AK904: at(s, 4) };
		}
		return body;
	},
};
