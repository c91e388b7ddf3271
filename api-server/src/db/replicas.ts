import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.ts';
import { UnnamedStatementsClient, withPreparedStore } from './node-postgres.ts';
import * as schema from './schema.ts';

/** What the readiness details and /metrics say of one replica. */
export type ReplicaState = {
  /** Its host and port (never the password). */
  address: string;
  /** Fresh enough to read from: answering, and trailing the primary by at most the allowed lag. */
  inUse: boolean;
  /** How far it trails the primary, in milliseconds; undefined while it does not answer. */
  lagMs: number | undefined;
};

export type Replicas = {
  /** A replica fresh enough to read from now (they take turns), or undefined when none is. */
  pick(): Db | undefined;
  state(): ReplicaState[];
  close(): Promise<void>;
};

export type ReplicaOptions = {
  urls: readonly string[];
  /** A replica trailing the primary by more than this is not read from until it catches up. */
  maxLagMs: number;
  /** The primary's pool, asked for its write position on each check. */
  primary: pg.Pool;
  /** Statements sent unnamed, as through a transaction pooler in front of the replicas too. */
  unnamed: boolean;
  logQuery: (query: string) => void;
};

/** How often replicas are checked: a quarter of the allowed lag, between 50 ms and a second. */
export function checkEveryMs(maxLagMs: number): number {
  return Math.min(1000, Math.max(50, Math.floor(maxLagMs / 4)));
}

/** A write-ahead log position ('16/B374D848') as a number that orders positions. */
export function lsnValue(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * The primary's write positions over the last while. A replica that has replayed up to position L holds every
 * write the primary had made when it stood at a position at or below L, so its lag is at most the time since the
 * newest such sample: zero when it has caught up with this check's, however long the primary has been idle.
 */
export function createPositionHistory(keepMs: number) {
  const samples: { at: number; position: bigint }[] = [];
  return {
    record(at: number, position: bigint) {
      samples.push({ at, position });
      while (samples.length > 1 && (samples[0]?.at ?? at) < at - keepMs) samples.shift();
    },
    /** The lag of a replica at `replayed`, or undefined when it trails every sample kept. */
    lagOf(replayed: bigint, now: number): number | undefined {
      for (let index = samples.length - 1; index >= 0; index -= 1) {
        const sample = samples[index];
        if (sample && sample.position <= replayed) return index === samples.length - 1 ? 0 : now - sample.at;
      }
      return undefined;
    },
  };
}

/** Host and port of a connection string, for logs and metrics. */
const addressOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}`;
};

/** Connection failures (as opposed to a statement's own error): the replica is down or unreachable. */
function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  const message = (error as Error).message ?? '';
  return (
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH)$/.test(code) ||
    // Class 57: the server shut down or is starting (admin_shutdown, cannot_connect_now); 08: connection errors.
    /^(57P0[1-3]|08)/.test(code) ||
    /Connection terminated|timeout exceeded when trying to connect/i.test(message)
  );
}

/**
 * What drizzle is given for a replica: its pool's `query` (all drizzle calls outside a transaction), except that
 * a statement the replica cannot take for want of a connection goes to the primary and the replica rests.
 */
function readsFallingBackTo(replica: ReplicaHealth, primary: pg.Pool) {
  return {
    async query(...args: unknown[]) {
      const send = (pool: pg.Pool) => (pool.query as (...given: unknown[]) => Promise<unknown>)(...args);
      try {
        return await send(replica.pool);
      } catch (error) {
        if (!isConnectionFailure(error)) throw error;
        replica.inUse = false;
        return send(primary);
      }
    },
  };
}

type ReplicaHealth = {
  address: string;
  pool: pg.Pool;
  inUse: boolean;
  lagMs: number | undefined;
};

type Replica = ReplicaHealth & { db: Db };

/**
 * Read replicas of the primary, checked every quarter of the allowed lag: each is read from only while it answers
 * and trails the primary by at most `maxLagMs`. A statement a replica fails to answer for want of a connection is
 * sent to the primary instead, and the replica rests until its next good check (docs/ops/database.md).
 */
export function openReplicas(options: ReplicaOptions): Replicas {
  const history = createPositionHistory(options.maxLagMs * 4);
  const replicas: Replica[] = options.urls.map((url) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: Math.max(1000, options.maxLagMs),
      ...(options.unnamed ? { Client: UnnamedStatementsClient } : {}),
    });
    pool.on('error', () => undefined);
    const health: ReplicaHealth = { address: addressOf(url), pool, inUse: false, lagMs: undefined };
    // drizzle is handed the fallback in place of a pool: outside a transaction, `query` is all it calls.
    const db = drizzle(readsFallingBackTo(health, options.primary) as unknown as pg.Pool, {
      schema,
      logger: { logQuery: options.logQuery },
    }) as unknown as Db;
    return Object.assign(health, { db: withPreparedStore(db) });
  });
  let turn = 0;
  let stopped = false;

  const check = async () => {
    const now = Date.now();
    const { rows } = await options.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    history.record(now, lsnValue(rows[0]?.lsn ?? '0/0'));
    await Promise.all(
      replicas.map(async (replica) => {
        try {
          const answer = await replica.pool.query<{ lsn: string | null }>(
            'select pg_last_wal_replay_lsn()::text as lsn',
          );
          const replayed = answer.rows[0]?.lsn;
          // Not a standby (no replay position): nothing says how fresh it is.
          replica.lagMs = replayed ? history.lagOf(lsnValue(replayed), Date.now()) : undefined;
        } catch {
          replica.lagMs = undefined;
        }
        replica.inUse = replica.lagMs !== undefined && replica.lagMs <= options.maxLagMs;
      }),
    );
  };
  const everyMs = checkEveryMs(options.maxLagMs);
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    timer = setTimeout(() => {
      check()
        .catch(() => {
          // The primary did not answer: no replica can be judged, so none is read from.
          for (const replica of replicas) replica.inUse = false;
        })
        .finally(() => {
          if (!stopped) loop();
        });
    }, everyMs);
    timer.unref();
  };
  void check()
    .catch(() => undefined)
    .finally(loop);

  return {
    pick() {
      const fresh = replicas.filter((replica) => replica.inUse);
      if (fresh.length === 0) return undefined;
      turn = (turn + 1) % fresh.length;
      return fresh[turn]?.db;
    },
    state: () => replicas.map(({ address, inUse, lagMs }) => ({ address, inUse, lagMs })),
    async close() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(replicas.map((replica) => replica.pool.end()));
    },
  };
}
