import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite, pgliteExtensions } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/** Migrates one PGlite once and snapshots it; every test file starts from a copy of that snapshot. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'cityquest-test-'));
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await openPglite(client).migrate();
  const snapshot = join(dir, 'migrated.tar.gz');
  const dump = await client.dumpDataDir('gzip');
  await writeFile(snapshot, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteSnapshot', snapshot);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
