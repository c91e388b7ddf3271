import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './client.ts';

// For tests of one migration's data changes: an embedded database migrated up to just before it, with rows
// written as the earlier schema had them, then that migration alone.

const migrations = new URL('./migrations/', import.meta.url);
type Journal = { entries: { idx: number; tag: string }[] };

export async function runMigration(client: PGlite, tag: string): Promise<void> {
  const text = await readFile(new URL(`${tag}.sql`, migrations), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await client.exec(statement);
  }
}

/** A new embedded database holding every migration before `tag`. */
export async function databaseBefore(tag: string): Promise<PGlite> {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const journal = JSON.parse(await readFile(new URL('meta/_journal.json', migrations), 'utf8')) as Journal;
  const before = journal.entries.findIndex((entry) => entry.tag === tag);
  if (before === -1) throw new Error(`no migration ${tag}`);
  for (const entry of journal.entries.slice(0, before)) await runMigration(client, entry.tag);
  return client;
}
