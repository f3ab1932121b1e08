'use strict';
// Redis and Postgres for n8n's queue mode: Debian's packages (installed with apt-get when missing),
// each started in the foreground under lib.Processes on 127.0.0.1, a free port and a data folder
// of its own, so they stop by pid with everything else. Postgres refuses to run as root: as root,
// it runs as the unprivileged `postgres` user (created by the Debian package, or here).

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const lib = require('./lib');

const PG_USER = 'postgres';

function postgresBin() {
	const root = '/usr/lib/postgresql';
	if (!fs.existsSync(root)) return undefined;
	const versions = fs
		.readdirSync(root)
		.filter((v) => fs.existsSync(path.join(root, v, 'bin', 'postgres')));
	versions.sort((a, b) => Number(b) - Number(a));
	return versions.length ? path.join(root, versions[0], 'bin') : undefined;
}

function redisBin() {
	return ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((f) => fs.existsSync(f));
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** apt-get installs what is missing (as root; otherwise says what to install). */
async function ensurePackages(log) {
	const missing = [];
	if (!postgresBin()) missing.push('postgresql');
	if (!redisBin()) missing.push('redis-server');
	if (!missing.length) return;
	if (!isRoot())
		throw new Error(
			`queue mode needs ${missing.join(' and ')}: run \`sudo apt-get install -y ${missing.join(' ')}\``,
		);
	log(`apt-get install -y ${missing.join(' ')}`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	await lib.run('apt-get', ['update'], { env, capture: true });
	await lib.run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
		env,
		capture: true,
	});
}

/** The user Postgres runs as, and a command prefix that switches to it. */
async function postgresUser() {
	if (!isRoot()) return [];
	try {
		await lib.run('id', ['-u', PG_USER], { capture: true });
	} catch {
		await lib.run(
			'useradd',
			['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', PG_USER],
			{ capture: true },
		);
	}
	return ['runuser', '-u', PG_USER, '--'];
}

/** Postgres gets a temp folder of its own: the test's work folder (0700, root's) is closed to it. */
async function startPostgres(procs, log) {
	const bin = postgresBin();
	const asUser = await postgresUser();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edi-n8n-postgres-'));
	const data = path.join(dir, 'data');
	fs.chmodSync(dir, 0o755);
	if (asUser.length) await lib.run('chown', [PG_USER, dir]);
	const runAs = (cmd, args, opts) =>
		asUser.length
			? lib.run(asUser[0], [...asUser.slice(1), cmd, ...args], opts)
			: lib.run(cmd, args, opts);
	await runAs(
		path.join(bin, 'initdb'),
		['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
		{ capture: true },
	);
	const port = await lib.freePort();
	const args = [
		path.join(bin, 'postgres'),
		'-D',
		data,
		'-p',
		String(port),
		'-k',
		dir,
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		'fsync=off',
	];
	const entry = asUser.length
		? procs.start('postgres', asUser[0], [...asUser.slice(1), ...args], {
				logFile: path.join(dir, 'postgres.log'),
			})
		: procs.start('postgres', args[0], args.slice(1), { logFile: path.join(dir, 'postgres.log') });
	await lib.waitFor(
		'postgres',
		async () => {
			await lib.run(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], {
				capture: true,
			});
			return true;
		},
		{ timeoutMs: 60000, alive: () => !entry.exited },
	);
	log(
		`postgres ${path.basename(path.dirname(bin))} on 127.0.0.1:${port} (pid ${entry.child.pid}, data ${data})`,
	);
	return { entry, port, dir };
}

async function startRedis(procs, dir, log) {
	fs.mkdirSync(dir, { recursive: true });
	const port = await lib.freePort();
	const entry = procs.start(
		'redis',
		redisBin(),
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			dir,
		],
		{
			logFile: path.join(dir, 'redis.log'),
		},
	);
	await lib.waitFor(
		'redis',
		async () => entry.tail.some((l) => /Ready to accept connections/.test(l)),
		{ timeoutMs: 30000, alive: () => !entry.exited },
	);
	log(`redis on 127.0.0.1:${port} (pid ${entry.child.pid})`);
	return { entry, port };
}

/**
 * Starts both; returns the n8n settings for queue mode (main and worker alike) and `folders` to
 * remove once they are stopped.
 */
async function startQueueServers(procs, dir, log) {
	await ensurePackages(log);
	const [postgres, redis] = await Promise.all([
		startPostgres(procs, log),
		startRedis(procs, path.join(dir, 'redis'), log),
	]);
	const env = {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: 'postgres',
		DB_POSTGRESDB_USER: 'postgres',
		DB_POSTGRESDB_PASSWORD: '',
	};
	return { env, folders: [postgres.dir] };
}

module.exports = { ensurePackages, postgresBin, postgresUser, startPostgres, startQueueServers };
