/**
 * The sandbox: a strict local emulator of the EDI exchange service (docs/contract.md),
 * with the demo trading partner. Dev tool only; Node built-ins only.
 */
import type { AddressInfo } from 'net';
import { ORGANIZATION_ID, PARTNER_ID } from './partner';
import { DataFile } from './persistence';
import { resend850 } from './resend';
import { SandboxServer } from './server';
import { SandboxState } from './state';
import { DEFAULT_X12_LAYOUT, type X12Layout } from './x12/layout';

export const DEFAULT_API_KEY = 'sandbox-api-key-0123456789';
export const DEFAULT_RATE_LIMIT = { requests: 100000, windowSeconds: 60 };
export { ORGANIZATION_ID, PARTNER_ID };

export interface SandboxOptions {
	/** Default 0 (a free port). The CLI defaults to 5080. */
	port?: number;
	/** Default 127.0.0.1. */
	host?: string;
	/** Default DEFAULT_API_KEY. */
	apiKey?: string;
	/** List order of GET /v3/transactions; default newest. */
	order?: 'newest' | 'oldest';
	/** Inbound test 850 transactions bulk-inserted at start-up (default 0). */
	seed?: number;
	/** Delay of every service response. */
	latencyMs?: number;
	/** Default DEFAULT_RATE_LIMIT; null turns limiting off. */
	rateLimit?: { requests: number; windowSeconds: number } | null;
	/** JSON file the state is loaded from at start; every change is on disk (its journal) before it is answered. */
	dataFile?: string;
	/** The demo partner also sends an 850 on this timer. */
	partnerIntervalMs?: number;
	/** The demo partner sends one 850 on start-up (default true; skipped when a data file was loaded). */
	sendInitialOrder?: boolean;
	/** Seed of the fault-injection PRNG when PUT /_sandbox/faults gives none (default 1). */
	faultSeed?: number;
	/** How the partner's 850s arrive: structured JSON messages (default) or X12 interchanges. */
	inboundFormat?: 'json' | 'x12';
	/** How the partner lays out its X12 (separators, line breaks, BOM, indentation); default `~` and a line break. */
	x12Layout?: X12Layout;
	/**
	 * Purchase orders the partner sends once started, in order, as "Resend 850" with these bodies
	 * ({ message } or { x12 }); `source` names each in an error (the CLI's --replay-850 FILE).
	 */
	replay850?: Array<{ source: string; body: Record<string, unknown> }>;
	/** The organization's trading partners (default [PARTNER_ID]). */
	partners?: string[];
}

export interface RunningSandbox {
	baseUrl: string;
	apiKey: string;
	port: number;
	stop(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
	const apiKey = options.apiKey ?? DEFAULT_API_KEY;
	const host = options.host ?? '127.0.0.1';
	const state = new SandboxState({
		partners: options.partners ?? [PARTNER_ID],
		seed: options.seed ?? 0,
		sendInitialOrder: options.sendInitialOrder ?? true,
		order: options.order ?? 'newest',
		rateLimit: options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit,
		faultSeed: options.faultSeed ?? 1,
		inboundFormat: options.inboundFormat ?? 'json',
		x12Layout: options.x12Layout ?? DEFAULT_X12_LAYOUT,
	});

	let data: DataFile | undefined;
	if (options.dataFile) data = await DataFile.open(options.dataFile, state);
	else state.startUp();
	for (const { source, body } of options.replay850 ?? []) {
		const sent = resend850(state, body);
		if (sent.status !== 201) {
			await data?.close();
			throw new Error(`${source}: ${(sent.body as { message: string }).message}`);
		}
	}

	const server = new SandboxServer(state, {
		apiKey,
		latencyMs: options.latencyMs ?? 0,
		durable: () => data?.durable() ?? Promise.resolve(),
	});
	await new Promise<void>((resolve, reject) => {
		server.server.once('error', reject);
		server.server.listen(options.port ?? 0, host, () => resolve());
	});
	const port = (server.server.address() as AddressInfo).port;

	const timer =
		options.partnerIntervalMs && options.partnerIntervalMs > 0
			? setInterval(() => state.sendPartnerOrder(), options.partnerIntervalMs)
			: undefined;
	timer?.unref();

	let stopping: Promise<void> | undefined;
	return {
		baseUrl: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
		apiKey,
		port,
		stop: () =>
			(stopping ??= (async () => {
				if (timer) clearInterval(timer);
				await server.close();
				await data?.close();
			})()),
	};
}
