import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';

export type LimitResult = { allowed: true } | { allowed: false; retryAfterMs: number };

/** A limit of `points` calls per `durationMs` per key (a user id, an address). */
export type Limiter = {
  take(key: string): Promise<LimitResult>;
  /** How many points the key has used in its current window, using none. */
  used(key: string): Promise<number>;
};

/**
 * What an invalidation is about: the accounts authentication shares, the catalogue and quest pages, or what one
 * account just wrote ('writes', keyed by its id: its dashboard is stale, and its reads leave the replicas for a
 * while, db/read-routing.ts).
 */
export type InvalidationTopic = 'accounts' | 'catalogue' | 'quest' | 'writes';

/**
 * What API instances must agree on: rate limits, the spacing of calls to a provider, and which cached reads are
 * stale. Without REDIS_URL it all lives in this process (one API instance only: with more, each counts its own
 * limits and hears only its own invalidations). With REDIS_URL, limits count in Redis, spacing is one key there,
 * and invalidations go to every instance over a Redis channel (docs/ops/deployment.md#several-api-instances).
 */
export type Coordination = {
  kind: 'process' | 'redis';
  /** The connection, for the readiness probe and the tests. */
  redis: Redis | undefined;
  /** Keys and the channel start with this, so deployments (and test runs) can share one Redis. */
  prefix: string;
  limiter(name: string, options: { points: number; durationMs: number }): Limiter;
  /**
   * Leases named `name`: at most `max` held at once per key (an account) across instances. A lease lives `ttlMs`
   * unless renewed, so one whose instance died frees itself.
   */
  leases(name: string, options: { max: number; ttlMs: number }): Leases;
  /**
   * Spaces calls named `name` at least `intervalMs` apart across instances. Resolves when the caller's turn has
   * come, or false at once (taking no turn) when that turn is more than `maxWaitMs` away.
   */
  spacing(name: string, intervalMs: number, maxWaitMs: number): () => Promise<boolean>;
  /**
   * Tells every instance that what `topic` holds under `key` changed: this one before it returns, the others
   * when the promise settles (Redis has handed the message to them; it never rejects).
   */
  invalidate(topic: InvalidationTopic, key: string): Promise<void>;
  onInvalidate(topic: InvalidationTopic, forget: (key: string) => void): void;
  close(): Promise<void>;
};

export type Leases = {
  /** Takes a lease for `id` under `key`; false when `max` are held already. */
  acquire(key: string, id: string): Promise<boolean>;
  /** Keeps a held lease alive for another `ttlMs`. */
  renew(key: string, id: string): Promise<void>;
  release(key: string, id: string): Promise<void>;
};

/** Leases kept in this process: per key, each holder's expiry. */
function processLeases(max: number, ttlMs: number): Leases {
  const held = new Map<string, Map<string, number>>();
  const liveOf = (key: string) => {
    const now = Date.now();
    const holders = held.get(key) ?? new Map<string, number>();
    for (const [id, until] of holders) if (until <= now) holders.delete(id);
    held.set(key, holders);
    return holders;
  };
  return {
    async acquire(key, id) {
      const holders = liveOf(key);
      if (holders.size >= max) return false;
      holders.set(id, Date.now() + ttlMs);
      return true;
    },
    async renew(key, id) {
      const holders = liveOf(key);
      if (holders.has(id)) holders.set(id, Date.now() + ttlMs);
    },
    async release(key, id) {
      const holders = held.get(key);
      holders?.delete(id);
      if (holders?.size === 0) held.delete(key);
    },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function toResult(outcome: RateLimiterRes | Error): LimitResult {
  if (outcome instanceof Error) throw outcome;
  return { allowed: false, retryAfterMs: outcome.msBeforeNext };
}

function limiterOf(limiter: RateLimiterMemory | RateLimiterRedis): Limiter {
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return { allowed: true };
      } catch (refusal) {
        return toResult(refusal as RateLimiterRes | Error);
      }
    },
    async used(key) {
      return (await limiter.get(key))?.consumedPoints ?? 0;
    },
  };
}

type Handlers = Map<InvalidationTopic, ((key: string) => void)[]>;

function deliver(handlers: Handlers, topic: InvalidationTopic, key: string): void {
  for (const forget of handlers.get(topic) ?? []) forget(key);
}

/** Spacing kept in this process: the next free turn per name. */
function processSpacing() {
  const turns = new Map<string, number>();
  return (name: string, intervalMs: number, maxWaitMs: number) => async () => {
    const now = Date.now();
    const turn = Math.max(now, turns.get(name) ?? 0);
    if (turn - now > maxWaitMs) return false;
    turns.set(name, turn + intervalMs);
    if (turn > now) await sleep(turn - now);
    return true;
  };
}

/** One limiter per name, so a service asking for it on each call counts on the same one. */
function limitersByName(create: (name: string, options: { points: number; durationMs: number }) => Limiter) {
  const made = new Map<string, Limiter>();
  return (name: string, options: { points: number; durationMs: number }): Limiter => {
    const key = `${name}:${options.points}:${options.durationMs}`;
    let limiter = made.get(key);
    if (!limiter) {
      limiter = create(name, options);
      made.set(key, limiter);
    }
    return limiter;
  };
}

/** One instance: counters, spacing and invalidations in this process. */
export function createProcessCoordination(): Coordination {
  const handlers: Handlers = new Map();
  return {
    kind: 'process',
    redis: undefined,
    prefix: '',
    limiter: limitersByName((_name, { points, durationMs }) =>
      limiterOf(new RateLimiterMemory({ points, duration: durationMs / 1000 })),
    ),
    leases: (_name, { max, ttlMs }) => processLeases(max, ttlMs),
    spacing: processSpacing(),
    invalidate: async (topic, key) => deliver(handlers, topic, key),
    onInvalidate(topic, forget) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), forget]);
    },
    close: async () => {},
  };
}

/**
 * Takes the next turn of a spacing key: answers how long the caller waits for it, or -1 when that is more than
 * the longest wait (no turn taken). One script, so two instances never take the same turn.
 */
const TAKE_TURN = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local turn = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
if turn - now > tonumber(ARGV[2]) then return -1 end
redis.call('SET', KEYS[1], turn + tonumber(ARGV[1]), 'PX', turn - now + tonumber(ARGV[1]) + 1000)
return turn - now
`;

/**
 * Takes a lease: drops the key's expired holders, refuses past `max`, else adds (or renews) the holder. KEYS[1]
 * the key's sorted set (holder -> expiry in ms); ARGV: holder, max, ttl.
 */
const TAKE_LEASE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1
`;

type Message = { topic: InvalidationTopic; key: string; from: string };

const TOPICS: ReadonlySet<string> = new Set<InvalidationTopic>(['accounts', 'catalogue', 'quest', 'writes']);

/** An invalidation as published by invalidate(), or undefined for anything else. */
function readMessage(text: string): Message | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const { topic, key, from } = parsed as Record<string, unknown>;
  if (typeof topic !== 'string' || !TOPICS.has(topic)) return undefined;
  if (typeof key !== 'string' || typeof from !== 'string') return undefined;
  return { topic: topic as InvalidationTopic, key, from };
}

/** Many instances: counters and spacing in Redis, invalidations on a channel every instance listens to. */
export async function createRedisCoordination(
  url: string,
  prefix: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Coordination> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true });
  // ioredis reconnects by itself (and subscribes again); meanwhile each failed command says so here.
  for (const connection of [redis, subscriber]) {
    connection.on('error', (error: Error) => log.warn({ err: error }, 'Redis connection error'));
  }
  await Promise.all([redis.connect(), subscriber.connect()]);
  const channel = `${prefix}invalidate`;
  const localSpacing = processSpacing();
  const handlers: Handlers = new Map();
  // Our own messages come back too; they were delivered here already when sent.
  const self = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    // Anyone who can publish on the channel could send anything; a throw here would end every instance.
    const message = readMessage(text);
    if (!message) {
      log.warn({ channel, length: text.length }, 'malformed invalidation ignored');
      return;
    }
    if (message.from !== self) deliver(handlers, message.topic, message.key);
  });
  await subscriber.subscribe(channel);
  redis.defineCommand('cityquestTakeTurn', { numberOfKeys: 1, lua: TAKE_TURN });
  redis.defineCommand('cityquestTakeLease', { numberOfKeys: 1, lua: TAKE_LEASE });
  const takeLease = (key: string, id: string, max: number, ttlMs: number) =>
    (
      redis as Redis & { cityquestTakeLease(...args: (string | number)[]): Promise<number> }
    ).cityquestTakeLease(key, id, max, ttlMs);
  const takeTurn = (key: string, intervalMs: number, maxWaitMs: number) =>
    (redis as Redis & { cityquestTakeTurn(...args: (string | number)[]): Promise<number> }).cityquestTakeTurn(
      key,
      intervalMs,
      maxWaitMs,
    );
  return {
    kind: 'redis',
    redis,
    prefix,
    limiter: limitersByName((name, { points, durationMs }) =>
      limiterOf(
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${prefix}limit:${name}`,
          points,
          duration: durationMs / 1000,
          // While Redis does not answer, each instance counts alone rather than refusing everyone.
          insuranceLimiter: new RateLimiterMemory({ points, duration: durationMs / 1000 }),
        }),
      ),
    ),
    leases(name, { max, ttlMs }) {
      // While Redis does not answer, this instance counts its own leases, as without Redis.
      const alone = processLeases(max, ttlMs);
      const keyOf = (key: string) => `${prefix}leases:${name}:${key}`;
      return {
        async acquire(key, id) {
          try {
            return (await takeLease(keyOf(key), id, max, ttlMs)) === 1;
          } catch {
            return alone.acquire(key, id);
          }
        },
        async renew(key, id) {
          try {
            await takeLease(keyOf(key), id, Number.MAX_SAFE_INTEGER, ttlMs);
          } catch {
            await alone.renew(key, id);
          }
        },
        async release(key, id) {
          await alone.release(key, id);
          await redis.zrem(keyOf(key), id).catch(() => undefined);
        },
      };
    },
    spacing(name, intervalMs, maxWaitMs) {
      // While Redis does not answer, this instance spaces its own calls, as without Redis.
      const alone = localSpacing(name, intervalMs, maxWaitMs);
      return async () => {
        let wait: number;
        try {
          wait = await takeTurn(`${prefix}spacing:${name}`, intervalMs, maxWaitMs);
        } catch {
          return alone();
        }
        if (wait < 0) return false;
        if (wait > 0) await sleep(wait);
        return true;
      };
    },
    async invalidate(topic, key) {
      deliver(handlers, topic, key);
      const message: Message = { topic, key, from: self };
      try {
        await redis.publish(channel, JSON.stringify(message));
      } catch (error) {
        // The others keep their copy until its cache time ends, as without Redis.
        log.warn({ err: error, topic }, 'invalidation not published');
      }
    },
    onInvalidate(topic, forget) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), forget]);
    },
    async close() {
      // A connection already lost has nothing to close.
      await Promise.all([subscriber.quit(), redis.quit()].map((quitting) => quitting.catch(() => undefined)));
    },
  };
}
