/**
 * n8n's own nodes for the hand-built baseline: HTTP Request, Split Out, Remove Duplicates and Filter,
 * loaded from the real n8n install (`npm run n8n:install` caches it outside the checkout), with
 * their `n8n-workflow` / `n8n-core` imports pointed at the project's single copy so that n8n's
 * classes are the engine's. Remove Duplicates keeps its history in n8n's database through
 * `DataDeduplicationService`; here an in-memory store with the same logic (md5 of each value,
 * a bounded list, the JSON round-trip of the database column) stands in for the database.
 */
import { createHash } from 'crypto';
import { existsSync } from 'fs';
import Module from 'module';
import { DataDeduplicationService } from 'n8n-core';
import type {
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDeduplicationOutput,
	INodeType,
	IVersionedNodeType,
} from 'n8n-workflow';
import { homedir } from 'os';
import { join } from 'path';

export const N8N_CACHE =
	process.env.EDI_BENCH_N8N_MODULES ??
	join(homedir(), '.cache', 'n8n-nodes-edi-exchange', 'n8n-2.41.1', 'node_modules');
const NODES = join(N8N_CACHE, 'n8n-nodes-base', 'dist', 'nodes');

const FILES = {
	httpRequest: ['HttpRequest/HttpRequest.node.js', 'HttpRequest'],
	splitOut: ['Transform/SplitOut/SplitOut.node.js', 'SplitOut'],
	removeDuplicates: ['Transform/RemoveDuplicates/RemoveDuplicates.node.js', 'RemoveDuplicates'],
	filter: ['Filter/Filter.node.js', 'Filter'],
} as const;

export type BaseNodes = Record<keyof typeof FILES, INodeType | IVersionedNodeType> & {
	version: string;
};

let redirected = false;

/** Makes n8n-nodes-base resolve n8n-workflow and n8n-core to the project's copies (one copy each). */
export function redirectSharedModules(): void {
	if (redirected) return;
	redirected = true;
	const ours: Record<string, string> = {
		'n8n-workflow': require.resolve('n8n-workflow'),
		'n8n-core': require.resolve('n8n-core'),
	};
	const loader = Module as unknown as {
		_resolveFilename: (request: string, ...rest: unknown[]) => string;
	};
	const original = loader._resolveFilename;
	loader._resolveFilename = function (request: string, ...rest: unknown[]) {
		return ours[request] ?? original.call(this, request, ...rest);
	};
}

/** The real nodes, or the reason they could not be loaded. */
export function loadBaseNodes(): BaseNodes | { error: string } {
	if (!existsSync(join(NODES, FILES.httpRequest[0])))
		return { error: `n8n-nodes-base not found under ${N8N_CACHE} (run npm run n8n:install)` };
	try {
		redirectSharedModules();
		const load = ([file, name]: readonly [string, string]) =>
			new (require(join(NODES, file))[name])() as INodeType | IVersionedNodeType;
		const version = String(require(join(N8N_CACHE, 'n8n-nodes-base', 'package.json')).version);
		return {
			httpRequest: load(FILES.httpRequest),
			splitOut: load(FILES.splitOut),
			removeDuplicates: load(FILES.removeDuplicates),
			filter: load(FILES.filter),
			version,
		};
	} catch (error) {
		return { error: `loading n8n-nodes-base failed: ${(error as Error).message}` };
	}
}

interface Stored {
	mode: string;
	data: string[];
}

/**
 * n8n's DeduplicationHelper (packages/cli/src/deduplication) for mode "entries", over a Map of
 * JSON strings instead of the processed_data table: each call reads and writes the whole row, as
 * the database-backed helper does.
 */
export class MemoryDeduplicator implements IDataDeduplicator {
	private readonly rows = new Map<string, string>();

	private key(scope: DeduplicationScope, context: ICheckProcessedContextData): string {
		return `${context.workflow.id}|${scope === 'node' ? `n:${context.node?.id}` : ''}`;
	}

	private read(scope: DeduplicationScope, context: ICheckProcessedContextData): Stored | undefined {
		const row = this.rows.get(this.key(scope, context));
		return row === undefined ? undefined : (JSON.parse(row) as Stored);
	}

	private write(
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
		value: Stored,
	): void {
		this.rows.set(this.key(scope, context), JSON.stringify(value));
	}

	private static hash(value: string | number): string {
		return createHash('md5').update(value.toString()).digest('base64');
	}

	async checkProcessedAndRecord(
		items: Array<string | number>,
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		if (options.mode !== 'entries')
			throw new Error('The bench uses Remove Duplicates in mode "entries" only');
		const hashed = items.map((item) => MemoryDeduplicator.hash(item));
		const stored = this.read(scope, context);
		if (!stored) {
			if (options.maxEntries) hashed.splice(0, hashed.length - options.maxEntries);
			this.write(scope, context, { mode: options.mode, data: hashed });
			return { new: items, processed: [] };
		}
		const output: IDeduplicationOutput = { new: [], processed: [] };
		const seen = new Set(stored.data);
		hashed.forEach((hash, index) => {
			if (seen.has(hash)) output.processed.push(items[index]);
			else {
				output.new.push(items[index]);
				stored.data.push(hash);
			}
		});
		if (options.maxEntries) stored.data.splice(0, stored.data.length - options.maxEntries);
		this.write(scope, context, stored);
		return output;
	}

	async removeProcessed(): Promise<void> {
		throw new Error('not used by the bench');
	}

	async clearAllProcessedItems(
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	): Promise<void> {
		this.rows.delete(this.key(scope, context));
	}

	async getProcessedDataCount(
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<number> {
		const stored = this.read(scope, context);
		return options.mode === 'entries' && stored ? stored.data.length : 0;
	}

	clear(): void {
		this.rows.clear();
	}
}

let deduplicator: MemoryDeduplicator | undefined;

/** The one in-memory store behind n8n's DataDeduplicationService (which allows one init). */
export async function deduplicationStore(): Promise<MemoryDeduplicator> {
	if (!deduplicator) {
		deduplicator = new MemoryDeduplicator();
		await DataDeduplicationService.init(deduplicator);
	}
	return deduplicator;
}
