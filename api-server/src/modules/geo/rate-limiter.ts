import type { Clock } from './throttle.ts';

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * A sliding-window limit per key (here a user id), kept in this process. Several API instances each keep
 * their own windows, so a user could reach max x instances: a multi-instance deployment that needs the exact
 * figure should move these windows to a shared store (Redis, or a table).
 */
export function createSlidingWindowLimiter(
  options: { max: number; windowMs: number },
  now: Clock = Date.now,
) {
  const windows = new Map<string, number[]>();
  let lastSweep = now();

  // Forget users whose window has emptied, at most once per window, so memory follows active users only.
  function sweep(current: number) {
    if (current - lastSweep < options.windowMs) return;
    lastSweep = current;
    for (const [key, times] of windows) {
      const newest = times[times.length - 1];
      if (newest === undefined || newest <= current - options.windowMs) windows.delete(key);
    }
  }

  return function take(key: string): RateLimitResult {
    const current = now();
    sweep(current);
    const times = (windows.get(key) ?? []).filter((time) => time > current - options.windowMs);
    const oldest = times[0];
    if (times.length >= options.max && oldest !== undefined) {
      windows.set(key, times);
      return { allowed: false, retryAfterMs: oldest + options.windowMs - current };
    }
    times.push(current);
    windows.set(key, times);
    return { allowed: true };
  };
}
