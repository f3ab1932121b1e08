/**
 * The demo's closing of the loop: the trigger of the outcomes recipe
 * (examples/recipes/outcomes-to-postgres.json, source Outcomes: Rejected, Accepted With Errors,
 * Overdue) watches what the organization sends. The order to cash's documents are accepted, so it
 * reports nothing; then a second invoice for the order, as an accounting package might send it,
 * bills line 1 at a price the partner never agreed: the partner rejects it, and the trigger emits
 * exactly that outcome, with the partner's reason.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { IDataObject, INode } from 'n8n-workflow';

import { Poller, runNode, TRIGGER_NODE, type EdiCredentials } from '../harness';

const RECIPE = join(__dirname, '..', 'examples', 'recipes', 'outcomes-to-postgres.json');

/** The recipe's trigger parameters, as it ships. */
function recipeTrigger(): IDataObject {
	const workflow = JSON.parse(readFileSync(RECIPE, 'utf8')) as { nodes: INode[] };
	const trigger = workflow.nodes.find((node) => node.type === TRIGGER_NODE);
	if (!trigger) throw new Error(`${RECIPE} has no EDI Exchange Trigger`);
	return trigger.parameters as IDataObject;
}

/** Starts watching: the trigger's first poll notes where things stand. */
export async function watchOutcomes(credentials: EdiCredentials): Promise<Poller> {
	const trigger = new Poller(credentials, recipeTrigger());
	const first = await trigger.activate();
	if (first.error) throw first.error;
	return trigger;
}

/** 1.00 more than a decimal price text, keeping its decimals (at most 4). */
function oneMore(price: string): string {
	const units = Math.round(Number(price) * 10000) + 10000;
	const fraction = String(units % 10000).padStart(4, '0');
	return `${Math.floor(units / 10000)}.${fraction.slice(0, 2)}${fraction.slice(2).replace(/0+$/, '')}`;
}

const cents = (text: string): number => Math.round(Number(text) * 100);
const money = (c: number): string => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;

/**
 * The accepted invoice again under a new number, its first line billed 1.00 above the agreed
 * price, totals up by its quantity × 1.00: right in every other way, so the price is the
 * partner's one reason.
 */
function rebilled(invoice: IDataObject): { message: IDataObject; line: IDataObject } {
	const message = JSON.parse(JSON.stringify(invoice)) as IDataObject;
	const [line] = message.lineItems as IDataObject[];
	line.unitPrice = oneMore(String(line.unitPrice));
	const more = cents(String((line.quantityInvoiced as IDataObject).value));
	message.invoiceNumber = `${String(invoice.invoiceNumber)}-B`;
	for (const total of ['invoiceSalesTotal', 'invoiceTotal'])
		message[total] = money(cents(String(message[total])) + more);
	return { message, line };
}

/** Polls until the trigger emits (the partner answers at once), at most ~2 s. */
async function nextOutcomes(trigger: Poller): Promise<IDataObject[]> {
	for (let attempt = 0; attempt < 10; attempt++) {
		const { items, error } = await trigger.poll();
		if (error) throw error;
		if (items?.length) return items.map((item) => item.json);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	return [];
}

const reasonsOf = (outcome: IDataObject): string =>
	((outcome.reasons ?? []) as IDataObject[]).map((r) => String(r.message)).join('; ');

/**
 * Prints what the trigger reports for the accepted documents (nothing), sends the mispriced
 * invoice and prints its outcome. True only when the trigger emitted nothing before it and exactly
 * its REJECTED outcome after, with the partner's price reason.
 */
export async function rejectedInvoice(
	credentials: EdiCredentials,
	trigger: Poller,
	invoice: IDataObject,
): Promise<boolean> {
	console.log(
		"       what became of what was sent (the outcomes recipe's trigger: rejected, with errors, overdue):",
	);
	const before = (await trigger.poll()).items ?? [];
	console.log(
		before.length
			? `       ✗ it reported ${before.length} outcome(s) for documents the partner accepted: ${before.map((i) => `${String(i.json.type)} ${String(i.json.status)}`).join(', ')}`
			: '       nothing to report: the partner accepted everything above',
	);
	const { message, line } = rebilled(invoice);
	const sent = await runNode({
		credentials,
		parameters: {
			resource: 'transaction',
			operation: 'create',
			documentType: '810_INVOICE',
			messageSource: 'json',
			message: JSON.stringify(message),
			stream: 'test',
			senderId: 'YOURCOMPANY',
			receiverId: 'DEMORETAIL',
		},
	});
	const created = sent.items[0]?.json;
	if (sent.error || created?.status !== 'ACCEPTED') {
		console.log(
			`  810  ✗ the second invoice was not sent: ${sent.error?.message ?? JSON.stringify(created)}`,
		);
		return false;
	}
	const id = String(created.id);
	console.log(
		`  810  then the accounting package bills the order again: invoice ${String(message.invoiceNumber)}, line ${String(line.purchaseOrderLineId)} at ${String(line.unitPrice)}, sent as transaction ${id}`,
	);
	const outcomes = await nextOutcomes(trigger);
	const caught = outcomes.find((o) => String(o.transactionId) === id);
	for (const o of outcomes)
		console.log(
			`  ${String(o.type)}  ✗ the trigger: ${String(o.businessNumber)} ${String(o.status)} by ${String(o.receiverId)}: ${reasonsOf(o)}`,
		);
	const expected =
		outcomes.length === 1 &&
		caught?.status === 'REJECTED' &&
		caught.businessNumber === message.invoiceNumber &&
		/billed at/.test(reasonsOf(caught));
	console.log(
		expected
			? '       expected: sent on purpose at a price the partner never agreed; the trigger caught its rejection once, with the reason'
			: `       ✗ expected exactly one REJECTED outcome for transaction ${id} with the price reason`,
	);
	return expected;
}
