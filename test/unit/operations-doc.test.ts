/**
 * docs/operations.md says it covers every operation: each operation of the action node, as the
 * editor names it (Resource → Operation), has its section there.
 */
import { readFileSync } from 'fs';
import { join } from 'path';

import type { INodePropertyOptions } from 'n8n-workflow';

import { properties } from '../../nodes/EdiExchange/actions/router';
import { ROOT } from './sourceFiles';

const resources = properties.find((p) => p.name === 'resource')!.options as INodePropertyOptions[];
const operations = resources.flatMap((resource) => {
	const field = properties.find(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.[0] === resource.value,
	)!;
	return (field.options as INodePropertyOptions[]).map((o) => [resource.name, o.name]);
});
const headings = [
	...readFileSync(join(ROOT, 'docs', 'operations.md'), 'utf8').matchAll(/^## (.+)$/gm),
].map((m) => m[1]);

test('the node has operations to look for', () => {
	expect(operations.length).toBeGreaterThanOrEqual(10);
});

test.each(operations)('%s → %s has its section in docs/operations.md', (resource, operation) => {
	expect(headings.some((h) => h.startsWith(`${resource} → `) && h.includes(operation))).toBe(true);
});
