import type { PGlite } from '@electric-sql/pglite';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { type Db, rowsOf } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import type { TestApp } from './helper.ts';

// What the plan tests share: statements captured from repository calls, explained with their parameters
// written in, and walked node by node.

export type Captured = { label: string; text: string; params: unknown[] };
export type Explained = Captured & { literal: string; plan: string; tree: PlanNode };
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
};

/** A value as SQL text that PostgreSQL types from its context, like the bound parameter it replaces. */
function literal(value: unknown): string {
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  if (value instanceof Date) return quote(value.toISOString());
  if (Array.isArray(value))
    return quote(`{${value.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  if (typeof value === 'object') return quote(JSON.stringify(value));
  return quote(String(value));
}

const withLiterals = ({ text, params }: Captured) =>
  text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));

/**
 * A second drizzle over the test database's own client whose logger keeps every statement run through it: the
 * repository functions run their SQL rather than return it, so this is how their statements are seen.
 */
function recordingDb(t: TestApp, log: (text: string, params: unknown[]) => void): Db {
  const logger = { logQuery: log };
  const client = (t.database.db as unknown as { $client: unknown }).$client;
  return (t.database.kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Db;
}

/** The plan of a captured statement, as text and as a tree. */
export async function explainOn(db: Db, statement: Captured): Promise<Explained> {
  const literalText = withLiterals(statement);
  const text = rowsOf<Record<string, string>>(await db.execute(sql.raw(`explain ${literalText}`)))
    .map((row) => Object.values(row)[0])
    .join('\n');
  const [json] = rowsOf<Record<string, unknown>>(
    await db.execute(sql.raw(`explain (format json) ${literalText}`)),
  );
  const value = json ? Object.values(json)[0] : undefined;
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: PlanNode }];
  return { ...statement, literal: literalText, plan: text, tree: parsed[0].Plan };
}

/**
 * The nodes of a plan with their parents. A capped count over a term most rows match is read by a Seq Scan right
 * under its Limit: it stops after the cap's rows, as an index would.
 */
export function nodesWithParents(node: PlanNode, parent?: PlanNode): [PlanNode, PlanNode | undefined][] {
  return [[node, parent], ...(node.Plans ?? []).flatMap((child) => nodesWithParents(child, node))];
}

export type Step = [label: string, run: (tx: Db) => Promise<unknown>];

/** Runs repository calls in a transaction that is rolled back, keeping each statement they ran under its label. */
export async function captureSteps(t: TestApp, steps: Step[]): Promise<Captured[]> {
  const captured: Captured[] = [];
  let label = '';
  const db = recordingDb(t, (text, params) => {
    // node-postgres sends BEGIN and ROLLBACK through the logger; PGlite does not.
    if (!/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(text))
      captured.push({ label, text, params: [...params] });
  });
  await db
    .transaction(async (tx) => {
      for (const [name, run] of steps) {
        label = name;
        await run(tx);
      }
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return captured;
}
