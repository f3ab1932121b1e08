/**
 * The registry of document types (documents/registry.ts) against what the package does: each
 * type's capabilities and integration paths are listed here apart from the registry (so removing
 * an entry fails), and every part that asks the registry (the X12 readers and writers, the node's
 * Convert, Check Document and Create options, the envelope's GS01) follows it.
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { join } from 'path';

import {
	type Capability,
	codesOnPath,
	codesThat,
	FUNCTIONAL_IDS,
	serviceTypeOf,
} from '../../nodes/EdiExchange/documents/registry';
import { TRANSACTION_SETS } from '../../nodes/EdiExchange/x12';
import { DOCUMENT_WRITERS, READABLE_TYPES, READERS } from '../../nodes/EdiExchange/x12Documents';
import { ROOT } from './sourceFiles';

/** What each type can do and where it travels, in the order of the flow: the registry must say exactly this. */
const EXPECTED: Record<string, { can: Capability[]; paths: string[]; functionalId: string }> = {
	'850': { can: ['read'], paths: ['structured'], functionalId: 'PO' },
	'860': { can: ['read'], paths: ['structured'], functionalId: 'PC' },
	'855': {
		can: ['build', 'write', 'check'],
		paths: ['structured', 'x12', 'serviceJson'],
		functionalId: 'PR',
	},
	'856': {
		can: ['build', 'write', 'check'],
		paths: ['structured', 'x12', 'serviceJson'],
		functionalId: 'SH',
	},
	'810': {
		can: ['build', 'write', 'check'],
		paths: ['structured', 'x12', 'serviceJson'],
		functionalId: 'IN',
	},
	'865': { can: ['build', 'write'], paths: ['x12', 'serviceJson'], functionalId: 'CA' },
	'846': { can: ['write'], paths: ['structured', 'x12', 'serviceJson'], functionalId: 'IB' },
	'997': { can: ['read', 'acknowledge'], paths: [], functionalId: 'FA' },
	'824': { can: ['read'], paths: [], functionalId: 'AG' },
};
const CAPABILITIES: Capability[] = ['read', 'build', 'write', 'check', 'acknowledge'];
// Keys like '850' are listed by number by Object.keys: the flow's order is written out.
const codes = ['850', '860', '855', '856', '810', '865', '846', '997', '824'];
const expectedThat = (capability: Capability) =>
	codes.filter((code) => EXPECTED[code].can.includes(capability));

test.each(CAPABILITIES)('the registry says which types can %s', (capability) => {
	expect(codesThat(capability)).toEqual(expectedThat(capability));
});

test.each(['structured', 'x12', 'serviceJson'] as const)(
	'and which travel on the %s path',
	(path) => {
		expect(codesOnPath(path)).toEqual(codes.filter((code) => EXPECTED[code].paths.includes(path)));
	},
);

test('and the functional group (GS01) of each', () => {
	expect(FUNCTIONAL_IDS).toEqual(
		Object.fromEntries(codes.map((c) => [c, EXPECTED[c].functionalId])),
	);
});

test('each readable type has its reader, each writable type its writer, each known set its table', () => {
	expect(READABLE_TYPES).toEqual(expectedThat('read'));
	expect(Object.keys(READERS).sort()).toEqual(expectedThat('read').sort());
	expect(Object.keys(DOCUMENT_WRITERS).sort()).toEqual(expectedThat('write').sort());
	for (const code of [
		...expectedThat('read'),
		...expectedThat('write'),
		...expectedThat('acknowledge'),
	])
		expect([code, TRANSACTION_SETS.has(code)]).toEqual([code, true]);
});

describe("the node's options follow the registry", () => {
	const action: INodeTypeDescription = new (require(
		join(ROOT, 'dist/nodes/EdiExchange/EdiExchange.node.js'),
	).EdiExchange)().description;
	const optionsOf = (name: string, operation: string) => {
		const property = action.properties.find(
			(p: INodeProperties) =>
				p.name === name &&
				(p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation),
		);
		return (property?.options as Array<{ value: string }> | undefined)?.map((o) => o.value);
	};

	test('Convert writes the writable types, Check Document checks the checkable ones', () => {
		expect(optionsOf('documentType', 'convert')).toEqual(expectedThat('write'));
		expect(optionsOf('checkedType', 'checkDocument')).toEqual(expectedThat('check'));
	});

	test('Create offers Integration Path for the types that travel as X12', () => {
		const path = action.properties.find((p: INodeProperties) => p.name === 'integrationPath');
		expect(path?.displayOptions?.show?.documentType).toEqual(
			codes.filter((code) => EXPECTED[code].paths.includes('x12')).map(serviceTypeOf),
		);
	});
});
