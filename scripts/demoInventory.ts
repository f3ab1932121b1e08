/**
 * The demo's inventory feed: after the order to cash, the stock of the order's items goes to the
 * partner as one 846 (Create → Build Inventory Advice From Rows, on the path's integration path),
 * and the scorecard's inventory row (GET /_sandbox/scorecard `inventory`) says how it was judged.
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode, type EdiCredentials } from '../harness';

interface InventoryRow {
	transactionId: number;
	state: string;
	reasons: string[];
	lines: number;
}

/** One stock row per line of the order, at the partner's warehouse WH001, as a stock table holds them. */
function stockRows(order: IDataObject): IDataObject[] {
	return ((order.lineItems ?? []) as IDataObject[]).map((line, i) => {
		const ids = (line.productIds ?? {}) as IDataObject;
		return {
			buyerItemNumber: ids.buyerItemNumber,
			vendorItemNumber: ids.vendorItemNumber,
			gtin: ids.gtin12 ?? ids.gtin13 ?? ids.gtin14,
			quantityAvailable: 100 + 10 * i,
			location: 'WH001',
		};
	});
}

/** Sends the order's items' stock as one 846; prints what went out. False when the node refused. */
export async function sendInventoryFeed(
	credentials: EdiCredentials,
	order: IDataObject,
	integrationPath: 'structured' | 'x12' | 'serviceJson',
): Promise<boolean> {
	const rows = stockRows(order);
	const run = await runNode({
		credentials,
		parameters: {
			resource: 'transaction',
			operation: 'create',
			documentType: '846_INVENTORY_ADVICE',
			messageSource: 'inventoryRows',
			stream: 'test',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
			integrationPath,
		},
		input: rows,
	});
	if (run.error) {
		console.log(`  846  ✗ inventory advice refused before sending: ${run.error.message}`);
		return false;
	}
	console.log(
		`  846  inventory advice → ${String(run.items[0]?.json.status)}: the stock of its ${rows.length} items at WH001, one feed`,
	);
	return true;
}

/** Prints each 846 the partner judged; false when it rejected one or none came. */
export async function printInventory(baseUrl: string): Promise<boolean> {
	const card = (await fetch(`${baseUrl}/_sandbox/scorecard`).then((r) => r.json())) as {
		inventory?: InventoryRow[];
	};
	const rows = card.inventory ?? [];
	if (rows.length === 0) console.log('  846  ✗ no inventory advice received');
	for (const { transactionId, state, reasons, lines } of rows)
		console.log(
			`  846  ${state === 'accepted' ? '✓' : '✗'} ${state} (transaction ${transactionId}, ${lines} line${lines === 1 ? '' : 's'})${reasons.length ? `: ${reasons.join('; ')}` : ''}`,
		);
	return rows.length > 0 && rows.every((r) => r.state === 'accepted');
}
