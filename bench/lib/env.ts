/** Imported first: n8n-core writes $N8N_USER_FOLDER/.n8n/config on first use, and logs unless silenced. */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'edi-exchange-bench-'));
process.env.N8N_LOG_LEVEL ??= 'silent';
