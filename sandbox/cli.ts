/**
 * `npm run sandbox -- [options]`: runs the sandbox until Ctrl-C / SIGTERM.
 */
import { readFileSync } from 'fs';
import { DEFAULT_API_KEY, DEFAULT_RATE_LIMIT, startSandbox, type SandboxOptions } from './index';
import { X12_LAYOUT_PRESETS } from './x12/layout';

const HELP = `EDI Exchange sandbox: a strict local emulator of the service, with the demo trading partner.

Usage: npm run sandbox -- [options]

  --port N                 port to listen on (default 5080; 0 = a free port)
  --host HOST              address to listen on (default 127.0.0.1)
  --api-key KEY            the API key clients must send in service-api-key (default ${DEFAULT_API_KEY})
  --order newest|oldest    list order of GET /v3/transactions (default newest)
  --inbound-format json|x12  how the demo partner's 850s arrive: structured JSON (default) or X12
  --x12-layout NAME        how the partner lays out its X12: ${Object.keys(X12_LAYOUT_PRESETS).join(', ')}
                           (default tilde-newline)
  --replay-850 FILE        the partner sends the purchase order in FILE at start-up instead of its
                           own (an X12 interchange, a structured 850, or a create request holding
                           one in "message"), scored like its own; may be given more than once
  --seed N                 bulk-insert N inbound test 850s at start-up (default 0)
  --latency-ms N           delay every service response by N ms (default 0)
  --rate-limit N/SECONDS   at most N requests per SECONDS per key, e.g. 100/60; "off" disables
                           (default ${DEFAULT_RATE_LIMIT.requests}/${DEFAULT_RATE_LIMIT.windowSeconds})
  --data FILE              keep the state in FILE: every change is on disk (FILE.journal)
                           before it is answered; compacted at start and on exit
  --partner-interval-ms N  the demo partner also sends an 850 every N ms
  --no-initial-order       the demo partner does not send an 850 at start-up
  --partners A,B           the organization's trading partners (default DEMORETAIL)
  --fault-seed N           default seed of the fault-injection PRNG (default 1)
  --help                   this text
`;

function fail(message: string): never {
	process.stderr.write(`${message}\n\n${HELP}`);
	process.exit(2);
}

function integer(name: string, raw: string | undefined, min = 0): number {
	if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) < min)
		fail(`${name} needs an integer ≥ ${min}, got ${raw ?? 'nothing'}`);
	return Number(raw);
}

export function parseArguments(argv: string[]): SandboxOptions {
	const options: SandboxOptions = { port: 5080 };
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split(/=(.*)/s, 2);
		const value = () => (inline !== undefined ? inline : argv[++i]);
		switch (flag) {
			case '--help':
			case '-h':
				process.stdout.write(HELP);
				process.exit(0);
				break;
			case '--port':
				options.port = integer(flag, value());
				break;
			case '--host':
				options.host = value() ?? fail('--host needs a value');
				break;
			case '--api-key':
				options.apiKey = value() || fail('--api-key needs a value');
				break;
			case '--order': {
				const order = value();
				if (order !== 'newest' && order !== 'oldest') fail('--order must be newest or oldest');
				options.order = order;
				break;
			}
			case '--inbound-format': {
				const format = value();
				if (format !== 'json' && format !== 'x12') fail('--inbound-format must be json or x12');
				options.inboundFormat = format;
				break;
			}
			case '--x12-layout': {
				const name = value() ?? '';
				const layout = X12_LAYOUT_PRESETS[name];
				if (!layout)
					fail(`--x12-layout must be one of ${Object.keys(X12_LAYOUT_PRESETS).join(', ')}`);
				options.x12Layout = layout;
				break;
			}
			case '--replay-850': {
				const file = value() || fail('--replay-850 needs a file name');
				options.replay850 = [...(options.replay850 ?? []), replayOf(file)];
				options.sendInitialOrder ??= false;
				break;
			}
			case '--seed':
				options.seed = integer(flag, value());
				break;
			case '--latency-ms':
				options.latencyMs = integer(flag, value());
				break;
			case '--rate-limit': {
				const raw = value();
				if (raw === 'off') options.rateLimit = null;
				else {
					const match = /^(\d+)\/(\d+)$/.exec(raw ?? '');
					if (!match || Number(match[1]) < 1 || Number(match[2]) < 1)
						fail('--rate-limit must be N/SECONDS (e.g. 100/60) or off');
					options.rateLimit = { requests: Number(match[1]), windowSeconds: Number(match[2]) };
				}
				break;
			}
			case '--data':
				options.dataFile = value() || fail('--data needs a file name');
				break;
			case '--partner-interval-ms':
				options.partnerIntervalMs = integer(flag, value(), 1);
				break;
			case '--no-initial-order':
				options.sendInitialOrder = false;
				break;
			case '--partners':
				options.partners = (value() ?? '')
					.split(',')
					.map((p) => p.trim())
					.filter(Boolean);
				if (!options.partners.length) fail('--partners needs a comma-separated list');
				break;
			case '--fault-seed':
				options.faultSeed = integer(flag, value());
				break;
			default:
				fail(`unknown option ${argv[i]}`);
		}
	}
	return options;
}

/** A purchase order file as the body of "Resend 850": X12 text, or JSON (the 850, or a create request with it in message). */
function replayOf(file: string): { source: string; body: Record<string, unknown> } {
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (error) {
		fail(`--replay-850 ${file}: ${(error as Error).message}`);
	}
	const source = `--replay-850 ${file}`;
	if (/^\s*ISA/.test(text)) return { source, body: { x12: text } };
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		fail(`${source}: neither an X12 interchange (ISA …) nor JSON`);
	}
	const isObject = (v: unknown): v is Record<string, unknown> =>
		typeof v === 'object' && v !== null && !Array.isArray(v);
	const message = isObject(json) && isObject(json.message) ? json.message : json;
	return { source, body: { message } };
}

async function main(): Promise<void> {
	const sandbox = await startSandbox(parseArguments(process.argv.slice(2)));
	process.stdout.write(
		[
			`EDI Exchange sandbox listening on ${sandbox.baseUrl}`,
			`API key: ${sandbox.apiKey}`,
			'Try:',
			`  curl -H 'service-api-key: ${sandbox.apiKey}' '${sandbox.baseUrl}/v3/transactions?limit=5'`,
			`  curl -X POST ${sandbox.baseUrl}/_sandbox/partner/send-850`,
			'Press Ctrl-C to stop.',
			'',
		].join('\n'),
	);
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		process.stdout.write(`\n${signal}: stopping\n`);
		sandbox.stop().then(
			() => process.exit(0),
			(error) => {
				process.stderr.write(`${(error as Error).message}\n`);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

if (require.main === module) {
	main().catch((error) => {
		process.stderr.write(`sandbox failed to start: ${(error as Error).message}\n`);
		process.exit(1);
	});
}
