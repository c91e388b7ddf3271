import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAnswers, TEST_REDIS_URL } from '../../test/local-services.ts';
import {
  type Coordination,
  createProcessCoordination,
  createRedisCoordination,
  type InvalidationTopic,
} from './coordination.ts';

const silent = { warn: () => {} };

/** The next invalidation of `topic` an instance hears. */
const nextInvalidation = (instance: Coordination, topic: InvalidationTopic) =>
  new Promise<string>((resolve) => instance.onInvalidate(topic, resolve));

/** The behaviour every coordination keeps, whether it lives in this process or in Redis. */
function behavesAsCoordination(make: () => Promise<Coordination>) {
  let instance: Coordination;
  beforeAll(async () => {
    instance = await make();
  });
  afterAll(() => instance.close());

  it('refuses a key past its points, saying how long until the window frees, and counts keys apart', async () => {
    const limiter = instance.limiter(`test-${randomUUID()}`, { points: 3, durationMs: 60_000 });
    for (let call = 0; call < 3; call += 1) expect(await limiter.take('asha')).toEqual({ allowed: true });
    const refused = await limiter.take('asha');
    expect(refused.allowed).toBe(false);
    if (refused.allowed) return;
    expect(refused.retryAfterMs).toBeGreaterThan(50_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(await limiter.take('ravi')).toEqual({ allowed: true });
  });

  it('spaces turns by the interval and refuses a turn further away than the longest wait', async () => {
    const turn = instance.spacing(`test-${randomUUID()}`, 200, 300);
    const started = Date.now();
    // Asked together: turns at +0 and +200 ms are given, the one at +400 ms is beyond the 300 ms wait.
    const [first, second, third] = await Promise.all([turn(), turn(), turn()]);
    expect([first, second, third]).toEqual([true, true, false]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('holds at most max leases per key, frees a released or expired one, and counts keys apart', async () => {
    const leases = instance.leases(`test-${randomUUID()}`, { max: 2, ttlMs: 300 });
    expect(await leases.acquire('asha', 'tab-1')).toBe(true);
    expect(await leases.acquire('asha', 'tab-2')).toBe(true);
    expect(await leases.acquire('asha', 'tab-3')).toBe(false);
    expect(await leases.acquire('ravi', 'tab-1')).toBe(true);
    await leases.release('asha', 'tab-1');
    expect(await leases.acquire('asha', 'tab-3')).toBe(true);
    // tab-2 is renewed, tab-3 is not: once the time is past, only tab-3's place is free.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await leases.renew('asha', 'tab-2');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await leases.acquire('asha', 'tab-4')).toBe(true);
    expect(await leases.acquire('asha', 'tab-5')).toBe(false);
  });

  it('delivers an invalidation to this instance before invalidate returns', async () => {
    const heard: string[] = [];
    instance.onInvalidate('quest', (key) => heard.push(key));
    await instance.invalidate('quest', 'q-1');
    expect(heard).toEqual(['q-1']);
  });
}

describe('coordination in this process (no REDIS_URL)', () => {
  behavesAsCoordination(async () => createProcessCoordination());
});

const withRedis = await redisAnswers('Redis coordination tests');

describe.runIf(withRedis)('coordination in Redis (REDIS_URL)', () => {
  // Each run has its own keys, so parallel runs and earlier ones never share a counter.
  const prefix = `cityquest-test:${randomUUID()}:`;
  behavesAsCoordination(() => createRedisCoordination(TEST_REDIS_URL, prefix, silent));

  it('keeps limiting and spacing within this instance while Redis does not answer', async () => {
    const cut = await createRedisCoordination(TEST_REDIS_URL, prefix, silent);
    cut.redis?.disconnect();
    const limiter = cut.limiter(`cut-${randomUUID()}`, { points: 1, durationMs: 60_000 });
    expect(await limiter.take('asha')).toEqual({ allowed: true });
    expect((await limiter.take('asha')).allowed).toBe(false);
    const turn = cut.spacing(`cut-${randomUUID()}`, 200, 300);
    expect(await Promise.all([turn(), turn(), turn()])).toEqual([true, true, false]);
    await cut.close();
  });

  describe('between two instances', () => {
    let a: Coordination;
    let b: Coordination;
    beforeAll(async () => {
      a = await createRedisCoordination(TEST_REDIS_URL, prefix, silent);
      b = await createRedisCoordination(TEST_REDIS_URL, prefix, silent);
    });
    afterAll(async () => {
      await a.close();
      await b.close();
    });

    it('counts one limit for both', async () => {
      const name = `shared-${randomUUID()}`;
      const onA = a.limiter(name, { points: 2, durationMs: 60_000 });
      const onB = b.limiter(name, { points: 2, durationMs: 60_000 });
      expect(await onA.take('asha')).toEqual({ allowed: true });
      expect(await onB.take('asha')).toEqual({ allowed: true });
      expect((await onA.take('asha')).allowed).toBe(false);
      expect((await onB.take('asha')).allowed).toBe(false);
    });

    it('holds one count of leases for both', async () => {
      const name = `leases-${randomUUID()}`;
      const onA = a.leases(name, { max: 2, ttlMs: 60_000 });
      const onB = b.leases(name, { max: 2, ttlMs: 60_000 });
      expect(await onA.acquire('asha', 'a-1')).toBe(true);
      expect(await onB.acquire('asha', 'b-1')).toBe(true);
      expect(await onA.acquire('asha', 'a-2')).toBe(false);
      expect(await onB.acquire('asha', 'b-2')).toBe(false);
      await onA.release('asha', 'a-1');
      expect(await onB.acquire('asha', 'b-2')).toBe(true);
    });

    it('gives one turn at a time across both', async () => {
      const name = `spacing-${randomUUID()}`;
      const started = Date.now();
      const answers = await Promise.all([a.spacing(name, 200, 300)(), b.spacing(name, 200, 300)()]);
      expect(answers).toEqual([true, true]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    });

    it("tells the other instance of an invalidation, and not another deployment's", async () => {
      const other = await createRedisCoordination(TEST_REDIS_URL, `${prefix}other:`, silent);
      const heardByOther: string[] = [];
      other.onInvalidate('accounts', (key) => heardByOther.push(key));
      const heard = nextInvalidation(b, 'accounts');
      await a.invalidate('accounts', 'user-7');
      expect(await heard).toBe('user-7');
      // Redis hands messages out in order: once b has heard a second one, the other would have heard the first.
      const heardAgain = nextInvalidation(b, 'quest');
      await a.invalidate('quest', 'q-2');
      await heardAgain;
      expect(heardByOther).toEqual([]);
      await other.close();
    });

    it('ignores a malformed message on the channel, saying so, and keeps hearing the next ones', async () => {
      const warnings: unknown[] = [];
      const listening = await createRedisCoordination(TEST_REDIS_URL, prefix, {
        warn: (details: unknown) => warnings.push(details),
      });
      const heard: string[] = [];
      listening.onInvalidate('quest', (key) => heard.push(key));
      const publisher = new Redis(TEST_REDIS_URL);
      const malformed = [
        'not json',
        'null',
        '"quest"',
        JSON.stringify({ topic: 'everything', key: 'q-9', from: 'x' }),
        JSON.stringify({ topic: 'quest', key: 9, from: 'x' }),
        JSON.stringify({ topic: 'quest', key: 'q-9' }),
      ];
      for (const text of malformed) await publisher.publish(`${prefix}invalidate`, text);
      // Messages arrive in order: once this one is heard, every malformed one has been read.
      const next = nextInvalidation(listening, 'quest');
      await a.invalidate('quest', 'q-3');
      expect(await next).toBe('q-3');
      expect(heard).toEqual(['q-3']);
      expect(warnings).toHaveLength(malformed.length);
      publisher.disconnect();
      await listening.close();
    });
  });
});
