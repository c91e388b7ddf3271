import type { AppContext } from '../../app-context.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import { waitText } from '../../lib/wait-text.ts';

/** Wrong passwords an account takes in 15 minutes, from any address, before each try must wait. */
export const FREE_PASSWORD_FAILURES = 10;
const FAILURE_WINDOW_MS = 15 * 60_000;
export const PASSWORD_TRY_SPACING_MS = 30_000;

/**
 * Throttles password guesses per account, across addresses (credential stuffing spreads them over many): past 10
 * wrong passwords in 15 minutes the account takes one try per 30 s, which slows guessing without locking the owner
 * out (docs/ops/security.md#sign-in-throttling). Sign-in and step-up share it. The counts live where every API
 * instance counts (Redis), and in this process's memory while Redis does not answer.
 */
export function passwordThrottle(ctx: Pick<AppContext, 'coordination'>) {
  const failures = ctx.coordination.limiter('password-failures', {
    points: Number.MAX_SAFE_INTEGER,
    durationMs: FAILURE_WINDOW_MS,
  });
  const spacing = ctx.coordination.limiter('password-spacing', {
    points: 1,
    durationMs: PASSWORD_TRY_SPACING_MS,
  });
  return {
    /** Refuses the try (429 with Retry-After) when the account is being guessed at and its turn has not come. */
    async admit(userId: string): Promise<void> {
      if ((await failures.used(userId)) < FREE_PASSWORD_FAILURES) return;
      const turn = await spacing.take(userId);
      if (turn.allowed) return;
      const seconds = Math.max(1, Math.ceil(turn.retryAfterMs / 1000));
      throw tooManyRequests(
        `Too many wrong passwords for this account. Please try again in ${waitText(seconds * 1000)}.`,
        seconds,
      );
    },
    async failed(userId: string): Promise<void> {
      await failures.take(userId);
    },
  };
}
