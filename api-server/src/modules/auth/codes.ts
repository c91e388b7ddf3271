import type { AppContext } from '../../app-context.ts';
import { badRequest, tooManyRequests } from '../../lib/http-error.ts';
import { waitText } from '../../lib/wait-text.ts';
import type { UserRow } from '../users/index.ts';
import { createCode, normalizeCode } from './code-format.ts';
import {
  clearSecondFactorFailures,
  codesIssuedSince,
  countSecondFactorFailure,
  insertCode,
  reviveCode,
  secondFactorFailuresOf,
  tryNewestLiveCode,
  verifyTriesSince,
} from './code-repository.ts';
import type { CodePurpose } from './tables/auth.tables.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODES_PER_HOUR = 5;
/**
 * Wrong verification tries an account gets per 24 hours, counted on its codes: a 4-digit code needs a bound
 * beyond its own 5 tries. Only unverified accounts have verification codes, so no stranger can lock anyone out
 * of an account in use with it.
 */
export const VERIFY_TRIES_PER_DAY = 10;
export const FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Wrong second-factor codes in a row before each further try must wait. */
export const SECOND_FACTOR_FREE_TRIES = 5;
const SECOND_FACTOR_FIRST_WAIT_S = 30;
const SECOND_FACTOR_LONGEST_WAIT_S = 15 * 60;

const MAIL: Record<CodePurpose, { subject: string; intro: string }> = {
  verify_email: {
    subject: 'Your CityQuest verification code',
    intro: 'Welcome to CityQuest! Your verification code is',
  },
  reset_password: {
    subject: 'Your CityQuest password reset code',
    intro: 'Your CityQuest password reset code is',
  },
};

const FIELD: Record<CodePurpose, { field: string; name: string }> = {
  verify_email: { field: 'verificationCode', name: 'verification code' },
  reset_password: { field: 'resetCode', name: 'reset code' },
};

/** The answer to a wrong, spent, expired or unknown code; also for accounts that must look unknown. */
export function invalidCode(purpose: CodePurpose) {
  const { field, name } = FIELD[purpose];
  const message = `Invalid or expired ${name}`;
  return badRequest(message, [{ field, message }]);
}

/** Wrong verification tries of the account in the last 24 hours, read from its codes. */
function verifyTriesToday(ctx: AppContext, userId: string): Promise<number> {
  return verifyTriesSince(ctx.db, userId, new Date(Date.now() - FAILURE_WINDOW_MS));
}

/**
 * Issues and mails a new code. Over the hourly limit, or while the account's codes are locked, it throws 429,
 * or with `quiet` (enumeration-safe routes) it sends nothing and answers false.
 */
export async function issueCode(
  ctx: AppContext,
  user: UserRow,
  purpose: CodePurpose,
  options: { quiet?: boolean } = {},
): Promise<boolean> {
  if (purpose === 'verify_email' && (await verifyTriesToday(ctx, user.id)) >= VERIFY_TRIES_PER_DAY) {
    if (options.quiet) return false;
    throw tooManyRequests(
      'Too many wrong verification codes for this account. Please try again tomorrow.',
      FAILURE_WINDOW_MS / 1000,
    );
  }
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  const recent = await codesIssuedSince(ctx.db, user.id, purpose, hourAgo);
  if (recent >= CODES_PER_HOUR) {
    if (options.quiet) return false;
    throw tooManyRequests('Too many codes requested. Please try again later.', 60 * 60);
  }
  const code = createCode(purpose);
  await insertCode(ctx.db, {
    userId: user.id,
    purpose,
    codeHash: ctx.tokens.hashCode(`${purpose}:${user.id}`, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  const { subject, intro } = MAIL[purpose];
  // Sent after the answer, so the route answers as fast for an unknown email; an address nobody has proved yet
  // is not greeted with a name whoever signed up chose, which could carry someone else's message.
  const greeting = user.isEmailVerified ? `Hi ${user.fullName},` : 'Hi,';
  ctx.mailer.sendLater({
    to: user.email,
    subject,
    text: `${greeting}\n\n${intro} ${code}.\nIt expires in 10 minutes. If you did not ask for it, ignore this mail.\n\nCityQuest`,
  });
  return true;
}

/**
 * Spends the newest live code if it matches, and answers its id. Comparing and counting are one UPDATE, so
 * concurrent tries on PostgreSQL's pool each count: the fifth wrong one burns the code, and later ones find no
 * live code. A try counts only against a live code, so asking without one (or for an unknown email) costs the
 * account nothing, and nobody can spend another person's tries (docs/ops/security.md#codes).
 */
export async function consumeCode(
  ctx: AppContext,
  user: UserRow | undefined,
  purpose: CodePurpose,
  typed: string,
): Promise<string> {
  if (!user) throw invalidCode(purpose);
  if (purpose === 'verify_email' && (await verifyTriesToday(ctx, user.id)) >= VERIFY_TRIES_PER_DAY)
    throw invalidCode(purpose);

  const codeHash = ctx.tokens.hashCode(`${purpose}:${user.id}`, normalizeCode(purpose, typed));
  const tried = await tryNewestLiveCode(ctx.db, {
    userId: user.id,
    purpose,
    codeHash,
    maxAttempts: CODE_MAX_ATTEMPTS,
  });

  if (tried?.matched) return tried.id;
  // Only verification says a code burnt: its accounts are unverified, which sign-up tells anyway, while a reset
  // that said so would tell that the email has an account.
  if (purpose === 'verify_email' && tried && tried.attempts >= CODE_MAX_ATTEMPTS) {
    const { field, name } = FIELD[purpose];
    const message = `Too many wrong attempts. Please request a new ${name}.`;
    throw badRequest(message, [{ field, message }]);
  }
  throw invalidCode(purpose);
}

/** Seconds a try must wait after the last wrong one, once `failures` wrong codes came in a row. */
const secondFactorWait = (failures: number) =>
  failures < SECOND_FACTOR_FREE_TRIES
    ? 0
    : Math.min(
        SECOND_FACTOR_FIRST_WAIT_S * 2 ** (failures - SECOND_FACTOR_FREE_TRIES),
        SECOND_FACTOR_LONGEST_WAIT_S,
      );

/**
 * Takes a try of a second factor: counted before the code is compared, in one statement that also refuses a try
 * made too soon after the last wrong one, so concurrent tries cannot outrun the backoff. Answers the wrong codes
 * in a row so far (this one included), or the seconds to wait.
 */
async function reserveSecondFactorTry(
  ctx: AppContext,
  userId: string,
): Promise<{ failures: number } | { waitSeconds: number }> {
  const row = await countSecondFactorFailure(ctx.db, userId, {
    freeTries: SECOND_FACTOR_FREE_TRIES,
    firstWaitSeconds: SECOND_FACTOR_FIRST_WAIT_S,
    longestWaitSeconds: SECOND_FACTOR_LONGEST_WAIT_S,
  });
  if (row) return row;
  const held = await secondFactorFailuresOf(ctx.db, userId);
  const wait = held ? secondFactorWait(held.failures) - held.sinceLast : 1;
  return { waitSeconds: Math.max(1, Math.ceil(wait)) };
}

async function mailSecondFactorFailures(ctx: AppContext, user: UserRow): Promise<void> {
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: 'Wrong two-factor codes on your CityQuest account',
      text:
        `Hi ${user.fullName},\n\n` +
        `Your password was entered correctly, then ${SECOND_FACTOR_FREE_TRIES} wrong two-factor codes in a row. ` +
        'Sign-in now waits longer after each wrong code. If this was not you, someone knows your password: ' +
        'change it now (Settings, Security).\n\nCityQuest',
    });
  } catch (error) {
    ctx.log.warn({ err: error, userId: user.id }, 'could not mail a two-factor failures notice');
  }
}

/**
 * Counts one try of a second factor. Its caller proved the password (or holds a session), so its count is the
 * account's own and no stranger reaches it: from the fifth wrong code in a row each try waits longer after the
 * last (30 s doubling up to 15 minutes, 429 with Retry-After), and a right code clears the count.
 */
export async function countSecondFactorTry(
  ctx: AppContext,
  user: UserRow,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const reserved = await reserveSecondFactorTry(ctx, user.id);
  if ('waitSeconds' in reserved) {
    throw tooManyRequests(
      `Too many wrong codes. Please wait ${waitText(reserved.waitSeconds * 1000)} before trying again.`,
      reserved.waitSeconds,
    );
  }
  if (await check()) {
    await clearSecondFactorFailures(ctx.db, user.id);
    return true;
  }
  if (reserved.failures === SECOND_FACTOR_FREE_TRIES) await mailSecondFactorFailures(ctx, user);
  return false;
}

/**
 * Makes a spent code live again (until its own expiry), for a request refused after the code proved right
 * for a reason the sender can fix, so they resend with the same code.
 */
export async function giveBackCode(ctx: AppContext, codeId: string): Promise<void> {
  await reviveCode(ctx.db, codeId);
}
