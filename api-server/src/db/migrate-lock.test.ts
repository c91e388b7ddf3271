import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './client.ts';

// Several API instances starting together each run the migrations at start: on one PostgreSQL database they
// must take turns, and every one of them must then start.

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(): Promise<boolean> {
  const probe = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 1000 });
  try {
    await probe.connect();
    return true;
  } catch (error) {
    console.warn(
      `migration lock test not run: no PostgreSQL answers at ${SERVER_URL} (${(error as Error).message})`,
    );
    return false;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

const MIGRATIONS = readdirSync(fileURLToPath(new URL('./migrations', import.meta.url))).filter((name) =>
  name.endsWith('.sql'),
).length;

describe.runIf(await postgresAnswers())('migrations run by several instances starting together', () => {
  const name = `cityquest_test_${randomUUID().replace(/-/g, '')}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const admin = () => new pg.Client({ connectionString: SERVER_URL });
  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  it('all succeed, and each migration is applied once', async () => {
    const instances = [0, 1, 2].map(() => openPostgres(url.toString()));
    const outcomes = await Promise.allSettled(instances.map((instance) => instance.migrate()));
    await Promise.all(instances.map((instance) => instance.close()));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as applied from drizzle.__drizzle_migrations');
    await client.end();
    expect(rows[0].applied).toBe(MIGRATIONS);
  });
});
