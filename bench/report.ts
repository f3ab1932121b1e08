/** The one table (and the targets' ✓/✗), from the scenario results. */
import type { Metric, ScenarioResult } from './lib/context';
import type { Cell } from './lib/measure';

export interface Machine {
	cpu: string;
	cores: number;
	memoryGiB: number;
	node: string;
	platform: string;
}

export interface Target {
	resultId: string;
	latencyMs: number;
	metric: Metric;
	text: string;
	pass: boolean;
}

const LABEL: Record<Metric, string> = {
	requests: 'requests',
	ms: 'ms',
	heapMB: 'peak heap +MB',
	rssMB: 'peak RSS +MB',
	perSecond: 'docs/s',
	duplicates: 'duplicates',
	failed: 'failed items',
};

const value = (cell: Cell | undefined, metric: Metric) =>
	cell ? (cell[metric] as number | undefined) : undefined;

/** The targets of the issue, evaluated on the results (the bench reports them; it does not fail on them). */
export function evaluateTargets(results: ScenarioResult[]): Target[] {
	const targets: Target[] = [];
	const add = (r: ScenarioResult, metric: Metric, text: string, pass: boolean) =>
		targets.push({ resultId: r.id, latencyMs: r.latencyMs, metric, text, pass });
	for (const r of results) {
		if (r.scenario === 1) {
			add(r, 'requests', 'ours 1 request', r.ours.requests === 1);
			const history = Number(r.id.split('-')[1]);
			if (history >= 100_000 && r.handBuilt) {
				add(
					r,
					'requests',
					'≥100× fewer than hand-built',
					r.handBuilt.requests / r.ours.requests >= 100,
				);
				add(r, 'ms', '≥50× less time than hand-built', r.handBuilt.ms / r.ours.ms >= 50);
			}
		}
		const returnAll100k = r.id === 'return-all-100000';
		if (returnAll100k && r.latencyMs > 0 && r.limit)
			add(r, 'ms', '≤ 0.4× the sequential loop', r.ours.ms / r.limit.ms <= 0.4);
		else if (r.id.startsWith('return-all') || r.id === 'create') {
			if (r.limit) add(r, 'ms', 'within 1.3× of the limit', r.ours.ms / r.limit.ms <= 1.3);
		}
		if (returnAll100k && r.handBuilt)
			add(r, 'heapMB', '≤ hand-built', (r.ours.heapMB ?? Infinity) <= (r.handBuilt.heapMB ?? 0));
		if (r.id === 'create' && r.latencyMs > 0 && r.handBuilt)
			add(r, 'ms', 'within 1.25× of hand-built', r.ours.ms / r.handBuilt.ms <= 1.25);
		if (r.id === 'limit-arrivals') {
			add(r, 'requests', '≤ 5 requests', r.ours.requests <= 5);
			add(r, 'duplicates', `exactly ${r.ours.items}, none twice`, r.ours.duplicates === 0);
		}
		if (r.id === 'create-rate-limited' && r.handBuilt) {
			const ahead =
				(r.ours.failed ?? 1) === 0 && ((r.handBuilt.failed ?? 0) > 0 || r.ours.ms < r.handBuilt.ms);
			add(r, 'failed', 'none failed; ahead of hand-built', ahead);
		}
		// Outcomes: the ratio is the sent documents ÷ the outcomes per page; judged at 10,000 sent.
		if (r.scenario === 7 && r.handBuilt && Number(r.id.split('-').pop()) >= 10_000)
			add(
				r,
				'requests',
				'≥50× fewer than hand-built',
				r.handBuilt.requests / r.ours.requests >= 50,
			);
		if (r.id === 'create-faults')
			add(r, 'duplicates', 'no document twice', r.ours.duplicates === 0);
	}
	return targets;
}

function format(metric: Metric, n: number | undefined): string {
	if (n === undefined || !Number.isFinite(n)) return '—';
	if (metric === 'requests' || metric === 'duplicates' || metric === 'failed')
		return Math.round(n).toLocaleString('en-US');
	if (metric === 'perSecond') return Math.round(n).toLocaleString('en-US');
	if (n >= 1000) return Math.round(n).toLocaleString('en-US');
	if (n >= 100) return n.toFixed(0);
	if (n >= 10) return n.toFixed(1);
	return n.toFixed(2);
}

function ratio(a: number | undefined, b: number | undefined): string {
	if (a === undefined || b === undefined || !(b > 0)) return '—';
	const r = a / b;
	return `${r >= 100 ? Math.round(r).toLocaleString('en-US') : r >= 10 ? r.toFixed(0) : r.toFixed(2)}×`;
}

const runsOf = (r: ScenarioResult) =>
	[r.ours, r.handBuilt, r.limit].map((c) => (c ? String(c.runs) : '–')).join('/');

function pad(cells: string[], widths: number[], right: boolean[]): string {
	return cells.map((c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
}

export function renderTable(
	results: ScenarioResult[],
	targets: Target[],
	machine: Machine,
	header: string[],
): string {
	const head = [
		'Scenario',
		'latency',
		'figure',
		'ours',
		'hand-built',
		'hand÷ours',
		'limit',
		'ours÷limit',
		'runs o/h/l',
		'target',
	];
	const right = [false, true, false, true, true, true, true, true, true, false];
	const rows: string[][] = [];
	const order = [...results].sort(
		(a, b) => a.scenario - b.scenario || results.indexOf(a) - results.indexOf(b),
	);
	let lastTitle = '';
	for (const r of order) {
		r.metrics.forEach((metric, i) => {
			const [o, h, l] = [value(r.ours, metric), value(r.handBuilt, metric), value(r.limit, metric)];
			const rate = metric === 'perSecond';
			const marks = targets
				.filter((t) => t.resultId === r.id && t.latencyMs === r.latencyMs && t.metric === metric)
				.map((t) => `${t.pass ? '✓' : '✗'} ${t.text}`)
				.join('; ');
			rows.push([
				i === 0 && r.title !== lastTitle ? r.title : '',
				i === 0 ? `${r.latencyMs} ms` : '',
				LABEL[metric],
				format(metric, o),
				r.handBuilt ? format(metric, h) : 'n/a',
				rate || !r.handBuilt ? '' : ratio(h, o),
				format(metric, l),
				rate ? '' : ratio(o, l),
				i === 0 ? runsOf(r) : '',
				marks,
			]);
			if (i === 0) lastTitle = r.title;
		});
	}
	const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
	const line = widths.map((w) => '-'.repeat(w)).join('  ');
	const notes: string[] = [];
	for (const r of order) {
		for (const cell of [r.ours, r.handBuilt, r.limit]) {
			if (cell?.note) notes.push(`${r.title} @ ${r.latencyMs} ms, ${cell.approach}: ${cell.note}`);
		}
		for (const note of r.notes) notes.push(`${r.title} @ ${r.latencyMs} ms: ${note}`);
	}
	const passed = targets.filter((t) => t.pass).length;
	return [
		`Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB; Node ${machine.node} (${machine.platform})`,
		...header,
		'',
		pad(head, widths, right),
		line,
		...rows.map((row) => pad(row, widths, right).trimEnd()),
		line,
		`Targets: ${passed}/${targets.length} met.`,
		'',
		'Notes:',
		...[...new Set(notes)].map((n) => `- ${n}`),
	].join('\n');
}
