/** One place per fact: the API version of each operation is spelled in routes.ts and nowhere else. */
import { readFileSync } from 'fs';
import { join } from 'path';

import { ROOT, sourceFiles } from './sourceFiles';

const VERSION_PREFIX = /\/v[0-9]+\//;

test('the rendered descriptions of both nodes and the credential contain no version prefix', () => {
	for (const [file, name] of [
		['dist/nodes/EdiExchange/EdiExchange.node.js', 'EdiExchange'],
		['dist/nodes/EdiExchange/EdiExchangeTrigger.node.js', 'EdiExchangeTrigger'],
	]) {
		const { description } = new (require(join(ROOT, file))[name])();
		expect(JSON.stringify(description)).not.toMatch(VERSION_PREFIX);
	}
	const { EdiExchangeApi } = require(join(ROOT, 'dist/credentials/EdiExchangeApi.credentials.js'));
	const { properties, authenticate } = new EdiExchangeApi();
	expect(JSON.stringify({ properties, authenticate })).not.toMatch(VERSION_PREFIX);
});

test('no shipping source file but routes.ts spells a version prefix', () => {
	const files = [...sourceFiles(join(ROOT, 'nodes')), ...sourceFiles(join(ROOT, 'credentials'))];
	const spelling = files.filter(
		(file) => !file.endsWith('routes.ts') && VERSION_PREFIX.test(readFileSync(file, 'utf8')),
	);
	expect(spelling).toEqual([]);
});
