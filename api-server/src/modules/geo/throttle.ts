export type Clock = () => number;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A queue that spaces calls at least `intervalMs` apart in this process (Nominatim's usage policy allows one
 * request per second). `wait()` resolves when the caller's turn comes, or returns false without taking a turn
 * when that would be more than `maxWaitMs` away, so a burst cannot queue requests forever.
 */
export function createThrottle(intervalMs: number, maxWaitMs: number, now: Clock = Date.now) {
  let nextTurn = 0;
  return async function wait(): Promise<boolean> {
    const current = now();
    const turn = Math.max(current, nextTurn);
    if (turn - current > maxWaitMs) return false;
    nextTurn = turn + intervalMs;
    if (turn > current) await sleep(turn - current);
    return true;
  };
}
