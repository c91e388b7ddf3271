import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PREPARED, UnnamedStatementsClient, withPreparedStore } from './node-postgres.ts';
import { openReplicas, type Replicas } from './replicas.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw `db.execute`: node-postgres and PGlite both answer an object holding them in `rows`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * A hot query built once per database and then only executed (drizzle's prepared query, its values bound
 * through `sql.placeholder`). Building a relational query with its relations costs about a millisecond of CPU
 * per request, more than its round trip (docs/ops/performance.md#the-hot-routes-against-one-database-round-trip).
 * The store lives on the database object the app holds; a transaction has none, so inside one the query is built
 * each time.
 */
export function prepared<T>(db: Db, name: string, build: () => T): T {
  const store = (db as { [PREPARED]?: Map<string, unknown> })[PREPARED];
  if (!store) return build();
  const known = store.get(name) as T | undefined;
  if (known) return known;
  const query = build();
  store.set(name, query);
  return query;
}

/** Counts the SQL statements run inside `within` (one request: the bench and tests read it per call). */
export type StatementCounter = {
  within<T>(run: () => T): T;
  /** Statements run so far inside the current `within`, or undefined outside one. */
  current(): number | undefined;
};

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

function createStatementCounter(): StatementCounter & { record(query: string): void } {
  const scope = new AsyncLocalStorage<{ statements: number }>();
  return {
    within: (run) => scope.run({ statements: 0 }, run),
    current: () => scope.getStore()?.statements,
    record(query: string) {
      const store = scope.getStore();
      // node-postgres sends a transaction's BEGIN and COMMIT through drizzle and PGlite does not: counting only
      // the statements inside keeps the two databases' counts equal.
      if (store && !TRANSACTION_CONTROL.test(query)) store.statements += 1;
    },
  };
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  statements: StatementCounter;
  /** The connection pool's state (a server database only; PGlite is one connection in the process). */
  pool?: () => { total: number; idle: number; waiting: number };
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the lock named `name` on the database, so instances starting together take turns
   * (migrations, the first super admin, the badge catalogue); embedded PGlite has only this process.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * Hears `NOTIFY channel` from every connection of the database, delivered when the notifying transaction
   * commits. `onGap` is called when the listening connection was lost and opened again: what was notified in
   * between is gone. Answers a function that stops listening.
   */
  listen(channel: string, hear: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
  /** Read replicas, when DATABASE_REPLICA_URL names any (db/read-routing.ts decides which reads use them). */
  replicas?: Replicas;
  /** How far a replica may trail the primary and still be read from. */
  replicaMaxLagMs: number;
  close(): Promise<void>;
};

/** DATABASE_REPLICA_MAX_LAG_MS unset. */
export const DEFAULT_REPLICA_MAX_LAG_MS = 2000;

/** How long a lost listening connection waits before it is opened again. */
const RELISTEN_MS = 1000;

/**
 * One connection of the pool kept for LISTEN; when the server drops it, another is opened. A connection that
 * listened is destroyed, never handed back to the pool, where it would go on listening.
 */
function listenOnPool(pool: pg.Pool): Database['listen'] {
  return async (channel, hear, onGap) => {
    let held: pg.PoolClient | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const drop = (connection: pg.PoolClient) => {
      if (held !== connection) return;
      held = undefined;
      connection.release(true);
    };
    const open = async (): Promise<void> => {
      const connection = await pool.connect();
      held = connection;
      connection.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) hear(message.payload);
      });
      // Kept after the connection is dropped: an error it emits later must not go unheard.
      connection.on('error', () => {
        const wasHeld = held === connection;
        drop(connection);
        if (wasHeld && !stopped) reopenLater();
      });
      try {
        await connection.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        drop(connection);
        throw error;
      }
    };
    const reopenLater = () => {
      retry = setTimeout(() => {
        if (stopped) return;
        open().then(onGap, reopenLater);
      }, RELISTEN_MS);
    };
    await open();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      if (held) drop(held);
    };
  };
}

/** Extensions the migrations create; an embedded database must load them before migrating or opening. */
export const pgliteExtensions = { pg_trgm };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATIONS_LOCK = 'cityquest:migrations';

/** Where a server database is reached: `url` for queries, `directUrl` for what needs its own session. */
export type PostgresAddresses = {
  url: string;
  /**
   * A connection that keeps its session (migrations and their lock, the start-up locks, LISTEN): needed when
   * `url` is a transaction pooler such as PgBouncer, which hands each transaction any server connection.
   * Unset or equal to `url`: one pool does everything and hot queries are prepared as named statements.
   */
  directUrl?: string;
  /** Streaming replicas of the primary, for the reads db/read-routing.ts sends them. */
  replicaUrls?: readonly string[];
  replicaMaxLagMs?: number;
};

/** A real PostgreSQL server; the scaling path. */
export function openPostgres(addresses: string | PostgresAddresses): Database {
  const {
    url,
    directUrl,
    replicaUrls = [],
    replicaMaxLagMs = DEFAULT_REPLICA_MAX_LAG_MS,
  } = typeof addresses === 'string' ? { url: addresses } : addresses;
  const pooled = directUrl !== undefined && directUrl !== url;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(pooled ? { Client: UnnamedStatementsClient } : {}),
  });
  // Sessions are few and long: the migrations, a start-up lock at a time, and one LISTEN.
  const direct = pooled ? new pg.Pool({ connectionString: directUrl, max: 3 }) : pool;
  // An idle connection can be closed by the server (restart, failover, a dropped test database); the pool
  // discards it and opens another when needed. Without a listener that 'error' event would crash the process.
  for (const each of new Set([pool, direct])) each.on('error', () => undefined);
  const statements = createStatementCounter();
  const db = withPreparedStore(
    drizzlePg(pool, { schema, logger: { logQuery: statements.record } }) as unknown as Db,
  );
  const replicas =
    replicaUrls.length > 0
      ? openReplicas({
          urls: replicaUrls,
          maxLagMs: replicaMaxLagMs,
          primary: pool,
          unnamed: pooled,
          logQuery: statements.record,
        })
      : undefined;
  // A session lock held on one connection: the next instance waits on it, then finds the work done.
  const exclusively: Database['exclusively'] = async (name, work) => {
    const connection = await direct.connect();
    try {
      await connection.query('select pg_advisory_lock(hashtext($1))', [name]);
      return await work();
    } finally {
      await connection.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
      connection.release();
    }
  };
  return {
    db,
    kind: 'postgres',
    statements,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    exclusively,
    migrate: () => exclusively(MIGRATIONS_LOCK, () => migratePg(drizzlePg(direct), { migrationsFolder })),
    ping: async () => {
      await pool.query('select 1');
    },
    listen: listenOnPool(direct),
    ...(replicas ? { replicas } : {}),
    replicaMaxLagMs,
    close: async () => {
      await replicas?.close();
      await Promise.all([...new Set([pool, direct])].map((each) => each.end()));
    },
  };
}

/** Embedded PGlite: files in DATA_DIR, or in memory / from a snapshot for tests. */
export function openPglite(client: PGlite): Database {
  const statements = createStatementCounter();
  const db = withPreparedStore(
    drizzlePglite(client, { schema, logger: { logQuery: statements.record } }) as unknown as Db,
  );
  return {
    db,
    kind: 'pglite',
    statements,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    exclusively: (_name, work) => work(),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, hear) => client.listen(channel, hear),
    replicaMaxLagMs: DEFAULT_REPLICA_MAX_LAG_MS,
    close: () => client.close(),
  };
}

export async function openDatabase(config: {
  databaseUrl: string | undefined;
  databaseDirectUrl?: string | undefined;
  databaseReplicaUrls?: readonly string[];
  databaseReplicaMaxLagMs?: number;
  dataDir: string;
}): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres({
      url: config.databaseUrl,
      directUrl: config.databaseDirectUrl ?? config.databaseUrl,
      replicaUrls: config.databaseReplicaUrls ?? [],
      ...(config.databaseReplicaMaxLagMs !== undefined
        ? { replicaMaxLagMs: config.databaseReplicaMaxLagMs }
        : {}),
    });
  }
  const dir = join(config.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions });
  return openPglite(client);
}
