import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

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
