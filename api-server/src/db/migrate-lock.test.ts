import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAnswers, scratchDatabase, TEST_POSTGRES_URL } from '../../test/local-services.ts';
import { openPostgres } from './client.ts';

// Several API instances starting together each run the migrations and the start-up work: on one PostgreSQL
// database they must take turns, and every one of them must then start.

const MIGRATIONS = readdirSync(fileURLToPath(new URL('./migrations', import.meta.url))).filter((name) =>
  name.endsWith('.sql'),
).length;

describe.runIf(await postgresAnswers('migration lock test'))('instances starting together', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  beforeAll(async () => {
    scratch = await scratchDatabase(TEST_POSTGRES_URL, 'cityquest_test');
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  it('all migrate, and each migration is applied once', async () => {
    const instances = [0, 1, 2].map(() => openPostgres(scratch.url));
    const outcomes = await Promise.allSettled(instances.map((instance) => instance.migrate()));
    await Promise.all(instances.map((instance) => instance.close()));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as applied from drizzle.__drizzle_migrations');
    await client.end();
    expect(rows[0].applied).toBe(MIGRATIONS);
  });

  it('take turns on start-up work: one runs it while the others wait, and each then finds it done', async () => {
    const instances = [0, 1, 2].map(() => openPostgres(scratch.url));
    const log: string[] = [];
    let done = false;
    const startUp = (instance: number) => async () => {
      log.push(`${instance} in`);
      const found = done;
      await new Promise((resolve) => setTimeout(resolve, 50));
      done = true;
      log.push(`${instance} out`);
      return found;
    };
    const found = await Promise.all(instances.map((db, i) => db.exclusively('cityquest:test', startUp(i))));
    await Promise.all(instances.map((instance) => instance.close()));
    // Never two inside at once: every entry is followed by its own exit.
    for (let i = 0; i < log.length; i += 2) expect(log[i + 1]).toBe(log[i]?.replace('in', 'out'));
    expect(found.filter((was) => !was)).toHaveLength(1);
  });
});
