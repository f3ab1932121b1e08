/** Starting sandboxes and talking to them over real HTTP (axios, every status accepted). */
import axios, { type AxiosInstance } from 'axios';
import { readFileSync } from 'fs';
import { join } from 'path';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox';

export interface Running {
	sandbox: RunningSandbox;
	/** Service calls, with the API key. */
	api: AxiosInstance;
	/** Service calls without a key, and admin calls. */
	raw: AxiosInstance;
}

export async function start(options: SandboxOptions = {}): Promise<Running> {
	const sandbox = await startSandbox(options);
	const common = { baseURL: sandbox.baseUrl, validateStatus: () => true, timeout: 20000 };
	return {
		sandbox,
		api: axios.create({ ...common, headers: { 'service-api-key': sandbox.apiKey } }),
		raw: axios.create(common),
	};
}

/** One sandbox per describe block: started before, stopped after. */
export function useSandbox(options: SandboxOptions = {}): Running {
	const running = {} as Running;
	beforeAll(async () => Object.assign(running, await start(options)));
	afterAll(async () => running.sandbox?.stop());
	return running;
}

/** One of the service's example documents (see docs/contract.md). */
export function exampleDocument(name: string): Record<string, any> {
	return JSON.parse(readFileSync(join(__dirname, 'documents', name), 'utf8'));
}

/** The example documents talk between BUYERISA and SELLERISA; these make them (and the 846/860 receivers) partners. */
export const EXAMPLE_PARTNERS = [
	'DEMORETAIL',
	'BUYERISA',
	'SELLERISA',
	'RETAILPARTNER',
	'ACMEPRODUCTS',
];
