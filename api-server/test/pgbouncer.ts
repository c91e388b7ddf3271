// A PgBouncer in transaction pooling in front of the test PostgreSQL, as deployments run one: each transaction
// may get another server connection, so nothing a request leaves on a connection (a named prepared statement, a
// session setting, a LISTEN) is there for its next one. Debian's pgbouncer refuses to run as root, so as root it
// runs as the postgres user (.ci/run installs the package).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './api-process.ts';

const BINARIES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'];

/** The pgbouncer binary on this machine, or undefined after saying why `what` did not run. */
export function pgbouncerBinary(what: string): string | undefined {
  const found = BINARIES.find((path) => existsSync(path));
  if (!found) console.warn(`${what} not run: no pgbouncer on this machine (.ci/run installs Debian's)`);
  return found;
}

export type Pooler = {
  /** `serverUrl` with its host and port replaced by the pooler's. */
  urlFor(serverUrl: string): string;
  stop(): Promise<void>;
};

/**
 * Starts pgbouncer in transaction mode before the PostgreSQL of `serverUrl` (trust authentication, as the
 * machine's test server has), with a pool of `poolSize` server connections per database and user.
 */
export async function startPooler(binary: string, serverUrl: string, poolSize = 3): Promise<Pooler> {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), 'cityquest-pgbouncer-'));
  const settings = [
    '[databases]',
    `* = host=${server.hostname} port=${server.port || 5432}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${join(folder, 'users.txt')}`,
    'pool_mode = transaction',
    `default_pool_size = ${poolSize}`,
    'max_client_conn = 500',
    // node-postgres sends no such parameter, but other clients do; the pooler would refuse them otherwise.
    'ignore_startup_parameters = extra_float_digits,options',
    `logfile = ${join(folder, 'pgbouncer.log')}`,
    '',
  ].join('\n');
  writeFileSync(join(folder, 'pgbouncer.ini'), settings);
  writeFileSync(join(folder, 'users.txt'), `"${user}" ""\n`);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    for (const name of ['', 'pgbouncer.ini', 'users.txt']) chownSync(join(folder, name), uid, gid);
  }
  const command = asRoot ? 'runuser' : binary;
  const args = asRoot
    ? ['-u', 'postgres', '--', binary, join(folder, 'pgbouncer.ini')]
    : [join(folder, 'pgbouncer.ini')];
  const child: ChildProcess = spawn(command, args, { stdio: 'ignore' });
  const pooled = new URL(serverUrl);
  pooled.hostname = '127.0.0.1';
  pooled.port = String(port);
  await waitUntilAnswering(pooled.toString(), child);
  return {
    urlFor(url) {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          rmSync(folder, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}`);
    const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`pgbouncer did not answer: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await probe.end().catch(() => undefined);
    }
  }
}
