/**
 * "Resend 850" with a body (POST /_sandbox/partner/send-850, --replay-850): the partner sends the
 * purchase order a caller gives, a structured 850 ({ message }) or an X12 interchange ({ x12 }),
 * scored like its own. What it cannot send as such is refused naming the field, before anything is
 * sent. An interchange is readdressed from the demo partner to the organization (ISA05–ISA08,
 * GS02, GS03), so the replies to a retailer's real order reach the partner that scores them.
 */
import { argumentError, fieldError, isObject } from './http';
import { ORGANIZATION_ID, PARTNER_ID } from './partner';
import { isScenarioName, SCENARIO_NAMES, type ScenarioName } from './partner/scenarios';
import { readPurchaseOrder } from './partner/x12PurchaseOrder';
import type { GivenX12Order, SandboxState } from './state';
import type { Reply } from './types';
import { checkEnvelope } from './x12/envelope';
import { extractTransactionSet } from './x12/extract';
import type { CheckedInterchange } from './x12/types';

type Json = Record<string, unknown>;

const FIELDS = ['message', 'x12', 'scenario'];

export function resend850(state: SandboxState, body: Json): Reply {
	const unknown = Object.keys(body).filter((key) => !FIELDS.includes(key));
	if (unknown.length)
		return argumentError(
			unknown.map((key) => fieldError(key, `property ${key} should not exist`, 'unknownProperty')),
		);
	const scenario = body.scenario ?? 'standard';
	if (!isScenarioName(scenario))
		return argumentError([
			fieldError('scenario', `scenario must be one of ${SCENARIO_NAMES.join(', ')}`),
		]);
	if (body.message !== undefined && body.x12 !== undefined)
		return argumentError([
			fieldError('x12', 'give either message (a structured 850) or x12, not both'),
		]);
	if (body.x12 !== undefined) return resendInterchange(state, body.x12, scenario);
	if (body.message === undefined)
		return { status: 201, body: state.sendPartnerOrder(new Date(), undefined, scenario) };
	const problem = orderProblem(body.message, 'message');
	if (problem) return argumentError([fieldError('message', problem)]);
	try {
		return {
			status: 201,
			body: state.sendPartnerOrder(new Date(), body.message as Json, scenario),
		};
	} catch (error) {
		// Only the X12 writer throws here: a value holding one of the partner's separators.
		return argumentError([
			fieldError(
				'message',
				`the partner cannot write this 850 as X12 in its layout (x12Layout): ${(error as Error).message}`,
			),
		]);
	}
}

function resendInterchange(state: SandboxState, x12: unknown, scenario: ScenarioName): Reply {
	if (typeof x12 !== 'string' || x12.trim() === '')
		return argumentError([
			fieldError('x12', 'x12 must be the text of an X12 interchange (ISA … IEA)'),
		]);
	const { interchange, problems } = checkEnvelope(x12);
	if (!interchange || problems.length)
		return argumentError(
			problems.map((p) => fieldError('x12', `${p.segment} at segment ${p.position}: ${p.message}`)),
		);
	// The demo partner sends it: from the partner to the organization, whoever the file names.
	const original = { isa: [...interchange.isa], gs: [...interchange.groups[0].gs] };
	interchange.isa.splice(5, 4, 'ZZ', PARTNER_ID.padEnd(15), 'ZZ', ORGANIZATION_ID.padEnd(15));
	for (const group of interchange.groups) group.gs.splice(2, 2, PARTNER_ID, ORGANIZATION_ID);
	const orders: GivenX12Order[] = [];
	const errors = [];
	const single = interchange.groups.length === 1 && interchange.groups[0].sets.length === 1;
	for (const [g, group] of interchange.groups.entries()) {
		for (const [s, set] of group.sets.entries()) {
			const where = `x12 (group ${group.gs[6]}, set ${set.segments[0][2]})`;
			if (set.type !== '850') {
				errors.push(
					fieldError('x12', `${where} is an ${set.type}: only 850 purchase orders can be sent`),
				);
				continue;
			}
			const order = readPurchaseOrder(set.segments, interchange.separators.element);
			const problem = orderProblem(order, 'the 850');
			if (problem) {
				errors.push(fieldError('x12', `${where}: ${problem}`));
				continue;
			}
			orders.push({
				order,
				// One 850: delivered exactly as given; several: each in its own envelope, as the service splits them.
				text: single
					? readdressed(x12, original, interchange)
					: extractTransactionSet(interchange, g, s),
				control: { group: group.gs[6], set: set.segments[0][2], functionalId: group.gs[1] },
			});
		}
	}
	if (errors.length) return argumentError(errors);
	const sent = state.sendGivenInterchange(orders, scenario);
	return { status: 201, body: sent.length === 1 ? sent[0] : { ...sent[0], orders: sent } };
}

/** The given text with only its ISA and GS replaced by the readdressed ones: layout, numbers and body as given. */
function readdressed(
	text: string,
	original: { isa: string[]; gs: string[] },
	interchange: CheckedInterchange,
): string {
	const { element } = interchange.separators;
	const isaAt = text.indexOf(original.isa.join(element));
	const gsAt = text.indexOf(original.gs.join(element), isaAt);
	return (
		text.slice(0, isaAt) +
		interchange.isa.join(element) +
		text.slice(isaAt + original.isa.join(element).length, gsAt) +
		interchange.groups[0].gs.join(element) +
		text.slice(gsAt + original.gs.join(element).length)
	);
}

/** A purchase order the partner can send and later check replies against: a number and lines with ids. */
function orderProblem(message: unknown, name: string): string | undefined {
	if (!isObject(message)) return `${name} must be a structured 850 (a JSON object)`;
	const number = message.purchaseOrderNumber;
	if (!(typeof number === 'string' && number.trim()) && typeof number !== 'number')
		return `${name}.purchaseOrderNumber must be a non-empty string${name === 'message' ? '' : ' (BEG03)'}`;
	const lines = message.lineItems;
	if (!Array.isArray(lines) || lines.length === 0)
		return `${name}.lineItems must be a non-empty list${name === 'message' ? '' : ' (PO1 segments)'}`;
	const bad = lines.findIndex((line) => !isObject(line) || line.purchaseOrderLineId === undefined);
	if (bad >= 0) return `${name}.lineItems[${bad}] must be an object with a purchaseOrderLineId`;
	return undefined;
}

/**
 * POST /_sandbox/partner/send-860: the partner sends the 860s its scenario holds for a purchase
 * order now, without waiting for the 855.
 */
export function send860(state: SandboxState, body: Json): Reply {
	const unknown = Object.keys(body).filter((key) => key !== 'purchaseOrderNumber');
	if (unknown.length)
		return argumentError(
			unknown.map((key) => fieldError(key, `property ${key} should not exist`, 'unknownProperty')),
		);
	const number = body.purchaseOrderNumber;
	const entry = typeof number === 'string' ? state.scorecard.get(number) : undefined;
	if (!entry)
		return argumentError([
			fieldError(
				'purchaseOrderNumber',
				`purchaseOrderNumber must name a purchase order the partner sent, found ${JSON.stringify(number)}`,
			),
		]);
	if (!entry['860'])
		return argumentError([
			fieldError(
				'purchaseOrderNumber',
				`purchase order ${entry.purchaseOrderNumber} runs the ${entry.scenario ?? 'standard'} scenario, which sends no 860 (send the 850 with scenario buyerChanges or cancellation)`,
			),
		]);
	const transactionIds = state.sendChanges(entry.purchaseOrderNumber);
	return {
		status: 201,
		body: { purchaseOrderNumber: entry.purchaseOrderNumber, transactionIds },
	};
}
