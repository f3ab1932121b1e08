/**
 * The inventory row of the demo's scorecard: each 846 the partner received (GET /_sandbox/scorecard
 * `inventory`), or that none came. False when the partner rejected one.
 */
interface InventoryRow {
	transactionId: number;
	state: string;
	reasons: string[];
	lines: number;
}

export async function printInventory(baseUrl: string): Promise<boolean> {
	const card = (await fetch(`${baseUrl}/_sandbox/scorecard`).then((r) => r.json())) as {
		inventory?: InventoryRow[];
	};
	const rows = card.inventory ?? [];
	if (rows.length === 0) console.log('  846  – no inventory advice received');
	for (const { transactionId, state, reasons, lines } of rows)
		console.log(
			`  846  ${state === 'accepted' ? '✓' : '✗'} ${state} (transaction ${transactionId}, ${lines} line${lines === 1 ? '' : 's'})${reasons.length ? `: ${reasons.join('; ')}` : ''}`,
		);
	return rows.every((r) => r.state === 'accepted');
}
