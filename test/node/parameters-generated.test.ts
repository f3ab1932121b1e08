/**
 * Generated from the nodes' descriptions: every parameter of every operation of the action node
 * and of the trigger (collection options and fixed-collection values too) is given each JSON type
 * through an expression, as an input item's field ({{ $json.v }}) or as an AI agent's $fromAI
 * hands it over, and run through n8n's engine against the sandbox.
 *
 * For each value the test's own model of the declared type says whether it must be taken (and as
 * what: "5" is 5 for a number, "false" is false, one value is a list of one) or refused:
 * - taken: the run sends exactly what a run with the taken value itself sends (the requests that
 *   reached the sandbox, the errors, and the output when nothing is sent); that run gives the
 *   typed value through the same expression, or typed into the field for a parameter read once
 *   per run (Options → Concurrency), whose values each get a run of their own;
 * - refused: nothing is sent and the error names the field as the editor shows it.
 * No request, output or error may hold "[object Object]" or a JavaScript TypeError. A parameter
 * whose refusal does not happen (it was never read where its display conditions put it) fails
 * the test: nothing is skipped in silence, and a parameter added later is covered by itself.
 */
import type {
	IDataObject,
	INodeParameters,
	INodeProperties,
	INodePropertyCollection,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { NodeTypes, Poller, TRIGGER_NODE, ACTION_NODE, type RunResult } from '../../harness';
import { interchange, type LoggedRequest, useNodeSandbox } from './helpers';

const sb = useNodeSandbox();

const nodeTypes = new NodeTypes();
const action = nodeTypes.getByNameAndVersion(ACTION_NODE).description;
const trigger = nodeTypes.getByNameAndVersion(TRIGGER_NODE).description;

/** One parameter to exercise: where it sits in the parameters, and how the editor names it. */
interface Target {
	label: string;
	field: INodeProperties;
	/** The parameters with `value` put where this parameter goes. */
	place(base: IDataObject, value: unknown): IDataObject;
	/** Conditions from its (and its parent's) displayOptions, to be set for it to show. */
	shows: Array<Record<string, unknown>>;
	/** An option of a collection or a value of a fixed collection: empty means not given. */
	nested?: boolean;
}

type Outcome = { take: true; value: unknown } | { take: false };

const OBJECT = { id: 'YOURCOMPANY' };
const scalar = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);
const optionValues = (field: INodeProperties) =>
	((field.options ?? []) as Array<{ value: unknown }>).map((o) => o.value);

/** The test's model of a declared type: what each value must become, or that it is refused. */
function model(field: INodeProperties, value: unknown, nested = false): Outcome {
	const take = (v: unknown): Outcome => ({ take: true, value: v });
	const refuse: Outcome = { take: false };
	if (nested && value === null) return take(undefined);
	switch (field.type) {
		case 'string':
		case 'dateTime':
		case 'resourceLocator':
			if (value === null) return take('');
			// A text field that also takes a list (Business Number): a list of scalars, as texts.
			if (field.typeOptions?.textOrList && Array.isArray(value))
				return value.every(scalar) ? take(value.map(String)) : refuse;
			return scalar(value) ? take(String(value)) : refuse;
		case 'number': {
			const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
			return typeof n === 'number' && Number.isFinite(n) ? take(n) : refuse;
		}
		case 'boolean':
			if (typeof value === 'boolean') return take(value);
			return typeof value === 'string' && /^(true|false)$/.test(value)
				? take(value === 'true')
				: refuse;
		case 'options': {
			const found = optionValues(field).find((o) => scalar(value) && String(o) === String(value));
			return found === undefined ? refuse : take(found);
		}
		case 'multiOptions': {
			if (value === null) return take([]);
			const list = Array.isArray(value) ? value : [value];
			const found = list.map((v) =>
				optionValues(field).find((o) => scalar(v) && String(o) === String(v)),
			);
			return found.includes(undefined) ? refuse : take(found);
		}
		case 'json':
			if (typeof value !== 'string') return take(value);
			try {
				return take(JSON.parse(value));
			} catch {
				return refuse;
			}
		default:
			throw new Error(`No model for the parameter type "${field.type}" (${field.displayName})`);
	}
}

/** The values tried on each parameter: each JSON type, the texts users and agents write. */
function valuesFor(field: INodeProperties): unknown[] {
	const options = optionValues(field);
	const one = options.length ? options[options.length - 1] : '850';
	return ['some text', 5, true, null, [one], OBJECT, '5', 'false', String(one)];
}

/** The value that shows a field under a condition: the first allowed (not a version rule). */
const firstAllowed = (values: unknown) =>
	(values as unknown[]).find((v) => typeof v !== 'object' || v === null);

/** Every parameter shown for one resource and operation (or the trigger) in one node version. */
function targets(
	properties: INodeProperties[],
	selector: IDataObject,
	version: number,
): Array<Target & { version: number }> {
	const shown = properties.filter((p) => {
		if (p.type === 'notice') return false;
		const show = { ...p.displayOptions?.show };
		const own = { ...selector } as INodeParameters;
		// Only the selector and the version decide here; other conditions become the context.
		for (const key of Object.keys(show))
			if (!(key in selector) && key !== '@version') delete show[key];
		return NodeHelpers.displayParameter(
			own,
			{ ...p, displayOptions: { show } },
			{ typeVersion: version },
			null,
		);
	});
	const out: Array<Target & { version: number }> = [];
	for (const field of shown) {
		if (field.name === 'resource' || field.name === 'operation') continue;
		const shows: Array<Record<string, unknown>> = [field.displayOptions?.show ?? {}];
		// A collection is a container: n8n keeps no expression on it, its options are what is read.
		if (field.type !== 'collection' && field.type !== 'fixedCollection')
			out.push({
				version,
				label: field.displayName,
				field,
				shows,
				place: (base, value) => ({ ...base, [field.name]: value }) as IDataObject,
			});
		if (field.type === 'collection') {
			for (const option of field.options as INodeProperties[]) {
				out.push({
					version,
					label: `${field.displayName} → ${option.displayName}`,
					field: option,
					nested: true,
					shows: [...shows, option.displayOptions?.show ?? {}],
					place: (base, value) =>
						({
							...base,
							[field.name]: { ...(base[field.name] as IDataObject), [option.name]: value },
						}) as IDataObject,
				});
			}
		}
		if (field.type === 'fixedCollection') {
			for (const group of field.options as INodePropertyCollection[]) {
				for (const entry of group.values) {
					out.push({
						version,
						label: `${field.displayName} → ${group.displayName} → ${entry.displayName}`,
						field: entry,
						nested: true,
						shows,
						place: (base, value) =>
							({
								...base,
								[field.name]: { [group.name]: [{ purchaseOrderLineId: '1', [entry.name]: value }] },
							}) as IDataObject,
					});
				}
			}
		}
	}
	return out;
}

/** The baseline parameters plus what the target's display conditions ask for. */
function context(base: IDataObject, target: Target, selector: IDataObject): IDataObject {
	const params = { ...base };
	for (const show of target.shows) {
		for (const [key, values] of Object.entries(show)) {
			const name = key.replace(/^\//, '');
			if (name in selector || name === '@version') continue;
			const allowed = values as unknown[];
			if (!allowed.some((v) => JSON.stringify(v) === JSON.stringify(params[name])))
				params[name] = firstAllowed(allowed) as IDataObject[string];
		}
	}
	return params;
}

// What may never appear anywhere a user looks.
const FORBIDDEN = /\[object Object\]|is not a function|Cannot read properties|TypeError/;

/** Requests as compared: the X12 envelope's date and time (ISA09/10, GS04/05) made constant. */
const normalise = (text: string) =>
	text.replace(/\*\d{6}\*\d{4}\*/g, '*D*T*').replace(/\*\d{8}\*\d{4}\*/g, '*D*T*');
const requestKey = (r: LoggedRequest) =>
	normalise(JSON.stringify([r.method, r.path, r.query, r.body ?? null]));
const sortedRequests = (requests: LoggedRequest[]) => requests.map(requestKey).sort();

/**
 * An error as compared: the ids the sandbox gave and the item index are not the value's doing,
 * nor is a number shown as the text it came as ("850" and 850 are both out of range).
 */
const sameError = (error?: string) =>
	error
		?.replace(/\b(transaction|item) \d+/g, '$1 N')
		.replace(/"(\d+)"/g, '$1')
		.slice(0, 400);

/** The first error of a run: the run's, or an item's (Continue On Fail). */
function firstError(result: RunResult): string | undefined {
	const item = result.items.find((i) => typeof i.json.error === 'string');
	return sameError(
		errorText(result) ??
			(item ? `${String(item.json.error)} | ${String(item.json.description ?? '')}` : undefined),
	);
}

/** What one case came to: its error (message and description), or its output JSON. */
interface CaseResult {
	error?: string;
	output: string[];
}

function byCase(result: RunResult, count: number): CaseResult[] | undefined {
	if (result.error) return undefined;
	const cases: CaseResult[] = Array.from({ length: count }, () => ({ output: [] }));
	for (const item of result.items) {
		const paired = item.pairedItem as { item: number } | undefined;
		const index = paired?.item;
		if (index === undefined || !cases[index]) return undefined;
		if (typeof item.json.error === 'string')
			cases[index].error = sameError(`${item.json.error} | ${String(item.json.description ?? '')}`);
		else cases[index].output.push(normalise(JSON.stringify(item.json)));
	}
	// A case with neither output nor error: the run stopped as a whole (a parameter read once per run).
	return cases.some((c) => c.error === undefined && c.output.length === 0) ? undefined : cases;
}

const covered: string[] = [];
const problems: string[] = [];
let runs = 0;

/** Checks what a user sees for forbidden text. */
function clean(where: string, ...texts: unknown[]) {
	for (const text of texts) {
		const shown = typeof text === 'string' ? text : JSON.stringify(text ?? '');
		const hit = FORBIDDEN.exec(shown);
		if (hit) problems.push(`${where}: "${hit[0]}" in ${shown.slice(0, 300)}`);
	}
}

/** Every run under one execution ID: X12 control numbers come from it, and runs are compared. */
const SAME_EXECUTION = '7';

async function runAction(
	params: IDataObject,
	values: unknown[],
	version: number,
): Promise<{ result: RunResult; requests: LoggedRequest[] }> {
	await sb.clearRequests();
	runs++;
	const result = await sb.run(params, {
		input: values.map((v) => ({ v }) as IDataObject),
		continueOnFail: true,
		typeVersion: version,
		executionId: SAME_EXECUTION,
	});
	const requests = await sb.requests();
	return { result, requests };
}

const errorText = (result: RunResult) =>
	result.error
		? `${result.error.message} | ${(result.error as { description?: string }).description ?? ''}`
		: undefined;

/**
 * One parameter of the action node: all its values in one run (one input item each, refusals
 * first), against one run of the values they must be taken as. A parameter read once per run
 * (Options → Concurrency) fails the first run as a whole: then each value runs on its own.
 */
async function exerciseAction(
	where: string,
	target: Target & { version: number },
	params: IDataObject,
) {
	const values = valuesFor(target.field);
	const outcomes = values.map((v) => ({ v, outcome: model(target.field, v, target.nested) }));
	const ordered = [
		...outcomes.filter((o) => !o.outcome.take),
		...outcomes.filter((o) => o.outcome.take),
	];
	const expr = '={{ $json.v }}';
	const given = await runAction(
		target.place(params, expr),
		ordered.map((o) => o.v),
		target.version,
	);
	const taken = ordered.filter((o) => o.outcome.take);
	const asTaken = await runAction(
		target.place(params, expr),
		taken.map((o) => (o.outcome as { value: unknown }).value),
		target.version,
	);
	const givenCases = byCase(given.result, ordered.length);
	const takenCases = byCase(asTaken.result, taken.length);
	clean(where, given.requests, given.result.items, errorText(given.result));
	if (!givenCases || !takenCases) {
		for (const o of ordered) await exerciseOne(where, target, params, o.v, o.outcome);
		return;
	}
	const refusedCount = ordered.length - taken.length;
	for (const [i, o] of ordered.entries()) {
		const got = givenCases[i];
		const what = `${where} ${target.label} = ${JSON.stringify(o.v)}`;
		if (!o.outcome.take) {
			if (!got.error?.includes(target.label))
				problems.push(`${what}: not refused naming the field (${got.error ?? 'it ran'})`);
			continue;
		}
		const want = takenCases[i - refusedCount];
		if (got.error !== want.error)
			problems.push(`${what}: error ${got.error} where the taken value gives ${want.error}`);
		if (given.requests.length === 0 && JSON.stringify(got.output) !== JSON.stringify(want.output))
			problems.push(`${what}: output differs from the taken value's`);
	}
	if (
		JSON.stringify(sortedRequests(given.requests)) !==
		JSON.stringify(sortedRequests(asTaken.requests))
	)
		problems.push(
			`${where} ${target.label}: requests differ from those of the taken values: ${sortedRequests(given.requests).slice(0, 2)} vs ${sortedRequests(asTaken.requests).slice(0, 2)}`,
		);
}

/** One value on its own run (for parameters read once per run). */
async function exerciseOne(
	where: string,
	target: Target & { version: number },
	params: IDataObject,
	value: unknown,
	outcome: Outcome,
) {
	const what = `${where} ${target.label} = ${JSON.stringify(value)}`;
	const given = await runAction(target.place(params, '={{ $json.v }}'), [value], target.version);
	clean(what, given.requests, given.result.items, errorText(given.result));
	const error = firstError(given.result);
	if (!outcome.take) {
		if (!error?.includes(target.label) || given.requests.length)
			problems.push(`${what}: not refused naming the field, or sent (${error ?? 'it ran'})`);
		return;
	}
	const taken = await runAction(target.place(params, outcome.value as never), [{}], target.version);
	const takenError = firstError(taken.result);
	if (error !== takenError)
		problems.push(`${what}: error ${error} where the taken value gives ${takenError}`);
	if (
		JSON.stringify(sortedRequests(given.requests)) !==
		JSON.stringify(sortedRequests(taken.requests))
	)
		problems.push(`${what}: requests differ from the taken value's`);
}

/** Scalars of the parameters (not resource and operation) as $fromAI gives them by default: text. */
function asAgent(params: IDataObject): { params: IDataObject; query: IDataObject } {
	const query: IDataObject = {};
	const walk = (value: unknown, path: string): unknown => {
		if (Array.isArray(value)) return value.map((v, i) => walk(v, `${path}_${i}`));
		if (value && typeof value === 'object')
			return Object.fromEntries(
				Object.entries(value).map(([k, v]) => [
					k,
					k === '__rl' || k === 'mode' ? v : walk(v, `${path}_${k}`),
				]),
			);
		if (!scalar(value) || String(value).startsWith('=')) return value;
		const key = path.replace(/^_/, '').slice(-60);
		query[key] = String(value);
		return `={{ $fromAI('${key}', 'as an agent fills it', 'string') }}`;
	};
	const { resource, operation, ...rest } = params;
	return { params: { resource, operation, ...(walk(rest, '') as IDataObject) }, query };
}

/** The whole operation driven by an agent's $fromAI texts sends what the typed parameters send. */
async function exerciseAgent(where: string, params: IDataObject, version: number) {
	const agent = asAgent(params);
	const typed = await runAction(params, [{}], version);
	await sb.clearRequests();
	runs++;
	const result = await sb.run(agent.params, {
		input: [{ query: agent.query }],
		continueOnFail: true,
		typeVersion: version,
		executionId: SAME_EXECUTION,
	});
	const requests = await sb.requests();
	clean(`${where} (agent)`, requests, result.items, errorText(result));
	if (firstError(result) !== firstError(typed.result))
		problems.push(
			`${where} (agent): error ${firstError(result)} where typed gives ${firstError(typed.result)}`,
		);
	if (JSON.stringify(sortedRequests(requests)) !== JSON.stringify(sortedRequests(typed.requests)))
		problems.push(`${where} (agent): requests differ from the typed parameters'`);
	if (!Object.keys(agent.query).length) problems.push(`${where} (agent): no parameter given`);
}

const rl = (id: unknown) => ({ __rl: true, mode: 'id', value: String(id) });

/** Version 1 has plain ID fields where 1.1 has resource locators. */
const inVersion = (version: number, params: IDataObject): IDataObject =>
	Object.fromEntries(
		Object.entries(params).map(([k, v]) => [
			k,
			version < 1.1 && (v as IDataObject | null)?.__rl ? (v as IDataObject).value : v,
		]),
	) as IDataObject;

/** Valid parameters of each operation: the generated cases vary one parameter of these at a time. */
async function baselines(): Promise<Record<string, IDataObject>> {
	await sb.admin('POST', '/partner/send-850');
	const inbox = await sb.run({
		resource: 'inbox',
		operation: 'getMany',
		limit: 5,
		simplify: false,
	});
	const item = inbox.items[0].json as IDataObject & { delivery: { deliveryId: string } };
	const order = JSON.stringify(item);
	const ack = await sb.run(
		{
			resource: 'transaction',
			operation: 'create',
			documentType: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
			messageSource: 'build',
			purchaseOrder: order,
		},
		{ input: [{}] },
	);
	const message = JSON.stringify(ack.items[0].json.message);
	const parties = { senderId: 'YOURCOMPANY', receiverId: 'DEMORETAIL' };
	return {
		'transaction/getMany': { returnAll: false, limit: 3 },
		'transaction/getMessage': { transactionId: rl(item.transactionId) },
		'transaction/getAcknowledgment': { transactionId: rl(ack.items[0].json.id) },
		'transaction/checkDocument': {
			checkedType: '855',
			checkedDocument: message,
			checkOrder: order,
		},
		'transaction/applyChange': {
			changedOrder: order,
			changes: JSON.stringify({
				purpose: 'change',
				purchaseOrderNumber: (item.message as IDataObject).purchaseOrderNumber,
				changeSequenceNumber: '001',
				lineItems: [],
			}),
		},
		'transaction/create': {
			documentType: '855_PURCHASE_ORDER_ACKNOWLEDGMENT',
			stream: 'test',
			...parties,
			messageSource: 'json',
			message,
			purchaseOrder: order,
			checkOrder: order,
			// The same document goes out run after run here: Send Anyway (send once is
			// send-once.test.ts's; If Already Sent itself is exercised like every option).
			options: { concurrency: 1, ifAlreadySent: 'sendAnyway' },
		},
		'inbox/getMany': { limit: 5 },
		'inbox/accept': {
			deliverySource: 'ids',
			transactionId: rl(item.transactionId),
			deliveryId: item.delivery.deliveryId,
			note: 'Into the ERP',
		},
		'inbox/fail': {
			deliverySource: 'ids',
			transactionId: rl(item.transactionId),
			deliveryId: item.delivery.deliveryId,
			note: 'Could not be read',
		},
		'integrationPayload/submit': {
			format: 'json',
			transactionType: '855',
			stream: 'test',
			...parties,
			segments: '[["BAK", "00", "AC", "PO-1", "20261122"], ["PO1", "1", "5", "EA", "101.00"]]',
			x12Source: 'parameter',
			x12Content: interchange(),
			options: { concurrency: 1 },
		},
		'x12/convert': {
			conversion: 'toDocuments',
			x12Content: interchange(),
			documentType: '855',
			document: message,
			...parties,
			stream: 'test',
		},
		'x12/acknowledge': { x12Content: interchange(), send: false },
		'x12/printLabels': {
			shipNotice: JSON.stringify({
				shipmentId: 'SHP-1',
				parties: { shipTo: { name: 'DC', postalCode: '10001' } },
				orders: [
					{ purchaseOrderNumber: 'PO-1', pallets: [{ serialShippingId: '006141410000000012' }] },
				],
			}),
			shipFrom: { name: 'Your Company' },
		},
	};
}

/** The resources and operations, from the Resource and Operation fields. */
const operations = (): Array<{ resource: string; operation: string }> =>
	action.properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) =>
			(p.options as Array<{ value: string }>).map((o) => ({
				resource: (p.displayOptions?.show?.resource as string[])[0],
				operation: o.value,
			})),
		);

const versions = (Array.isArray(action.version) ? action.version : [action.version])
	.sort()
	.reverse();

test('every parameter of every operation of the action node, each JSON type, through the engine', async () => {
	problems.length = 0;
	const base = await baselines();
	const seen = new Set<INodeProperties>();
	for (const { resource, operation } of operations()) {
		const where = `${resource}/${operation}`;
		if (!base[where]) {
			problems.push(`${where}: no baseline parameters: add them to baselines()`);
			continue;
		}
		const selector = { resource, operation };
		for (const version of versions) {
			const params = inVersion(version, { ...selector, ...base[where] });
			for (const target of targets(action.properties, selector, version)) {
				if (seen.has(target.field)) continue;
				seen.add(target.field);
				covered.push(`${where} ${target.label}${versions.length > 1 ? ` (v${version})` : ''}`);
				await exerciseAction(where, target, context(params, target, selector));
			}
			await exerciseAgent(where, params, version);
		}
	}
	expect(problems.map((p) => p.slice(0, 500))).toEqual([]);
	// The walk itself: it reaches into collections, fixed collections and both node versions.
	expect(covered).toEqual(
		expect.arrayContaining([
			'transaction/create Options → Concurrency (v1.1)',
			'transaction/create Document Options → Carry Over Charges and Allowances (v1.1)',
			'transaction/create Line Decisions → Line → Quantity (v1.1)',
			'transaction/getMany Filters → Transaction Types (v1.1)',
			'inbox/accept Transaction ID (v1)',
		]),
	);
}, 180_000);

/** The trigger: one poll per value (a trigger has no input item: the expression holds the value). */
async function exerciseTrigger(target: Target & { version: number }, params: IDataObject) {
	const poll = async (value: unknown) => {
		await sb.clearRequests();
		runs++;
		const { error } = await new Poller(sb.credentials, target.place(params, value)).poll();
		return {
			error: sameError(
				error
					? `${error.message} | ${(error as { description?: string }).description ?? ''}`
					: undefined,
			),
			requests: await sb.requests(),
		};
	};
	for (const value of valuesFor(target.field)) {
		const what = `trigger ${target.label} = ${JSON.stringify(value)}`;
		const outcome = model(target.field, value, target.nested);
		const given = await poll(`={{ (${JSON.stringify(value)}) }}`);
		clean(what, given.requests, given.error);
		if (!outcome.take) {
			if (!given.error?.includes(target.label) || given.requests.length)
				problems.push(
					`${what}: not refused naming the field, or sent (${given.error ?? 'it ran'})`,
				);
			continue;
		}
		const taken = await poll(outcome.value);
		if (given.error !== taken.error)
			problems.push(`${what}: error ${given.error} where the taken value gives ${taken.error}`);
		if (
			JSON.stringify(sortedRequests(given.requests)) !==
			JSON.stringify(sortedRequests(taken.requests))
		)
			problems.push(`${what}: requests differ from the taken value's`);
	}
}

test('every parameter of the trigger, each JSON type, through a poll', async () => {
	problems.length = 0;
	const params = { source: 'transactions', stream: 'test', options: {} };
	for (const target of targets(trigger.properties, {}, 1)) {
		covered.push(`trigger ${target.label}`);
		await exerciseTrigger(target, context(params, target, {}));
	}
	expect(problems.map((p) => p.slice(0, 500))).toEqual([]);
	expect(covered).toEqual(
		expect.arrayContaining(['trigger Transaction Types', 'trigger Options → Start From']),
	);
}, 180_000);

afterAll(() => {
	const ofTrigger = covered.filter((c) => c.startsWith('trigger ')).length;
	console.log(
		`covered ${covered.length} parameters of ${operations().length} operations + trigger (${covered.length - ofTrigger} + ${ofTrigger}) in ${runs} runs:\n${covered.join('\n')}`,
	);
});
