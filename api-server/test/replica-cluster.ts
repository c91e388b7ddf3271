// A PostgreSQL primary and a streaming replica of it, made for one test run in a scratch folder: the machine's
// own server has no replication entry in pg_hba.conf, so the primary is a fresh cluster (initdb) and the replica
// its pg_basebackup. PostgreSQL refuses to run as root, so as root both run as the postgres user.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePorts } from './api-process.ts';

const VERSIONS = '/usr/lib/postgresql';
const TOOLS = ['initdb', 'pg_ctl', 'pg_basebackup'];

/** The folder of this machine's PostgreSQL server programs, or undefined after saying why `what` did not run. */
export function postgresPrograms(what: string): string | undefined {
  const versions = existsSync(VERSIONS) ? readdirSync(VERSIONS).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((version) => join(VERSIONS, version, 'bin'))
    .find((bin) => TOOLS.every((tool) => existsSync(join(bin, tool))));
  if (!found)
    console.warn(`${what} not run: no PostgreSQL server programs (${TOOLS.join(', ')}) in ${VERSIONS}`);
  return found;
}

export type ReplicatedCluster = {
  primaryUrl: string;
  replicaUrl: string;
  /** Holds the replica's replay (it keeps receiving the log, applying none of it) or lets it go on. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stopReplica(): void;
  stop(): void;
};

const asRoot = process.getuid?.() === 0;

function runAsPostgres(program: string, args: string[]) {
  const [command, given] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  execFileSync(command, given, { stdio: 'pipe' });
}

async function onReplica(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function startReplicatedCluster(bin: string): Promise<ReplicatedCluster> {
  const folder = mkdtempSync(join(tmpdir(), 'cityquest-replica-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(folder, uid, gid);
  }
  const [primaryPort = 0, replicaPort = 0] = await freePorts(2);
  const primaryDir = join(folder, 'primary');
  const replicaDir = join(folder, 'replica');
  const serverOptions = (port: number) =>
    `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = (dir: string, port: number) =>
    runAsPostgres(join(bin, 'pg_ctl'), [
      '-D',
      dir,
      '-o',
      serverOptions(port),
      '-l',
      `${dir}.log`,
      '-w',
      'start',
    ]);
  const stopServer = (dir: string) => {
    if (!existsSync(join(dir, 'postmaster.pid'))) return;
    runAsPostgres(join(bin, 'pg_ctl'), ['-D', dir, '-m', 'immediate', '-w', 'stop']);
  };
  try {
    runAsPostgres(join(bin, 'initdb'), [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    start(primaryDir, primaryPort);
    runAsPostgres(join(bin, 'pg_basebackup'), [
      ...['-D', replicaDir, '-R', '-X', 'stream', '--no-sync'],
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
    ]);
    start(replicaDir, replicaPort);
  } catch (error) {
    stopServer(replicaDir);
    stopServer(primaryDir);
    rmSync(folder, { recursive: true, force: true });
    throw new Error(
      `the replicated cluster did not start: ${(error as { stderr?: Buffer }).stderr ?? error}`,
    );
  }
  const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl,
    pauseReplay: () => onReplica(replicaUrl, 'select pg_wal_replay_pause()'),
    resumeReplay: () => onReplica(replicaUrl, 'select pg_wal_replay_resume()'),
    stopReplica: () => stopServer(replicaDir),
    stop() {
      stopServer(replicaDir);
      stopServer(primaryDir);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
