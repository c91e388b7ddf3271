import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The PostgreSQL server the suites make their databases on: TEST_DATABASE_URL, or the machine's own. */
export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Whether a Redis answers at TEST_REDIS_URL (CI's machine starts one). When none does, the suites that need it
 * print why they did not run, naming `what`.
 */
export async function redisAnswers(what: string): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch (error) {
    console.warn(`${what} not run: no Redis answers at ${TEST_REDIS_URL} (${(error as Error).message})`);
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Whether a PostgreSQL answers at TEST_POSTGRES_URL; when none does, says why `what` did not run. */
export async function postgresAnswers(what: string): Promise<boolean> {
  const probe = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 1000 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.query('select 1');
    return true;
  } catch (error) {
    console.warn(
      `${what} not run: no PostgreSQL answers at ${TEST_POSTGRES_URL} (${(error as Error).message})`,
    );
    return false;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

/** A new, uniquely named database on `serverUrl` (`<prefix>_<uuid>`), and how to drop it at the end. */
export async function scratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
